// Streaks of the chain overview's achievements (CONTRACT.md section 3): how many consecutive
// complete days, ending with the last one (yesterday), grew against the day before.
import type { SeriesRow } from './series.js';

export interface Streak {
  streak_length: number;
  yesterday_value: number | null;
}

/** Over ascending, gap-free daily rows; `col` is the value's position in a row (1 = first value). */
export function growthStreak(daily: readonly SeriesRow[], col: number): Streak {
  const last = daily.length - 1;
  const yesterday = last >= 0 ? (daily[last]![col] as number | null) : null;
  let n = 0;
  for (let i = last; i > 0; i--) {
    const now = daily[i]![col];
    const before = daily[i - 1]![col];
    if (typeof now !== 'number' || typeof before !== 'number' || !(now > before)) break;
    n++;
  }
  return { streak_length: n, yesterday_value: yesterday };
}

/** Sum of a column over the rows, unknown (null) days left out: a lifetime total. */
export function columnTotal(daily: readonly SeriesRow[], col: number): number {
  let total = 0;
  for (const row of daily) {
    const v = row[col];
    if (typeof v === 'number') total += v;
  }
  return total;
}
