// Fee table tps on the shared mock chain (chain-fixture.ts): user transactions per second of
// the hour, and of the day (the fee line chart's daily buckets).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tps } from '../../../src/metrics/definitions/fee-table/tps.js';
import { factsOnMockChain, MOCK_D0 as D0, MOCK_DAY_MS as DAY, MOCK_HOUR_MS as HOUR, type MockFacts } from '../chain-fixture.js';

describe('tps', () => {
  let op: MockFacts;
  let arb: MockFacts;
  beforeAll(async () => {
    op = await factsOnMockChain([tps]);
    arb = await factsOnMockChain([tps], 'arbitrum');
  });
  afterAll(async () => {
    await op.close();
    await arb.close();
  });

  it('user transactions of the hour ÷ 3600, of the day ÷ 86,400', async () => {
    // tps, and the 10-minute fee buckets' count check (fee-bucket-facts.ts), stored beside them.
    expect(await op.keys()).toEqual(['bucket_user_txs_per_second', 'tps']);
    expect(await op.value('tps', 'hourly', D0)).toBeCloseTo(3 / 3600, 15);
    expect(await op.value('tps', 'hourly', D0 + 2 * HOUR)).toBeCloseTo(1 / 3600, 15);
    expect(await op.value('tps', 'hourly', D0 + 4 * HOUR)).toBe(0);
    expect(await op.value('tps', 'hourly', D0 + DAY)).toBeCloseTo(1 / 3600, 15);
    expect(await op.value('tps', 'daily', D0)).toBeCloseTo(4 / 86_400, 15); // t1 t2 t4 t5
    expect(await op.value('tps', 'daily', D0 + DAY)).toBeCloseTo(1 / 86_400, 15);
  });

  it('Arbitrum counts the priced-at-zero transaction that used gas', async () => {
    expect(await arb.value('tps', 'hourly', D0)).toBeCloseTo(4 / 3600, 15);
  });
});
