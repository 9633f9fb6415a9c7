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

/**
 * A chain's achievements. `seriesOf(metricId)` gives the chain's daily rows of a computed
 * metric (undefined: not computed, or no data): those metrics are left out.
 */
export async function chainAchievements(
  store: Store,
  originKey: string,
  seriesOf: (metricId: string) => { metric: ChainMetric; rows: SeriesRow[] } | undefined,
): Promise<Achievements> {
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
      const totals = await lifetimeTotals(store, originKey, s.metric, s.rows, columnIndex(s.metric, column));
      const total = totals[totals.length - 1]![1];
      const { level, percent_to_next_level } = levelOf(ladder, total);
      out[column] = { level, total_value: total, percent_to_next_level };
      if (column === s.metric.columns[0]!.name) trails.push({ metric: s.metric, ladder, totals });
    }
    lifetime[metricId] = out;
  }
  return { json: { streaks, lifetime }, trails };
}

/** Totals at the end of each of the last HIGHLIGHT_DAYS + 1 days (fewer for a younger series). */
async function lifetimeTotals(store: Store, originKey: string, metric: ChainMetric, rows: readonly SeriesRow[], col: number): Promise<Array<[number, number]>> {
  const first = rows[0]![0];
  const last = rows[rows.length - 1]![0];
  const days: number[] = [];
  for (let d = Math.max(first, last - HIGHLIGHT_DAYS * DAY_MS); d <= last; d += DAY_MS) days.push(d);
  if (metric.monthly_agg === 'unique') {
    const counts = await distinctCounts(store, originKey, metric.address_set.key, days.map((d) => [first, d] as const));
    return days.map((d, i) => [d, counts[i]!]);
  }
  const before = columnTotal(rows.slice(0, rows.length - days.length), col);
  let running = before;
  return days.map((d, i) => {
    const v = rows[rows.length - days.length + i]![col];
    if (typeof v === 'number') running += v;
    return [d, running];
  });
}
