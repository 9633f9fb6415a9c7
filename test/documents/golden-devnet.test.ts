// Golden test over the real pipeline: devnet JSON-RPC chains → Ingestor → DuckDB → facts →
// documents, with prices fetched from the devnet's CoinGecko-shaped feed. Every daily value of
// the txcount, daa and fees documents is checked against numbers this test derives from the
// devnet's own ground truth and price function, never from the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock, HOUR_MS } from '../../src/clock.js';
import { startDevnet, devnetPrice, type Devnet } from '../../src/devnet/index.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { Ingestor } from '../../src/ingest/ingestor.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import type { Chain } from '../../src/registry/types.js';
import { CoinGeckoClient } from '../../src/sources/prices/coingecko-client.js';
import { assetsFor, syncPrices } from '../../src/sources/prices/sync.js';
import type { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { factRows } from '../metrics/chain-fixture.js';
import { bothEngines } from '../helpers/both-engines.js';
import { buildKinds } from '../helpers/build-kinds.js';

const silent = createLogger('silent');
const SEED = 42;
const LIVE_SINCE = Date.UTC(2024, 5, 12, 10); // history ends, live blocks start
const NOW = LIVE_SINCE + 10 * 60_000;
const KEYS = ['optimism', 'arbitrum', 'mantle']; // OP Stack, Arbitrum, a custom gas token

type Table = { types: string[]; data: Array<Array<number | null>> };
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

const OPEN = bothEngines();

describe.each(Object.keys(OPEN) as Array<keyof typeof OPEN>)('golden on %s: devnet → ingest → facts → documents', (engine) => {
  const clock = new FixedClock(NOW);
  let devnet: Devnet;
  let store: DuckDbStore | ClickHouseStore;
  let chains: Chain[];
  let inputs: DocumentInput[];
  const json = (path: string) => JSON.parse(JSON.stringify(inputs.find((i) => i.path === path)?.json ?? null));

  async function ingest(): Promise<void> {
    const ing = new Ingestor({ store, chains, clock, logger: silent, batchSize: 50 });
    try {
      const res = await ing.syncOnce();
      expect(res.ok).toBe(true);
    } finally {
      await ing.close();
    }
  }

  beforeAll(async () => {
    devnet = await startDevnet({ seed: SEED, clock, historyDays: 10, txPerDay: 300, historyBlockInterval: 3600, chains: KEYS, liveSince: LIVE_SINCE / 1000 });
    chains = devnet.chainConfigs();
    store = await OPEN[engine]();
    await ingest();
    const sync = await syncPrices(store, new CoinGeckoClient({ baseUrl: devnet.priceUrl, retries: 2 }), assetsFor(chains), { clock, historyDays: 15, logger: silent });
    expect(sync.failed).toEqual([]);
    await computeFacts(store, chains, clock, { logger: silent });
    // Only the documents checked here (the chains' metric details and the fee table): the rest of a
    // full build (applications, blockspace, exports) is most of its cost on each engine.
    inputs = await buildKinds(store, chains, clock, ['metric_detail', 'fee_table'], { logger: silent });
  });
  afterAll(async () => {
    await store?.close();
    await devnet?.close();
  });

  it('every daily txcount, daa and fees value equals the ground truth', () => {
    for (const chain of chains) {
      const ok = chain.origin_key;
      const genesisDay = Math.floor(devnet.blockTime(ok, 0) * 1000 / DAY_MS) * DAY_MS;
      const days: number[] = [];
      for (let d = genesisDay; d < Math.floor(NOW / DAY_MS) * DAY_MS; d += DAY_MS) days.push(d);
      expect(days.length).toBe(10); // the partial genesis day (history starts at 10:00) up to yesterday

      const txcount = json(`/v1/metrics/chains/${ok}/txcount.json`).details.timeseries.daily as Table;
      const daa = json(`/v1/metrics/chains/${ok}/daa.json`).details.timeseries.daily as Table;
      const fees = json(`/v1/metrics/chains/${ok}/fees.json`).details.timeseries.daily as Table;
      for (const t of [txcount, daa, fees]) expect(t.data.map((r) => r[0])).toEqual(days);
      days.forEach((d, i) => {
        const truth = devnet.groundTruth(ok, d);
        expect(truth.txcount).toBeGreaterThan(0);
        expect(txcount.data[i]![1]).toBe(truth.txcount);
        expect(daa.data[i]![1]).toBe(truth.distinct_senders);
        const tokens = Number(truth.fee_wei) / 1e18;
        const usd = tokens * devnetPrice(SEED, chain.gas_token, d);
        const eth = chain.gas_token === 'ethereum' ? tokens : usd / devnetPrice(SEED, 'ethereum', d);
        expect(rel(fees.data[i]![1]!, usd)).toBeLessThan(1e-12);
        expect(rel(fees.data[i]![2]!, eth)).toBeLessThan(1e-12);
      });
    }
  });

  // 29 rows since CONTRACT.md 2 changed (hours that started less than 30 hours before the build).
  it('the fee table has 29 complete hours per chain, newest first, aligned across chains', () => {
    const fee = json('/v1/fees/table.json') as { chain_data: Record<string, { hourly: Record<string, Table> }> };
    expect(Object.keys(fee.chain_data).sort()).toEqual([...KEYS].sort());
    const hours = Array.from({ length: 29 }, (_, i) => LIVE_SINCE - HOUR_MS - i * HOUR_MS);
    for (const ok of KEYS) {
      const h = fee.chain_data[ok]!.hourly;
      for (const name of ['txcosts_median', 'txcosts_avg', 'tps', 'throughput']) expect(h[name]!.data.map((r) => r[0])).toEqual(hours);
      // Every hour has blocks: tps and throughput are numbers; a cost is null exactly when the
      // hour had no user transaction (a quiet hour on the small chain).
      expect(h.tps!.data.every((r) => r[1] !== null) && h.throughput!.data.every((r) => r[1] !== null)).toBe(true);
      h.txcosts_median!.data.forEach((r, i) => expect(r[1] === null).toBe(h.tps!.data[i]![1] === 0));
    }
    expect(fee.chain_data.arbitrum!.hourly.txcosts_median!.data.every((r) => r[1] !== null)).toBe(true);
  });

  it('after the clock moves on, an incremental run equals a full rebuild', async () => {
    clock.advance(2 * HOUR_MS);
    await ingest();
    const r = await computeFacts(store, chains, clock, { logger: silent });
    for (const c of r.chains) expect(c.hours_until).toBe(LIVE_SINCE + 2 * HOUR_MS);
    const incremental = await Promise.all(KEYS.map((k) => factRows(store, k)));
    await computeFacts(store, chains, clock, { full: true, logger: silent });
    expect(await Promise.all(KEYS.map((k) => factRows(store, k)))).toEqual(incremental);
  });
});
