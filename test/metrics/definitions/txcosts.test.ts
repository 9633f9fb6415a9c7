// txcosts on the shared mock chain (chain-fixture.ts): the median fee over fee > 0, per day and
// hour; the fee table's txcosts_median publishes the same hourly fact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionAggregates } from '../../../src/metrics/definition.js';
import { feeTxcostsMedian } from '../../../src/metrics/definitions/fee-table/txcosts-median.js';
import { TXCOSTS_MEDIAN, txcosts } from '../../../src/metrics/definitions/txcosts.js';
import { factsOnMockChain, MOCK_D0 as D0, MOCK_DAY_MS as DAY, MOCK_HOUR_MS as HOUR, type MockFacts } from '../chain-fixture.js';

describe('txcosts', () => {
  let op: MockFacts;
  let arb: MockFacts;
  beforeAll(async () => {
    op = await factsOnMockChain([txcosts]);
    arb = await factsOnMockChain([txcosts], 'arbitrum');
  });
  afterAll(async () => {
    await op.close();
    await arb.close();
  });

  it('daily: the median of the non-zero fees (zero-fee deposits left out)', async () => {
    expect(await op.keys()).toEqual(['txcosts_median_eth', 'txcosts_median_usd']);
    // fees 2.4e13, 4.2e13, 5.76e14, 6e14 wei → (4.2e13 + 5.76e14) / 2
    expect(await op.value('txcosts_median_eth', 'daily', D0)).toBeCloseTo(0.000309, 15);
    expect(await op.value('txcosts_median_usd', 'daily', D0)).toBeCloseTo(0.618, 12);
    expect(await op.value('txcosts_median_eth', 'daily', D0 + DAY)).toBeCloseTo(0.0000432, 15);
    expect(await arb.value('txcosts_median_eth', 'daily', D0)).toBeCloseTo(0.000309, 15);
  });

  it('hourly: null (not 0) in an hour without fees', async () => {
    expect(await op.value('txcosts_median_eth', 'hourly', D0)).toBeCloseTo(0.000042, 15);
    expect(await op.value('txcosts_median_usd', 'hourly', D0)).toBeCloseTo(0.0882, 12);
    expect(await op.value('txcosts_median_eth', 'hourly', D0 + 2 * HOUR)).toBeCloseTo(0.000576, 15);
    expect(await op.value('txcosts_median_eth', 'hourly', D0 + 4 * HOUR)).toBeNull();
  });

  it('the fee table\'s txcosts_median reads the same declaration, computed once', async () => {
    expect(feeTxcostsMedian.reads).toBe(TXCOSTS_MEDIAN);
    expect(feeTxcostsMedian.facts).toEqual({ eth: 'txcosts_median_eth', usd: 'txcosts_median_usd' });
    expect(transactionAggregates([txcosts, feeTxcostsMedian])).toEqual([TXCOSTS_MEDIAN]);
    const fee = await factsOnMockChain([feeTxcostsMedian]);
    try {
      expect(await fee.value('txcosts_median_eth', 'hourly', D0)).toBeCloseTo(0.000042, 15);
      expect(await fee.value('txcosts_median_eth', 'hourly', D0 + 4 * HOUR)).toBeNull();
    } finally {
      await fee.close();
    }
  });
});
