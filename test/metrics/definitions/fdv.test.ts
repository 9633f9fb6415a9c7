// fdv on the mock chain with the market data of chain-fixture.ts's marketOnMockChain: the day's price × the
// registry's total supply, ETH by the day's price; no value without a price or a total supply.
import { afterEach, describe, expect, it } from 'vitest';
import { fdv } from '../../../src/metrics/definitions/fdv.js';
import type { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { marketOnMockChain, MOCK_D0 as D0, MOCK_DAY_MS as DAY } from '../chain-fixture.js';

describe('fdv', () => {
  let store: DuckDbStore;
  afterEach(async () => store?.close());

  it("is the day's price × total supply (2 USD × 10M), ETH at 2,000", async () => {
    const m = await marketOnMockChain({ market_data_id: 'tok', total_supply: 10_000_000 }, [fdv]);
    store = m.store;
    expect(await m.value('fdv_usd', D0)).toBe(2e7);
    expect(await m.value('fdv_eth', D0)).toBe(1e4);
    expect(await m.value('fdv_usd', D0 + DAY)).toBeUndefined(); // the feed had no price that day
    expect(await m.value('market_cap_usd', D0)).toBeUndefined(); // only fdv was computed
  });

  it('no fdv for a token without a total supply', async () => {
    const m = await marketOnMockChain({ market_data_id: 'tok', total_supply: null }, [fdv]);
    store = m.store;
    expect(await m.value('fdv_usd', D0)).toBeUndefined();
  });
});
