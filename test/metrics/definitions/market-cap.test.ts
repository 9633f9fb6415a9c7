// market_cap and fdv on the shared mock chain (chain-fixture.ts) with market data stored as the
// market-data source writes it: the feed's market cap of the day, price × the registry's total
// supply, ETH by the day's price; a day the feed has no value for is no value (never 0).
import { afterEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/clock.js';
import { createLogger } from '../../../src/log.js';
import { computeFacts } from '../../../src/metrics/compute-facts.js';
import { fdv } from '../../../src/metrics/definitions/fdv.js';
import { marketCap } from '../../../src/metrics/definitions/market-cap.js';
import type { ChainToken } from '../../../src/registry/types.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { ChainWriter, factValue, makeChain, MOCK_D0 as D0, MOCK_DAY_MS as DAY, MOCK_NOW, MOCK_PRICES, mockChainBlocks } from '../chain-fixture.js';

describe('market_cap and fdv', () => {
  let store: DuckDbStore;
  afterEach(async () => store?.close());

  async function run(token: ChainToken | null) {
    store = await DuckDbStore.open({ path: ':memory:' });
    const chain = makeChain('mock_op', { token });
    await new ChainWriter(store, chain).write(mockChainBlocks());
    await store.writePrices(MOCK_PRICES);
    await store.writeMarketData([
      { market_data_id: 'tok', day_ms: D0 - DAY, price_usd: 9, market_cap_usd: 9e6, volume_usd: 1 }, // before the chain's first block
      { market_data_id: 'tok', day_ms: D0, price_usd: 2, market_cap_usd: 5e6, volume_usd: 1 },
      { market_data_id: 'tok', day_ms: D0 + DAY, price_usd: null, market_cap_usd: 6e6, volume_usd: null }, // the feed had no price
      { market_data_id: 'tok', day_ms: D0 + 2 * DAY, price_usd: 3, market_cap_usd: 7e6, volume_usd: 1 }, // not complete yet
    ]);
    await computeFacts(store, [chain], new FixedClock(MOCK_NOW), { definitions: [marketCap, fdv], logger: createLogger('silent') });
    return (key: string, day: number) => factValue(store, 'mock_op', key, 'daily', day);
  }

  it("market cap is the feed's; fdv = price × total supply; ETH by the day's price", async () => {
    const v = await run({ market_data_id: 'tok', total_supply: 10_000_000 });
    expect(await v('market_cap_usd', D0)).toBe(5e6);
    expect(await v('market_cap_eth', D0)).toBe(2500); // ÷ 2,000
    expect(await v('fdv_usd', D0)).toBe(2e7);
    expect(await v('fdv_eth', D0)).toBe(1e4);
    expect(await v('market_cap_usd', D0 + DAY)).toBe(6e6);
    expect(await v('market_cap_eth', D0 + DAY)).toBe(2400); // ÷ 2,500
  });

  it('no value where the feed has none, before the chain starts, or for a day not complete; no fdv without a total supply', async () => {
    const v = await run({ market_data_id: 'tok', total_supply: 10_000_000 });
    expect(await v('fdv_usd', D0 + DAY)).toBeUndefined();
    expect(await v('market_cap_usd', D0 - DAY)).toBeUndefined();
    expect(await v('market_cap_usd', D0 + 2 * DAY)).toBeUndefined();
    await store.close();
    const w = await run({ market_data_id: 'tok', total_supply: null });
    expect(await w('market_cap_usd', D0)).toBe(5e6);
    expect(await w('fdv_usd', D0)).toBeUndefined();
    await store.close();
    const none = await run(null);
    expect(await none('market_cap_usd', D0)).toBeUndefined();
  });
});
