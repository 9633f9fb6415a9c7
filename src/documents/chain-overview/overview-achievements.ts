// The chain overview's `achievements` (CONTRACT.md section 3): growth streaks ending yesterday
// for txcount and fees, and lifetime totals with their level on the registry's ladders. A
// lifetime total of a `unique` metric (daa) is the exact distinct count over the whole history,
// from the per-day address sets; of a summed metric, the sum of its days.
import { DAY_MS } from '../../clock.js';
import type { ChainMetric } from '../../metrics/definition.js';
import { columnTotal, growthStreak, type Streak } from '../../metrics/growth-streak.js';
import { HIGHLIGHT_DAYS } from '../../metrics/highlights.js';
import { distinctCounts } from '../../metrics/read-facts.js';
import type { SeriesRow } from '../../metrics/series.js';
import { levelOf, LIFETIME_LADDERS, type Ladder, type LadderColumn } from '../../registry/achievement-ladders.js';
import type { Store } from '../../store/store.js';

/** The streaks the contract publishes: metric_id → its columns. */
export const STREAKS: Readonly<Record<string, readonly LadderColumn[]>> = { txcount: ['value'], fees: ['usd', 'eth'] };

export interface Lifetime {
  level: number;
  total_value: number;
  percent_to_next_level: number | null;
}

/** A lifetime total over time: [day, total at the end of that day], the last HIGHLIGHT_DAYS + 1 days. */
export interface LifetimeTrail {
  metric: ChainMetric;
  ladder: Ladder;
  totals: Array<[number, number]>;
}

export interface Achievements {
  json: { streaks: Record<string, Record<string, Streak>>; lifetime: Record<string, Record<string, Lifetime>> };
  /** The primary column's lifetime trail per metric (usd for money), for lifetime_level_up highlights. */
  trails: LifetimeTrail[];
}

/** Position of a published column in a series row (1 = the first value), or -1. */
export function columnIndex(metric: ChainMetric, column: string): number {
  const i = metric.columns.findIndex((c) => c.name === column);
  return i < 0 ? -1 : i + 1;
}

/** A chain's daily rows of a computed metric (undefined: not computed, or no data). */
export type SeriesOf = (metricId: string) => { metric: ChainMetric; rows: SeriesRow[] } | undefined;

/**
 * The lifetime totals of the metrics counted by distinct addresses (daa), per metric_id: the
 * exact distinct count from the first day to each of the trail's days, read from the store's
 * address sets. Apart from chainAchievements so that a build keeping the overview
 * (overview-cache.ts) can ask them again and compare: the sets may change while every daily
 * fact stays equal.
 */
export async function lifetimeDistinct(store: Store, originKey: string, seriesOf: SeriesOf): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (const metricId of Object.keys(LIFETIME_LADDERS)) {
    const s = seriesOf(metricId);
    if (!s || s.metric.monthly_agg !== 'unique') continue;
    const first = s.rows[0]![0];
    out.set(metricId, await distinctCounts(store, originKey, s.metric.address_set.key, trailDays(s.rows).map((d) => [first, d] as const)));
  }
  return out;
}

/**
 * A chain's achievements. `seriesOf(metricId)` gives the chain's daily rows of a computed
 * metric (undefined: not computed, or no data): those metrics are left out. `distinct` holds
 * lifetimeDistinct's counts for the same series.
 */
export function chainAchievements(seriesOf: SeriesOf, distinct: ReadonlyMap<string, readonly number[]>): Achievements {
  const streaks: Achievements['json']['streaks'] = {};
  for (const [metricId, columns] of Object.entries(STREAKS)) {
    const s = seriesOf(metricId);
    if (!s) continue;
    streaks[metricId] = Object.fromEntries(columns.map((c) => [c, growthStreak(s.rows, columnIndex(s.metric, c))]));
  }
  const lifetime: Achievements['json']['lifetime'] = {};
  const trails: LifetimeTrail[] = [];
  for (const [metricId, ladders] of Object.entries(LIFETIME_LADDERS)) {
    const s = seriesOf(metricId);
    if (!s) continue;
    const out: Record<string, Lifetime> = {};
    for (const [column, ladder] of Object.entries(ladders) as Array<[LadderColumn, Ladder]>) {
      const totals = lifetimeTotals(s.metric, s.rows, columnIndex(s.metric, column), distinct.get(metricId));
      const total = totals[totals.length - 1]![1];
      const { level, percent_to_next_level } = levelOf(ladder, total);
      out[column] = { level, total_value: total, percent_to_next_level };
      if (column === s.metric.columns[0]!.name) trails.push({ metric: s.metric, ladder, totals });
    }
    lifetime[metricId] = out;
  }
  return { json: { streaks, lifetime }, trails };
}

/** The last HIGHLIGHT_DAYS + 1 days of a series (fewer for a younger one). */
function trailDays(rows: readonly SeriesRow[]): number[] {
  const first = rows[0]![0];
  const last = rows[rows.length - 1]![0];
  const days: number[] = [];
  for (let d = Math.max(first, last - HIGHLIGHT_DAYS * DAY_MS); d <= last; d += DAY_MS) days.push(d);
  return days;
}

/** Totals at the end of each trail day: a `unique` metric's from `distinct`, a summed one's added up. */
function lifetimeTotals(metric: ChainMetric, rows: readonly SeriesRow[], col: number, distinct: readonly number[] | undefined): Array<[number, number]> {
  const days = trailDays(rows);
  if (metric.monthly_agg === 'unique') {
    if (distinct === undefined || distinct.length !== days.length) throw new Error(`${metric.metric_id}: lifetime distinct counts not read for this series`);
    return days.map((d, i) => [d, distinct[i]!]);
  }
  const before = columnTotal(rows.slice(0, rows.length - days.length), col);
  let running = before;
  return days.map((d, i) => {
    const v = rows[rows.length - days.length + i]![col];
    if (typeof v === 'number') running += v;
    return [d, running];
  });
}
