// throughput on the shared mock chain (chain-fixture.ts): gas per second of the period;
// Arbitrum leaves out the L1 part of gas used. The fee table's throughput publishes the same
// hourly fact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeThroughput } from '../../../src/metrics/definitions/fee-table/throughput.js';
import { GAS_PER_SECOND, throughput } from '../../../src/metrics/definitions/throughput.js';
import { factsOnMockChain, MOCK_D0 as D0, MOCK_DAY_MS as DAY, MOCK_HOUR_MS as HOUR, type MockFacts } from '../chain-fixture.js';

describe('throughput', () => {
  let op: MockFacts;
  let arb: MockFacts;
  beforeAll(async () => {
    op = await factsOnMockChain([throughput]);
    arb = await factsOnMockChain([throughput], 'arbitrum');
  });
  afterAll(async () => {
    await op.close();
    await arb.close();
  });

  it('gas used per second of the day and of the hour (published ÷1e6)', async () => {
    expect(await op.keys()).toEqual(['gas_per_second']);
    expect(await op.value('gas_per_second', 'daily', D0)).toBe(10); // 864,000 gas / 86,400 s
    expect(await op.value('gas_per_second', 'daily', D0 + DAY)).toBe(0.5);
    expect(await op.value('gas_per_second', 'hourly', D0)).toBe(80); // 288,000 / 3,600
    expect(await op.value('gas_per_second', 'hourly', D0 + 2 * HOUR)).toBe(160);
    expect(await op.value('gas_per_second', 'hourly', D0 + 4 * HOUR)).toBe(0);
    expect(throughput.columns[0]!.divisor).toBe(1e6);
  });

  it('Arbitrum subtracts l1_gas_used', async () => {
    expect(await arb.value('gas_per_second', 'daily', D0)).toBe(9); // (864,000 − 86,400) / 86,400
    expect(await arb.value('gas_per_second', 'hourly', D0)).toBe(75); // (288,000 − 18,000) / 3,600
    expect(await arb.value('gas_per_second', 'hourly', D0 + 2 * HOUR)).toBe(141); // (576,000 − 68,400) / 3,600
  });

  it('the fee table\'s throughput reads the same declaration, in Mgas/s', async () => {
    expect(feeThroughput.reads).toBe(GAS_PER_SECOND);
    expect(feeThroughput.facts).toEqual({ value: 'gas_per_second', divisor: 1e6 });
    const fee = await factsOnMockChain([feeThroughput], 'arbitrum');
    try {
      expect(await fee.value('gas_per_second', 'hourly', D0)).toBe(75);
    } finally {
      await fee.close();
    }
  });
});
