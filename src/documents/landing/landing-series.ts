// The smoothed daily series the landing page (CONTRACT.md 10.3) and the ecosystem overview
// (10.4) draw: the all_l2s aggregate's sums (section 8, all-l2s.ts) and ethereum's own rows,
// as trailing means of the daily values.
import type { ChainMetric } from '../../metrics/definition.js';
import { allL2sAggregate } from '../../metrics/l2-aggregate.js';
import { trailingMean, type SeriesRow } from '../../metrics/series.js';
import { allL2sDailySums, allL2sMembers } from '../metric-detail/all-l2s.js';
import type { BuildContext } from '../document-kind.js';
import { ETHEREUM } from './landing-chains.js';
import { dailyRows } from '../metric-detail/metric-detail-json.js';

/** A metric block `M` of the landing page. */
export interface SeriesBlock {
  metric_name: string;
  source: string[];
  avg: 'true';
  daily: { types: string[]; data: SeriesRow[] };
}

/** A computed metric of this build, if it is one. */
export function builtMetric(ctx: Pick<BuildContext, 'metrics'>, metricId: string): ChainMetric | undefined {
  return ctx.metrics.find((m) => m.metric_id === metricId);
}

/** The all_l2s daily rows of a summed metric; [] for a metric without a sum aggregate (market metrics) or without an L2 document. */
export function l2DailyRows(ctx: Pick<BuildContext, 'chains' | 'supported'>, metric: ChainMetric): SeriesRow[] {
  if (allL2sAggregate(metric) !== 'sum') return [];
  return allL2sDailySums(metric, allL2sMembers(ctx, metric));
}

/** ethereum's daily rows of a metric it has a document of in this build; [] otherwise. */
export function ethereumDailyRows(ctx: Pick<BuildContext, 'chains' | 'supported'>, metric: ChainMetric): SeriesRow[] {
  const eth = ctx.chains.find((c) => c.chain.origin_key === ETHEREUM);
  if (!eth?.status || !eth.facts || !(ctx.supported.get(ETHEREUM) ?? []).includes(metric.metric_id)) return [];
  return dailyRows(metric, eth.facts, eth.status);
}

/** `{metric_id: M}` for the listed metrics with rows, each a 7-day trailing mean. */
export function seriesBlocks(ctx: BuildContext, metricIds: readonly string[], rowsOf: (metric: ChainMetric) => SeriesRow[]): Record<string, SeriesBlock> {
  const out: Record<string, SeriesBlock> = {};
  for (const id of metricIds) {
    const metric = builtMetric(ctx, id);
    const rows = metric ? rowsOf(metric) : [];
    if (!metric || rows.length === 0) continue;
    out[id] = {
      metric_name: metric.name,
      source: [...metric.source_names],
      avg: 'true',
      daily: { types: ['unix', ...metric.columns.map((c) => c.name)], data: trailingMean(rows, 7) },
    };
  }
  return out;
}
