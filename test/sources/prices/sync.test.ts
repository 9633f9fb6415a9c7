import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/clock.js';
import { createLogger } from '../../../src/log.js';
import { binPoints } from '../../../src/sources/prices/bin-points.js';
import { CoinGeckoClient } from '../../../src/sources/prices/coingecko-client.js';
import { assetsFor, syncPrices } from '../../../src/sources/prices/sync.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { startFakeCoinGecko, type FakeCoinGecko } from './fake-coingecko.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const NOW = Date.UTC(2024, 3, 10, 15, 30);
const silent = createLogger('silent');

describe('binPoints', () => {
  it('takes the earliest point inside each period, and drops non-positive or non-finite prices', () => {
    const rows = binPoints('ethereum', 'hourly', [
      [HOUR + 50_000, 11],
      [HOUR + 10_000, 10],
      [2 * HOUR, -1],
      [3 * HOUR + 1, Number.NaN],
      [4 * HOUR + 5, 40],
    ]);
    expect(rows).toEqual([
      { asset: 'ethereum', granularity: 'hourly', period_ms: HOUR, usd: 10 },
      { asset: 'ethereum', granularity: 'hourly', period_ms: 4 * HOUR, usd: 40 },
    ]);
    expect(binPoints('x', 'daily', [[DAY - 1, 1], [DAY + 5, 2]]).map((r) => r.period_ms)).toEqual([0, DAY]);
  });
});

describe('syncPrices against a CoinGecko-shaped server', () => {
  let fake: FakeCoinGecko;
  let store: DuckDbStore;
  const price = (ms: number) => 3000 + Math.floor(ms / HOUR) % 100;
  const client = () => new CoinGeckoClient({ baseUrl: fake.url, retries: 0 });

  beforeAll(async () => {
    fake = await startFakeCoinGecko(NOW);
    fake.prices = { ethereum: price, mantle: () => 0.5 };
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    fake.seen.length = 0;
    fake.now = NOW;
  });
  afterEach(async () => {
    await store.close();
  });

  it('asks for ETH and each non-ETH gas token once', () => {
    expect(assetsFor([{ gas_token: 'ethereum' }, { gas_token: 'mantle' }, { gas_token: 'mantle' }])).toEqual(['ethereum', 'mantle']);
  });

  it('stores daily and hourly prices binned to period starts, then fetches only the missing tail', async () => {
    const res = await syncPrices(store, client(), ['ethereum', 'mantle'], { clock: new FixedClock(NOW), historyDays: 120, logger: silent });
    expect(res.failed).toEqual([]);
    const daily = await store.readPrices('ethereum', 'daily');
    expect(daily.at(-1)).toEqual({ asset: 'ethereum', granularity: 'daily', period_ms: Date.UTC(2024, 3, 10), usd: price(Date.UTC(2024, 3, 10)) });
    expect(daily.length).toBeGreaterThanOrEqual(120);
    const hourly = await store.readPrices('ethereum', 'hourly');
    // The fake serves hourly points two minutes past each hour: binned to the hour start.
    const h = Date.UTC(2024, 3, 9, 7);
    expect(hourly.find((r) => r.period_ms === h)).toEqual({ asset: 'ethereum', granularity: 'hourly', period_ms: h, usd: price(h + 120_000) });
    expect(hourly[0]!.period_ms).toBeGreaterThanOrEqual(NOW - 91 * DAY); // the source's hourly window
    const chartCalls = fake.seen.filter((s) => s.path.endsWith('/market_chart'));
    expect(chartCalls.map((s) => [s.path.split('/')[4], s.query.get('days'), s.query.get('interval')])).toEqual([
      ['ethereum', '120', 'daily'],
      ['ethereum', '90', null],
      ['mantle', '120', 'daily'],
      ['mantle', '90', null],
    ]);

    fake.seen.length = 0;
    fake.now = NOW + 3 * DAY;
    await syncPrices(store, client(), ['ethereum'], { clock: new FixedClock(NOW + 3 * DAY), historyDays: 120, logger: silent });
    expect(fake.seen.filter((s) => s.path.endsWith('/market_chart')).map((s) => s.query.get('days'))).toEqual(['5', '5']); // 3.6 days since the newest stored period, plus one
    expect((await store.readPrices('ethereum', 'daily')).at(-1)!.period_ms).toBe(Date.UTC(2024, 3, 13));
  });

  it('reports a failing asset and still stores the others', async () => {
    const res = await syncPrices(store, client(), ['ethereum', 'unknown-coin'], { clock: new FixedClock(NOW), historyDays: 10, logger: silent });
    expect(res.failed.map((f) => [f.asset, f.granularity])).toEqual([
      ['unknown-coin', 'daily'],
      ['unknown-coin', 'hourly'],
    ]);
    expect(res.failed[0]!.error).toMatch(/HTTP 404/);
    expect((await store.readPrices('ethereum', 'daily')).length).toBeGreaterThan(5);
  });
});
