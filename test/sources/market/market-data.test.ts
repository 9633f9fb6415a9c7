// Token market data from a CoinGecko-shaped server (test/sources/prices/fake-coingecko.ts):
// the three market_chart series binned into days, stored, fetched again only from the newest
// day on, and the shared circuit breaker on an outage.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/clock.js';
import { createLogger } from '../../../src/log.js';
import { marketDays } from '../../../src/sources/market/market-days.js';
import { MarketUpdater } from '../../../src/sources/market/market-updater.js';
import { syncMarketData } from '../../../src/sources/market/sync-market.js';
import { CircuitBreaker } from '../../../src/sources/prices/circuit-breaker.js';
import { CoinGeckoClient } from '../../../src/sources/prices/coingecko-client.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { startFakeCoinGecko, type FakeCoinGecko } from '../prices/fake-coingecko.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2024, 3, 10, 15, 30);
const TODAY = Date.UTC(2024, 3, 10);
const silent = createLogger('silent');

describe('marketDays', () => {
  it('earliest point of each day per series; nulls, NaN and negatives are gaps; zero volume is a value', () => {
    const rows = marketDays(
      'tok',
      {
        prices: [
          [TODAY - DAY + 5, 2],
          [TODAY - DAY + 1, 1],
          [TODAY + 10, 0],
          [TODAY + 20, 3],
          [TODAY + 2 * DAY, 9],
        ],
        market_caps: [
          [TODAY - DAY, 100],
          [TODAY, null],
        ],
        total_volumes: [
          [TODAY - DAY, Number.NaN],
          [TODAY, 0],
          [TODAY - 3 * DAY, -5],
        ],
      },
      NOW,
    );
    expect(rows).toEqual([
      { market_data_id: 'tok', day_ms: TODAY - DAY, price_usd: 1, market_cap_usd: 100, volume_usd: null },
      { market_data_id: 'tok', day_ms: TODAY, price_usd: 3, market_cap_usd: null, volume_usd: 0 },
    ]);
  });
});

describe('syncMarketData against a CoinGecko-shaped server', () => {
  let fake: FakeCoinGecko;
  let store: DuckDbStore;
  const client = () => new CoinGeckoClient({ baseUrl: fake.url, retries: 0 });

  beforeAll(async () => {
    fake = await startFakeCoinGecko(NOW);
    fake.prices = { uniswap: (ms) => 5 + Math.floor(ms / DAY) % 7 };
    fake.marketCaps = { uniswap: (ms) => 1e9 + (Math.floor(ms / DAY) % 7) * 1e6 };
    fake.volumes = { uniswap: (ms) => (Math.floor(ms / DAY) % 2 === 0 ? 0 : 2e7) };
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    await store?.close();
    store = await DuckDbStore.open({ path: ':memory:' });
    fake.seen.length = 0;
    fake.failures.length = 0;
  });

  it('stores price, market cap and volume per day over the history, then asks only for the tail', async () => {
    const r = await syncMarketData(store, client(), ['uniswap', 'uniswap'], { clock: new FixedClock(NOW), historyDays: 30 });
    expect(r.failed).toEqual([]);
    expect(fake.seen).toHaveLength(1);
    expect(fake.seen[0]!.path).toBe('/api/v3/coins/uniswap/market_chart');
    expect(Object.fromEntries(fake.seen[0]!.query)).toEqual({ vs_currency: 'usd', days: '30', interval: 'daily' });
    const rows = await store.readMarketData('uniswap');
    expect(rows.length).toBe(30); // the fake serves days TODAY-29 … TODAY
    expect(rows[rows.length - 1]!.day_ms).toBe(TODAY);
    for (const row of rows) {
      const d = Math.floor(row.day_ms / DAY);
      expect(row).toEqual({ market_data_id: 'uniswap', day_ms: row.day_ms, price_usd: 5 + (d % 7), market_cap_usd: 1e9 + (d % 7) * 1e6, volume_usd: d % 2 === 0 ? 0 : 2e7 });
    }
    fake.seen.length = 0;
    await syncMarketData(store, client(), ['uniswap'], { clock: new FixedClock(NOW + DAY), historyDays: 30 });
    // A day and 15.5 hours after the newest stored day's start: that day again, and the new one.
    expect(fake.seen[0]!.query.get('days')).toBe('3');
  });

  it('an unknown coin fails that id only; an outage opens the shared breaker and stops the sync', async () => {
    const breaker = new CircuitBreaker({ name: 'test', monotonic: () => 0 });
    const unknown = await syncMarketData(store, client(), ['nope', 'uniswap'], { clock: new FixedClock(NOW), historyDays: 3, logger: silent, breaker });
    expect(unknown.failed.map((f) => f.market_data_id)).toEqual(['nope']);
    expect(unknown.written.map((w) => w.market_data_id)).toEqual(['uniswap']);
    expect(breaker.isOpen).toBe(false);
    fake.failures.push(503);
    const down = await syncMarketData(store, client(), ['uniswap', 'other'], { clock: new FixedClock(NOW), historyDays: 3, breaker });
    expect(down.outage).toBe(true);
    expect(breaker.isOpen).toBe(true);
    expect(fake.seen.filter((s) => s.path.includes('other'))).toEqual([]);
    expect((await syncMarketData(store, client(), ['uniswap'], { clock: new FixedClock(NOW), breaker })).skipped).toBe(true);
  });

  it('the updater syncs the ids it is given in the background and says when data arrived', async () => {
    const updater = new MarketUpdater({
      store,
      client: client(),
      breaker: new CircuitBreaker({ name: 'test' }),
      ids: async () => ['uniswap'],
      clock: new FixedClock(NOW),
      logger: silent,
      historyDays: 5,
    });
    await updater.start();
    expect(updater.changedSinceLastLook()).toBe(true);
    expect(updater.changedSinceLastLook()).toBe(false);
    expect(await store.readMarketData('uniswap')).toHaveLength(5);
    fake.seen.length = 0;
    await updater.start(); // within the interval: nothing asked
    expect(fake.seen).toEqual([]);
  });
});
