// The all_l2s aggregate (CONTRACT.md section 8): how the series of several chains combine into
// one. Pure functions over rows; reading facts and address sets is the document builder's job.
// - sum: the chains' values added per period (a chain without a row there adds 0: its series
//   starts at its first non-zero period, and before that it had nothing to add).
// - unique: distinct addresses over the union of the chains' sets; only the store can count
//   those, so nothing here combines them.
// - weighted_mean: the chains' values weighted by their txcount of the same period.
import { DAY_MS } from '../clock.js';
import type { AllL2sAggregate, ChainMetric } from './definition.js';
import type { SeriesRow, Value, WindowAggregate } from './series.js';

export type { AllL2sAggregate as L2Aggregate } from './definition.js';

/**
 * The metric's all_l2s aggregation (its definition's `all_l2s_aggregate`), or null for a metric
 * without an all_l2s document: market metrics (CONTRACT.md section 8), whose chain tokens are
 * not one market.
 */
export function allL2sAggregate(metric: ChainMetric): AllL2sAggregate | null {
  if (metric.input.kind === 'source' && metric.input.source.from === 'market_data') return null;
  return metric.all_l2s_aggregate;
}

/** Period start → that period's txcount of one chain (absent: no transactions, weight 0). */
export type Weights = ReadonlyMap<number, number | null>;

export interface MemberSeries {
  rows: readonly SeriesRow[];
  /** Only for weighted_mean. */
  weights?: Weights;
}

/** Every period start of the members' rows, ascending, `step` apart from the first to the last. */
function periods(members: readonly MemberSeries[], step: number): number[] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const m of members) {
    if (m.rows.length === 0) continue;
    lo = Math.min(lo, m.rows[0]![0]);
    hi = Math.max(hi, m.rows[m.rows.length - 1]![0]);
  }
  const out: number[] = [];
  for (let t = lo; t <= hi; t += step) out.push(t);
  return out;
}

function byPeriod(rows: readonly SeriesRow[]): Map<number, SeriesRow> {
  return new Map(rows.map((r) => [r[0], r]));
}

/** Per period and column, the sum over the chains; null when any chain's value is null (unknown). */
export function sumRows(members: readonly MemberSeries[], ncols: number, step: number): SeriesRow[] {
  const maps = members.map((m) => byPeriod(m.rows));
  return periods(members, step).map((t) => {
    const row: SeriesRow = [t];
    for (let c = 1; c <= ncols; c++) {
      let sum: Value = 0;
      for (const m of maps) {
        const v = m.get(t)?.[c];
        if (v === undefined) continue;
        sum = v === null || sum === null ? null : sum + v;
      }
      row.push(sum);
    }
    return row;
  });
}

/** Σ v·w / Σ w over the chains with a value and a positive weight; null when there are none. */
function weightedMean(pairs: ReadonlyArray<readonly [Value, number]>): Value {
  let num = 0;
  let den = 0;
  for (const [v, w] of pairs) {
    if (v === null || !(w > 0)) continue;
    num += v * w;
    den += w;
  }
  return den > 0 ? num / den : null;
}

/** Per period and column, the chains' values weighted by their txcount of that period. */
export function weightedRows(members: readonly MemberSeries[], ncols: number, step: number): SeriesRow[] {
  const maps = members.map((m) => byPeriod(m.rows));
  return periods(members, step).map((t) => {
    const row: SeriesRow = [t];
    for (let c = 1; c <= ncols; c++) {
      row.push(weightedMean(members.map((m, k) => [maps[k]!.get(t)?.[c] ?? null, m.weights?.get(t) ?? 0] as const)));
    }
    return row;
  });
}

/**
 * Weeks, months, quarters and change/summary windows of a weighted_mean aggregate: each
 * chain's own aggregate of the window (the mean of its days, as its document has it) weighted
 * by its txcount over the window. The rows given are the aggregate's daily rows, which only say
 * which days the window spans.
 */
export function weightedWindow(members: readonly MemberSeries[]): WindowAggregate {
  const maps = members.map((m) => byPeriod(m.rows));
  return (rows, i0, i1) => {
    const lo = rows[i0]![0];
    const hi = rows[i1]![0];
    const ncols = rows[i0]!.length - 1;
    const out: Value[] = [];
    for (let c = 1; c <= ncols; c++) {
      const pairs = members.map((m, k) => {
        let sum = 0;
        let n = 0;
        let weight = 0;
        for (let d = lo; d <= hi; d += DAY_MS) {
          const v = maps[k]!.get(d)?.[c];
          if (v !== undefined && v !== null) {
            sum += v;
            n++;
          }
          weight += m.weights?.get(d) ?? 0;
        }
        return [n === 0 ? null : sum / n, weight] as const;
      });
      out.push(weightedMean(pairs));
    }
    return out;
  };
}

/** Rows from the first one with a non-zero value (CONTRACT.md section 1: the daily series starts there). */
export function fromFirstNonZero(rows: readonly SeriesRow[]): SeriesRow[] {
  const i = rows.findIndex((r) => r.slice(1).some((v) => v !== null && v !== 0));
  return i < 0 ? [] : rows.slice(i);
}
