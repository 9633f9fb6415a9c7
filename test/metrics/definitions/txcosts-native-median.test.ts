// Fee table txcosts_native_median on the shared mock chain (chain-fixture.ts): the median fee
// of native transfers (empty input, a recipient), hourly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { txcostsNativeMedian } from '../../../src/metrics/definitions/fee-table/txcosts-native-median.js';
import { factsOnMockChain, MOCK_D0 as D0, MOCK_DAY_MS as DAY, MOCK_HOUR_MS as HOUR, type MockFacts } from '../chain-fixture.js';

describe('txcosts_native_median', () => {
  let op: MockFacts;
  let arb: MockFacts;
  beforeAll(async () => {
    op = await factsOnMockChain([txcostsNativeMedian]);
    arb = await factsOnMockChain([txcostsNativeMedian], 'arbitrum');
  });
  afterAll(async () => {
    await op.close();
    await arb.close();
  });

  it('the two transfers of hour 0 (not the swap-sized call, not the zero-fee deposit)', async () => {
    expect(await op.keys()).toEqual(['txcosts_native_median', 'txcosts_native_median_eth', 'txcosts_native_median_usd']); // txcosts_native_median: the 4-hour buckets, in wei
    expect(await op.value('txcosts_native_median_eth', 'hourly', D0)).toBeCloseTo(0.000033, 15); // (2.4e13 + 4.2e13) / 2
    expect(await op.value('txcosts_native_median_usd', 'hourly', D0)).toBeCloseTo(0.0693, 12); // × 2,100
    expect(await op.value('txcosts_native_median_eth', 'hourly', D0 + DAY)).toBeCloseTo(0.0000432, 15);
    expect(await arb.value('txcosts_native_median_eth', 'hourly', D0)).toBeCloseTo(0.0000315, 15); // (2.1e13 + 4.2e13) / 2
  });

  it('null in an hour whose only fee is a deployment (`to` null); the day\'s two transfers daily', async () => {
    expect(await op.value('txcosts_native_median_eth', 'hourly', D0 + 2 * HOUR)).toBeNull();
    expect(await op.value('txcosts_native_median_eth', 'daily', D0)).toBeCloseTo(0.000033, 15);
    expect(await op.value('txcosts_native_median_usd', 'daily', D0)).toBeCloseTo(0.066, 12); // × the day's 2,000
  });
});
