// Fee table txcosts_avg on the shared mock chain (chain-fixture.ts): the mean fee over
// transactions with fee > 0, hourly and daily.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { txcostsAvg } from '../../../src/metrics/definitions/fee-table/txcosts-avg.js';
import { factsOnMockChain, MOCK_D0 as D0, MOCK_HOUR_MS as HOUR, type MockFacts } from '../chain-fixture.js';

describe('txcosts_avg', () => {
  let op: MockFacts;
  let arb: MockFacts;
  beforeAll(async () => {
    op = await factsOnMockChain([txcostsAvg]);
    arb = await factsOnMockChain([txcostsAvg], 'arbitrum');
  });
  afterAll(async () => {
    await op.close();
    await arb.close();
  });

  it('mean of the non-zero fees of the hour; null in an hour without fees', async () => {
    expect(await op.keys()).toEqual(['txcosts_avg', 'txcosts_avg_eth', 'txcosts_avg_usd']); // txcosts_avg: the 4-hour buckets, in wei
    expect(await op.value('txcosts_avg_eth', 'hourly', D0)).toBeCloseTo(0.000222, 15); // 6.66e14 / 3
    expect(await op.value('txcosts_avg_usd', 'hourly', D0)).toBeCloseTo(0.4662, 12); // × 2,100
    expect(await op.value('txcosts_avg_eth', 'hourly', D0 + 2 * HOUR)).toBeCloseTo(0.000576, 15);
    expect(await op.value('txcosts_avg_eth', 'hourly', D0 + 4 * HOUR)).toBeNull();
    expect(await arb.value('txcosts_avg_eth', 'hourly', D0)).toBeCloseTo(0.000221, 15); // 6.63e14 / 3
    // Daily (the fee line chart): t1 t2 t4 t5 of day 0, 1.242e15 / 4, at the day's 2,000.
    expect(await op.value('txcosts_avg_eth', 'daily', D0)).toBeCloseTo(0.0003105, 15);
    expect(await op.value('txcosts_avg_usd', 'daily', D0)).toBeCloseTo(0.621, 12);
  });
});
