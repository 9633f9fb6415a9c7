// Periods (day or hour starts) as dense indexes, for the reads that count or sum millions of
// rows per period into typed arrays instead of Maps keyed by period.

export interface DensePeriods {
  /** The periods by index, ascending (with empty periods in between when by arithmetic). */
  values: number[];
  indexOf(period: number): number;
}

/**
 * The periods of `periods` at the rows `pick` accepts: by arithmetic when every one is a whole
 * number of `step`s from the first (day or hour starts, as the store writes them; the usual
 * case, without a Map lookup per row), by a Map of the distinct values otherwise.
 */
export function densePeriods(periods: Float64Array, step: number, pick: (row: number) => boolean = () => true): DensePeriods {
  let lo = Infinity;
  let hi = -Infinity;
  for (let j = 0; j < periods.length; j++) {
    if (!pick(j)) continue;
    const p = periods[j]!;
    if (p < lo) lo = p;
    if (p > hi) hi = p;
  }
  if (lo > hi) return { values: [], indexOf: () => -1 };
  let aligned = (hi - lo) / step < 100_000;
  for (let j = 0; j < periods.length && aligned; j++) aligned = !pick(j) || (periods[j]! - lo) % step === 0;
  if (aligned) return { values: Array.from({ length: (hi - lo) / step + 1 }, (_, i) => lo + i * step), indexOf: (p) => (p - lo) / step };
  const distinct = new Set<number>();
  for (let j = 0; j < periods.length; j++) if (pick(j)) distinct.add(periods[j]!);
  const values = [...distinct].sort((a, b) => a - b);
  const index = new Map(values.map((p, i) => [p, i]));
  return { values, indexOf: (p) => index.get(p)! };
}
