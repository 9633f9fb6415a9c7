// Application detail — /v1/apps/details/{owner_project}.json (CONTRACT.md section 4). Declared ahead
// of its builder: the server routes it (rate limits, API keys, X-Data-Source), answers its 404s and
// describes it in OpenAPI already.
import { HINT_PROJECTS, patternMatcher, type DocumentKind } from './document-kind.js';
import { arrayOf, bool, date, documentPath, mapOf, obj, ref, str, type OpenApiSchema } from './openapi-components.js';

export const APP_DETAILS_PATH = '/v1/apps/details/{owner_project}.json';

const schemas: Record<string, OpenApiSchema> = {
  AppMetric: obj({
    metric_name: str,
    avg: bool,
    over_time: mapOf(obj({ daily: ref('TimeSeries'), hourly: ref('TimeSeries') }, ['daily']), 'Keyed by origin_key; token metrics by "all".'),
    aggregated: obj({
      types: arrayOf(str),
      data: mapOf(mapOf(arrayOf(ref('Value'))), 'Keyed by origin_key, then by window: 1d, 7d, 30d, 90d, 180d, 365d, max.'),
    }),
  }),
  AppDetails: obj({
    last_updated_utc: ref('LastUpdatedUtc'),
    metrics: obj(
      Object.fromEntries(['txcount', 'daa', 'gas_fees', 'success_rate', 'market_cap', 'token_price', 'token_volume'].map((m) => [m, ref('AppMetric')])),
    ),
    kpi_cards: mapOf(ref('KpiCard')),
    first_seen: mapOf(date, 'First day with activity per origin_key, ascending by date.'),
    chains_by_size: { ...arrayOf(str), description: 'origin_keys by 30-day txcount, descending.' },
    contracts_table: mapOf(
      { ...ref('TypedTable'), description: 'Columns address, name, main_category_key, sub_category_key, origin_key, verified, txcount, fees_paid_eth, fees_paid_usd, daa.' },
      'Keyed by window: 1d, 7d, 30d, 90d, 180d, 365d, max.',
    ),
  }),
};

export const appDetails: DocumentKind<'app_details'> = {
  route: 'app_details',
  path: APP_DETAILS_PATH,
  matches: patternMatcher(APP_DETAILS_PATH),
  scope: '/v1/apps/details/',
  freshness: 'daily',
  notFound: { message: 'No application detail document for this owner_project.', hint: HINT_PROJECTS },
  description: 'Application detail (10 requests per minute per client; may require an API key).',
  openapi: {
    pathItem: documentPath({
      summary: 'Application detail',
      description: 'Metrics, KPI cards, first-seen dates, chains by size and contract tables of one project. Rate limited; an API key may be required by the operator.',
      schema: 'AppDetails',
      params: ['owner_project'],
      apps: true,
    }),
    schemas,
  },
};
