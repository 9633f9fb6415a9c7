// The service on a ClickHouse store whose cluster goes down between rounds: the round fails with
// an error naming the node, the server keeps answering with the last good document set, and
// once the nodes are back the next round catches up and publishes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock, HOUR_MS } from '../../src/clock.js';
import { Service } from '../../src/app/service.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import { loadConfig } from '../../src/registry/config.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { createHttpServer, type ChainlyticsHttpServer } from '../../src/server/http-server.js';
import type { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import { startTestCluster, type TestCluster } from '../helpers/clickhouse-store.js';

const START = Date.UTC(2025, 2, 10, 12, 30);
const clock = new FixedClock(START);
let ch: TestCluster;
let devnet: Devnet;
let store: ClickHouseStore;
let service: Service;
let http: ChainlyticsHttpServer;
let base: string;

beforeAll(async () => {
  ch = await startTestCluster({ own: true });
  // History ends where the clock starts (no half hour of 2-second base blocks before the first
  // round) and has a block an hour: the rounds' documents, not the block count, are what is checked.
  devnet = await startDevnet({ seed: 5, clock, historyDays: 3, txPerDay: 60, chains: ['ethereum', 'base'], liveSince: START / 1000, historyBlockInterval: 3600 });
  const defaults = loadConfig(null, {});
  const config: AppConfig = {
    ...defaults,
    engine: 'clickhouse',
    store: ch.settings(),
    chains: devnet.chainConfigs(),
    prices: { ...defaults.prices, coingecko_url: devnet.priceUrl, coingecko_api_key: null },
  };
  // The retry pauses return at once: the round against stopped nodes fails after the same
  // retries without waiting 1.75 s of real time per statement.
  store = await ch.open(config.store.engine === 'clickhouse' ? config.store.database : undefined, { sleep: async () => {} });
  service = new Service({ config, store, clock, logger: createLogger('silent') });
  http = createHttpServer({ holder: service.holder, clock, config: { ...config.server, access_log: false }, health: () => service.health() });
  base = await http.listen(0, '127.0.0.1');
});

afterAll(async () => {
  await http?.close();
  await service?.close();
  await store?.close();
  await devnet?.close();
  await ch?.stop();
});

describe('the service on ClickHouse when the cluster goes down', () => {
  it('keeps serving the last good set, then catches up once the nodes are back', async () => {
    expect((await service.round()).build).not.toBeNull();
    const first = await fetch(`${base}/v1/fees/table.json`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    const body = await first.text();

    for (const n of ch.cluster.nodes) await n.stop();
    clock.advance(2 * HOUR_MS);
    const err = await service.round().then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/ClickHouse node 127\.0\.0\.1:\d+/);
    const during = await fetch(`${base}/v1/fees/table.json`);
    expect(during.status).toBe(200);
    expect(during.headers.get('etag')).toBe(etag);
    expect(await during.text()).toBe(body);

    for (const n of ch.cluster.nodes) await n.start();
    const after = await service.round();
    expect(after.ingested_ok).toBe(true);
    expect(after.build).not.toBeNull();
    const now = await fetch(`${base}/v1/fees/table.json`);
    expect(now.status).toBe(200);
    expect(now.headers.get('etag')).not.toBe(etag);
  });
});
