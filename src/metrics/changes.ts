// `changes` of the metric detail (CONTRACT.md section 1): fractions rounded to 4 decimals,
// capped at 99.99, null when the history is too short, the earlier value is <= 0 or the later
// value is < 0. Positions count rows back from the last row.
import { aggregateRows, type DistinctCounter, type RowAggregation, type SeriesRow, type Value } from './series.js';

export const CHANGE_CAP = 99.99;

export function changeOf(later: Value, earlier: Value): Value {
  if (later === null || earlier === null || earlier <= 0 || later < 0) return null;
  return round(Math.min(later / earlier - 1, CHANGE_CAP), 4);
}

export function round(x: number, decimals: number): number {
  const f = 10 ** decimals;
  const r = Math.round(x * f) / f;
  return r === 0 ? 0 : r; // no -0 in documents
}

export type ChangeTable = { types: string[] } & Record<string, Value[] | string[]>;

function nulls(n: number): Value[] {
  return new Array<Value>(n).fill(null);
}

/** Last row vs the row `step × N` rows earlier, for each N (daily: step 1, hourly: step 24). */
export function pointChanges(rows: readonly SeriesRow[], types: string[], windows: ReadonlyArray<[string, number]>): ChangeTable {
  const out: ChangeTable = { types };
  const last = rows.length - 1;
  for (const [name, back] of windows) {
    if (last - back < 0) {
      out[name] = nulls(types.length);
      continue;
    }
    out[name] = types.map((_, c) => changeOf(rows[last]![c + 1] as Value, rows[last - back]![c + 1] as Value));
  }
  return out;
}

/**
 * Aggregate of the last `size` rows vs the same window N rows earlier (weekly: size 7,
 * monthly: size 30), by the metric's aggregation; `unique` counts distinct addresses.
 */
export function windowChanges(
  rows: readonly SeriesRow[],
  types: string[],
  size: number,
  windows: ReadonlyArray<[string, number]>,
  agg: RowAggregation,
  distinct?: DistinctCounter,
): ChangeTable {
  const out: ChangeTable = { types };
  const last = rows.length - 1;
  if (rows.length < size) {
    for (const [name] of windows) out[name] = nulls(types.length);
    return out;
  }
  const now = aggregateRows(agg, rows, last - size + 1, last, distinct);
  for (const [name, back] of windows) {
    const hi = last - back;
    const lo = hi - size + 1;
    if (lo < 0) {
      out[name] = nulls(types.length);
      continue;
    }
    const then = aggregateRows(agg, rows, lo, hi, distinct);
    out[name] = types.map((_, c) => changeOf(now[c]!, then[c]!));
  }
  return out;
}

export const DAILY_CHANGE_WINDOWS: ReadonlyArray<[string, number]> = [
  ['1d', 1],
  ['7d', 7],
  ['30d', 30],
  ['90d', 90],
  ['180d', 180],
  ['365d', 365],
];
export const WEEKLY_CHANGE_WINDOWS: ReadonlyArray<[string, number]> = [
  ['7d', 7],
  ['28d', 28],
  ['84d', 84],
  ['365d', 365],
];
export const MONTHLY_CHANGE_WINDOWS: ReadonlyArray<[string, number]> = [
  ['30d', 30],
  ['90d', 90],
  ['180d', 180],
  ['365d', 365],
];
/** Hourly: N days back = N × 24 rows. */
export const HOURLY_CHANGE_WINDOWS: ReadonlyArray<[string, number]> = [
  ['1d', 24],
  ['3d', 72],
  ['7d', 168],
];
