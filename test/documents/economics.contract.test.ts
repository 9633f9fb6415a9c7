// CONTRACT.md 11.1: /v1/economics.json on hand-built chains through the real store, facts,
// builders and HTTP server. The expected figures are the test's own arithmetic over the
// transactions it wrote (fees by METRICS.md section 1, the batch posters' L1 fees, blob fees and
// blob gas), never read from the code under test.
//
// History: 40 days from Wednesday 2024-01-10; the build runs 2024-02-19 01:30, so the last
// complete day is 2024-02-18. Ethereum carries the batch transactions of every L2 below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import { buildDocumentSet, type DocumentInput } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import type { Chain } from '../../src/registry/types.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { PriceRow } from '../../src/store/prices.js';
import { ECONOMICS_CAROUSEL, ECONOMICS_CAROUSEL_COSTS, ECONOMICS_WINDOWS, type Economics, type EconomicsWindow } from '../compat/contract-fields.js';
import { addr, ChainWriter, feeOf, GWEI, makeChain, type BlockSpec, type TxSpec } from '../metrics/chain-fixture.js';
import { request } from '../server/helpers/http-client.js';
import { startServer } from '../server/helpers/server.js';
import { DAY, HOUR, genBlocks, txsBetween } from './scenario.js';

const silent = createLogger('silent');
const PATH = '/v1/economics.json';
const START = Date.UTC(2024, 0, 10);
const DAYS = 40;
const END = START + DAYS * DAY; // 2024-02-19, the build's day
const NOW = END + 90 * 60_000;
const LAST = END - DAY;
const BLOB = 131_072n;
const price = (day: number) => 2000 + (day - START) / DAY;

// Batch posters on ethereum, one per L2.
const P = { l2a: addr(0xa0a), l2b: addr(0xb0b), l2c: addr(0xc0c), l2d: addr(0xd0d), l2e: addr(0xe0e), l2f: addr(0xf0f) };
const blobPost = (from: string, blobs: bigint, blobPrice: bigint): TxSpec => ({ from, gasUsed: 21_000n, gasPrice: 10n * GWEI, blobGasUsed: blobs * BLOB, blobGasPrice: blobPrice, inputEmpty: true });
const calldataPost = (from: string, gasUsed: bigint, gasPrice: bigint): TxSpec => ({ from, to: addr(0x1ee), gasUsed, gasPrice, inputEmpty: false });

/**
 * The posts, by day index: l2a posts blobs every third day from day 5 (and calldata on even
 * days among those), nothing on the last day; l2b posts calldata daily from day 8, at a loss
 * (far above its fees) on its last three days; l2c..l2e post too, but are not listed.
 */
function posts(): Array<{ day: number; tx: TxSpec }> {
  const out: Array<{ day: number; tx: TxSpec }> = [];
  for (let d = 5; d < DAYS - 1; d += 3) {
    out.push({ day: d, tx: blobPost(P.l2a, BigInt(1 + (d % 4)), BigInt(1 + d) * 1_000_000n) });
    if (d % 2 === 0) out.push({ day: d, tx: calldataPost(P.l2a, 120_000n, 7n * GWEI) });
  }
  for (let d = 8; d < DAYS; d++) out.push({ day: d, tx: calldataPost(P.l2b, d >= DAYS - 3 ? 2_000_000n : 90_000n, d >= DAYS - 3 ? 40n * GWEI : 3n * GWEI) });
  for (const who of [P.l2c, P.l2d, P.l2e]) for (let d = 3; d < DAYS; d += 4) out.push({ day: d, tx: blobPost(who, 2n, 5_000_000n) });
  return out;
}
const POSTS = posts();

const l2 = (ok: string, over: Partial<Chain>): Chain =>
  makeChain(ok, { chain_type: 'rollup', settlement_chain: 'ethereum', settlement_addresses: [P[ok as keyof typeof P] as `0x${string}`], ...over });
const ETHEREUM = makeChain('ethereum', { chain_type: 'l1', family: 'ethereum', da_layer: 'Ethereum' });
const CHAINS: Chain[] = [
  ETHEREUM,
  l2('l2b', { da_layer: 'Ethereum (calldata)' }),
  l2('l2a', { da_layer: 'Ethereum (blobs)' }),
  l2('l2c', { da_layer: 'Celestia', chain_type: 'others' }), // DA cost not observable on Ethereum
  l2('l2d', { da_layer: 'Ethereum (blobs)', deployment: 'DEV' }), // not PROD
  l2('l2e', { da_layer: 'Ethereum Blobs' }), // the check is case-sensitive: the page's helper would not recognise it
  l2('l2f', { da_layer: 'Ethereum (blobs)' }), // its poster never sends: no batch txs
];
const LISTED = ['l2a', 'l2b'] as const;
type Listed = (typeof LISTED)[number];

const BLOCKS: Record<string, BlockSpec[]> = {};
BLOCKS.ethereum = [
  ...genBlocks({ seed: 51, fromMs: START, days: DAYS, senders: 10 }),
  // Each post in a block of its own, at 13:xx of its day.
  ...POSTS.map((p, i) => ({ time: (START + p.day * DAY + 13 * HOUR + (i % 50) * 60_000) / 1000, txs: [p.tx] })),
].sort((a, b) => a.time - b.time);
for (const [i, c] of CHAINS.entries()) if (c.origin_key !== 'ethereum') BLOCKS[c.origin_key] = genBlocks({ seed: 60 + i, fromMs: START, days: DAYS });
for (const b of Object.values(BLOCKS)) b.push({ time: (END + HOUR) / 1000 });

// ---- the test's own figures -------------------------------------------------------------------

const wei = (x: bigint) => Number(x) / 1e18;
interface DayFigures {
  revenue: number; // ETH
  costs: number;
  blobs: number;
  size: number;
}
/** Per listed chain and day index: fees of its own transactions, its poster's L1 fees, blob fees and blob gas. */
function figures(ok: Listed, d: number): DayFigures {
  const day = START + d * DAY;
  const revenue = wei(txsBetween(BLOCKS[ok]!, day, day + DAY).reduce((a, t) => a + feeOf(t, 'op'), 0n));
  const mine = POSTS.filter((p) => p.day === d && p.tx.from === P[ok]).map((p) => p.tx);
  return {
    revenue,
    costs: wei(mine.reduce((a, t) => a + feeOf(t, 'ethereum'), 0n)),
    blobs: wei(mine.reduce((a, t) => a + (t.blobGasUsed ?? 0n) * (t.blobGasPrice ?? 0n), 0n)),
    size: Number(mine.reduce((a, t) => a + (t.blobGasUsed ?? 0n), 0n)),
  };
}
/** The first day index with a post of the chain. */
const firstPost = (ok: Listed) => Math.min(...POSTS.filter((p) => p.tx.from === P[ok]).map((p) => p.day));
/** Day indexes of the chain's rows: its first post to the last complete day. */
const rowDays = (ok: Listed) => Array.from({ length: DAYS - firstPost(ok) }, (_, i) => firstPost(ok) + i);

/** Window sums of a chain: the last n days of its rows (all for null), usd by each day's price. */
function windowOf(ok: Listed, n: number | null) {
  const days = rowDays(ok).filter((d) => n === null || d >= DAYS - n);
  const s = { revenue: [0, 0], costs: [0, 0], blobs: [0, 0], size: 0 };
  for (const d of days) {
    const f = figures(ok, d);
    const p = price(START + d * DAY);
    for (const k of ['revenue', 'costs', 'blobs'] as const) {
      s[k][0] += f[k] * p;
      s[k][1] += f[k];
    }
    s.size += f.size;
  }
  return s;
}
const WINDOW_DAYS: Record<string, number | null> = { '1d': 1, '7d': 7, '30d': 30, '90d': 90, '180d': 180, '365d': 365, max: null };

function expectPair(actual: number[], usd: number, eth: number, what: string): void {
  expect(actual, what).toHaveLength(2);
  expect(actual[0], `${what} usd`).toBeCloseTo(usd, 6);
  expect(actual[1], `${what} eth`).toBeCloseTo(eth, 12);
}

describe('economics (CONTRACT.md 11.1)', () => {
  let store: DuckDbStore;
  let inputs: DocumentInput[];
  let doc: Economics;
  let master: { metrics: Record<string, { name: string; source: string[] }> };

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    const prices: PriceRow[] = [];
    for (let d = START; d <= END; d += DAY) prices.push({ asset: 'ethereum', granularity: 'daily', period_ms: d, usd: price(d) });
    await store.writePrices(prices);
    for (const c of CHAINS) await new ChainWriter(store, c).write(BLOCKS[c.origin_key]!);
    await computeFacts(store, CHAINS, new FixedClock(NOW), { logger: silent });
    inputs = (await buildAllDocuments(store, CHAINS, new FixedClock(NOW), { logger: silent })).inputs;
    doc = JSON.parse(JSON.stringify(inputs.find((d) => d.path === PATH)!.json)) as Economics;
    master = inputs.find((d) => d.path === '/v1/master.json')!.json as typeof master;
  });
  afterAll(async () => store?.close());

  it('is published daily with the reference writer keys; da_charts is {}', () => {
    expect(inputs.find((d) => d.path === PATH)!.freshness).toBe('daily');
    expect(Object.keys(doc)).toEqual(['data', 'last_updated_utc']);
    expect(Object.keys(doc.data)).toEqual(['all_l2s', 'chain_breakdown', 'da_charts']);
    expect(doc.data.da_charts).toEqual({});
    expect(doc.last_updated_utc).toBe('2024-02-19 01:30:00');
  });

  it('lists the PROD Ethereum-DA L2s with batch txs only: not ethereum, all_l2s, Celestia, DEV, "Ethereum Blobs" or a silent poster', () => {
    expect(Object.keys(doc.data.chain_breakdown)).toEqual(['l2a', 'l2b', 'totals']);
  });

  it('every chain has the seven windows, then daily and monthly', () => {
    for (const ok of LISTED) expect(Object.keys(doc.data.chain_breakdown[ok]!)).toEqual([...ECONOMICS_WINDOWS, 'daily', 'monthly']);
    expect(Object.keys(doc.data.chain_breakdown.totals)).toEqual([...ECONOMICS_WINDOWS]);
  });

  it('W per window: revenue = Σ fees, costs = Σ rent (L1 part + blob part), profit = revenue − costs, margin = profit/revenue in ETH, size = Σ blob bytes', () => {
    for (const ok of LISTED) {
      for (const w of ECONOMICS_WINDOWS) {
        const e = windowOf(ok, WINDOW_DAYS[w]!);
        const got = doc.data.chain_breakdown[ok]![w] as EconomicsWindow;
        const at = `${ok} ${w}`;
        expect(Object.keys(got)).toEqual(['revenue', 'costs', 'profit', 'profit_margin', 'size']);
        expect(got.revenue.types).toEqual(['usd', 'eth']);
        expectPair(got.revenue.total, e.revenue[0]!, e.revenue[1]!, `${at} revenue`);
        expect(Object.keys(got.costs)).toEqual(['types', 'total', 'costs_l1', 'costs_blobs']);
        expectPair(got.costs.total, e.costs[0]!, e.costs[1]!, `${at} costs`);
        expectPair(got.costs.costs_blobs!, e.blobs[0]!, e.blobs[1]!, `${at} costs_blobs`);
        expectPair(got.costs.costs_l1!, e.costs[0]! - e.blobs[0]!, e.costs[1]! - e.blobs[1]!, `${at} costs_l1`);
        expectPair(got.profit.total, e.revenue[0]! - e.costs[0]!, e.revenue[1]! - e.costs[1]!, `${at} profit`);
        expect(got.profit_margin.types).toEqual(['percentage']);
        const margin = e.revenue[1] === 0 ? 0 : Math.min(1, (e.revenue[1]! - e.costs[1]!) / e.revenue[1]!);
        expect(got.profit_margin.total[0], `${at} margin`).toBeCloseTo(margin, 9);
        expect(got.size).toEqual({ types: ['bytes'], total: [e.size] });
      }
    }
  });

  it('the margin: 1 on a day without costs, below −1 on a loss, never above 1', () => {
    // l2a posts nothing on the last day; l2b's last days cost 0.08 ETH each, far above its fees.
    const a = doc.data.chain_breakdown.l2a!['1d'];
    expect(a.costs.total).toEqual([0, 0]);
    expect(a.profit_margin.total).toEqual([1]);
    expect(doc.data.chain_breakdown.l2b!['1d'].profit_margin.total[0]).toBeLessThan(-1);
    // l2b sends calldata only: no blob fees, no blob bytes; its costs are all L1.
    expect(doc.data.chain_breakdown.l2b!.max.costs.costs_blobs).toEqual([0, 0]);
    expect(doc.data.chain_breakdown.l2b!.max.size.total).toEqual([0]);
    for (const ok of LISTED) for (const w of ECONOMICS_WINDOWS) expect(doc.data.chain_breakdown[ok]![w].profit_margin.total[0]).toBeLessThanOrEqual(1);
  });

  it('totals: sums of the chains per window without the costs split, profit = revenue − costs, margin the same rule', () => {
    for (const w of ECONOMICS_WINDOWS) {
      const [a, b] = [windowOf('l2a', WINDOW_DAYS[w]!), windowOf('l2b', WINDOW_DAYS[w]!)];
      const t = doc.data.chain_breakdown.totals[w];
      expect(Object.keys(t.costs)).toEqual(['types', 'total']);
      const rev = [a.revenue[0]! + b.revenue[0]!, a.revenue[1]! + b.revenue[1]!];
      const cost = [a.costs[0]! + b.costs[0]!, a.costs[1]! + b.costs[1]!];
      expectPair(t.revenue.total, rev[0]!, rev[1]!, `totals ${w} revenue`);
      expectPair(t.costs.total, cost[0]!, cost[1]!, `totals ${w} costs`);
      expectPair(t.profit.total, rev[0]! - cost[0]!, rev[1]! - cost[1]!, `totals ${w} profit`);
      expect(t.profit_margin.total[0]).toBeCloseTo(Math.min(1, (rev[1]! - cost[1]!) / rev[1]!), 9);
      expect(t.size.total).toEqual([a.size + b.size]);
    }
  });

  it('daily: every day from the first day with rent to the last complete day, zeros filled, the same days in revenue, costs and profit', () => {
    for (const ok of LISTED) {
      const daily = doc.data.chain_breakdown[ok]!.daily;
      expect(Object.keys(daily)).toEqual(['revenue', 'costs', 'profit']);
      const days = rowDays(ok).map((d) => START + d * DAY);
      expect(days[days.length - 1]).toBe(LAST);
      for (const k of ['revenue', 'costs', 'profit'] as const) {
        expect(daily[k].types).toEqual(['unix', 'usd', 'eth']);
        expect(daily[k].data.map((r) => r[0]), `${ok} ${k}`).toEqual(days);
      }
      rowDays(ok).forEach((d, i) => {
        const f = figures(ok, d);
        const p = price(START + d * DAY);
        expect(daily.revenue.data[i]![2]).toBeCloseTo(f.revenue, 15);
        expect(daily.revenue.data[i]![1]).toBeCloseTo(f.revenue * p, 9);
        expect(daily.costs.data[i]![2]).toBeCloseTo(f.costs, 15); // 0 on a day without a post
        expect(daily.profit.data[i]![2]).toBeCloseTo(f.revenue - f.costs, 15);
        expect(daily.profit.data[i]![1]).toBeCloseTo((f.revenue - f.costs) * p, 9);
      });
    }
    // l2a's rows start on day 5 (its first post), and day 6 has no post: a 0 row.
    expect(doc.data.chain_breakdown.l2a!.daily.costs.data[0]![0]).toBe(START + 5 * DAY);
    expect(doc.data.chain_breakdown.l2a!.daily.costs.data[1]!.slice(1)).toEqual([0, 0]);
  });

  it('monthly: calendar-month sums of the daily rows, unix at the 1st, the current month last', () => {
    for (const ok of LISTED) {
      const m = doc.data.chain_breakdown[ok]!.monthly;
      for (const k of ['revenue', 'costs', 'profit'] as const) {
        expect(m[k].types).toEqual(['unix', 'usd', 'eth']);
        expect(m[k].data.map((r) => r[0])).toEqual([Date.UTC(2024, 0, 1), Date.UTC(2024, 1, 1)]);
      }
      const feb = rowDays(ok).filter((d) => START + d * DAY >= Date.UTC(2024, 1, 1));
      const eth = (k: 'revenue' | 'costs') => feb.reduce((a, d) => a + figures(ok, d)[k], 0);
      expect(m.revenue.data[1]![2]).toBeCloseTo(eth('revenue'), 12);
      expect(m.costs.data[1]![2]).toBeCloseTo(eth('costs'), 12);
      expect(m.profit.data[1]![2]).toBeCloseTo(eth('revenue') - eth('costs'), 12);
      // January + February = the max window.
      expect(m.revenue.data[0]![1] + m.revenue.data[1]![1]).toBeCloseTo(windowOf(ok, null).revenue[0]!, 6);
    }
  });

  it('all_l2s: exactly fees, costs {costs_l1, costs_blobs}, profit in that order, names and sources from master', () => {
    const a = doc.data.all_l2s;
    expect(Object.keys(a)).toEqual(['chain_id', 'chain_name', 'metrics']);
    expect([a.chain_id, a.chain_name]).toEqual(['all_l2s', 'All L2s']);
    expect(Object.keys(a.metrics)).toEqual([...ECONOMICS_CAROUSEL]);
    expect(Object.keys(a.metrics.costs)).toEqual([...ECONOMICS_CAROUSEL_COSTS]);
    expect(a.metrics.fees.metric_name).toBe(master.metrics.fees!.name);
    expect(a.metrics.fees.source).toEqual(master.metrics.fees!.source);
    expect(a.metrics.profit.metric_name).toBe(master.metrics.profit!.name);
    expect(a.metrics.profit.source).toEqual(master.metrics.profit!.source);
    expect([a.metrics.costs.costs_l1.metric_name, a.metrics.costs.costs_blobs.metric_name]).toEqual(['L1 Costs', 'Blobs']);
    expect(a.metrics.costs.costs_l1.source).toEqual(master.metrics.rent_paid!.source);
    for (const l of [a.metrics.fees, a.metrics.costs.costs_l1, a.metrics.costs.costs_blobs, a.metrics.profit]) {
      expect(Object.keys(l)).toEqual(['metric_name', 'source', 'avg', 'daily', 'monthly']);
      expect(l.avg).toBe('true');
    }
  });

  it('all_l2s daily: the last 720 days to the last complete day, zeros included, sums over the listed chains; monthly from a partial first month', () => {
    const m = doc.data.all_l2s.metrics;
    const first = END - 720 * DAY;
    const days = Array.from({ length: 720 }, (_, i) => first + i * DAY);
    const sum = (d: number, k: keyof DayFigures) => LISTED.reduce((a, ok) => a + (rowDays(ok).includes(d) ? (figures(ok, d)[k] as number) : 0), 0);
    const eth = (series: { data: number[][] }) => series.data.map((r) => r[2]);
    for (const l of [m.fees, m.costs.costs_l1, m.costs.costs_blobs, m.profit]) expect(l.daily.data.map((r) => r[0])).toEqual(days);
    const idx = days.map((ms) => (ms - START) / DAY);
    const close = (got: number[], want: number[]) => got.forEach((g, i) => expect(g, `day ${idx[i]}`).toBeCloseTo(want[i]!, 14));
    close(eth(m.fees.daily), idx.map((d) => sum(d, 'revenue')));
    close(eth(m.costs.costs_blobs.daily), idx.map((d) => sum(d, 'blobs')));
    close(eth(m.costs.costs_l1.daily), idx.map((d) => sum(d, 'costs') - sum(d, 'blobs')));
    close(eth(m.profit.daily), idx.map((d) => sum(d, 'revenue') - sum(d, 'costs')));
    expect(m.fees.daily.data[0]!.slice(1)).toEqual([0, 0]);
    // Months: that of 720 days ago (2022-03-01 here, so whole) to February 2024, every one.
    const months = m.fees.monthly.data.map((r) => r[0]);
    expect(first).toBe(Date.UTC(2022, 2, 1));
    expect(months).toEqual(Array.from({ length: 24 }, (_, i) => Date.UTC(2022, 2 + i, 1)));
    const janFees = idx.filter((d) => d >= 0 && START + d * DAY < Date.UTC(2024, 1, 1)).reduce((a, d) => a + sum(d, 'revenue'), 0);
    expect(m.fees.monthly.data[months.length - 2]![2]).toBeCloseTo(janFees, 12);
  });

  it('no qualifying chain: no document, and the server answers 404', async () => {
    const without = CHAINS.filter((c) => c.origin_key !== 'l2a' && c.origin_key !== 'l2b');
    const built = await buildAllDocuments(store, without, new FixedClock(NOW), { logger: silent });
    expect(built.inputs.map((d) => d.path)).not.toContain(PATH);
    expect(built.report.skipped.map((s) => s.path)).toContain(PATH);
    const server = await startServer(buildDocumentSet(built.inputs, NOW));
    const withDoc = await startServer(buildDocumentSet(inputs, NOW));
    try {
      expect((await request(server.base, PATH)).status).toBe(404);
      const ok = await request(withDoc.base, PATH);
      expect(ok.status).toBe(200);
      expect(JSON.parse(ok.body.toString('utf8'))).toEqual(doc);
    } finally {
      await server.close();
      await withDoc.close();
    }
  });
});
