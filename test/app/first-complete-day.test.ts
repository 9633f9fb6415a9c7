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
});

afterAll(async () => {
  await http?.close();
  await service?.close();
  await store?.close();
  await devnet?.close();
});

type Provenance = { chains: Record<string, Record<string, unknown>>; aggregates: Record<string, string[]> };
let notReadyProvenance: Provenance;

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
    // CONTRACT.md 13: a chain that is not ready is in no provenance entry and no aggregate.
    notReadyProvenance = (await get('/v1/provenance.json')).body as unknown as Provenance;

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

describe('provenance (CONTRACT.md 13) through the service', () => {
  const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  type Detail = { details: Record<string, unknown> & { provenance?: Record<string, unknown>; chains?: string[]; timeseries: { daily: { data: Array<[number, number]> } } } };
  const detail = async (path: string) => (await (await fetch(`${base}${path}`)).json()) as Detail;

  it('at 23:30 the chains still catching up were in no chain entry and no aggregate', () => {
    expect(Object.keys(notReadyProvenance.chains)).toEqual(['ethereum']);
    const lists = Object.entries(notReadyProvenance.aggregates);
    expect(lists.map(([k]) => k)).toContain('/v1/landing_page.json');
    expect(lists.map(([k]) => k)).not.toContain('all_l2s'); // ethereum is no L2
    for (const [k, keys] of lists) expect(keys, k).toEqual(['ethereum']);
  });

  it('after midnight: each chain\'s stored blocks, finality and complete periods as the devnet has them; all_l2s names what it sums', async () => {
    const now = TODAY + DAY_MS + 10 * 60_000;
    const prov = (await get('/v1/provenance.json')).body as unknown as Provenance & { last_updated_utc: string };
    expect(Object.keys(prov)).toEqual(['last_updated_utc', 'chains', 'aggregates']);
    expect(Object.keys(prov.chains)).toEqual(['ethereum', 'base', 'mantle']);
    const lag = new Map(devnet.chainConfigs().map((c) => [c.origin_key, c.finality_lag]));
    const firstStored = { ethereum: 0, base: devnet.blockAt('base', TODAY / 1000 - 1) + 1, mantle: mantleStart } as Record<string, number>;
    for (const ok of ['ethereum', 'base', 'mantle']) {
      const head = devnet.head(ok);
      const { sources, ...rest } = prov.chains[ok]!;
      expect(rest, ok).toEqual({
        first_block: firstStored[ok],
        last_block: head,
        last_block_time: utc(devnet.blockTime(ok, head) * 1000),
        finalized_through_block: head - lag.get(ok)!,
        complete_hours_through: '2025-06-11 23:00:00',
        complete_days_through: '2025-06-11',
        backfill: null,
      });
      // The price feed synced in this round, at the clock's time; the devnet feed has every day.
      expect((sources as Record<string, unknown>).prices, ok).toEqual({ last_sync_utc: utc(now), missing_days: [] });
    }
    expect(prov.aggregates.all_l2s).toEqual(['base', 'mantle']);
    expect(prov.aggregates['/v1/landing_page.json']).toEqual(['ethereum', 'base', 'mantle']);
    expect(prov.aggregates['/v1/export/txcount.json']).toEqual(['ethereum', 'base', 'mantle']);
    expect(prov.aggregates['/v1/fees/table.json']).toEqual(['ethereum', 'base', 'mantle']);

    // mantle started mid-yesterday: its figures start at the first whole day, TODAY, not at the
    // first stored block; they end with the last block before midnight (the last complete hour's end).
    const lastBeforeMidnight = devnet.blockAt('mantle', (TODAY + DAY_MS) / 1000 - 1);
    const mantle = await detail('/v1/metrics/chains/mantle/txcount.json');
    expect(Object.keys(mantle.details).slice(-2)).toEqual(['summary', 'provenance']);
    expect(mantle.details.provenance).toEqual({
      first_block: devnet.blockAt('mantle', TODAY / 1000 - 1) + 1,
      last_block: lastBeforeMidnight,
      last_block_time: utc(devnet.blockTime('mantle', lastBeforeMidnight) * 1000),
      finalized_through_block: Math.min(lastBeforeMidnight, devnet.head('mantle') - lag.get('mantle')!),
      complete_days_through: '2025-06-11',
      sources: ['RPC'],
    });
    expect(mantle.details.provenance!.first_block).toBeGreaterThan(mantleStart);

    // all_l2s: details.chains, and its daily txcount is the sum over exactly those chains.
    const l2 = await detail('/v1/metrics/chains/all_l2s/txcount.json');
    expect(Object.keys(l2.details).slice(-2)).toEqual(['summary', 'chains']);
    expect(l2.details.chains).toEqual(['base', 'mantle']);
    expect(l2.details.timeseries.daily.data.at(-1)).toEqual([TODAY, devnet.groundTruth('base', TODAY).txcount + devnet.groundTruth('mantle', TODAY).txcount]);
  });
});
