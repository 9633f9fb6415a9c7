// CONTRACT.md 11.2: /v1/da_overview.json, /v1/da_timeseries.json, the DA metric details and
// master.json da_layers / da_metrics, on hand-built chains through the real store (DuckDB), facts
// and builders. Every expected number is worked out here from the blob postings written below
// (a table of blobs per day and sender), never from the code under test.
//
// History: ethereum has blocks on 2024-02-26 (d0, a Monday) … 2024-03-06 (d9) and a head block
// on d10; the build runs on d10 at 02:00, so d0…d9 are complete. Weeks: Feb 26 (d0…d6), Mar 4
// (d7…d9); months: February (d0…d3), March (d4…d9). ETH is worth 2000 + 100 × d dollars on day d.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { kindOfPath } from '../../src/documents/kinds.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import type { Chain } from '../../src/registry/types.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, GWEI, makeChain, type BlockSpec, type TxSpec } from '../metrics/chain-fixture.js';

const silent = createLogger('silent');
const DAY = 86_400_000;
const D0 = Date.UTC(2024, 1, 26);
const NOW = D0 + 10 * DAY + 2 * 3_600_000;
const day = (d: number) => D0 + d * DAY;
const BLOB = 131_072;
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
const ethUsd = (d: number) => 2000 + 100 * d;
const rel = (a: number, b: number) => (a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(b), 1e-300));

// Batch addresses: alpha posts from two, every other consumer from one; X and Y are in no registry chain.
const A1 = addr(0xa1);
const A2 = addr(0xa2);
const B1 = addr(0xb1);
const C = (k: number) => addr(0xc0 + k);
const X = addr(0xee1);
const Y = addr(0xee2);
const CONSUMERS = ['alpha', 'beta', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9'];

/** One blob posting: day, sender, blobs, blob gas price in gwei. */
type Post = [number, string, number, number];
const POSTS: Post[] = [
  [0, A1, 900, 1],
  [0, X, 2, 3],
  [1, B1, 850, 2],
  // d2: no blob transaction at all.
  ...[3, 4, 5, 6, 7, 8, 9].flatMap((d) => [3, 4, 5, 6, 7, 8, 9].map((k): Post => [d, C(k), k, 1 + (d % 3)])),
  [9, A2, 1, 5],
  [9, X, 1, 5],
  [9, Y, 3, 5],
];
const senderOf: Record<string, string> = { [A1]: 'alpha', [A2]: 'alpha', [B1]: 'beta', ...Object.fromEntries([3, 4, 5, 6, 7, 8, 9].map((k) => [C(k), `c${k}`])) };

// The test's own sums over POSTS.
const bytesOf = (pred: (p: Post) => boolean) => POSTS.filter(pred).reduce((s, p) => s + p[2] * BLOB, 0);
const feeEthOf = (d: number) => POSTS.filter((p) => p[0] === d).reduce((s, p) => s + (p[2] * BLOB * p[3]) / 1e9, 0);
const inWindow = (n: number | null) => (p: Post) => n === null || p[0] >= 10 - n;
const consumerBytes = (c: string, n: number | null) => bytesOf((p) => senderOf[p[1]] === c && inWindow(n)(p));
const WINDOWS: Array<[string, number | null]> = [['1d', 1], ['7d', 7], ['30d', 30], ['90d', 90], ['180d', 180], ['365d', 365], ['max', null]];

const post = (from: string, blobs: number, gwei: number): TxSpec => ({ from, to: addr(0xfeed), gasUsed: 21_000n, gasPrice: 7n * GWEI, blobGasUsed: BigInt(blobs * BLOB), blobGasPrice: BigInt(gwei) * GWEI });
const plain = (from: string): TxSpec => ({ from, to: addr(0xbeef), gasUsed: 50_000n, gasPrice: 3n * GWEI, inputEmpty: false });

function ethereumBlocks(withBlobs: boolean): BlockSpec[] {
  const blocks: BlockSpec[] = [];
  for (let d = 0; d <= 9; d++) {
    const txs = [plain(addr(0x77)), ...(withBlobs ? POSTS.filter((p) => p[0] === d).map((p) => post(p[1], p[2], p[3])) : [])];
    blocks.push({ time: (day(d) + 6 * 3_600_000) / 1000, txs });
  }
  blocks.push({ time: (day(10) + 3_600_000) / 1000, txs: [] });
  return blocks;
}

function registry(): Chain[] {
  const l2 = (ok: string, addresses: string[]) => makeChain(ok, { chain_type: 'rollup', settlement_chain: 'ethereum', settlement_addresses: addresses as `0x${string}`[] });
  return [
    makeChain('ethereum', { chain_type: 'l1', settlement_chain: null }),
    l2('alpha', [A1, A2]),
    l2('beta', [B1]),
    ...[3, 4, 5, 6, 7, 8, 9].map((k) => l2(`c${k}`, [C(k)])),
  ];
}

async function build(withBlobs: boolean): Promise<{ store: DuckDbStore; inputs: DocumentInput[] }> {
  const clock = new FixedClock(NOW);
  const chains = registry();
  const store = await DuckDbStore.open({ path: ':memory:' });
  await new ChainWriter(store, chains[0]!).write(ethereumBlocks(withBlobs));
  // alpha's own chain carries a blob transaction: only the layer chain's count.
  await new ChainWriter(store, chains[1]!).write([{ time: (day(9) + 3_600_000) / 1000, txs: [post(A1, 50, 1)] }, { time: (day(10) + 3_600_000) / 1000 }]);
  await store.writePrices(Array.from({ length: 11 }, (_, d) => ({ asset: 'ethereum', granularity: 'daily' as const, period_ms: day(d), usd: ethUsd(d) })));
  await computeFacts(store, chains, clock, { logger: silent });
  const { inputs } = await buildAllDocuments(store, chains, clock, { logger: silent });
  return { store, inputs };
}

describe('data availability documents (CONTRACT.md 11.2)', () => {
  let store: DuckDbStore;
  let inputs: DocumentInput[];
  const json = (path: string): any => JSON.parse(JSON.stringify(inputs.find((i) => i.path === path)?.json ?? null));

  beforeAll(async () => {
    ({ store, inputs } = await build(true));
  });
  afterAll(async () => store?.close());

  it('da_overview: all_da.metrics fees_paid (money pair) and data_posted (GiB), daily over the full history and monthly sums', () => {
    const m = json('/v1/da_overview.json').data.all_da;
    expect(m.da_id).toBe('all_da');
    expect(m.da_name).toBe('All DAs');
    const fees = m.metrics.fees_paid.da_ethereum_blobs;
    const data = m.metrics.data_posted.da_ethereum_blobs;
    for (const s of [fees, data]) expect(s).toMatchObject({ metric_name: 'Ethereum Blobs', source: [], avg: true });
    expect(fees.daily.types).toEqual(['unix', 'usd', 'eth']);
    expect(data.daily.types).toEqual(['unix', 'value']);
    expect(fees.daily.data.map((r: number[]) => r[0])).toEqual(Array.from({ length: 10 }, (_, d) => day(d)));
    fees.daily.data.forEach(([, u, e]: number[], d: number) => {
      expect(rel(e!, feeEthOf(d)), `eth d${d}`).toBeLessThan(1e-12);
      expect(rel(u!, feeEthOf(d) * ethUsd(d)), `usd d${d}`).toBeLessThan(1e-12);
    });
    data.daily.data.forEach(([, v]: number[], d: number) => expect(rel(v!, bytesOf((p) => p[0] === d) / GIB)).toBeLessThan(1e-12));
    expect(data.daily.data[2]).toEqual([day(2), 0]);
    // Monthly: February = d0…d3, March = d4…d9.
    const feb = [0, 1, 2, 3];
    const mar = [4, 5, 6, 7, 8, 9];
    expect(fees.monthly.data.map((r: number[]) => r[0])).toEqual([Date.UTC(2024, 1, 1), Date.UTC(2024, 2, 1)]);
    expect(rel(fees.monthly.data[0][2], feb.reduce((s, d) => s + feeEthOf(d), 0))).toBeLessThan(1e-12);
    expect(rel(fees.monthly.data[1][1], mar.reduce((s, d) => s + feeEthOf(d) * ethUsd(d), 0))).toBeLessThan(1e-12);
    expect(rel(data.monthly.data[1][1], bytesOf((p) => p[0] >= 4) / GIB)).toBeLessThan(1e-12);
  });

  it('top_da_consumers: per window the top 5 registry chains by bytes, data_posted in bytes', () => {
    const top = json('/v1/da_overview.json').data.all_da.top_da_consumers;
    expect(Object.keys(top)).toEqual(WINDOWS.map((w) => w[0]));
    const row = (c: string, n: number | null) => [c, c.replace(/\b\w/g, (x) => x.toUpperCase()), 'da_ethereum_blobs', c, consumerBytes(c, n)];
    // d9 alone: c9 … c5 (k blobs each); alpha's single blob and the others fall outside the top 5.
    expect(top['1d']).toEqual({ types: ['da_consumer_key', 'name', 'da_layer', 'origin_key', 'data_posted'], data: ['c9', 'c8', 'c7', 'c6', 'c5'].map((c) => row(c, 1)) });
    expect(top['7d'].data).toEqual(['c9', 'c8', 'c7', 'c6', 'c5'].map((c) => row(c, 7)));
    // Ten days of history: every longer window is all of it; alpha (901 blobs) and beta (850) lead.
    for (const w of ['30d', '90d', '180d', '365d', 'max']) expect(top[w].data, w).toEqual(['alpha', 'beta', 'c9', 'c8', 'c7'].map((c) => row(c, null)));
    expect(consumerBytes('alpha', null)).toBe(901 * BLOB);
  });

  it('da_breakdown: fees, size, fees per MiB per window; consumers over 0.1 GiB by lifetime bytes; the pie of the top 7 and others', () => {
    const b = json('/v1/da_overview.json').data.da_breakdown;
    expect(Object.keys(b)).toEqual(['da_ethereum_blobs', 'totals']);
    for (const [w, n] of WINDOWS) {
      const days = Array.from({ length: 10 }, (_, d) => d).filter((d) => n === null || d >= 10 - n);
      const eth = days.reduce((s, d) => s + feeEthOf(d), 0);
      const usd = days.reduce((s, d) => s + feeEthOf(d) * ethUsd(d), 0);
      const size = bytesOf(inWindow(n));
      const layer = b.da_ethereum_blobs[w];
      expect(layer.fees.types).toEqual(['usd', 'eth']);
      expect(rel(layer.fees.total[0], usd), w).toBeLessThan(1e-12);
      expect(rel(layer.fees.total[1], eth), w).toBeLessThan(1e-12);
      expect(layer.size).toEqual({ types: ['bytes'], total: [size] });
      expect(layer.fees_per_mb.types).toEqual(['usd', 'eth']);
      expect(rel(layer.fees_per_mb.total[0], usd / (size / MIB)), w).toBeLessThan(1e-12);
      expect(rel(layer.fees_per_mb.total[1], eth / (size / MIB)), w).toBeLessThan(1e-12);
      // 0.1 GiB = 819.2 blobs: alpha (901) and beta (850) only, in every window alike.
      expect(layer.da_consumers).toEqual({ count: 2, chains: { types: ['da_consumer_key', 'name', 'gtp_origin_key'], values: [['alpha', 'Alpha', 'alpha'], ['beta', 'Beta', 'beta']] } });
      expect(layer.fixed_params.block_time).toBe('12s');
      expect(layer.fixed_params.blob_size).toBe('128 kB');
      expect(typeof layer.fixed_params.bandwidth).toBe('string');
      expect(new URL(layer.fixed_params.l2beat_risk).protocol).toBe('https:');
      const ranked = CONSUMERS.map((c) => [c, consumerBytes(c, n)] as const).filter(([, v]) => v > 0).sort((x, y) => y[1] - x[1]).slice(0, 7);
      const chart = layer.da_consumer_chart;
      expect(chart.types).toEqual(['da_consumer_key', 'name', 'da_layer', 'origin_key', 'data_posted']);
      expect(chart.data.slice(0, -1).map((r: unknown[]) => [r[0], r[4]])).toEqual(ranked);
      expect(chart.data.at(-1)).toEqual(['others', 'Others', null, null, size - ranked.reduce((s, r) => s + r[1], 0)]);
      expect(b.totals[w]).toEqual({ fees: layer.fees, size: layer.size, fees_per_mb: layer.fees_per_mb });
    }
    // 1d: c9 … c3 are the top 7; others = alpha's blob + X's + Y's 3.
    expect(b.da_ethereum_blobs['1d'].da_consumer_chart.data.at(-1)[4]).toBe(5 * BLOB);
  });

  it('da_timeseries: top 7 of each window plus others per day with data and per month, values with unix last', () => {
    const layers = json('/v1/da_timeseries.json').data.da_layers;
    expect(Object.keys(layers)).toEqual(['da_ethereum_blobs']);
    const TYPES = ['da_consumer_key', 'name', 'gtp_origin_key', 'data_posted', 'unix'];
    const max = layers.da_ethereum_blobs.max.da_consumers;
    expect(Object.keys(max)).toEqual(['alpha', 'beta', 'c9', 'c8', 'c7', 'c6', 'c5', 'others']);
    expect(max.alpha.daily).toEqual({ types: TYPES, values: [['alpha', 'Alpha', 'alpha', 900 * BLOB, day(0)], ['alpha', 'Alpha', 'alpha', BLOB, day(9)]] });
    expect(max.alpha.monthly.values).toEqual([['alpha', 'Alpha', 'alpha', 900 * BLOB, Date.UTC(2024, 1, 1)], ['alpha', 'Alpha', 'alpha', BLOB, Date.UTC(2024, 2, 1)]]);
    // others over max: X on d0 and d9, Y on d9, c4 and c3 from d3 on.
    const others = (d: number) => bytesOf((p) => p[0] === d && ![A1, A2, B1, C(9), C(8), C(7), C(6), C(5)].includes(p[1]));
    expect(max.others.daily.values).toEqual([0, 3, 4, 5, 6, 7, 8, 9].map((d) => ['others', 'Others', null, others(d), day(d)]));
    expect(max.others.monthly.values).toEqual([
      ['others', 'Others', null, others(0) + others(3), Date.UTC(2024, 1, 1)],
      ['others', 'Others', null, [4, 5, 6, 7, 8, 9].reduce((s, d) => s + others(d), 0), Date.UTC(2024, 2, 1)],
    ]);
    const oneDay = layers.da_ethereum_blobs['1d'].da_consumers;
    expect(Object.keys(oneDay)).toEqual(['c9', 'c8', 'c7', 'c6', 'c5', 'c4', 'c3', 'others']);
    expect(oneDay.c3.daily.values).toEqual([['c3', 'C3', 'c3', 3 * BLOB, day(9)]]);
    expect(oneDay.others.daily.values).toEqual([['others', 'Others', null, 5 * BLOB, day(9)]]);
    expect(Object.keys(layers.da_ethereum_blobs)).toEqual(WINDOWS.map((w) => w[0]));
  });

  it('metric details: section 1 shape without hourly, daily values as defined, periods by monthly_agg', () => {
    const doc = (m: string) => json(`/v1/metrics/data_availability/da_ethereum_blobs/${m}.json`).details;
    const count = doc('blob_count');
    expect(Object.keys(count.timeseries)).toEqual(['daily', 'weekly', 'monthly', 'quarterly', 'daily_7d_rolling']);
    expect(count.changes.hourly).toBeUndefined();
    expect(count.summary.last_1h).toEqual({ types: ['value'], data: [null] });
    const blobs = (d: number) => POSTS.filter((p) => p[0] === d).reduce((s, p) => s + p[2], 0);
    expect(count.timeseries.daily.data).toEqual(Array.from({ length: 10 }, (_, d) => [day(d), blobs(d)]));
    // Weekly sums: d0…d6, d7…d9.
    expect(count.timeseries.weekly.data).toEqual([[day(0), [0, 1, 2, 3, 4, 5, 6].reduce((s, d) => s + blobs(d), 0)], [day(7), blobs(7) + blobs(8) + blobs(9)]]);
    const posted = doc('data_posted').timeseries.daily.data;
    posted.forEach(([, v]: number[], d: number) => expect(rel(v!, (blobs(d) * BLOB) / GIB)).toBeLessThan(1e-12));
    const fees = doc('fees_paid');
    expect(fees.timeseries.daily.types).toEqual(['unix', 'usd', 'eth']);
    expect(rel(fees.timeseries.quarterly.data[0][2], Array.from({ length: 10 }, (_, d) => feeEthOf(d)).reduce((a, b) => a + b, 0))).toBeLessThan(1e-12);
    // Fees per MiB: null on d2 (nothing posted); months average the days that have a value.
    const perMb = doc('fees_per_mbyte').timeseries;
    const perMbEth = (d: number) => feeEthOf(d) / ((blobs(d) * BLOB) / MIB);
    expect(perMb.daily.data[2]).toEqual([day(2), null, null]);
    expect(rel(perMb.monthly.data[0][2], (perMbEth(0) + perMbEth(1) + perMbEth(3)) / 3)).toBeLessThan(1e-12);
    // Producers: d0 alpha + X; d1 beta; d2 none; d3…d8 c3…c9; d9 those seven, alpha, X and Y.
    const producers = doc('blob_producers').timeseries;
    expect(producers.daily.data.map((r: number[]) => r[1])).toEqual([2, 1, 0, 7, 7, 7, 7, 7, 7, 10]);
    expect(producers.monthly.data).toEqual([[Date.UTC(2024, 1, 1), (2 + 1 + 0 + 7) / 4], [Date.UTC(2024, 2, 1), (7 * 5 + 10) / 6]]);
    expect(doc('blob_producers').metric_name).toBe('DA Consumers');
  });

  it('only da_ethereum_blobs is published: another layer is a 404 under the same kind', () => {
    const paths = inputs.map((i) => i.path).filter((p) => p.startsWith('/v1/metrics/data_availability/'));
    expect(paths.sort()).toEqual(['blob_count', 'blob_producers', 'data_posted', 'fees_paid', 'fees_per_mbyte'].map((m) => `/v1/metrics/data_availability/da_ethereum_blobs/${m}.json`));
    expect(kindOfPath('/v1/metrics/data_availability/da_celestia/fees_paid.json')?.route).toBe('da_metric_detail');
  });

  it('master.json: da_layers.da_ethereum_blobs and the five da_metrics with the section 6 keys', () => {
    const master = json('/v1/master.json');
    expect(Object.keys(master.da_layers)).toEqual(['da_ethereum_blobs']);
    expect(master.da_layers.da_ethereum_blobs).toMatchObject({ name: 'Ethereum Blobs', name_short: 'Eth Blobs', url_key: 'da-ethereum-blobs', incl_in_da_overview: true });
    expect(Object.keys(master.da_layers.da_ethereum_blobs.block_explorers)).toEqual(['beaconcha.in']);
    expect(Object.keys(master.da_metrics)).toEqual(['blob_count', 'data_posted', 'fees_paid', 'fees_per_mbyte', 'blob_producers']);
    const m = master.da_metrics;
    expect(m.blob_count).toMatchObject({ metric_keys: ['da_blob_count'], icon: 'da-blobs-number', monthly_agg: 'sum', hourly_available: false, supported_chains: ['da_ethereum_blobs'] });
    expect(m.blob_count.units.value.decimals).toBe(0);
    expect(m.data_posted).toMatchObject({ metric_keys: ['da_data_posted_bytes'], icon: 'da-data-posted' });
    expect(m.data_posted.units.value.suffix).toBe('GB');
    expect(m.fees_paid).toMatchObject({ metric_keys: ['da_fees_usd', 'da_fees_eth'], icon: 'da-fees-paid', monthly_agg: 'sum' });
    expect(m.fees_per_mbyte).toMatchObject({ metric_keys: ['da_fees_per_mbyte_usd', 'da_fees_per_mbyte_eth'], icon: 'da-fees-paid-per-mb', monthly_agg: 'avg' });
    expect(m.blob_producers).toMatchObject({ name: 'DA Consumers', metric_keys: ['da_unique_blob_producers'], icon: 'da-consumers', monthly_agg: 'avg' });
    const keys = Object.keys(master.metrics.txcount).sort();
    for (const info of Object.values(m) as Array<Record<string, unknown>>) {
      expect(Object.keys(info).sort()).toEqual(keys);
      for (const s of info.source as string[]) expect(master.sources[s]).toBeDefined();
    }
  });

  it('without blob data: no overview, no timeseries, no metric details; master da_layers and da_metrics {}', async () => {
    const none = await build(false);
    try {
      const paths = none.inputs.map((i) => i.path);
      expect(paths).not.toContain('/v1/da_overview.json');
      expect(paths).not.toContain('/v1/da_timeseries.json');
      expect(paths.filter((p) => p.includes('data_availability'))).toEqual([]);
      const master = JSON.parse(JSON.stringify(none.inputs.find((i) => i.path === '/v1/master.json')!.json));
      expect(master.da_layers).toEqual({});
      expect(master.da_metrics).toEqual({});
    } finally {
      await none.store.close();
    }
  });
});
