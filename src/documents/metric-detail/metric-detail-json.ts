// The metric detail document (CONTRACT.md section 1) from its rows: the daily series is the
// whole complete history from the first day with a non-zero value; weekly/monthly/quarterly
// aggregate those days by the metric's aggregation (`unique` = distinct addresses over the
// period, from the address sets); hourly is the last 14 days of complete hours, present only
// for metrics flagged hourly_available. Shared by the per-chain documents (metric-detail.ts)
// and the all_l2s aggregate (all-l2s.ts).
import { DAY_MS, HOUR_MS } from '../../clock.js';
import { formatUtc } from '../../metrics/calendar.js';
import {
  DAILY_CHANGE_WINDOWS,
  HOURLY_CHANGE_WINDOWS,
  MONTHLY_CHANGE_WINDOWS,
  WEEKLY_CHANGE_WINDOWS,
  pointChanges,
  windowChanges,
  type ChangeTable,
} from '../../metrics/changes.js';
import type { ChainFacts, FactStatus } from '../../metrics/read-facts.js';
import { aggregateRows, rolling7, rollup, type DistinctCounter, type RowAggregation, type SeriesRow, type Value } from '../../metrics/series.js';
import type { ChainMetric } from '../../metrics/definition.js';

export const HOURLY_WINDOW_HOURS = 14 * 24;
export const METRIC_DETAIL_PATH = '/v1/metrics/chains/{origin_key}/{metric_id}.json';

export interface TypedTable {
  types: string[];
  data: SeriesRow[];
}

export function metricDetailPath(originKey: string, metricId: string): string {
  return `/v1/metrics/chains/${originKey}/${metricId}.json`;
}

function columnValue(metric: ChainMetric, facts: Map<string, Map<number, number | null>>, col: number, period: number): Value {
  const c = metric.columns[col]!;
  const m = facts.get(c.fact_key);
  if (!m || !m.has(period)) return metric.empty_value; // a period without blocks or transactions
  const v = m.get(period)!;
  return v === null ? null : v / c.divisor;
}

/** Every complete day from the first day with a non-zero value; days without facts filled. */
export function dailyRows(metric: ChainMetric, facts: ChainFacts, status: FactStatus): SeriesRow[] {
  let first = Infinity;
  for (const c of metric.columns) {
    for (const [day, v] of facts.daily.get(c.fact_key) ?? []) if (v !== null && v !== 0 && day < first) first = day;
  }
  const rows: SeriesRow[] = [];
  if (first === Infinity) return rows;
  for (let d = first; d < status.days_until; d += DAY_MS) {
    rows.push([d, ...metric.columns.map((_, i) => columnValue(metric, facts.daily, i, d))]);
  }
  return rows;
}

/** Complete hours of the last 14 days, from the first hour with a non-zero value. */
export function hourlyRows(metric: ChainMetric, facts: ChainFacts, status: FactStatus): SeriesRow[] {
  let first = Infinity;
  for (const c of metric.columns) first = Math.min(first, facts.firstNonZeroHour.get(c.fact_key) ?? Infinity);
  const rows: SeriesRow[] = [];
  if (first === Infinity) return rows;
  for (let h = Math.max(first, status.hours_until - HOURLY_WINDOW_HOURS * HOUR_MS); h < status.hours_until; h += HOUR_MS) {
    rows.push([h, ...metric.columns.map((_, i) => columnValue(metric, facts.hourly, i, h))]);
  }
  return rows;
}

/** What an aggregate document (all_l2s) publishes differently from a chain's own. */
export interface DetailOverrides {
  /** How periods and windows aggregate the days (default: the metric's monthly_agg). */
  aggregation?: RowAggregation;
  /** `details.source` (default: the metric's source names). */
  source?: readonly string[];
  /**
   * Keys after `details.summary` (CONTRACT.md section 13: a chain's `provenance`, all_l2s'
   * `chains`); added after the contract's keys so that no existing key moves.
   */
  after?: Record<string, unknown>;
}

/**
 * The document, from its daily (non-empty) and hourly rows. `distinct` answers distinct counts
 * over day windows for `unique` metrics.
 */
/** What the document reads of a metric: a chain metric, or another with the same keys (the DA metrics, 11.2). */
export type DetailMetric = Pick<ChainMetric, 'metric_id' | 'name' | 'source_names' | 'monthly_agg' | 'avg' | 'hourly_available'> & { columns: ReadonlyArray<{ name: string }> };

export function metricDetailJson(
  metric: DetailMetric,
  daily: readonly SeriesRow[],
  hourly: readonly SeriesRow[],
  builtAt: number,
  distinct?: DistinctCounter,
  overrides: DetailOverrides = {},
): unknown {
  return metricDetailValue(metric, dailyPieces(metric, daily, distinct, overrides), hourly, builtAt, overrides);
}

/**
 * The pieces of the document made of its complete days only (the daily rows and, for `unique`
 * metrics, distinct counts over windows of them): the same while no complete day changes, so a
 * service may keep their bytes between hourly builds (metric-detail-parts-cache.ts) and only the
 * hourly pieces, the provenance and last_updated_utc are made again.
 */
export interface DailyPieces<T> {
  daily: T;
  weekly: T;
  monthly: T;
  quarterly: T;
  daily_7d_rolling: T;
  changes_daily: T;
  changes_weekly: T;
  changes_monthly: T;
  last_1d: T;
  last_7d: T;
  last_30d: T;
}

export function dailyPieces(metric: DetailMetric, daily: readonly SeriesRow[], distinct: DistinctCounter | undefined, overrides: Pick<DetailOverrides, 'aggregation'> = {}): DailyPieces<unknown> {
  if (daily.length === 0) throw new Error(`metric detail ${metric.metric_id}: no daily rows (no document should be built)`);
  const cols = metric.columns.map((c) => c.name);
  const table = (data: SeriesRow[]): TypedTable => ({ types: ['unix', ...cols], data });
  const agg = overrides.aggregation ?? metric.monthly_agg;
  const last = daily.length - 1;
  const lastN = (n: number): Value[] => (daily.length < n ? cols.map(() => null) : aggregateRows(agg, daily, last - n + 1, last, distinct));
  return {
    daily: table([...daily]),
    weekly: table(rollup('weekly', agg, daily, distinct)),
    monthly: table(rollup('monthly', agg, daily, distinct)),
    quarterly: table(rollup('quarterly', agg, daily, distinct)),
    daily_7d_rolling: metric.avg ? table(rolling7(daily)) : null,
    changes_daily: pointChanges(daily, cols, DAILY_CHANGE_WINDOWS),
    changes_weekly: windowChanges(daily, cols, 7, WEEKLY_CHANGE_WINDOWS, agg, distinct),
    changes_monthly: windowChanges(daily, cols, 30, MONTHLY_CHANGE_WINDOWS, agg, distinct),
    last_1d: { types: cols, data: daily[last]!.slice(1) },
    last_7d: { types: cols, data: lastN(7) },
    last_30d: { types: cols, data: lastN(30) },
  };
}

/** The document from its daily pieces (values, or slots for kept bytes: json-splice.ts) and its hourly rows. */
export function metricDetailValue(metric: DetailMetric, pieces: DailyPieces<unknown>, hourly: readonly SeriesRow[], builtAt: number, overrides: DetailOverrides = {}): unknown {
  const cols = metric.columns.map((c) => c.name);
  const timeseries: Record<string, unknown> = {
    daily: pieces.daily,
    weekly: pieces.weekly,
    monthly: pieces.monthly,
    quarterly: pieces.quarterly,
    daily_7d_rolling: pieces.daily_7d_rolling,
  };
  const changes: Record<string, unknown> = { daily: pieces.changes_daily, weekly: pieces.changes_weekly, monthly: pieces.changes_monthly };
  if (metric.hourly_available) {
    timeseries.hourly = { types: ['unix', ...cols], data: [...hourly] } satisfies TypedTable;
    changes.hourly = pointChanges(hourly, cols, HOURLY_CHANGE_WINDOWS) satisfies ChangeTable;
  }
  const lastHour = metric.hourly_available && hourly.length > 0 ? hourly[hourly.length - 1]!.slice(1) : cols.map(() => null);
  const summary = {
    last_1h: { types: cols, data: lastHour },
    last_1d: pieces.last_1d,
    last_7d: pieces.last_7d,
    last_30d: pieces.last_30d,
  };
  return {
    last_updated_utc: formatUtc(builtAt),
    details: {
      metric_id: metric.metric_id,
      metric_name: metric.name,
      source: [...(overrides.source ?? metric.source_names)],
      timeseries,
      changes,
      summary,
      ...overrides.after,
    },
  };
}

/**
 * Runs `build` once with a recording counter to learn every day window it needs, fetches
 * those counts in one go, then runs it again with the answers. The windows can therefore
 * never drift from what the document actually uses.
 */
export async function withDistinctCounts<T>(
  build: (distinct: DistinctCounter) => T,
  fetch: (windows: Array<[number, number]>) => Promise<number[]>,
): Promise<T> {
  const wanted = new Map<string, [number, number]>();
  build((lo, hi) => {
    wanted.set(`${lo}:${hi}`, [lo, hi]);
    return 0;
  });
  const windows = [...wanted.values()];
  const counts = await fetch(windows);
  const answer = new Map(windows.map((w, i) => [`${w[0]}:${w[1]}`, counts[i]!]));
  return build((lo, hi) => {
    const n = answer.get(`${lo}:${hi}`);
    if (n === undefined) throw new Error(`distinct count for window ${lo}..${hi} was not fetched`);
    return n;
  });
}
