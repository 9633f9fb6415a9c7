// The chain overview's `ranking` and `kpi_cards` (CONTRACT.md section 3), driven by the metric
// catalog: every chain metric whose `ranking_bubble` flag is set is ranked, so a new metric
// appears here by its definition alone. Ranks compare the chains' values on the build's last
// complete day, in the metric's own direction (`rank_order`: costs rank cheapest first).
import { DAY_MS } from '../../clock.js';
import type { ChainMetric } from '../../metrics/definition.js';
import type { SeriesRow } from '../../metrics/series.js';
import type { BuildContext } from '../document-kind.js';
import { kpiCard } from '../kpi-card.js';
import { dailyRows } from '../metric-detail/metric-detail-json.js';

export interface RankingEntry {
  rank: number;
  out_of: number;
  color_scale: number;
  value: number | null;
  value_usd: number | null;
  value_eth: number | null;
}

export const NO_RANK: Readonly<RankingEntry> = Object.freeze({ rank: -1, out_of: -1, color_scale: 0, value: null, value_usd: null, value_eth: null });

/** metric_id → origin_key → the chain's daily rows (only chains with at least one day). */
export type SeriesByMetric = Map<string, Map<string, SeriesRow[]>>;

/** Every ranked metric of the catalog, in catalog order (planned ones too: they rank no chain). */
export function rankedMetrics(ctx: Pick<BuildContext, 'catalog'>): ChainMetric[] {
  return ctx.catalog.filter((m) => m.ranking_bubble);
}

/**
 * The daily rows of every ranked metric (or of `metrics`) that this build computes, per chain. Metrics the build
 * does not compute have no facts loaded and get no series.
 */
export function rankedSeries(ctx: Pick<BuildContext, 'catalog' | 'metrics' | 'chains'>, metrics: readonly ChainMetric[] = rankedMetrics(ctx)): SeriesByMetric {
  const computed = new Set(ctx.metrics.map((m) => m.metric_id));
  const out: SeriesByMetric = new Map();
  for (const metric of metrics) {
    const byChain = new Map<string, SeriesRow[]>();
    if (computed.has(metric.metric_id)) {
      for (const { chain, status, facts } of ctx.chains) {
        if (!status || !facts) continue;
        const rows = dailyRows(metric, facts, status);
        if (rows.length > 0) byChain.set(chain.origin_key, rows);
      }
    }
    out.set(metric.metric_id, byChain);
  }
  return out;
}

/** The last complete day of the build: the latest any chain has complete (null without facts). */
export function rankingDay(ctx: Pick<BuildContext, 'chains'>): number | null {
  let until = -Infinity;
  for (const { status } of ctx.chains) if (status && status.days_until > until) until = status.days_until;
  return until === -Infinity ? null : until - DAY_MS;
}

/** The value a metric ranks by on `day` (usd for money), null when the chain has none that day. */
function rankValue(rows: readonly SeriesRow[] | undefined, day: number): SeriesRow | null {
  const last = rows?.[rows.length - 1];
  if (!last || last[0] !== day || typeof last[1] !== 'number') return null;
  return last;
}

/** One ranking table per ranked metric: origin_key → entry, for the chains with a value on `day`. */
export function rankings(metrics: readonly ChainMetric[], series: SeriesByMetric, day: number | null): Map<string, Map<string, RankingEntry>> {
  const out = new Map<string, Map<string, RankingEntry>>();
  for (const metric of metrics) {
    const table = new Map<string, RankingEntry>();
    out.set(metric.metric_id, table);
    if (day === null) continue;
    const valued = [...(series.get(metric.metric_id) ?? new Map<string, SeriesRow[]>())].flatMap(([ok, rows]) => {
      const row = rankValue(rows, day);
      return row ? [[ok, row] as const] : [];
    });
    const better = (a: number, b: number): boolean => (metric.rank_order === 'asc' ? a < b : a > b);
    for (const [ok, row] of valued) {
      const v = row[1] as number;
      // Competition ranking: chains with equal values share a rank.
      const rank = 1 + valued.filter(([, other]) => better(other[1] as number, v)).length;
      table.set(ok, {
        rank,
        out_of: valued.length,
        color_scale: Math.round((rank / valued.length) * 100) / 100,
        value: metric.currency ? null : v,
        value_usd: metric.currency ? v : null,
        value_eth: metric.currency ? ((row[2] as number | null) ?? null) : null,
      });
    }
  }
  return out;
}

/** A chain's `ranking` and `kpi_cards`: every ranked metric ranked (or NO_RANK), a card per metric with data. */
export function chainRankingAndCards(
  originKey: string,
  metrics: readonly ChainMetric[],
  series: SeriesByMetric,
  tables: Map<string, Map<string, RankingEntry>>,
): { ranking: Record<string, RankingEntry>; kpi_cards: Record<string, unknown> } {
  const ranking: Record<string, RankingEntry> = {};
  const kpi_cards: Record<string, unknown> = {};
  for (const metric of metrics) {
    ranking[metric.metric_id] = tables.get(metric.metric_id)?.get(originKey) ?? { ...NO_RANK };
    const rows = series.get(metric.metric_id)?.get(originKey);
    if (rows && rows.length > 0) kpi_cards[metric.metric_id] = kpiCard(metric.columns.map((c) => c.name), rows);
  }
  return { ranking, kpi_cards };
}
