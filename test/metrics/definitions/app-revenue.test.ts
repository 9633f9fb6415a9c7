// app_revenue on the shared mock chain (chain-fixture.ts) with days stored as the external
// source writes them: the day's USD value, ETH by the day's price; a gap day has no value.
import { afterEach, describe, expect, it } from 'vitest';
import { appRevenue } from '../../../src/metrics/definitions/app-revenue.js';
import type { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { externalOnMockChain, MOCK_D0 as D0, MOCK_DAY_MS as DAY } from '../chain-fixture.js';

describe('app_revenue', () => {
  let store: DuckDbStore;
  afterEach(async () => store?.close());

  it("is the source's value of the day, ETH by the day's price; a gap or an incomplete day has none", async () => {
    const m = await externalOnMockChain('app_revenue', [appRevenue]);
    store = m.store;
    expect(await m.value('app_fees_usd', D0)).toBe(4e6);
    expect(await m.value('app_fees_eth', D0)).toBe(2000); // ÷ 2,000
    expect(await m.value('app_fees_usd', D0 + DAY)).toBeUndefined();
    expect(await m.value('app_fees_usd', D0 + 2 * DAY)).toBeUndefined();
  });
});
