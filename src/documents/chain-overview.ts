// Chain overview — /v1/chains/{origin_key}/overview.json (CONTRACT.md section 3). Declared ahead of
// its builder: the server routes it, answers its 404s and describes it in OpenAPI already.
import { HINT_MASTER, patternMatcher, type DocumentKind } from './document-kind.js';
import { arrayOf, date, documentPath, int, mapOf, obj, ref, str, type OpenApiSchema } from './openapi-components.js';

export const CHAIN_OVERVIEW_PATH = '/v1/chains/{origin_key}/overview.json';

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
};
