// The whole data path in one process, as `npm start` runs it: devnet JSON-RPC + price feed →
// ingest → facts → documents → HTTP. Checks that what the server answers is what the stages
// computed, and that a later round follows the chains' heads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock, HOUR_MS } from '../../src/clock.js';
import { Service } from '../../src/app/service.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import { loadConfig } from '../../src/registry/config.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { createHttpServer, type ChainlyticsHttpServer } from '../../src/server/http-server.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';

const START = Date.UTC(2025, 2, 10, 12, 30); // a Monday, mid-hour
const clock = new FixedClock(START);
let devnet: Devnet;
let store: DuckDbStore;
let service: Service;
let http: ChainlyticsHttpServer;
let base: string;

beforeAll(async () => {
  devnet = await startDevnet({ seed: 7, clock, historyDays: 9, txPerDay: 150, chains: ['ethereum', 'base', 'mantle'] });
  const defaults = loadConfig(null, {});
  const config: AppConfig = {
    ...defaults,
    chains: devnet.chainConfigs(),
    prices: { ...defaults.prices, coingecko_url: devnet.priceUrl, coingecko_api_key: null },
  };
  store = await DuckDbStore.open({ path: ':memory:' });
  service = new Service({ config, store, clock, logger: createLogger('silent') });
  http = createHttpServer({ holder: service.holder, clock, config: { ...config.server, access_log: false }, health: () => service.health() });
  base = await http.listen(0, '127.0.0.1');
});

afterAll(async () => {
  await http?.close();
  await service?.close();
  await store?.close();
  await devnet?.close();
});

describe('the service, end to end', () => {
  it('answers 503 not_ready before the first round, then serves every document', async () => {
    const before = await fetch(`${base}/v1/fees/table.json`);
    expect(before.status).toBe(503);
    expect(before.headers.get('retry-after')).toBeTruthy();
    expect((await before.json()).error.code).toBe('not_ready');

    const round = await service.round();
    expect(round.ingested_ok).toBe(true);
    expect(round.build).not.toBeNull();

    const master = await (await fetch(`${base}/v1/master.json`)).json();
    expect(Object.keys(master.chains).sort()).toEqual(['all_l2s', 'base', 'ethereum', 'mantle']);
    const fees = await fetch(`${base}/v1/fees/table.json`);
    expect(fees.status).toBe(200);
    const table = await fees.json();
    const flagged = devnet.chainConfigs().filter((c) => c.flags.fee_table).map((c) => c.origin_key);
    expect(flagged.length).toBeGreaterThan(0);
    expect(Object.keys(table.chain_data).sort()).toEqual(flagged.sort());
    const openapi = await fetch(`${base}/v1/openapi.json`);
    expect(openapi.status).toBe(200);
  });

  it('serves daily txcount equal to the devnet ground truth for every complete day', async () => {
    const doc = await (await fetch(`${base}/v1/metrics/chains/base/txcount.json`)).json();
    const rows: Array<[number, number]> = doc.details.timeseries.daily.data;
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const yesterday = Math.floor(START / DAY_MS) * DAY_MS - DAY_MS;
    expect(rows[rows.length - 1][0]).toBe(yesterday);
    for (const [day, value] of rows) {
      expect(value, `day ${new Date(day).toISOString()}`).toBe(devnet.groundTruth('base', day).txcount);
    }
  });

  it('follows the heads: two hours later the hourly series and fee table advance', async () => {
    const first = await (await fetch(`${base}/v1/fees/table.json`)).json();
    const newest = first.chain_data.base.hourly.tps.data[0][0] as number;
    expect(newest).toBe(Math.floor(START / HOUR_MS) * HOUR_MS - HOUR_MS);

    const served = service.holder.current()!;
    clock.advance(2 * HOUR_MS);
    const round = await service.round();
    expect(round.build).not.toBeNull();
    // The rebuild starts from the served set: an unchanged body keeps its compressed Buffers and
    // ETag, a changed one is compressed again.
    const next = service.holder.current()!;
    const openapi = '/v1/openapi.json';
    expect(next.entries.get(openapi)!.br).toBe(served.entries.get(openapi)!.br);
    expect(next.entries.get(openapi)!.etag).toBe(served.entries.get(openapi)!.etag);
    expect(next.entries.get('/v1/fees/table.json')!.etag).not.toBe(served.entries.get('/v1/fees/table.json')!.etag);
    const later = await (await fetch(`${base}/v1/fees/table.json`)).json();
    expect(later.chain_data.base.hourly.tps.data[0][0]).toBe(newest + 2 * HOUR_MS);
    const health = await (await fetch(`${base}/healthz`)).json();
    expect(health.status).toBe('ok');
    expect(health.chains.map((c: { origin_key: string }) => c.origin_key).sort()).toEqual(['base', 'ethereum', 'mantle']);
  });

  it('publishes nothing new when a round finds nothing new within the same hour', async () => {
    const etag = (await fetch(`${base}/v1/fees/table.json`)).headers.get('etag');
    const round = await service.round();
    expect(round.build).toBeNull();
    expect((await fetch(`${base}/v1/fees/table.json`)).headers.get('etag')).toBe(etag);
  });

  it('stablecoin days the node has no state for are gaps on /healthz and null in stables_mcap, never 0', async () => {
    const url = `${base}/v1/metrics/chains/mantle/stables_mcap.json`;
    const before = (await (await fetch(url)).json()).details.timeseries.daily.data as Array<Array<number | null>>;
    expect(before.every((r) => r[1]! > 0)).toBe(true);
    // Two old days lost their samples while the node pruned their state (it keeps 100 blocks).
    const lost = [before[2]![0]!, before[3]![0]!];
    await store.exec(`DELETE FROM supply_samples WHERE origin_key = 'mantle' AND day_ms IN (${lost.join(', ')})`);
    devnet.setStateHistory('mantle', 100);
    const round = await service.round();
    expect(round.build).not.toBeNull();
    const health = await (await fetch(`${base}/healthz`)).json();
    const mantle = health.chains.find((c: { origin_key: string }) => c.origin_key === 'mantle');
    expect(mantle.data_gaps).toEqual([
      { metric: 'stables_mcap', days: 2, first_day: new Date(lost[0]!).toISOString().slice(0, 10), last_day: new Date(lost[1]!).toISOString().slice(0, 10), reason: expect.stringMatching(/missing trie node/) },
    ]);
    expect(health.chains.find((c: { origin_key: string }) => c.origin_key === 'base').data_gaps).toBeUndefined();
    const after = (await (await fetch(url)).json()).details.timeseries.daily.data as Array<Array<number | null>>;
    expect(after.map((r) => r[0])).toEqual(before.map((r) => r[0]));
    after.forEach((r, i) => expect(r.slice(1)).toEqual(lost.includes(r[0]!) ? [null, null] : before[i]!.slice(1)));
  });
});
