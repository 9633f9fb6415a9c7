// Chain overview — /v1/chains/{origin_key}/overview.json (CONTRACT.md section 3): one document
// per chain with data. The parts are built in their own files: ranking and KPI cards
// (overview-ranking.ts), achievements (overview-achievements.ts), highlights
// (overview-highlights.ts), blockspace (metrics/blockspace.ts) and ecosystem
// (overview-ecosystem.ts); events are the registry's, as authored.
import { DAY_MS } from '../../clock.js';
import { blockspaceTable, BLOCKSPACE_COLUMNS } from '../../metrics/blockspace.js';
import { formatUtc } from '../../metrics/calendar.js';
import type { ChainMetric } from '../../metrics/definition.js';
import type { SeriesRow } from '../../metrics/series.js';
import { appData } from '../apps/app-data.js';
import { HINT_MASTER, patternMatcher, type BuildContext, type ChainInputs, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { dailyRows } from '../metric-detail/metric-detail-json.js';
import { chainAchievements } from './overview-achievements.js';
import { chainEcosystem } from './overview-ecosystem.js';
import { chainHighlights } from './overview-highlights.js';
import { chainRankingAndCards, rankedMetrics, rankedSeries, rankingDay, rankings, type SeriesByMetric } from './overview-ranking.js';
import { arrayOf, date, documentPath, int, mapOf, obj, ref, str, type OpenApiSchema } from '../openapi-components.js';

export const CHAIN_OVERVIEW_PATH = '/v1/chains/{origin_key}/overview.json';
/** Complete days the blockspace table covers. */
export const BLOCKSPACE_DAYS = 7;

export function chainOverviewPath(originKey: string): string {
  return `/v1/chains/${originKey}/overview.json`;
}

async function buildChainOverviews(ctx: BuildContext): Promise<DocumentInput[]> {
  const metrics = rankedMetrics(ctx);
  const series = rankedSeries(ctx);
  const tables = rankings(metrics, series, rankingDay(ctx));
  const labels = await ctx.store.readLabels();
  const apps = await appData(ctx);
  const out: DocumentInput[] = [];
  for (const inputs of ctx.chains) {
    const ok = inputs.chain.origin_key;
    const path = chainOverviewPath(ok);
    const { ranking, kpi_cards } = chainRankingAndCards(ok, metrics, series, tables);
    if (!inputs.status || Object.keys(kpi_cards).length === 0) {
      ctx.report.skipped.push({ path, reason: 'no complete day of data for this chain yet' });
      continue;
    }
    const seriesOf = chainSeries(ctx, inputs, series);
    const achievements = await chainAchievements(ctx.store, ok, seriesOf);
    const ranked = metrics.flatMap((m) => {
      const rows = series.get(m.metric_id)?.get(ok);
      return rows ? [{ metric: m, rows }] : [];
    });
    const until = inputs.status.days_until;
    const q = { origin_key: ok, from_ms: until - BLOCKSPACE_DAYS * DAY_MS, until_ms: until };
    // Complete days: unchanged from one hourly build to the next unless their raw rows changed.
    const counts = ctx.rawMemo
      ? await ctx.rawMemo.get(ctx.store, `blockspaceCounts ${ok}`, { origin_keys: [ok], hours_from: q.from_ms, hours_until: q.until_ms }, () => ctx.store.blockspaceCounts(q))
      : await ctx.store.blockspaceCounts(q);
    ctx.overviews.add(ok);
    const json = {
      last_updated_utc: formatUtc(ctx.builtAt),
      data: {
        chain_id: ok,
        chain_name: inputs.chain.name,
        highlights: chainHighlights(ranked, achievements.trails),
        events: inputs.chain.events.map((e) => ({ ...e })),
        ranking,
        kpi_cards,
        achievements: achievements.json,
        blockspace: { types: [...BLOCKSPACE_COLUMNS], data: blockspaceTable(ok, counts, labels) },
        ecosystem: chainEcosystem(ok, apps),
      },
    };
    out.push({ path, json, freshness: 'daily' });
  }
  return out;
}

/** A chain's daily rows of any computed metric (the ranked ones computed once for all chains). */
function chainSeries(ctx: BuildContext, inputs: ChainInputs, series: SeriesByMetric): (metricId: string) => { metric: ChainMetric; rows: SeriesRow[] } | undefined {
  return (metricId) => {
    const metric = ctx.metrics.find((m) => m.metric_id === metricId);
    if (!metric || !inputs.status || !inputs.facts) return undefined;
    const rows = series.get(metricId)?.get(inputs.chain.origin_key) ?? dailyRows(metric, inputs.facts, inputs.status);
    return rows.length > 0 ? { metric, rows } : undefined;
  };
}

const schemas: Record<string, OpenApiSchema> = {
  // KpiCard is also the shape of the application detail's kpi_cards (app-details.ts refers to it).
  KpiCard: obj({ sparkline: ref('TimeSeries'), current_values: ref('ValueList'), wow_change: ref('ValueList') }),
  Highlight: obj({
    metric_id: str,
    metric_name: str,
    type: { enum: ['ath_regular', 'ath_multiple', 'growth_1', 'growth_7', 'lifetime_level_up'] },
    date,
    header: str,
    text: str,
    value: { type: 'string', description: 'Display string such as "1.23M" or "$4.5K".' },
    icon: str,
  }),
  ChainEvent: obj({ date, type: str, title: str, short_title: str, description: str, source: str }),
  RankingEntry: obj({
    rank: { type: 'integer', description: '1 = largest (cheapest for txcosts); -1 without a value.' },
    out_of: int,
    color_scale: { type: 'number' },
    value: ref('Value'),
    value_usd: ref('Value'),
    value_eth: ref('Value'),
  }),
  Streak: obj({ streak_length: int, yesterday_value: ref('Value') }),
  Lifetime: obj({
    level: int,
    total_value: { type: 'number' },
    percent_to_next_level: { type: ['number', 'null'], minimum: 0, maximum: 100 },
  }),
  ChainOverview: obj({
    last_updated_utc: ref('LastUpdatedUtc'),
    data: obj({
      chain_id: { type: 'string', description: 'The origin_key.' },
      chain_name: str,
      highlights: { ...arrayOf(ref('Highlight')), maxItems: 4 },
      events: arrayOf(ref('ChainEvent')),
      ranking: mapOf(ref('RankingEntry'), 'Keyed by metric_id.'),
      kpi_cards: mapOf(ref('KpiCard'), 'Keyed by metric_id.'),
      achievements: obj({
        streaks: obj({
          txcount: obj({ value: ref('Streak') }),
          fees: obj({ usd: ref('Streak'), eth: ref('Streak') }),
        }),
        lifetime: obj({
          txcount: obj({ value: ref('Lifetime') }),
          daa: obj({ value: ref('Lifetime') }),
          fees: obj({ usd: ref('Lifetime'), eth: ref('Lifetime') }),
        }),
      }),
      blockspace: { ...ref('TypedTable'), description: 'Columns ["main_category_id","txcount","pct_share"], last 7 complete days.' },
      ecosystem: {
        type: 'object',
        properties: {
          active_apps: obj({ '7d': int, '30d': int }),
          apps: { ...ref('TypedTable'), description: 'Columns ["owner_project","txcount"].' },
        },
        description: 'Empty object for a chain without application data.',
      },
    }),
  }),
};

export const chainOverview: DocumentKind<'chain_overview'> = {
  route: 'chain_overview',
  path: CHAIN_OVERVIEW_PATH,
  matches: patternMatcher(CHAIN_OVERVIEW_PATH),
  scope: '/v1/chains/',
  freshness: 'daily',
  notFound: { message: 'No overview document for this chain.', hint: HINT_MASTER },
  description: 'Chain overview: highlights, events, ranking, KPI cards, achievements, blockspace, ecosystem.',
  openapi: {
    pathItem: documentPath({
      summary: 'Chain overview',
      description: 'Highlights, events, ranking, KPI cards, achievements, blockspace and ecosystem of one chain.',
      schema: 'ChainOverview',
      params: ['origin_key'],
    }),
    schemas,
  },
  build: buildChainOverviews,
};
