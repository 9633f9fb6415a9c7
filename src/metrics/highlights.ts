// The notable facts a chain overview highlights (CONTRACT.md section 3), found in one metric's
// daily series: a new all-time high (one that crossed a round 1/2/5 × 10^k threshold is an
// `ath_multiple`), growth of the last 1 or 7 days above the metric's threshold, and a lifetime
// total that reached a new achievement level. Only the last 7 complete days count; a metric
// gets at most one highlight (pickHighlight).
import { DAY_MS } from '../clock.js';
import { levelOf, type Ladder } from '../registry/achievement-ladders.js';
import type { GrowthThresholds } from '../registry/highlight-rules.js';
import type { SeriesRow } from './series.js';

export type HighlightType = 'ath_regular' | 'ath_multiple' | 'growth_1' | 'growth_7' | 'lifetime_level_up';

/** Days a highlight may look back, the last complete day included. */
export const HIGHLIGHT_DAYS = 7;
/**
 * Earlier days a series needs before a day's maximum counts as an all-time high: on a chain's
 * first days every day beats the few before it.
 */
export const ATH_MIN_HISTORY_DAYS = 7;

export interface HighlightFact {
  type: HighlightType;
  /** Day start, unix ms. */
  day: number;
  /** The figure shown: the day's value, or the lifetime total. */
  value: number;
  /** ath: the previous high; growth: the growth as a fraction; lifetime_level_up: the new level. */
  detail: number;
}

/** When several facts compete for a metric's one highlight on the same day, the first wins. */
const PRECEDENCE: readonly HighlightType[] = ['ath_multiple', 'ath_regular', 'lifetime_level_up', 'growth_7', 'growth_1'];

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** The smallest round threshold (1, 2 or 5 × 10^k) above `x` (> 0). */
export function nextRoundThreshold(x: number): number {
  const k = Math.floor(Math.log10(x));
  for (const exp of [k, k + 1]) {
    for (const m of [1, 2, 5]) {
      const t = Number(`${m}e${exp}`);
      if (t > x) return t;
    }
  }
  return Number(`1e${k + 2}`);
}

/** The largest round threshold (1, 2 or 5 × 10^k) at or below `x` (> 0). */
export function roundThresholdAtOrBelow(x: number): number {
  const k = Math.floor(Math.log10(x));
  for (const exp of [k + 1, k, k - 1]) {
    for (const m of [5, 2, 1]) {
      const t = Number(`${m}e${exp}`);
      if (t <= x) return t;
    }
  }
  return Number(`1e${k - 1}`);
}

/** The newest all-time high within the last HIGHLIGHT_DAYS rows of ascending daily rows. */
export function athFact(daily: readonly SeriesRow[], col: number): HighlightFact | null {
  const windowFrom = daily.length - HIGHLIGHT_DAYS;
  let high = -Infinity;
  let found: HighlightFact | null = null;
  daily.forEach((row, i) => {
    const v = num(row[col]);
    if (v === null) return;
    if (i >= windowFrom && i >= ATH_MIN_HISTORY_DAYS && high > 0 && v > high) {
      found = { type: v >= nextRoundThreshold(high) ? 'ath_multiple' : 'ath_regular', day: row[0], value: v, detail: high };
    }
    if (v > high) high = v;
  });
  return found;
}

/** growth_1 (last day vs the one before) and growth_7 (last 7 days vs the 7 before) above the thresholds. */
export function growthFacts(daily: readonly SeriesRow[], col: number, thresholds: GrowthThresholds): HighlightFact[] {
  const out: HighlightFact[] = [];
  const n = daily.length;
  if (n < 2) return out;
  const lastDay = daily[n - 1]![0];
  const last = num(daily[n - 1]![col]);
  const before = num(daily[n - 2]![col]);
  if (last !== null && before !== null && before > 0 && (last - before) / before > thresholds.day) {
    out.push({ type: 'growth_1', day: lastDay, value: last, detail: (last - before) / before });
  }
  if (n >= 2 * HIGHLIGHT_DAYS) {
    const sum = (from: number): number | null => {
      let s = 0;
      for (let i = from; i < from + HIGHLIGHT_DAYS; i++) {
        const v = num(daily[i]![col]);
        if (v === null) return null;
        s += v;
      }
      return s;
    };
    const recent = sum(n - HIGHLIGHT_DAYS);
    const prior = sum(n - 2 * HIGHLIGHT_DAYS);
    if (recent !== null && prior !== null && prior > 0 && (recent - prior) / prior > thresholds.week) {
      out.push({ type: 'growth_7', day: lastDay, value: recent, detail: (recent - prior) / prior });
    }
  }
  return out;
}

/**
 * The newest day within the last HIGHLIGHT_DAYS on which a lifetime total reached a higher
 * level. `totals`: [day, total at the end of that day], ascending, the day before the window
 * first (a total that was already at its level then is no level-up).
 */
export function levelUpFact(totals: ReadonlyArray<readonly [number, number]>, ladder: Ladder): HighlightFact | null {
  if (totals.length === 0) return null;
  const lastDay = totals[totals.length - 1]![0];
  let found: HighlightFact | null = null;
  for (let i = 1; i < totals.length; i++) {
    const [day, total] = totals[i]!;
    if (day <= lastDay - HIGHLIGHT_DAYS * DAY_MS) continue;
    const level = levelOf(ladder, total).level;
    if (level > levelOf(ladder, totals[i - 1]![1]).level) found = { type: 'lifetime_level_up', day, value: total, detail: level };
  }
  return found;
}

/** A metric's one highlight: the newest fact, ties broken by PRECEDENCE. */
export function pickHighlight(facts: readonly HighlightFact[]): HighlightFact | null {
  let best: HighlightFact | null = null;
  for (const f of facts) {
    if (!best || f.day > best.day || (f.day === best.day && PRECEDENCE.indexOf(f.type) < PRECEDENCE.indexOf(best.type))) best = f;
  }
  return best;
}
