// The rows of the flat exports (CONTRACT.md section 9): one {metric_key, origin_key, date, value}
// per chain, stored metric key and complete day. The values come from dailyRows(), the function
// the metric detail documents are built from, so every row equals the daily value of the same
// chain, key and day there — including the divisor: throughput's key gas_per_second carries the
// published Mgas/s, not the stored gas/s, because a row that disagreed with the metric detail
// document would make the export a second, different truth about the same figure.
import { DAY_MS } from '../../clock.js';
import { distinctCounts, type ChainFacts, type FactStatus } from '../../metrics/read-facts.js';
import type { ChainMetric } from '../../metrics/definition.js';
import type { BuildContext, ChainInputs } from '../document-kind.js';
import type { CsvTable } from '../csv.js';
import type { DocumentInput, MediaType } from '../document-set.js';
import { parquetOfRows } from '../../store/duckdb/parquet.js';
import { dailyRows } from '../metric-detail/metric-detail.js';

/** A type, not an interface, so that it is a CSV row (a record of its columns) as it is. */
export type ExportRow = {
  metric_key: string;
  origin_key: string;
  /** The UTC day, YYYY-MM-DD. */
  date: string;
  value: number | null;
};

/** The CSV header, in the order of the JSON objects' keys. */
export const EXPORT_COLUMNS = ['metric_key', 'origin_key', 'date', 'value'] as const;

/** The metric key of the trailing 7-day distinct address count in the fundamentals. */
export const AA_LAST7D_KEY = 'aa_last7d';
/** Days in /fundamentals.json: the last 90 complete days before the build. */
export const FUNDAMENTALS_DAYS = 90;
/** Days in /fundamentals_7d.json: the last complete week, for clients that pull every day. */
export const FUNDAMENTALS_7D_DAYS = 7;
/** Aggregates are not chains: the exports list real chains only (CONTRACT.md section 9). */
export const AGGREGATE_ORIGINS: ReadonlySet<string> = new Set(['all_l2s']);

export function isoDate(dayMs: number): string {
  return new Date(dayMs).toISOString().slice(0, 10);
}

type LoadedChain = ChainInputs & { status: FactStatus; facts: ChainFacts };

/** The chains that got a metric detail document for `metricId` in this build, with their facts. */
function chainsWithDocument(ctx: BuildContext, metricId: string): LoadedChain[] {
  const out: LoadedChain[] = [];
  for (const c of ctx.chains) {
    if (AGGREGATE_ORIGINS.has(c.chain.origin_key) || !c.status || !c.facts) continue;
    if (!(ctx.supported.get(c.chain.origin_key) ?? []).includes(metricId)) continue;
    out.push({ ...c, status: c.status, facts: c.facts });
  }
  return out;
}

/** Every row of one metric: each of its stored keys (usd and eth for money) on each chain with its document. */
export function metricRows(ctx: BuildContext, metric: ChainMetric): ExportRow[] {
  const rows: ExportRow[] = [];
  for (const { chain, status, facts } of chainsWithDocument(ctx, metric.metric_id)) {
    const daily = dailyRows(metric, facts, status);
    metric.columns.forEach((col, i) => {
      for (const r of daily) rows.push({ metric_key: col.fact_key, origin_key: chain.origin_key, date: isoDate(r[0]), value: r[i + 1] ?? null });
    });
  }
  return sortRows(rows);
}

/**
 * aa_last7d: for each day of a chain's daa series, the exact distinct addresses over the 7 days
 * ending that day, counted from the per-day address sets (a sum of the daily counts would count
 * an address active on several of those days more than once). Days before the first day of the
 * series have no addresses, so the first six windows are exact too.
 */
export async function aaLast7dRows(ctx: BuildContext): Promise<ExportRow[]> {
  const daa = ctx.metrics.find((m) => m.metric_id === 'daa');
  if (!daa || daa.monthly_agg !== 'unique') return [];
  const rows: ExportRow[] = [];
  for (const { chain, status, facts } of chainsWithDocument(ctx, daa.metric_id)) {
    const days = dailyRows(daa, facts, status).map((r) => r[0]);
    const counts = await distinctCounts(
      ctx.store,
      chain.origin_key,
      daa.address_set.key,
      days.map((d) => [d - 6 * DAY_MS, d] as const),
    );
    days.forEach((d, i) => rows.push({ metric_key: AA_LAST7D_KEY, origin_key: chain.origin_key, date: isoDate(d), value: counts[i]! }));
  }
  return rows;
}

/** One metric's rows, computed once per build (its export and fundamentals_full share them). */
export function metricRowsOnce(ctx: BuildContext, metric: ChainMetric): Promise<ExportRow[]> {
  return rowsOnce(ctx, `metric:${metric.metric_id}`, () => metricRows(ctx, metric));
}

/** fundamentals_full: every chain metric's rows and aa_last7d. */
export function fundamentalsFullRows(ctx: BuildContext): Promise<ExportRow[]> {
  return rowsOnce(ctx, 'fundamentals_full', async () => {
    const perMetric = await Promise.all(ctx.metrics.map((m) => metricRowsOnce(ctx, m)));
    return sortRows([...perMetric.flat(), ...(await aaLast7dRows(ctx))]);
  });
}

/** fundamentals: fundamentals_full over the last 90 complete days before the build, without the _eth keys. */
export function fundamentalsRows(ctx: BuildContext): Promise<ExportRow[]> {
  return rowsOnce(ctx, 'fundamentals', async () => recentWithoutEth(ctx, await fundamentalsFullRows(ctx), FUNDAMENTALS_DAYS));
}

/** fundamentals_7d: as fundamentals over the last 7 complete days. */
export function fundamentals7dRows(ctx: BuildContext): Promise<ExportRow[]> {
  return rowsOnce(ctx, 'fundamentals_7d', async () => recentWithoutEth(ctx, await fundamentalsFullRows(ctx), FUNDAMENTALS_7D_DAYS));
}

function recentWithoutEth(ctx: BuildContext, full: readonly ExportRow[], days: number): ExportRow[] {
  const today = Math.floor(ctx.builtAt / DAY_MS) * DAY_MS;
  const from = isoDate(today - days * DAY_MS);
  const until = isoDate(today);
  // The ETH columns by declaration, not by a name suffix: a USD-measured fact keeps its plain key
  // for USD and only its ETH conversion is dropped.
  const eth = new Set(ctx.metrics.flatMap((m) => m.columns.filter((c) => c.name === 'eth').map((c) => c.fact_key)));
  return full.filter((r) => r.date >= from && r.date < until && !eth.has(r.metric_key));
}

/** The order of CONTRACT.md section 9: origin_key, metric_key, date (code unit order, not locale). */
export function sortRows(rows: ExportRow[]): ExportRow[] {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows.sort((a, b) => cmp(a.origin_key, b.origin_key) || cmp(a.metric_key, b.metric_key) || cmp(a.date, b.date));
}

/** The same rows as a CSV table. */
export function csvTable(rows: readonly ExportRow[]): CsvTable {
  return { columns: EXPORT_COLUMNS, rows };
}

/**
 * The document of a flat export in any of its formats, or null when it has no rows (CONTRACT.md
 * section 0: no data, no document), reported as skipped. The Parquet file is written by DuckDB
 * (store/duckdb/parquet.ts) from the same rows, whichever engine stores the facts.
 */
export async function exportInput(ctx: BuildContext, path: string, media: MediaType, rows: readonly ExportRow[], why: string): Promise<DocumentInput | null> {
  if (rows.length === 0) {
    ctx.report.skipped.push({ path, reason: why });
    return null;
  }
  if (media === 'parquet') return { path, parquet: await parquetOfRows(rows), freshness: 'daily' };
  return media === 'csv' ? { path, csv: csvTable(rows), freshness: 'daily' } : { path, json: rows, freshness: 'daily' };
}

/**
 * Rows computed once per build and shared by the JSON and CSV kinds of the same document (each
 * format is its own kind, and fundamentals_full's aa_last7d costs store queries). Keyed by the
 * build's context, so nothing outlives the build.
 */
const perBuild = new WeakMap<BuildContext, Map<string, Promise<ExportRow[]>>>();
export function rowsOnce(ctx: BuildContext, key: string, compute: () => Promise<ExportRow[]> | ExportRow[]): Promise<ExportRow[]> {
  let memo = perBuild.get(ctx);
  if (!memo) perBuild.set(ctx, (memo = new Map()));
  let rows = memo.get(key);
  if (!rows) memo.set(key, (rows = Promise.resolve(compute())));
  return rows;
}
