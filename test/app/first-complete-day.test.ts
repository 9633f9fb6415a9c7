// A chain publishes once its first complete UTC day is stored. Until then it is left out of the
// set, and its documents answer 503 not_ready with its progress, never a mix of empty and filled
// figures. The devnet's ethereum starts at genesis and has three days stored: it publishes at
// once. Two chains do not publish in the first round:
//   base:   start: { date: today }, so its first day starts on the boundary and is complete at
//           midnight;
//   mantle: starts at a block in the middle of yesterday, so yesterday is partial and its first
//           complete day is today.
// At 23:30 neither has a complete day. Forty minutes later, past midnight, both join.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Service } from '../../src/app/service.js';
import { DAY_MS, FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { loadConfig } from '../../src/registry/config.js';
import { createHttpServer, type ChainlyticsHttpServer } from '../../src/server/http-server.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';

const TODAY = Date.UTC(2025, 5, 11);
const START = TODAY + 23.5 * 3_600_000;
const clock = new FixedClock(START);
let devnet: Devnet;
let store: DuckDbStore;
let service: Service;
let http: ChainlyticsHttpServer;
let base: string;
let mantleStart: number;

beforeAll(async () => {
  devnet = await startDevnet({ seed: 3, clock, historyDays: 3, txPerDay: 60, historyBlockInterval: 3600, chains: ['ethereum', 'base', 'mantle'] });
  mantleStart = devnet.blockAt('mantle', (TODAY - DAY_MS / 2) / 1000) + 1;
  const defaults = loadConfig(null, {});
  const config: AppConfig = {
    ...defaults,
    chains: devnet.chainConfigs().map((c) => {
      if (c.origin_key === 'base') return { ...c, start: { date: new Date(TODAY).toISOString().slice(0, 10) } };
      if (c.origin_key === 'mantle') return { ...c, start: { block: mantleStart } };
      return c;
    }),
    prices: { ...defaults.prices, coingecko_url: devnet.priceUrl, coingecko_api_key: null },
  };
  store = await DuckDbStore.open({ path: ':memory:' });
  service = new Service({ config, store, clock, logger: createLogger('silent') });
  http = createHttpServer({ holder: service.holder, clock, config: { ...config.server, access_log: false }, health: () => service.health(), pendingChains: () => service.pendingChains() });
  base = await http.listen(0, '127.0.0.1');
}, 120_000);

afterAll(async () => {
  await http?.close();
  await service?.close();
  await store?.close();
  await devnet?.close();
});

const get = async (path: string): Promise<{ status: number; retryAfter: string | null; body: { error?: { code: string; message: string }; chains?: Record<string, unknown> } }> => {
  const r = await fetch(`${base}${path}`);
  return { status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() };
};

describe('chains publish from their first complete day', () => {
  it('at 23:30 only ethereum publishes; base and mantle answer 503 not_ready with their progress, an unknown chain still 404', async () => {
    const round = await service.round();
    expect(round.ingested_ok).toBe(true);
    expect(round.build).not.toBeNull();
    const master = await get('/v1/master.json');
    expect(Object.keys(master.body.chains!)).toEqual(['ethereum']);
    const fees = (await (await fetch(`${base}/v1/fees/table.json`)).json()) as { chain_data: Record<string, unknown> };
    expect(Object.keys(fees.chain_data)).not.toContain('base');

    // Both caught up with their heads: every block of their range stored, so the ETA is 0 and the
    // server asks for the shortest wait.
    const expected: Record<string, number> = {
      base: devnet.head('base') - (devnet.blockAt('base', TODAY / 1000 - 1) + 1) + 1,
      mantle: devnet.head('mantle') - mantleStart + 1,
    };
    for (const chain of ['base', 'mantle']) {
      for (const path of [`/v1/metrics/chains/${chain}/txcount.json`, `/v1/chains/${chain}/overview.json`]) {
        const r = await get(path);
        expect(r.status, path).toBe(503);
        expect(r.retryAfter).toBe('5');
        expect(r.body.error!.code).toBe('not_ready');
        expect(r.body.error!.message).toBe(
          `Chain ${chain} is still catching up (100.0 % of its blocks: ${expected[chain]} of ${expected[chain]}, about 0 s left): its documents are published once its first complete day is stored.`,
        );
      }
    }
    expect((await get('/v1/metrics/chains/nochain/txcount.json')).status).toBe(404);
    expect((await get('/v1/metrics/chains/ethereum/txcount.json')).status).toBe(200);
  });

  it('after midnight base and mantle join, their last complete day counted as the devnet counts it', async () => {
    clock.set(TODAY + DAY_MS + 10 * 60_000);
    const round = await service.round();
    expect(round.build).not.toBeNull();
    const master = await get('/v1/master.json');
    expect(Object.keys(master.body.chains!).sort()).toEqual(['all_l2s', 'base', 'ethereum', 'mantle']);
    for (const chain of ['base', 'mantle']) {
      const doc = (await (await fetch(`${base}/v1/metrics/chains/${chain}/txcount.json`)).json()) as { details: { timeseries: { daily: { data: Array<[number, number]> } } } };
      const daily = doc.details.timeseries.daily.data;
      // The last complete day is TODAY, whole for both chains, equal to the devnet's own count.
      expect(daily.at(-1), chain).toEqual([TODAY, devnet.groundTruth(chain, TODAY).txcount]);
    }
    expect(service.pendingChains().size).toBe(0);
  });
});
