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
import { serialize, type DocumentInput, type MediaType } from '../document-set.js';
import type { ExportInputs } from './export-bytes-cache.js';
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

/**
 * The rows of one flat export file (its JSON, CSV and Parquet kinds share them), with what they
 * are made of (export-bytes-cache.ts): the daily fact maps they read, by identity, and the rest
 * as text. Made once per build; `rows()` computes the rows on first use only, so a build that
 * reuses every file's bytes computes none.
 */
export interface ExportSource {
  /** Names the rows within a build. */
  name: string;
  inputs: ExportInputs;
  rows: () => readonly ExportRow[];
}

/** A source whose rows are computed once, when first asked for. */
function source(name: string, inputs: ExportInputs, compute: () => ExportRow[]): ExportSource {
  let rows: ExportRow[] | undefined;
  return { name, inputs, rows: () => (rows ??= compute()) };
}

/** One metric's rows and their inputs: the daily fact maps of the chains with its document, their bounds and the metric's columns. */
export function metricSource(ctx: BuildContext, metric: ChainMetric): ExportSource {
  return once(ctx, `metric:${metric.metric_id}`, () => {
    const chains = chainsWithDocument(ctx, metric.metric_id);
    const key = JSON.stringify([
      metric.metric_id,
      metric.empty_value,
      metric.columns.map((c) => [c.fact_key, c.divisor]),
      chains.map((c) => [c.chain.origin_key, c.status.days_until]),
    ]);
    return source(`metric:${metric.metric_id}`, { objects: chains.map((c) => c.facts.daily), key }, () => metricRows(ctx, metric));
  });
}

/** aa_last7d's rows, read once per build (their counts come from the address sets, not the facts, so they are asked every build and compared by content). */
export function aaLast7dRowsOnce(ctx: BuildContext): Promise<ExportRow[]> {
  return once(ctx, 'aa_last7d', () => aaLast7dRows(ctx));
}

/** fundamentals_full: every chain metric's rows and aa_last7d. */
export function fundamentalsFullSource(ctx: BuildContext): Promise<ExportSource> {
  return once(ctx, 'fundamentals_full', async () => {
    const perMetric = ctx.metrics.map((m) => metricSource(ctx, m));
    const aa = await aaLast7dRowsOnce(ctx);
    const inputs = {
      objects: perMetric.flatMap((m) => m.inputs.objects),
      key: JSON.stringify([perMetric.map((m) => m.inputs.key), aa.map((r) => [r.origin_key, r.date, r.value])]),
    };
    return source('fundamentals_full', inputs, () => sortRows([...perMetric.flatMap((m) => m.rows()), ...aa]));
  });
}

/** fundamentals: fundamentals_full over the last 90 complete days before the build, without the _eth keys. */
export function fundamentalsSource(ctx: BuildContext): Promise<ExportSource> {
  return recentSource(ctx, 'fundamentals', FUNDAMENTALS_DAYS);
}

/** fundamentals_7d: as fundamentals over the last 7 complete days. */
export function fundamentals7dSource(ctx: BuildContext): Promise<ExportSource> {
  return recentSource(ctx, 'fundamentals_7d', FUNDAMENTALS_7D_DAYS);
}

function recentSource(ctx: BuildContext, name: string, days: number): Promise<ExportSource> {
  return once(ctx, name, async () => {
    const full = await fundamentalsFullSource(ctx);
    // The window moves with the build's day, not with the facts: part of what the file is made of.
    const inputs = { objects: full.inputs.objects, key: JSON.stringify([full.inputs.key, recentWindow(ctx, days), [...ethKeys(ctx)]]) };
    return source(name, inputs, () => recentWithoutEth(ctx, full.rows(), days));
  });
}

/** The origin_keys of an export's rows (provenance lists them): those its file recorded in this build, else read from the rows. */
export function exportOrigins(ctx: BuildContext, src: ExportSource): readonly string[] {
  return published(ctx).get(src.name) ?? originsOf(src.rows());
}

function originsOf(rows: readonly ExportRow[]): string[] {
  return [...new Set(rows.map((r) => r.origin_key))];
}

/** [from, until) of the last `days` complete days before the build, as dates. */
function recentWindow(ctx: BuildContext, days: number): [string, string] {
  const today = Math.floor(ctx.builtAt / DAY_MS) * DAY_MS;
  return [isoDate(today - days * DAY_MS), isoDate(today)];
}

/** The ETH columns by declaration, not by a name suffix: a USD-measured fact keeps its plain key for USD and only its ETH conversion is dropped. */
function ethKeys(ctx: BuildContext): Set<string> {
  return new Set(ctx.metrics.flatMap((m) => m.columns.filter((c) => c.name === 'eth').map((c) => c.fact_key)));
}

function recentWithoutEth(ctx: BuildContext, full: readonly ExportRow[], days: number): ExportRow[] {
  const [from, until] = recentWindow(ctx, days);
  const eth = ethKeys(ctx);
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
 * (store/duckdb/parquet.ts) from the same rows, whichever engine stores the facts. With the
 * build's ExportBytesCache, the file's bytes are those kept from an earlier build when made of
 * the same inputs, and the rows are computed only to make them.
 */
export async function exportInput(ctx: BuildContext, path: string, media: MediaType, src: ExportSource, why: string): Promise<DocumentInput | null> {
  const cache = ctx.exportCache;
  if (!cache) {
    const rows = src.rows();
    published(ctx).set(src.name, originsOf(rows));
    if (rows.length === 0) return skipped(ctx, path, why);
    return rowsInput(path, media, rows, await parquetOf(media, rows));
  }
  const file = await cache.file(ctx, path, src.inputs, async () => {
    const rows = src.rows();
    return { bytes: rows.length === 0 ? null : serialize(rowsInput(path, media, rows, await parquetOf(media, rows))), origins: originsOf(rows) };
  });
  published(ctx).set(src.name, file.origins);
  const bytes = file.bytes;
  if (bytes === null) return skipped(ctx, path, why);
  if (media === 'parquet') return { path, parquet: bytes, freshness: 'daily' };
  // A copy each time: the compression workers take the memory of the body they are given.
  const copy = () => Buffer.from(bytes);
  if (media === 'csv') {
    return {
      path,
      csv: {
        columns: EXPORT_COLUMNS,
        get rows() {
          return src.rows();
        },
      },
      bytes: copy,
      freshness: 'daily',
    };
  }
  return {
    path,
    get json(): unknown {
      return src.rows();
    },
    bytes: copy,
    freshness: 'daily',
  };
}

function skipped(ctx: BuildContext, path: string, reason: string): null {
  ctx.report.skipped.push({ path, reason });
  return null;
}

function parquetOf(media: MediaType, rows: readonly ExportRow[]): Promise<Buffer | undefined> {
  return media === 'parquet' ? parquetOfRows(rows) : Promise.resolve(undefined);
}

/** The document of the rows as values (the Parquet file written already). */
function rowsInput(path: string, media: MediaType, rows: readonly ExportRow[], parquet: Buffer | undefined): DocumentInput {
  if (parquet !== undefined) return { path, parquet, freshness: 'daily' };
  return media === 'csv' ? { path, csv: csvTable(rows), freshness: 'daily' } : { path, json: rows, freshness: 'daily' };
}

/**
 * What is computed once per build and shared by the kinds of the same rows (each format is its
 * own kind, and aa_last7d costs store queries), and the origin_keys each export published.
 * Keyed by the build's context, so nothing outlives the build.
 */
const perBuild = new WeakMap<BuildContext, Map<string, unknown>>();
function once<T>(ctx: BuildContext, key: string, compute: () => T): T {
  let memo = perBuild.get(ctx);
  if (!memo) perBuild.set(ctx, (memo = new Map()));
  if (!memo.has(key)) memo.set(key, compute());
  return memo.get(key) as T;
}

function published(ctx: BuildContext): Map<string, readonly string[]> {
  return once(ctx, 'published origins', () => new Map<string, readonly string[]>());
}
