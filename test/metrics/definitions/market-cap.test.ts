// market_cap on the shared mock chain (chain-fixture.ts) with market data stored as the
// market-data source writes it: the feed's market cap of the day, ETH by the day's price; a day
// the feed has no value for is no value (never 0). fdv, computed by the same step: fdv.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { marketCap } from '../../../src/metrics/definitions/market-cap.js';
import type { ChainToken } from '../../../src/registry/types.js';
import type { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { marketOnMockChain, MOCK_D0 as D0, MOCK_DAY_MS as DAY } from '../chain-fixture.js';

describe('market_cap', () => {
  let store: DuckDbStore;
  afterEach(async () => store?.close());

  async function run(token: ChainToken | null) {
    const m = await marketOnMockChain(token, [marketCap]);
    store = m.store;
    return m.value;
  }

  it("is the feed's market cap of the day, ETH by the day's price", async () => {
    const v = await run({ market_data_id: 'tok', total_supply: 10_000_000 });
    expect(await v('market_cap_usd', D0)).toBe(5e6);
    expect(await v('market_cap_eth', D0)).toBe(2500); // ÷ 2,000
    expect(await v('market_cap_usd', D0 + DAY)).toBe(6e6);
    expect(await v('market_cap_eth', D0 + DAY)).toBe(2400); // ÷ 2,500
  });

  it('no value before the chain starts or for a day not complete; none without a token', async () => {
    const v = await run({ market_data_id: 'tok', total_supply: 10_000_000 });
    expect(await v('market_cap_usd', D0 - DAY)).toBeUndefined();
    expect(await v('market_cap_usd', D0 + 2 * DAY)).toBeUndefined();
    await store.close();
    const none = await run(null);
    expect(await none('market_cap_usd', D0)).toBeUndefined();
  });
});
