// Fee table txcosts_swap on the shared mock chain (chain-fixture.ts): the median fee of
// transactions using 150,000–350,000 gas, hourly and daily.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { txcostsSwap } from '../../../src/metrics/definitions/fee-table/txcosts-swap.js';
import { factsOnMockChain, MOCK_D0 as D0, MOCK_HOUR_MS as HOUR, type MockFacts } from '../chain-fixture.js';

describe('txcosts_swap', () => {
  let op: MockFacts;
  beforeAll(async () => {
    op = await factsOnMockChain([txcostsSwap]);
  });
  afterAll(async () => {
    await op.close();
  });

  it('the swap-sized call of hour 0; null where none (the 576,000-gas deployment is too large)', async () => {
    expect(await op.keys()).toEqual(['txcosts_swap', 'txcosts_swap_eth', 'txcosts_swap_usd']); // txcosts_swap: the 4-hour buckets, in wei
    expect(await op.value('txcosts_swap_eth', 'hourly', D0)).toBeCloseTo(0.0006, 15);
    expect(await op.value('txcosts_swap_usd', 'hourly', D0)).toBeCloseTo(1.26, 12); // × 2,100
    expect(await op.value('txcosts_swap_eth', 'hourly', D0 + 2 * HOUR)).toBeNull();
    expect(await op.value('txcosts_swap_eth', 'daily', D0)).toBeCloseTo(0.0006, 15);
    expect(await op.value('txcosts_swap_usd', 'daily', D0)).toBeCloseTo(1.2, 12); // × the day's 2,000
  });
});
