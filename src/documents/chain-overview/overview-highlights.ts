// The chain overview's `highlights` (CONTRACT.md section 3): per metric at most one fact of the
// last 7 days (metrics/highlights.ts), at most 4 in all, newest first, with the figure written
// the way the metric's units say. Costs (metrics ranked cheapest first) are left out: a new
// high of transaction costs is not something to celebrate.
import type { ChainMetric } from '../../metrics/definition.js';
import { displayValue } from '../../metrics/display-value.js';
import { athFact, growthFacts, levelUpFact, pickHighlight, roundThresholdAtOrBelow, type HighlightFact } from '../../metrics/highlights.js';
import type { SeriesRow } from '../../metrics/series.js';
import { growthThresholds } from '../../registry/highlight-rules.js';
import type { LifetimeTrail } from './overview-achievements.js';

export const MAX_HIGHLIGHTS = 4;

export interface Highlight {
  metric_id: string;
  metric_name: string;
  type: HighlightFact['type'];
  date: string;
  header: string;
  text: string;
  value: string;
  icon: string;
}

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const percent = (fraction: number): string => `${Math.round(fraction * 1000) / 10}%`;

function describe(metric: ChainMetric, f: HighlightFact, show: (v: number) => string): Pick<Highlight, 'header' | 'text'> {
  const day = isoDay(f.day);
  switch (f.type) {
    case 'ath_regular':
      return { header: 'New all-time high', text: `${metric.name} reached ${show(f.value)} on ${day}, above the previous high of ${show(f.detail)}.` };
    case 'ath_multiple':
      return { header: `All-time high above ${show(roundThresholdAtOrBelow(f.value))}`, text: `${metric.name} passed ${show(roundThresholdAtOrBelow(f.value))} for the first time on ${day}.` };
    case 'growth_1':
      return { header: 'Daily growth', text: `${metric.name} grew ${percent(f.detail)} on ${day} against the day before.` };
    case 'growth_7':
      return { header: 'Weekly growth', text: `${metric.name} grew ${percent(f.detail)} in the 7 days to ${day} against the 7 days before.` };
    case 'lifetime_level_up':
      return { header: `Lifetime level ${f.detail}`, text: `${metric.name} over the chain's lifetime passed ${show(roundThresholdAtOrBelow(f.value))} on ${day}.` };
  }
}

/**
 * The highlights of one chain from the daily rows of its ranked metrics (`series`: metric →
 * rows, in catalog order) and its lifetime trails.
 */
export function chainHighlights(series: ReadonlyArray<{ metric: ChainMetric; rows: readonly SeriesRow[] }>, trails: readonly LifetimeTrail[]): Highlight[] {
  const facts = new Map<string, { metric: ChainMetric; order: number; facts: HighlightFact[] }>();
  const entry = (metric: ChainMetric) => {
    let e = facts.get(metric.metric_id);
    if (!e) facts.set(metric.metric_id, (e = { metric, order: facts.size, facts: [] }));
    return e;
  };
  for (const { metric, rows } of series) {
    if (metric.rank_order !== 'desc' || rows.length === 0) continue;
    const ath = athFact(rows, 1);
    entry(metric).facts.push(...(ath ? [ath] : []), ...growthFacts(rows, 1, growthThresholds(metric.metric_id)));
  }
  for (const t of trails) {
    const up = levelUpFact(t.totals, t.ladder);
    if (up) entry(t.metric).facts.push(up);
  }
  const picked = [...facts.values()].flatMap((e) => {
    const f = pickHighlight(e.facts);
    return f ? [{ ...e, fact: f }] : [];
  });
  picked.sort((a, b) => b.fact.day - a.fact.day || a.order - b.order);
  return picked.slice(0, MAX_HIGHLIGHTS).map(({ metric, fact }) => {
    const unit = metric.units[metric.columns[0]!.name];
    const show = (v: number): string => (unit ? displayValue(v, unit) : String(v));
    return {
      metric_id: metric.metric_id,
      metric_name: metric.name,
      type: fact.type,
      date: isoDay(fact.day),
      ...describe(metric, fact, show),
      value: show(fact.value),
      icon: metric.icon,
    };
  });
}
