// `start: {block: N}` with N in the middle of a day: that day (and hour) holds only part of its
// transactions, so it must not be published as a complete period. The first daily txcount row
// is the next whole UTC day, equal to the devnet's ground truth; the first hourly row is the
// next whole hour. Devnet JSON-RPC → the service's round → the txcount document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Service } from '../../src/app/service.js';
import { DAY_MS, FixedClock, HOUR_MS } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { loadConfig } from '../../src/registry/config.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';

const START = Date.UTC(2025, 2, 10, 12, 30);
const TODAY = Math.floor(START / DAY_MS) * DAY_MS;
const K = 'base';
const clock = new FixedClock(START);
let devnet: Devnet;
let store: DuckDbStore;
let service: Service;
let startBlock: number;

beforeAll(async () => {
  devnet = await startDevnet({ seed: 13, clock, historyDays: 4, txPerDay: 500, chains: [K] });
  // A block at 13:20 two days ago: the middle of a day and of an hour.
  startBlock = devnet.blockAt(K, (TODAY - 2 * DAY_MS + 13 * HOUR_MS + 20 * 60_000) / 1000);
  const defaults = loadConfig(null, {});
  const config: AppConfig = {
    ...defaults,
    chains: devnet.chainConfigs().map((c) => ({ ...c, start: { block: startBlock } })),
    prices: { ...defaults.prices, coingecko_url: devnet.priceUrl, coingecko_api_key: null },
  };
  store = await DuckDbStore.open({ path: ':memory:' });
  service = new Service({ config, store, clock, logger: createLogger('silent') });
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await devnet?.close();
});

describe('a start block in the middle of a day', () => {
  it('publishes from the first whole day and hour; the first day equals the ground truth', async () => {
    await service.round();
    const entry = service.holder.current()!.entries.get(`/v1/metrics/chains/${K}/txcount.json`)!;
    const doc = JSON.parse(entry.body.toString());
    const daily: Array<[number, number]> = doc.details.timeseries.daily.data;
    const firstWholeDay = TODAY - DAY_MS;
    expect(daily[0][0]).toBe(firstWholeDay);
    expect(daily[0][1]).toBe(devnet.groundTruth(K, firstWholeDay).txcount);
    expect(daily).toHaveLength(1);

    const hourly: Array<[number, number]> = doc.details.timeseries.hourly.data;
    const startHour = Math.floor((devnet.blockTime(K, startBlock) * 1000) / HOUR_MS) * HOUR_MS;
    expect(hourly[0][0]).toBe(startHour + HOUR_MS);
  });
});
