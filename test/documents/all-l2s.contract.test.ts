// CONTRACT.md section 8 against hand-made chains: two L2s that share senders (one starts later
// and lags a day behind) and an L1 that must not count. Every expected number is derived by the
// test from the transactions it wrote and the prices it stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock, HOUR_MS } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { BuildContext } from '../../src/documents/document-kind.js';
import { buildDocumentSet, type DocumentSet } from '../../src/documents/document-set.js';
import { metricDetail } from '../../src/documents/metric-detail/metric-detail.js';
import { createLogger } from '../../src/log.js';
import { CHAIN_METRICS, computedChainMetrics, FEE_METRICS } from '../../src/metrics/catalog.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { allL2sAggregate } from '../../src/metrics/l2-aggregate.js';
import { loadChainFacts, loadFactStatus } from '../../src/metrics/read-facts.js';
import type { PriceRow } from '../../src/store/prices.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, makeChain, type BlockSpec } from '../metrics/chain-fixture.js';
import { DAY, expectedPeriod, genBlocks, HOUR, txsBetween } from './scenario.js';

const silent = createLogger('silent');
const START = Date.UTC(2024, 0, 10); // a Wednesday
const DAYS = 40;
const END = START + DAYS * DAY; // the clock's day
const NOW = END + 90 * 60_000;
const B_FROM = START + 5 * DAY; // l2b starts five days later…
const B_UNTIL = END - DAY; // …and its head is a day behind: all_l2s ends where l2b does
const dailyUsd = (d: number) => 2000 + 11 * ((d - START) / DAY);
const hourlyUsd = (h: number) => dailyUsd(Math.floor(h / DAY) * DAY) + (h % DAY) / HOUR;

type Table = { types: string[]; data: Array<Array<number | null>> };
type Doc = {
  last_updated_utc: string;
  details: {
    metric_id: string;
    metric_name: string;
    source: string[];
    timeseries: Record<string, Table | null>;
    changes: Record<string, Record<string, unknown>>;
    summary: Record<string, { types: string[]; data: Array<number | null> }>;
  };
};

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const chg = (later: number | null, earlier: number | null) => {
  if (later === null || earlier === null || earlier <= 0 || later < 0) return null;
  return Math.round(Math.min(later / earlier - 1, 99.99) * 1e4) / 1e4;
};

describe('all_l2s metric details (CONTRACT.md 8)', () => {
  let store: DuckDbStore;
  let set: DocumentSet;
  // l2a settles on l1 (its poster is one of l1's senders), so it has rent_paid and profit, and
  // a stablecoin whose daily supply samples are written below; l2b has neither.
  const USDC = addr(0xc1) as `0x${string}`;
  const l2a = makeChain('l2a', {
    settlement_chain: 'l1',
    settlement_addresses: [addr(3) as `0x${string}`],
    stablecoins: [{ symbol: 'USDC', address: USDC, decimals: 6, peg: 'usd' }],
  });
  const l2b = makeChain('l2b', { family: 'arbitrum' });
  const l1 = makeChain('l1', { chain_type: 'l1', family: 'ethereum' });
  // The L2s draw senders from overlapping pools (1..12 and 1..20): most days share addresses.
  const blocks: Record<string, BlockSpec[]> = {
    l2a: genBlocks({ seed: 21, fromMs: START, days: DAYS, senders: 12 }),
    l2b: genBlocks({ seed: 22, fromMs: B_FROM, days: (B_UNTIL - B_FROM) / DAY, senders: 20 }),
    l1: genBlocks({ seed: 23, fromMs: START, days: DAYS, senders: 30 }),
  };
  // A hand-made hour on both L2s with one shared sender: the union counts it once.
  const SHARED_HOUR = B_UNTIL - 5 * HOUR;
  blocks.l2a!.push({ time: (SHARED_HOUR + 60_000) / 1000, txs: [{ from: addr(0xaa) }, { from: addr(0xbb) }] });
  blocks.l2b!.push({ time: (SHARED_HOUR + 120_000) / 1000, txs: [{ from: addr(0xaa) }, { from: addr(0xcc) }] });
  for (const b of Object.values(blocks)) b.sort((x, y) => x.time - y.time);
  const familyOf = { l2a: 'op', l2b: 'arbitrum', l1: 'ethereum' } as const;
  const L2S = ['l2a', 'l2b'] as const;

  const doc = (ok: string, metric: string): Doc => JSON.parse(set.entries.get(`/v1/metrics/chains/${ok}/${metric}.json`)!.body.toString('utf8')) as Doc;
  const exp = (ok: keyof typeof familyOf, lo: number, hi: number) => expectedPeriod(txsBetween(blocks[ok]!, lo, hi), (hi - lo) / 1000, familyOf[ok]);
  const union = (lo: number, hi: number) => new Set(L2S.flatMap((ok) => [...exp(ok, lo, hi).senders])).size;
  const aggDays = (m: string) => doc('all_l2s', m).details.timeseries.daily!.data.map((r) => r[0]!);

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    const heads = { l2a: END + HOUR, l2b: B_UNTIL + 2 * HOUR, l1: END + HOUR };
    for (const chain of [l2a, l2b, l1]) {
      const w = new ChainWriter(store, chain);
      await w.write(blocks[chain.origin_key]!);
      await w.write([{ time: heads[chain.origin_key as keyof typeof heads] / 1000 }]);
    }
    const prices: PriceRow[] = [];
    for (let d = START; d < END + DAY; d += DAY) prices.push({ asset: 'ethereum', granularity: 'daily', period_ms: d, usd: dailyUsd(d) });
    for (let h = END - 16 * DAY; h < END + 2 * HOUR; h += HOUR) prices.push({ asset: 'ethereum', granularity: 'hourly', period_ms: h, usd: hourlyUsd(h) });
    await store.writePrices(prices);
    const samples = [];
    for (let d = START; d < END; d += DAY) samples.push({ origin_key: 'l2a', address: USDC, day_ms: d, block_number: 0, supply: 1e6 + (d - START) / DAY });
    await store.writeSupplySamples(samples);
    // tvl and app_revenue days as the external source stores them, on every chain.
    await store.writeExternalValues(
      (['l2a', 'l2b', 'l1'] as const).flatMap((origin_key, i) =>
        Array.from({ length: DAYS }, (_, k) => START + k * DAY).flatMap((day_ms) => [
          { origin_key, series: 'tvl', day_ms, usd: 1e6 * (i + 1) + day_ms / DAY },
          { origin_key, series: 'app_revenue', day_ms, usd: 1e3 * (i + 1) + (day_ms / DAY) % 7 },
        ]),
      ),
    );
    const clock = new FixedClock(NOW);
    await computeFacts(store, [l2a, l2b, l1], clock, { logger: silent });
    const { inputs } = await buildAllDocuments(store, [l2a, l2b, l1], clock, { logger: silent });
    set = buildDocumentSet(inputs, clock.now());
  });
  afterAll(async () => {
    await store.close();
  });

  it('exists for every computed chain metric but the market ones, built hourly, named all_l2s in ctx.supported', async () => {
    for (const m of computedChainMetrics()) {
      if (allL2sAggregate(m) === null) {
        expect(set.entries.has(`/v1/metrics/chains/all_l2s/${m.metric_id}.json`), m.metric_id).toBe(false);
        continue;
      }
      expect(set.entries.has(`/v1/metrics/chains/all_l2s/${m.metric_id}.json`), m.metric_id).toBe(true);
      expect(set.entries.get(`/v1/metrics/chains/all_l2s/${m.metric_id}.json`)!.freshness).toBe(m.hourly_available ? 'hourly' : 'daily');
    }
    // What master.json lists: the kind records all_l2s with its built metric_ids.
    const statuses = await loadFactStatus(store);
    const chains = [];
    for (const chain of [l2a, l2b, l1]) {
      const status = statuses.get(chain.origin_key)!;
      chains.push({ chain, status, facts: await loadChainFacts(store, chain.origin_key, ['txcount', 'daa'], status, status.hours_until - 336 * HOUR_MS), prices: [] });
    }
    const metrics = computedChainMetrics().filter((m) => m.metric_id === 'txcount' || m.metric_id === 'daa');
    const ctx: BuildContext = {
      store,
      builtAt: NOW,
      chains,
      metrics,
      catalog: CHAIN_METRICS,
      feeMetrics: FEE_METRICS,
      supported: new Map(),
      overviews: new Set(),
      report: { built_at: NOW, documents: 0, degraded: [], skipped: [], elapsed_ms: 0 },
      logger: silent,
    };
    const built = await metricDetail.build!(ctx);
    expect(ctx.supported.get('all_l2s')).toEqual(['txcount', 'daa']);
    expect([...ctx.supported.keys()]).toEqual(['l2a', 'l2b', 'l1', 'all_l2s']);
    expect(built.at(-1)!.path).toBe('/v1/metrics/chains/all_l2s/daa.json'); // after the chains' documents
  });

  it('sums tvl and app_revenue of the L2s per day, never the L1', () => {
    for (const id of ['tvl', 'app_revenue']) {
      const on = (ok: string, day: number) => (doc(ok, id).details.timeseries.daily!.data.find((r) => r[0] === day)?.[1] as number | undefined) ?? 0;
      const all = doc('all_l2s', id).details.timeseries.daily!;
      expect(all.data.length).toBeGreaterThan(30);
      for (const [day, usd] of all.data) expect(usd).toBeCloseTo(on('l2a', day!) + on('l2b', day!), 6);
    }
  });

  it('ends at the last day complete on every L2 (the lagging one) and starts at the first non-zero day of any', () => {
    const days = aggDays('txcount');
    expect(days.at(-1)).toBe(B_UNTIL - DAY);
    expect(doc('l2a', 'txcount').details.timeseries.daily!.data.at(-1)![0]).toBe(END - DAY);
    expect(days[0]).toBe(doc('l2a', 'txcount').details.timeseries.daily!.data[0]![0]);
    expect(doc('all_l2s', 'txcount').details.timeseries.hourly!.data.at(-1)![0]).toBe(B_UNTIL + HOUR);
  });

  it('daily txcount is the sum of the L2s\' and leaves the L1 out', () => {
    const d = doc('all_l2s', 'txcount').details.timeseries.daily!;
    expect(d.types).toEqual(['unix', 'value']);
    expect(d.data).toEqual(aggDays('txcount').map((t) => [t, exp('l2a', t, t + DAY).txcount + exp('l2b', t, t + DAY).txcount]));
    const l1Day = exp('l1', d.data.at(-1)![0]!, d.data.at(-1)![0]! + DAY).txcount;
    expect(l1Day).toBeGreaterThan(0);
    // weeks and months are sums of the same days
    const total = sum(d.data.map((r) => r[1]!));
    expect(sum(doc('all_l2s', 'txcount').details.timeseries.weekly!.data.map((r) => r[1]!))).toBe(total);
    expect(doc('all_l2s', 'txcount').details.timeseries.quarterly!.data).toEqual([[Date.UTC(2024, 0, 1), total]]);
  });

  it('hourly txcount and fees are sums per hour; fees in usd and eth per day', () => {
    const h = doc('all_l2s', 'txcount').details.timeseries.hourly!.data;
    expect(h.length).toBeGreaterThan(24);
    for (const [t, v] of h) expect(v).toBe(exp('l2a', t!, t! + HOUR).txcount + exp('l2b', t!, t! + HOUR).txcount);
    const fees = doc('all_l2s', 'fees').details.timeseries.daily!;
    expect(fees.types).toEqual(['unix', 'usd', 'eth']);
    for (const [t, usd, eth] of fees.data) {
      const e = exp('l2a', t!, t! + DAY).feeEth + exp('l2b', t!, t! + DAY).feeEth;
      expect(eth).toBeCloseTo(e, 15);
      expect(usd).toBeCloseTo(e * dailyUsd(t!), 9);
    }
    for (const [t, v] of doc('all_l2s', 'throughput').details.timeseries.daily!.data) {
      expect(v).toBeCloseTo(exp('l2a', t!, t! + DAY).mgas + exp('l2b', t!, t! + DAY).mgas, 12);
    }
  });

  it('daa is the exact distinct count over the union: at most the sum, at least the largest chain', () => {
    const d = doc('all_l2s', 'daa').details.timeseries.daily!.data;
    let shared = 0;
    for (const [t, v] of d) {
      const a = exp('l2a', t!, t! + DAY).senders.size;
      const b = exp('l2b', t!, t! + DAY).senders.size;
      expect(v).toBe(union(t!, t! + DAY));
      expect(v).toBeLessThanOrEqual(a + b);
      expect(v).toBeGreaterThanOrEqual(Math.max(a, b));
      if (v! < a + b) shared++;
    }
    expect(shared).toBeGreaterThan(10); // the pools overlap: the aggregate is not a sum
    // The hand-made hour: senders aa, bb on l2a and aa, cc on l2b → 3, not 4.
    const hour = doc('all_l2s', 'daa').details.timeseries.hourly!.data.find((r) => r[0] === SHARED_HOUR)!;
    expect(hour[1]).toBe(union(SHARED_HOUR, SHARED_HOUR + HOUR));
    expect(new Set([...exp('l2a', SHARED_HOUR, SHARED_HOUR + HOUR).senders].filter((s) => exp('l2b', SHARED_HOUR, SHARED_HOUR + HOUR).senders.has(s)))).toContain(addr(0xaa));
    for (const [t, v] of doc('all_l2s', 'daa').details.timeseries.hourly!.data) expect(v).toBe(union(t!, t! + HOUR));
  });

  it('daa weeks, months, quarters, changes and summary windows are distinct over the union', () => {
    const daa = doc('all_l2s', 'daa').details;
    const days = aggDays('daa');
    const first = days[0]!;
    const last = days.at(-1)!;
    const within = (lo: number, hi: number) => union(Math.max(lo, first), Math.min(hi, last + DAY));
    for (const [w, v] of daa.timeseries.weekly!.data) expect(v).toBe(within(w!, w! + 7 * DAY));
    for (const [m, v] of daa.timeseries.monthly!.data) {
      const next = Date.UTC(new Date(m!).getUTCFullYear(), new Date(m!).getUTCMonth() + 1, 1);
      expect(v).toBe(within(m!, next));
    }
    expect(daa.timeseries.quarterly!.data).toEqual([[Date.UTC(2024, 0, 1), within(first, last + DAY)]]);
    const trailing = (endDay: number, size: number) => union(endDay - (size - 1) * DAY, endDay + DAY);
    expect(daa.summary.last_7d!.data).toEqual([trailing(last, 7)]);
    expect(daa.summary.last_30d!.data).toEqual([trailing(last, 30)]);
    expect(daa.changes.weekly!['7d']).toEqual([chg(trailing(last, 7), trailing(last - 7 * DAY, 7))]);
    expect(daa.changes.monthly!['30d']).toEqual([chg(trailing(last, 30), null)]); // 30 days back is before the history
  });

  it('txcosts is the mean of the L2s\' values weighted by their txcount, per day, hour and period', () => {
    const costs = doc('all_l2s', 'txcosts').details;
    const weighted = (pairs: Array<[number | null, number]>) => {
      const ok = pairs.filter(([v, w]) => v !== null && w > 0) as Array<[number, number]>;
      return ok.length === 0 ? null : sum(ok.map(([v, w]) => v * w)) / sum(ok.map(([, w]) => w));
    };
    for (const [t, usd, eth] of costs.timeseries.daily!.data) {
      const e = weighted(L2S.map((ok) => [exp(ok, t!, t! + DAY).medianEth, exp(ok, t!, t! + DAY).txcount]));
      if (e === null) expect([usd, eth]).toEqual([null, null]);
      else {
        expect(eth).toBeCloseTo(e, 15);
        expect(usd).toBeCloseTo(e * dailyUsd(t!), 9);
      }
    }
    for (const [t, , eth] of costs.timeseries.hourly!.data) {
      const e = weighted(L2S.map((ok) => [exp(ok, t!, t! + HOUR).medianEth, exp(ok, t!, t! + HOUR).txcount]));
      if (e === null) expect(eth).toBeNull();
      else expect(eth).toBeCloseTo(e, 15);
    }
    // A week: each chain's mean of its daily medians, weighted by its txcount over the week.
    const days = aggDays('txcosts');
    const w = costs.timeseries.weekly!.data.find((r) => r[0] === Date.UTC(2024, 1, 5))!;
    const inWeek = days.filter((d) => d >= w[0]! && d < w[0]! + 7 * DAY);
    const chainWeek = (ok: 'l2a' | 'l2b'): [number | null, number] => {
      const meds = inWeek.map((d) => exp(ok, d, d + DAY).medianEth).filter((m): m is number => m !== null);
      return [meds.length === 0 ? null : sum(meds) / meds.length, sum(inWeek.map((d) => exp(ok, d, d + DAY).txcount))];
    };
    expect(w[2]).toBeCloseTo(weighted([chainWeek('l2a'), chainWeek('l2b')])!, 15);
    expect(costs.timeseries.daily_7d_rolling).toBeNull();
  });

  it('has the metric detail shape of CONTRACT.md 1, and its source names the chains\' sources', () => {
    for (const m of computedChainMetrics().filter((x) => allL2sAggregate(x) !== null)) {
      const own = doc('l2a', m.metric_id);
      const agg = doc('all_l2s', m.metric_id);
      expect(agg.last_updated_utc).toBe('2024-02-19 01:30:00');
      // CONTRACT.md 13: a chain's provenance after summary, all_l2s' chains in its place.
      expect(Object.keys(agg.details)).toEqual([...Object.keys(own.details).filter((k) => k !== 'provenance'), 'chains']);
      expect(Object.keys(own.details).at(-1)).toBe('provenance');
      expect(agg.details.metric_id).toBe(m.metric_id);
      expect(agg.details.metric_name).toBe(m.name);
      // Over the L2s that have the metric (l2b has no rent, so no rent_paid or profit).
      const having = L2S.filter((ok) => set.entries.has(`/v1/metrics/chains/${ok}/${m.metric_id}.json`));
      expect((agg.details as unknown as { chains: string[] }).chains).toEqual(having);
      expect(agg.details.source).toEqual([...new Set(having.flatMap((ok) => doc(ok, m.metric_id).details.source))]);
      expect(Object.keys(agg.details.timeseries)).toEqual(Object.keys(own.details.timeseries));
      expect(Object.keys(agg.details.changes)).toEqual(Object.keys(own.details.changes));
      expect(Object.keys(agg.details.summary)).toEqual(Object.keys(own.details.summary));
      for (const [name, t] of Object.entries(agg.details.timeseries)) {
        if (t === null) {
          expect(own.details.timeseries[name]).toBeNull();
          continue;
        }
        expect(t.types).toEqual(own.details.timeseries[name]!.types);
        const unix = t.data.map((r) => r[0]!);
        expect(unix).toEqual([...unix].sort((a, b) => a - b));
        expect(new Set(unix).size).toBe(unix.length);
      }
      if (m.hourly_available) {
        const hourly = agg.details.timeseries.hourly!.data;
        hourly.forEach((r, k) => expect(r[0]).toBe(hourly[0]![0]! + k * HOUR));
      }
      expect(agg.details.timeseries.daily!.data[0]!.slice(1).some((v) => v !== null && v !== 0)).toBe(true);
    }
    for (const [path, e] of set.entries) {
      if (!path.includes('/all_l2s/')) continue;
      JSON.parse(e.body.toString('utf8'), (_k, v: unknown) => {
        if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`${path}: ${v}`);
        return v;
      });
    }
  });
});
