// Edge cases with documented output (docs/metrics.md, "Edge cases"): a chain with gaps, a
// chain with less than a week of history, a day with no transactions, missing prices, and a
// chain without data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { BuildReport } from '../../src/documents/build-report.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, feeOf, makeChain, type BlockSpec } from '../metrics/chain-fixture.js';
import { DAY, HOUR } from './scenario.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 8, 2); // Monday
const NOW = D0 + 20 * DAY + 2 * HOUR;
type Doc = { details: { timeseries: Record<string, { data: Array<Array<number | null>> } | null>; changes: Record<string, Record<string, unknown>>; summary: Record<string, { data: Array<number | null> }> } };

/** One block with `n` transfers from sender 1..n at hour 6 of each listed day, plus a head. */
function days(list: number[], n = 2, headDay = 20): BlockSpec[] {
  const out: BlockSpec[] = list.map((d) => ({ time: (D0 + d * DAY + 6 * HOUR) / 1000, txs: Array.from({ length: n }, (_, i) => ({ from: addr(i + 1) })) }));
  out.push({ time: (D0 + headDay * DAY + HOUR) / 1000 });
  return out;
}

describe('edge cases', () => {
  let store: DuckDbStore;
  let inputs: DocumentInput[];
  let report: BuildReport;
  const chains = {
    gappy: makeChain('gappy'), // active days 0-4 and 14-19: days 5-13 have no blocks at all
    young: makeChain('young'), // four days of history
    idle_day: makeChain('idle_day'), // day 10 has blocks but no transactions
    unpriced: makeChain('unpriced', { gas_token: 'sometoken', symbol: 'SMT' }), // its gas token has no price at all
    empty: makeChain('empty'), // nothing ingested
  };
  const doc = (ok: string, metric: string) => {
    const i = inputs.find((x) => x.path === `/v1/metrics/chains/${ok}/${metric}.json`);
    return i ? (JSON.parse(JSON.stringify(i.json)) as Doc) : undefined;
  };

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);
    await new ChainWriter(store, chains.gappy).write(days([...range(0, 5), ...range(14, 20)]));
    await new ChainWriter(store, chains.young).write(days(range(16, 20)));
    const idle = days(range(0, 20));
    idle[10] = { time: idle[10]!.time, txs: [] };
    await new ChainWriter(store, chains.idle_day).write(idle);
    await new ChainWriter(store, chains.unpriced).write(days(range(0, 20)));
    // ETH is priced from day 3 on only: days 0-2 have no price at all, later days without their
    // own price fall back to the latest earlier one.
    await store.writePrices([
      { asset: 'ethereum', granularity: 'daily', period_ms: D0 + 3 * DAY, usd: 2000 },
      { asset: 'ethereum', granularity: 'daily', period_ms: D0 + 15 * DAY, usd: 2500 },
    ]);
    const clock = new FixedClock(NOW);
    await computeFacts(store, Object.values(chains), clock, { logger: silent });
    ({ inputs, report } = await buildAllDocuments(store, Object.values(chains), clock, { logger: silent }));
  });
  afterAll(async () => {
    await store.close();
  });

  it('a chain with gaps: days without blocks are rows of 0 (counts) and null (medians), the series stays dense', () => {
    const tx = doc('gappy', 'txcount')!.details.timeseries.daily!.data;
    expect(tx.map((r) => r[0])).toEqual(Array.from({ length: 20 }, (_, i) => D0 + i * DAY));
    expect(tx.map((r) => r[1])).toEqual([2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2]);
    const costs = doc('gappy', 'txcosts')!.details.timeseries.daily!.data;
    expect(costs.slice(5, 14).every((r) => r[1] === null && r[2] === null)).toBe(true);
    // Weekly daa: distinct senders of the active days (2); a week entirely in the gap: 0.
    expect(doc('gappy', 'daa')!.details.timeseries.weekly!.data[0]).toEqual([D0, 2]);
    expect(doc('gappy', 'daa')!.details.timeseries.weekly!.data[1]).toEqual([D0 + 7 * DAY, 0]);
  });

  it('a chain with less than a week of history: weekly changes, rolling mean and 7/30-day summaries are null or empty', () => {
    const d = doc('young', 'txcount')!.details;
    expect(d.timeseries.daily!.data.map((r) => r[0])).toEqual([16, 17, 18, 19].map((i) => D0 + i * DAY));
    expect(d.timeseries.weekly!.data).toEqual([[D0 + 14 * DAY, 8]]);
    expect(d.timeseries.daily_7d_rolling!.data).toEqual([]);
    expect(d.changes.daily).toEqual({ types: ['value'], '1d': [0], '7d': [null], '30d': [null], '90d': [null], '180d': [null], '365d': [null] });
    expect(d.changes.weekly).toEqual({ types: ['value'], '7d': [null], '28d': [null], '84d': [null], '365d': [null] });
    expect(d.summary.last_1d!.data).toEqual([2]);
    expect(d.summary.last_7d!.data).toEqual([null]);
    expect(d.summary.last_30d!.data).toEqual([null]);
  });

  it('a day with blocks but no transactions is 0, not a missing row', () => {
    const tx = doc('idle_day', 'txcount')!.details.timeseries.daily!.data;
    expect(tx).toHaveLength(20);
    expect(tx[10]).toEqual([D0 + 10 * DAY, 0]);
    expect(doc('idle_day', 'daa')!.details.timeseries.daily!.data[10]).toEqual([D0 + 10 * DAY, 0]);
    expect(doc('idle_day', 'fees')!.details.timeseries.daily!.data[10]).toEqual([D0 + 10 * DAY, 0, 0]);
  });

  it('missing prices: USD is null (ETH kept) before the first price, the latest earlier price after it, and the report says so', () => {
    const fee = Number(feeOf({ from: addr(1) })) * 2 / 1e18;
    const rows = doc('idle_day', 'fees')!.details.timeseries.daily!.data;
    expect(rows[0]).toEqual([D0, null, fee]);
    expect(rows[3]![1]).toBeCloseTo(fee * 2000, 9);
    expect(rows[9]![1]).toBeCloseTo(fee * 2000, 9); // fallback to day 3's price
    expect(rows[16]![1]).toBeCloseTo(fee * 2500, 9);
    // Weekly USD of a week with an unpriced day is unknown: null, never a partial sum.
    expect(doc('idle_day', 'fees')!.details.timeseries.weekly!.data[0]!.slice(1, 2)).toEqual([null]);
    const status = report.degraded.find((d) => d.path === '/v1/metrics/chains/idle_day/fees.json')!;
    expect(status.price_gaps).toEqual(
      expect.arrayContaining([
        { origin_key: 'idle_day', asset: 'ethereum', granularity: 'daily', status: 'missing', periods: 3, first_ms: D0, last_ms: D0 + 2 * DAY },
        // days 4..19 except 15, minus day 10 (no fees, so no price needed)
        { origin_key: 'idle_day', asset: 'ethereum', granularity: 'daily', status: 'fallback', periods: 14, first_ms: D0 + 4 * DAY, last_ms: D0 + 19 * DAY },
      ]),
    );
    // A non-money metric of the same chain is not degraded.
    expect(report.degraded.some((d) => d.path.endsWith('/idle_day/txcount.json'))).toBe(false);
  });

  it('a gas token without any price: every value is null, so there is no fees document, and the report says why', () => {
    expect(doc('unpriced', 'fees')).toBeUndefined();
    expect(doc('unpriced', 'txcount')!.details.timeseries.daily!.data).toHaveLength(20);
    const skipped = report.skipped.find((s) => s.path === '/v1/metrics/chains/unpriced/fees.json')!;
    expect(skipped.reason).toMatch(/no price.*sometoken/);
  });

  it('a chain without data has no documents (the server answers 404), and empty fee-table metrics', () => {
    expect(inputs.filter((i) => i.path.includes('/empty/'))).toEqual([]);
    expect(report.skipped.filter((s) => s.path.includes('/empty/')).map((s) => s.reason)).toContain('no facts for this chain yet (nothing ingested or facts not computed)');
    const fee = inputs.find((i) => i.path === '/v1/fees/table.json')!.json as { chain_data: Record<string, { hourly: Record<string, { data: unknown[] }> }> };
    expect(Object.values(fee.chain_data.empty!.hourly).every((m) => m.data.length === 0)).toBe(true);
  });
});
