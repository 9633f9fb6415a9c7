// Golden test of the fee line chart (CONTRACT.md 10.2) over the real pipeline: devnet JSON-RPC
// → Ingestor → store → facts → documents, on DuckDB and on a 2-shard ClickHouse cluster. Every
// bucket of every timeframe of two chains (an ether chain and a chain paying gas in its own
// token) is checked against values this test computes from the devnet generator's own
// transactions and price function: medians of the bucket's fees, means, tps and Mgas/s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock, HOUR_MS } from '../../src/clock.js';
import { devnetPrice, startDevnet, type Devnet, type FeeTxTruth } from '../../src/devnet/index.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { Ingestor } from '../../src/ingest/ingestor.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import type { Chain } from '../../src/registry/types.js';
import { CoinGeckoClient } from '../../src/sources/prices/coingecko-client.js';
import { assetsFor, syncPrices } from '../../src/sources/prices/sync.js';
import type { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { bothEngines } from '../helpers/both-engines.js';
import type { Economics } from '../compat/contract-fields.js';

const silent = createLogger('silent');
const SEED = 7;
const LIVE_SINCE = Date.UTC(2024, 5, 12, 10);
const NOW = LIVE_SINCE + 10 * 60_000;
const HISTORY_DAYS = 35;
const KEYS = ['ethereum', 'optimism', 'mantle'];
const CHARTED = ['optimism', 'mantle'];

type Cell = number | null;
type Table = { types: string[]; granularity: string; data: Cell[][] };
type LineChart = { chain_data: Record<string, Record<string, Record<string, Table>>>; last_updated_utc: string };

const rel = (a: number, b: number) => (a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(b), 1e-300));

/** The continuous median (as quantile 0.5 interpolates): the middle value, or the mean of the two middle ones. */
function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** METRICS.md 3 over one bucket's transactions, fees in the gas token's wei. */
function truthOf(txs: readonly FeeTxTruth[], seconds: number) {
  const paid = txs.filter((t) => t.fee_wei > 0n);
  const fees = paid.map((t) => Number(t.fee_wei));
  const sum = paid.reduce((a, t) => a + t.fee_wei, 0n);
  return {
    txcosts_median: median(fees),
    txcosts_native_median: median(paid.filter((t) => t.native_transfer).map((t) => Number(t.fee_wei))),
    txcosts_swap: median(paid.filter((t) => t.gas_used >= 150_000 && t.gas_used <= 350_000).map((t) => Number(t.fee_wei))),
    txcosts_avg: paid.length === 0 ? null : Number(sum) / paid.length,
    tps: txs.filter((t) => t.user).length / seconds,
    throughput: txs.reduce((a, t) => a + t.gas_used - t.l1_gas_used, 0) / seconds / 1e6,
  };
}

const TIMEFRAMES = [
  { name: '24hrs', granularity: '10_min', ms: 10 * 60_000, rows: 144, end: LIVE_SINCE },
  { name: '7d', granularity: 'hourly', ms: HOUR_MS, rows: 168, end: LIVE_SINCE },
  { name: '30d', granularity: '4_hours', ms: 4 * HOUR_MS, rows: 180, end: Math.floor(LIVE_SINCE / (4 * HOUR_MS)) * 4 * HOUR_MS },
  { name: '180d', granularity: 'daily', ms: DAY_MS, rows: 180, end: Math.floor(LIVE_SINCE / DAY_MS) * DAY_MS },
] as const;

const OPEN = bothEngines();

describe.each(Object.keys(OPEN) as Array<keyof typeof OPEN>)('fee line chart golden on %s', (engine) => {
  const clock = new FixedClock(NOW);
  let devnet: Devnet;
  let store: DuckDbStore | ClickHouseStore;
  let chains: Chain[];
  let doc: LineChart;
  let economics: Economics;
  let inputs: DocumentInput[];

  beforeAll(async () => {
    // A history block every 10 minutes (the devnet's default is 5): the finest bucket checked
    // is 10 minutes, so each still holds a block and its transactions (the transactions per
    // day stay), with half the blocks to ingest on each engine.
    devnet = await startDevnet({ seed: SEED, clock, historyDays: HISTORY_DAYS, txPerDay: 400, historyBlockInterval: 600, chains: KEYS, liveSince: LIVE_SINCE / 1000 });
    chains = devnet.chainConfigs();
    store = await OPEN[engine]();
    const ing = new Ingestor({ store, chains, clock, logger: silent, batchSize: 200 });
    try {
      expect((await ing.syncOnce()).ok).toBe(true);
    } finally {
      await ing.close();
    }
    const sync = await syncPrices(store, new CoinGeckoClient({ baseUrl: devnet.priceUrl, retries: 2 }), assetsFor(chains), { clock, historyDays: HISTORY_DAYS + 5, logger: silent });
    expect(sync.failed).toEqual([]);
    await computeFacts(store, chains, clock, { logger: silent });
    ({ inputs } = await buildAllDocuments(store, chains, clock, { logger: silent }));
    doc = JSON.parse(JSON.stringify(inputs.find((i) => i.path === '/v1/fees/linechart.json')!.json)) as LineChart;
    economics = JSON.parse(JSON.stringify(inputs.find((i) => i.path === '/v1/economics.json')!.json)) as Economics;
  }, 300_000);
  afterAll(async () => {
    await store?.close();
    await devnet?.close();
  });

  it('charts every fee-table chain but ethereum', () => {
    expect(Object.keys(doc.chain_data).sort()).toEqual([...CHARTED].sort());
    expect(doc.last_updated_utc).toBe('2024-06-12 10:10:00');
  });

  it.each(CHARTED)('every bucket of %s equals the ground truth of its own transactions', (ok) => {
    const chain = chains.find((c) => c.origin_key === ok)!;
    const first = devnet.blockTime(ok, 0) * 1000;
    const txs = devnet.feeTxsGroundTruth(ok, first, LIVE_SINCE);
    let checked = 0;
    for (const tf of TIMEFRAMES) {
      // Whole buckets ending at the newest complete one, none starting before the chain's first block.
      const firstBucket = tf.name === '180d' ? Math.floor(first / DAY_MS) * DAY_MS : Math.ceil(first / tf.ms) * tf.ms;
      const buckets: number[] = [];
      for (let b = tf.end - tf.ms; b >= firstBucket && buckets.length < tf.rows; b -= tf.ms) buckets.unshift(b); // oldest first (11.5)
      if (tf.name !== '180d') expect(buckets.length).toBe(tf.rows);
      const byBucket = new Map<number, FeeTxTruth[]>(buckets.map((b) => [b, []]));
      for (const t of txs) byBucket.get(Math.floor(t.time_ms / tf.ms) * tf.ms)?.push(t);
      for (const [metric, table] of Object.entries(doc.chain_data[ok]!)) {
        const t = table[tf.name]!;
        expect(t.granularity).toBe(tf.granularity);
        expect(t.data.map((r) => r[0]), `${ok} ${metric} ${tf.name}`).toEqual(buckets);
        t.data.forEach((row, i) => {
          const b = buckets[i]!;
          const truth = truthOf(byBucket.get(b)!, tf.ms / 1000)[metric as keyof ReturnType<typeof truthOf>];
          const where = `${ok} ${metric} ${tf.name} ${new Date(b).toISOString()}`;
          if (t.types.length === 2) {
            expect(rel(row[1]!, truth!), where).toBeLessThan(1e-12);
            return;
          }
          if (truth === null) {
            expect(row.slice(1), where).toEqual([null, null]);
            return;
          }
          // The bucket's own prices: the feed's are hourly at finest, so a 10-minute bucket takes
          // its hour's; the others start on an hour (a day) and take that one's.
          const at = Math.floor(b / HOUR_MS) * HOUR_MS;
          const tokens = truth / 1e18;
          const usd = tokens * devnetPrice(SEED, chain.gas_token, at);
          const eth = chain.gas_token === 'ethereum' ? tokens : usd / devnetPrice(SEED, 'ethereum', at);
          expect(rel(row[1]!, eth), where).toBeLessThan(1e-9);
          expect(Math.abs(row[2]! - Math.round(usd * 1e4) / 1e4), where).toBeLessThanOrEqual(1e-4);
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
  // CONTRACT.md 11.1 on the same devnet: optimism posts blobs and calldata to the devnet L1;
  // mantle's batcher posts too, but its DA is EigenDA, so the page leaves it out. Expected
  // figures from the generator (its fees, the batcher's fees, blob fees and blob gas per day).
  it('economics.json: optimism per day and window, and the all_l2s carousel, from the generator', () => {
    const ok = 'optimism';
    expect(Object.keys(economics.data.chain_breakdown)).toEqual([ok, 'totals']);
    const yesterday = Math.floor(NOW / DAY_MS) * DAY_MS - DAY_MS;
    const genesis = Math.floor((devnet.blockTime(ok, 0) * 1000) / DAY_MS) * DAY_MS;
    const all: number[] = [];
    for (let d = genesis; d <= yesterday; d += DAY_MS) all.push(d);
    const firstRent = all.find((d) => devnet.rentGroundTruth(ok, d).fee_wei > 0n)!;
    const days = all.filter((d) => d >= firstRent);
    const eth = (wei: bigint) => Number(wei) / 1e18;
    const truth = days.map((d) => {
      const rent = devnet.rentGroundTruth(ok, d);
      return { d, p: devnetPrice(SEED, 'ethereum', d), fees: eth(devnet.groundTruth(ok, d).fee_wei), rent: eth(rent.fee_wei), blobs: eth(rent.blob_fee_wei), size: Number(rent.blob_gas) };
    });
    expect(truth.some((t) => t.blobs > 0) && truth.some((t) => t.rent > t.blobs)).toBe(true); // both kinds of posting

    const chain = economics.data.chain_breakdown[ok]!;
    for (const k of ['revenue', 'costs', 'profit'] as const) expect(chain.daily[k].data.map((r) => r[0])).toEqual(days);
    truth.forEach((t, i) => {
      const at = new Date(t.d).toISOString();
      expect(rel(chain.daily.revenue.data[i]![2], t.fees), at).toBeLessThan(1e-12);
      expect(rel(chain.daily.revenue.data[i]![1], t.fees * t.p), at).toBeLessThan(1e-12);
      expect(rel(chain.daily.costs.data[i]![2], t.rent), at).toBeLessThan(1e-12);
      expect(Math.abs(chain.daily.profit.data[i]![2] - (t.fees - t.rent)), at).toBeLessThan(1e-15);
    });
    for (const [w, n] of [['7d', 7], ['max', truth.length]] as const) {
      const part = truth.slice(-n);
      const sum = (f: (t: (typeof truth)[number]) => number) => part.reduce((a, t) => a + f(t), 0);
      const got = chain[w];
      expect(rel(got.revenue.total[1], sum((t) => t.fees)), w).toBeLessThan(1e-12);
      expect(rel(got.costs.total[0], sum((t) => t.rent * t.p)), w).toBeLessThan(1e-12);
      expect(rel(got.costs.costs_blobs![1], sum((t) => t.blobs)), w).toBeLessThan(1e-12);
      expect(rel(got.costs.costs_l1![1], sum((t) => t.rent - t.blobs)), w).toBeLessThan(1e-9);
      expect(got.size.total).toEqual([sum((t) => t.size)]);
      const profit = sum((t) => t.fees) - sum((t) => t.rent);
      expect(Math.abs(got.profit_margin.total[0] - Math.min(1, profit / sum((t) => t.fees))), w).toBeLessThan(1e-9);
      expect(economics.data.chain_breakdown.totals[w].revenue.total).toEqual(got.revenue.total); // one chain listed
    }
    // The carousel: the last 720 days, optimism's days where it has them and zeros before.
    const blobs = economics.data.all_l2s.metrics.costs.costs_blobs.daily.data;
    expect(blobs).toHaveLength(720);
    expect(blobs[719]![0]).toBe(yesterday);
    truth.forEach((t, i) => expect(rel(blobs[720 - truth.length + i]![2], t.blobs)).toBeLessThan(1e-12));
    expect(blobs.slice(0, 720 - truth.length).every((r) => r[1] === 0 && r[2] === 0)).toBe(true);
  });

  // CONTRACT.md 11.2 on the same build: the devnet L1 carries the blob postings of all five devnet
  // L2 batchers; optimism and mantle run here (registry chains, so consumers), base, arbitrum and
  // linea do not (other senders: totals and others only, one producer each). Expected values come
  // from the generator's own postings (blobGroundTruth) and ETH price, never from the documents.
  it('data availability: daily fees and bytes, consumers, others and producers equal the devnet L1\'s blob postings', () => {
    const da = (path: string): any => JSON.parse(JSON.stringify(inputs.find((i) => i.path === path)?.json ?? null));
    const L2S = ['optimism', 'base', 'arbitrum', 'linea', 'mantle'];
    const CONSUMERS = ['optimism', 'mantle'];
    const lastDay = Math.floor(NOW / DAY_MS) * DAY_MS - DAY_MS;
    const overview = da('/v1/da_overview.json').data;
    const fees = overview.all_da.metrics.fees_paid.da_ethereum_blobs.daily.data as number[][];
    const posted = overview.all_da.metrics.data_posted.da_ethereum_blobs.daily.data as number[][];
    const days = fees.map((r) => r[0]!);
    expect(days.at(-1)).toBe(lastDay);
    expect(days[0]).toBe(Math.floor((devnet.blockTime('ethereum', 0) * 1000) / DAY_MS) * DAY_MS);
    expect(days.length).toBeGreaterThanOrEqual(HISTORY_DAYS);
    const truth = new Map(days.map((d) => [d, new Map(L2S.map((l2) => [l2, devnet.blobGroundTruth(l2, d)]))]));
    const dayBytes = (d: number, who = L2S) => who.reduce((s, l2) => s + truth.get(d)!.get(l2)!.blob_gas, 0);
    fees.forEach(([d, usd, eth], i) => {
      const wei = L2S.reduce((s, l2) => s + truth.get(d!)!.get(l2)!.blob_fee_wei, 0n);
      const where = new Date(d!).toISOString();
      expect(rel(eth!, Number(wei) / 1e18), where).toBeLessThan(1e-12);
      expect(rel(usd!, (Number(wei) / 1e18) * devnetPrice(SEED, 'ethereum', d!)), where).toBeLessThan(1e-9);
      expect(posted[i]![0]).toBe(d);
      expect(rel(posted[i]![1]!, dayBytes(d!) / 1024 ** 3), where).toBeLessThan(1e-12);
    });
    const lifetime = (who: string[]) => days.reduce((s, d) => s + dayBytes(d, who), 0);
    const nameOf = (ok: string) => chains.find((c) => c.origin_key === ok)!.name;
    const ranked = [...CONSUMERS].sort((a, b) => lifetime([b]) - lifetime([a]));
    expect(overview.all_da.top_da_consumers.max.data).toEqual(ranked.map((ok) => [ok, nameOf(ok), 'da_ethereum_blobs', ok, lifetime([ok])]));
    const max = overview.da_breakdown.da_ethereum_blobs.max;
    expect(max.size.total).toEqual([lifetime(L2S)]);
    expect(max.da_consumer_chart.data.at(-1)).toEqual(['others', 'Others', null, null, lifetime(['base', 'arbitrum', 'linea'])]);
    expect(max.da_consumers.chains.values).toEqual(ranked.filter((ok) => lifetime([ok]) >= 0.1 * 1024 ** 3).map((ok) => [ok, nameOf(ok), ok]));
    // The timeseries' others: the three batchers of chains not in the registry, per day with data.
    const others = da('/v1/da_timeseries.json').data.da_layers.da_ethereum_blobs.max.da_consumers.others.daily.values;
    const expectedOthers = days.map((d) => ['others', 'Others', null, dayBytes(d, ['base', 'arbitrum', 'linea']), d]).filter((r) => (r[3] as number) > 0);
    expect(others).toEqual(expectedOthers);
    // Producers per day: each batcher that posted blobs counts once.
    const producers = da('/v1/metrics/data_availability/da_ethereum_blobs/blob_producers.json').details.timeseries.daily.data;
    expect(producers).toEqual(days.map((d) => [d, L2S.filter((l2) => truth.get(d)!.get(l2)!.blob_gas > 0).length]));
    const master = da('/v1/master.json');
    expect(Object.keys(master.da_layers)).toEqual(['da_ethereum_blobs']);
    expect(master.da_metrics.fees_paid.supported_chains).toEqual(['da_ethereum_blobs']);
  });
});
