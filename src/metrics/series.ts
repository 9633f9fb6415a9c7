// Time series as the documents publish them: rows `[unix_ms, ...values]`, ascending, one value
// per column (usd, eth or value). Aggregating a window of rows depends on the metric's
// aggregation: `sum`, `avg` (mean of the days) or `unique` (distinct addresses over the
// window, which only the address sets can answer: a DistinctCounter).
import { periodStart, type CalendarPeriod } from './calendar.js';

/** How a window of days aggregates; each metric definition names its own. */
export type Aggregation = 'sum' | 'avg' | 'unique';

export type Value = number | null;
export type SeriesRow = [number, ...Value[]];

/** Distinct addresses over the days [fromDayMs, toDayMs] (both inclusive, day starts). */
export type DistinctCounter = (fromDayMs: number, toDayMs: number) => number | null;

/**
 * An aggregation that needs more than the rows it is given, one value per column of
 * rows[i0..i1]: the all_l2s txcount-weighted mean reads every chain's own rows and weights.
 */
export type WindowAggregate = (rows: readonly SeriesRow[], i0: number, i1: number) => Value[];

/** How a window of rows aggregates: by name, or by a function that knows more than the rows. */
export type RowAggregation = Aggregation | WindowAggregate;

/**
 * Aggregate of rows[i0..i1] (inclusive) per column.
 * - sum: null when any value is null (an unknown day makes the total unknown; in practice a
 *   USD value without any price).
 * - avg: mean of the non-null values (null marks a day where the figure is undefined, e.g.
 *   a median of no fees), null when there are none.
 * - unique: the distinct count over the window's days.
 */
export function aggregateRows(agg: RowAggregation, rows: readonly SeriesRow[], i0: number, i1: number, distinct?: DistinctCounter): Value[] {
  if (typeof agg === 'function') return agg(rows, i0, i1);
  const ncols = rows[i0]!.length - 1;
  if (agg === 'unique') {
    if (!distinct) throw new Error('unique aggregation needs a distinct counter');
    return [distinct(rows[i0]![0], rows[i1]![0])];
  }
  const out: Value[] = [];
  for (let c = 1; c <= ncols; c++) {
    let sum = 0;
    let n = 0;
    let unknown = false;
    for (let i = i0; i <= i1; i++) {
      const v = rows[i]![c] as Value;
      if (v === null) unknown = true;
      else {
        sum += v;
        n++;
      }
    }
    if (agg === 'sum') out.push(unknown ? null : sum);
    else out.push(n === 0 ? null : sum / n);
  }
  return out;
}

/** Weekly / monthly / quarterly rows from daily rows; the last (possibly partial) period included. */
export function rollup(period: CalendarPeriod, agg: RowAggregation, daily: readonly SeriesRow[], distinct?: DistinctCounter): SeriesRow[] {
  const out: SeriesRow[] = [];
  let i0 = 0;
  while (i0 < daily.length) {
    const start = periodStart(period, daily[i0]![0]);
    let i1 = i0;
    while (i1 + 1 < daily.length && periodStart(period, daily[i1 + 1]![0]) === start) i1++;
    out.push([start, ...aggregateRows(agg, daily, i0, i1, distinct)]);
    i0 = i1 + 1;
  }
  return out;
}

/**
 * `n`-day trailing mean of the daily rows, keeping every row: the first n−1 rows as they are
 * (no full window before them), then each row's mean with the n−1 rows before it; null where a
 * day of the window is null.
 */
export function trailingMean(daily: readonly SeriesRow[], n: number): SeriesRow[] {
  return daily.map((row, i) => {
    if (i < n - 1) return [...row] as SeriesRow;
    const sums = aggregateRows('sum', daily, i - n + 1, i);
    return [row[0], ...sums.map((s) => (s === null ? null : s / n))] as SeriesRow;
  });
}

/** 7-day trailing mean of the daily rows, first row at the 7th day; null where a day is null. */
export function rolling7(daily: readonly SeriesRow[]): SeriesRow[] {
  const out: SeriesRow[] = [];
  for (let i = 6; i < daily.length; i++) {
    const sums = aggregateRows('sum', daily, i - 6, i);
    out.push([daily[i]![0], ...sums.map((s) => (s === null ? null : s / 7))]);
  }
  return out;
}
