// The OpenAPI 3.1 description of the service: every document of CONTRACT.md sections 1-6 with
// real schemas, and every error of section 7. Served at /v1/openapi.json by the server itself and
// exportable with the other documents (openApiDocument returns a DocumentInput).
import type { DocumentInput } from '../documents/document-set.js';
import { MAX_SEGMENT_LENGTH } from './request-path.js';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const arrayOf = (items: Schema): Schema => ({ type: 'array', items });
const obj = (properties: Record<string, Schema>, required = Object.keys(properties), extra: Schema = {}): Schema => ({
  type: 'object',
  properties,
  required,
  ...extra,
});
const mapOf = (values: Schema, description?: string): Schema => ({
  type: 'object',
  additionalProperties: values,
  ...(description ? { description } : {}),
});
const str: Schema = { type: 'string' };
const strOrNull: Schema = { type: ['string', 'null'] };
const int: Schema = { type: 'integer' };
const bool: Schema = { type: 'boolean' };
const date: Schema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A UTC day, YYYY-MM-DD.' };

const schemas: Record<string, Schema> = {
  UnixMs: {
    type: 'integer',
    description:
      'Integer milliseconds since the Unix epoch, UTC, at the START of the period (day 00:00, hour :00, week Monday 00:00, month 1st, quarter Jan/Apr/Jul/Oct 1st).',
  },
  Value: { type: ['number', 'null'], description: 'A finite JSON number, or null when not computable. Never NaN, Infinity or a string.' },
  LastUpdatedUtc: {
    type: 'string',
    pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
    description: 'UTC time the document was built, YYYY-MM-DD HH:MM:SS.',
    examples: ['2026-01-31 14:05:00'],
  },
  TypedTable: obj(
    {
      types: { ...arrayOf(str), description: 'Column names; row positions match.' },
      data: { ...arrayOf(arrayOf({})), description: 'Rows; each row is an array whose positions match `types`.' },
    },
    ['types', 'data'],
    { description: 'A typed table: column names plus rows. The row container is always named `data`.' },
  ),
  TimeSeries: obj(
    {
      types: {
        ...arrayOf(str),
        description: '["unix","value"], or ["unix","usd","eth"] for a metric measured in money.',
        examples: [
          ['unix', 'value'],
          ['unix', 'usd', 'eth'],
        ],
      },
      data: {
        ...arrayOf({ type: 'array', prefixItems: [ref('UnixMs')], items: ref('Value'), minItems: 2 }),
        description: 'Rows oldest first.',
      },
    },
    ['types', 'data'],
    { description: 'A time series as a typed table whose first column is `unix`.' },
  ),
  ValueList: obj({ types: arrayOf(str), data: arrayOf(ref('Value')) }, ['types', 'data'], {
    description: 'One row of values without a unix column, e.g. {"types":["value"],"data":[42]}.',
  }),
  Changes: {
    type: 'object',
    properties: { types: arrayOf(str) },
    required: ['types'],
    additionalProperties: { ...arrayOf(ref('Value')), description: 'A fraction (0.1234 = +12.34 %), 4 decimals, capped at 99.99; null when not computable.' },
    description: 'Keyed by window ("1d", "7d", ...): one value per value column.',
  },
  MetricDetail: obj({
    last_updated_utc: ref('LastUpdatedUtc'),
    details: obj(
      {
        metric_id: str,
        metric_name: str,
        source: arrayOf(str),
        timeseries: obj(
          {
            daily: ref('TimeSeries'),
            weekly: ref('TimeSeries'),
            monthly: ref('TimeSeries'),
            quarterly: ref('TimeSeries'),
            daily_7d_rolling: { oneOf: [ref('TimeSeries'), { type: 'null' }], description: 'null when the metric\'s "avg" flag is false.' },
            hourly: { ...ref('TimeSeries'), description: 'Last 14 days of complete hours; present only when master.json says hourly_available.' },
          },
          ['daily', 'weekly', 'monthly', 'quarterly', 'daily_7d_rolling'],
        ),
        changes: obj(
          { daily: ref('Changes'), weekly: ref('Changes'), monthly: ref('Changes'), hourly: ref('Changes') },
          ['daily', 'weekly', 'monthly'],
        ),
        summary: obj({ last_1h: ref('ValueList'), last_1d: ref('ValueList'), last_7d: ref('ValueList'), last_30d: ref('ValueList') }),
      },
      ['metric_id', 'metric_name', 'source', 'timeseries', 'changes', 'summary'],
    ),
  }),
  FeeCostTable: obj({
    types: { ...arrayOf(str), examples: [['unix', 'value_eth', 'value_usd', 'normalized']] },
    data: arrayOf({ type: 'array', prefixItems: [ref('UnixMs'), ref('Value'), ref('Value'), ref('Value')], items: false }),
  }),
  FeeRateTable: obj({
    types: { ...arrayOf(str), examples: [['unix', 'value', 'normalized']] },
    data: arrayOf({ type: 'array', prefixItems: [ref('UnixMs'), ref('Value'), ref('Value')], items: false }),
  }),
  FeeTable: obj(
    {
      chain_data: mapOf(
        obj({
          hourly: obj({
            txcosts_median: ref('FeeCostTable'),
            txcosts_native_median: ref('FeeCostTable'),
            txcosts_avg: ref('FeeCostTable'),
            txcosts_swap: ref('FeeCostTable'),
            tps: ref('FeeRateTable'),
            throughput: ref('FeeRateTable'),
          }),
        }),
        'Keyed by origin_key. Rows are the complete hours of the last 30 hours, NEWEST FIRST; row i of every chain is the same hour. normalized: 0 = best, 1 = worst within one chain and metric.',
      ),
    },
    ['chain_data'],
    { description: 'No last_updated_utc: freshness travels in the Last-Modified header.' },
  ),
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
  ProjectsFiltered: obj({
    last_updated_utc: ref('LastUpdatedUtc'),
    data: obj({
      types: {
        ...arrayOf(str),
        examples: [
          [
            'owner_project', 'display_name', 'description', 'main_github', 'twitter', 'website', 'logo_path', 'token_symbol',
            'txcount', 'active_on', 'ecosystem_rank', 'sub_category', 'main_category', 'sub_categories', 'features',
          ],
        ],
      },
      data: arrayOf({
        type: 'array',
        prefixItems: [
          str, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull,
          { type: 'number' }, mapOf({ type: 'number' }), int, strOrNull, strOrNull, arrayOf(str), arrayOf(str),
        ],
        items: false,
      }),
    }),
  }),
  Projects: obj({
    last_updated_utc: ref('LastUpdatedUtc'),
    data: obj({
      types: {
        ...arrayOf(str),
        examples: [
          [
            'owner_project', 'display_name', 'description', 'main_github', 'twitter', 'website', 'logo_path', 'token_symbol',
            'sub_category', 'main_category', 'sub_categories',
          ],
        ],
      },
      data: arrayOf({
        type: 'array',
        prefixItems: [str, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull, arrayOf(str)],
        items: false,
      }),
    }),
  }),
  Unit: obj(
    {
      currency: bool,
      prefix: strOrNull,
      suffix: strOrNull,
      decimals: int,
      decimals_tooltip: int,
      agg: bool,
      agg_tooltip: bool,
    },
    ['currency', 'decimals'],
  ),
  MetricInfo: obj(
    {
      name: str,
      metric_keys: arrayOf(str),
      units: mapOf(ref('Unit'), 'Keyed by usd, eth or value.'),
      avg: bool,
      monthly_agg: { enum: ['sum', 'avg', 'unique'] },
      hourly_available: bool,
      ranking_bubble: bool,
      fundamental: bool,
      category: str,
      supported_chains: arrayOf(str),
      chain_specific: bool,
    },
    ['name', 'metric_keys', 'units', 'avg', 'monthly_agg', 'hourly_available'],
  ),
  ChainInfo: obj(
    {
      name: str,
      name_short: str,
      url_key: str,
      chain_type: str,
      evm_chain_id: int,
      deployment: str,
      symbol: str,
      gas_token: str,
      bucket: str,
      colors: obj({ light: arrayOf(str), dark: arrayOf(str) }),
      launch_date: { oneOf: [date, { type: 'null' }] },
      website: strOrNull,
      block_explorers: mapOf(str),
      supported_metrics: arrayOf(str),
    },
    ['name', 'url_key', 'evm_chain_id', 'supported_metrics'],
  ),
  Master: obj({
    current_version: { const: 'v1' },
    chains: mapOf(ref('ChainInfo'), 'Keyed by origin_key.'),
    metrics: mapOf(ref('MetricInfo'), 'Keyed by metric_id.'),
    app_metrics: mapOf(ref('MetricInfo')),
    fee_metrics: mapOf(
      obj(
        { name: str, name_short: str, units: mapOf(ref('Unit')), category: str, currency: bool, priority: int, invert_normalization: bool },
        ['name', 'priority', 'invert_normalization'],
      ),
    ),
    blockspace_categories: obj({
      main_categories: mapOf(str),
      sub_categories: mapOf(str),
      mapping: mapOf(arrayOf(str)),
    }),
    last_updated_utc: ref('LastUpdatedUtc'),
  }),
  ErrorBody: obj({
    error: obj({
      status: { type: 'integer', minimum: 400, maximum: 599 },
      code: { enum: ['bad_request', 'unauthorized', 'not_found', 'method_not_allowed', 'rate_limited', 'not_ready'] },
      message: { type: 'string', description: 'What went wrong, for humans.' },
      hint: { type: 'string', description: 'Where valid values are listed or what to do next.' },
    }),
  }),
  Health: obj(
    {
      status: { enum: ['ok', 'degraded', 'not_ready'] },
      now: ref('UnixMs'),
      document_set: { type: 'object', properties: { loaded: bool, built_at: ref('UnixMs'), age_seconds: { type: 'number' }, documents: int }, required: ['loaded'] },
      last_build_at: { type: ['integer', 'null'] },
      chains: arrayOf(
        obj(
          {
            origin_key: str,
            head_block: { type: ['integer', 'null'] },
            last_ingested_block: { type: ['integer', 'null'] },
            last_ingested_block_time: { type: ['integer', 'null'] },
            lag_seconds: { type: ['number', 'null'] },
            status: { enum: ['ok', 'degraded'] },
            message: str,
          },
          ['origin_key', 'head_block', 'last_ingested_block', 'last_ingested_block_time', 'lag_seconds', 'status'],
        ),
      ),
    },
    ['status', 'now', 'document_set', 'chains'],
  ),
};

const header = (description: string, schema: Schema = str): Schema => ({ description, schema });

const headers: Record<string, Schema> = {
  ETag: header('Strong validator. Each encoding (identity, gzip, br) has its own tag; If-None-Match accepts any of them.'),
  LastModified: header('Build time of the document set.'),
  CacheControl: header(
    'public, max-age=60 (documents refreshed hourly: fee table, metric details) or max-age=300 (others), stale-while-revalidate=60, stale-if-error=86400.',
  ),
  Vary: header('Accept-Encoding.'),
  ContentEncoding: header('br or gzip when the client accepts it; absent for identity.'),
  AllowOrigin: header('Always "*".'),
  ExposeHeaders: header('ETag, RateLimit, RateLimit-Policy, Retry-After, X-Data-Source, WWW-Authenticate.'),
  RateLimitPolicy: header('IETF draft-ietf-httpapi-ratelimit-headers, e.g. "apps";q=10;w=60.'),
  RateLimit: header('IETF draft-ietf-httpapi-ratelimit-headers, e.g. "apps";r=7;t=42 (remaining, seconds to reset).'),
  RetryAfter: header('Seconds to wait.', int),
  DataSource: header('Attribution (interface.md 5.2): "chainlytics (<base>/v1)".'),
  WwwAuthenticate: header('Bearer realm="chainlytics".'),
  Allow: header('GET, HEAD, OPTIONS.'),
};
const h = (name: string): Schema => ({ $ref: `#/components/headers/${name}` });
const cors = { 'Access-Control-Allow-Origin': h('AllowOrigin'), 'Access-Control-Expose-Headers': h('ExposeHeaders') };
const limitHeaders = { 'RateLimit-Policy': h('RateLimitPolicy'), RateLimit: h('RateLimit') };

const jsonContent = (schema: Schema): Schema => ({ 'application/json': { schema } });
const errorResponse = (description: string, extra: Record<string, Schema> = {}): Schema => ({
  description,
  headers: { ...cors, ...extra },
  content: jsonContent(ref('ErrorBody')),
});

const responses: Record<string, Schema> = {
  NotModified: {
    description: 'If-None-Match names one of the document\'s ETags (weak comparison, lists and * accepted), or If-Modified-Since is not older than the build.',
    headers: { ETag: h('ETag'), 'Last-Modified': h('LastModified'), 'Cache-Control': h('CacheControl'), Vary: h('Vary'), ...cors },
  },
  BadRequest: errorResponse(
    'code bad_request: a path segment uses characters outside [a-z0-9_.-], contains "..", is longer than 128 characters, an encoded slash (%2F, %5C), a malformed percent-escape, an empty segment ("//"), or a fragment. Query strings are ignored. Unparseable requests get 400, oversized headers 431, with the same body.',
  ),
  Unauthorized: errorResponse('code unauthorized: the operator requires an API key for this route and none or a wrong one was sent.', {
    'WWW-Authenticate': h('WwwAuthenticate'),
    ...limitHeaders,
    'X-Data-Source': h('DataSource'),
  }),
  NotFound: errorResponse(
    'code not_found: unknown chain, metric, project or path, or no data. The hint names the discovery document: /v1/master.json for chains and metrics, /v1/labels/projects_filtered.json for projects.',
  ),
  MethodNotAllowed: errorResponse('code method_not_allowed: any method other than GET, HEAD and OPTIONS.', { Allow: h('Allow') }),
  TooManyRequests: errorResponse('code rate_limited: over the route\'s quota.', {
    'Retry-After': h('RetryAfter'),
    ...limitHeaders,
    'X-Data-Source': h('DataSource'),
  }),
  NotReady: errorResponse('code not_ready: no document set has been built yet.', { 'Retry-After': h('RetryAfter') }),
};

const pathParam = (name: string, description: string, examples: string[]): Schema => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', pattern: `^[a-z0-9_.-]{1,${MAX_SEGMENT_LENGTH}}$` },
  examples: Object.fromEntries(examples.map((e) => [e, { value: e }])),
});

const parameters: Record<string, Schema> = {
  origin_key: pathParam('origin_key', 'Chain identifier; the keys of "chains" in /v1/master.json.', ['base', 'optimism']),
  metric_id: pathParam('metric_id', 'Metric identifier; chains[origin_key].supported_metrics in /v1/master.json.', ['txcount', 'daa']),
  owner_project: pathParam('owner_project', 'Project identifier; the first column of /v1/labels/projects_filtered.json.', ['uniswap']),
  IfNoneMatch: { name: 'If-None-Match', in: 'header', required: false, schema: str, description: 'ETag list, W/ tags or *.' },
  IfModifiedSince: { name: 'If-Modified-Since', in: 'header', required: false, schema: str, description: 'HTTP date; ignored when If-None-Match is sent.' },
  AcceptEncoding: { name: 'Accept-Encoding', in: 'header', required: false, schema: str, description: 'br and gzip are served precompressed; q-values are honoured.' },
};
const p = (name: string): Schema => ({ $ref: `#/components/parameters/${name}` });

interface DocOp {
  summary: string;
  description: string;
  schema: string;
  params?: string[];
  apps?: boolean;
}

function documentPath(op: DocOp): Schema {
  const okHeaders: Record<string, Schema> = {
    ETag: h('ETag'),
    'Last-Modified': h('LastModified'),
    'Cache-Control': h('CacheControl'),
    Vary: h('Vary'),
    'Content-Encoding': h('ContentEncoding'),
    ...cors,
    ...(op.apps ? { ...limitHeaders, 'X-Data-Source': h('DataSource') } : {}),
  };
  const resp = (name: string): Schema => ({ $ref: `#/components/responses/${name}` });
  const errors: Record<string, Schema> = {
    '304': resp('NotModified'),
    '400': resp('BadRequest'),
    ...(op.apps ? { '401': resp('Unauthorized') } : {}),
    '404': resp('NotFound'),
    ...(op.apps ? { '429': resp('TooManyRequests') } : {}),
    '503': resp('NotReady'),
  };
  const operation = (method: 'get' | 'head'): Schema => ({
    operationId: `${method}${op.schema}`,
    summary: method === 'get' ? op.summary : `${op.summary} (headers only)`,
    description: op.description,
    parameters: [p('IfNoneMatch'), p('IfModifiedSince'), p('AcceptEncoding')],
    ...(op.apps ? { security: [{}, { bearerAuth: [] }, { apiKeyHeader: [] }] } : {}),
    responses: {
      '200': {
        description: `The ${op.summary.toLowerCase()} document.`,
        headers: okHeaders,
        ...(method === 'get' ? { content: jsonContent(ref(op.schema)) } : {}),
      },
      ...errors,
    },
  });
  return {
    // Path parameters live on the path so that get, head and options all declare them.
    ...(op.params ? { parameters: op.params.map(p) } : {}),
    get: operation('get'),
    head: operation('head'),
    options: {
      operationId: `options${op.schema}`,
      summary: 'CORS preflight',
      responses: {
        '204': {
          description: 'Allowed methods GET, HEAD, OPTIONS; requested headers echoed; Access-Control-Max-Age 86400.',
          headers: cors,
        },
      },
    },
  };
}

/** The OpenAPI 3.1 object for a service reachable at `publicBaseUrl` (without /v1). */
export function openApiSpec(publicBaseUrl: string): Record<string, unknown> {
  const base = publicBaseUrl.replace(/\/+$/, '');
  return {
    openapi: '3.1.0',
    info: {
      title: 'chainlytics',
      version: '1.0.0',
      summary: 'Read-only chain analytics documents.',
      description: [
        'Every endpoint is a precomputed JSON document fetched with GET (or HEAD).',
        'Conventions: `unix` columns are integer milliseconds (UTC, period start); time series are oldest first except the fee table (newest first); numbers are finite or null.',
        'Errors have the body {"error":{"status","code","message","hint"}}; other methods than GET, HEAD and OPTIONS get 405 method_not_allowed with Allow: GET, HEAD, OPTIONS.',
        'Rate limits: /apps/details/ allows 10 requests per minute per client by default; responses carry RateLimit-Policy and RateLimit headers, 429 carries Retry-After.',
        'Attribution: data reused from /apps/details/ must name the source given in the X-Data-Source header.',
      ].join('\n\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: `${base}/v1` }],
    paths: {
      '/metrics/chains/{origin_key}/{metric_id}.json': documentPath({
        summary: 'Metric detail',
        description: 'Daily, weekly, monthly, quarterly (and, when hourly_available, hourly) series of one metric on one chain, with changes and summary.',
        schema: 'MetricDetail',
        params: ['origin_key', 'metric_id'],
      }),
      '/fees/table.json': documentPath({
        summary: 'Fee table',
        description: 'Hourly transaction costs, tps and throughput of every fee-table chain over the last 30 complete hours, newest first.',
        schema: 'FeeTable',
      }),
      '/chains/{origin_key}/overview.json': documentPath({
        summary: 'Chain overview',
        description: 'Highlights, events, ranking, KPI cards, achievements, blockspace and ecosystem of one chain.',
        schema: 'ChainOverview',
        params: ['origin_key'],
      }),
      '/apps/details/{owner_project}.json': documentPath({
        summary: 'Application detail',
        description: 'Metrics, KPI cards, first-seen dates, chains by size and contract tables of one project. Rate limited; an API key may be required by the operator.',
        schema: 'AppDetails',
        params: ['owner_project'],
        apps: true,
      }),
      '/labels/projects_filtered.json': documentPath({
        summary: 'Filtered project list',
        description: 'Projects with activity; the discovery source for owner_project.',
        schema: 'ProjectsFiltered',
      }),
      '/labels/projects.json': documentPath({
        summary: 'Full project list',
        description: 'Every project of the directory.',
        schema: 'Projects',
      }),
      '/master.json': documentPath({
        summary: 'Master',
        description: 'Discovery document: chains, metrics, app metrics, fee metrics, blockspace categories.',
        schema: 'Master',
      }),
      '/openapi.json': {
        get: {
          operationId: 'getOpenApi',
          summary: 'This description',
          responses: { '200': { description: 'OpenAPI 3.1 document.', headers: cors, content: jsonContent({ type: 'object' }) } },
        },
      },
      '/healthz': {
        servers: [{ url: base }],
        get: {
          operationId: 'getHealth',
          summary: 'Liveness and data freshness',
          responses: {
            '200': { description: 'Serving a document set (status ok or degraded).', headers: cors, content: jsonContent(ref('Health')) },
            '503': { description: 'No document set yet (status not_ready).', headers: { 'Retry-After': h('RetryAfter'), ...cors }, content: jsonContent(ref('Health')) },
          },
        },
      },
    },
    components: {
      schemas,
      responses,
      parameters,
      headers,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key as a bearer token; only when the operator requires keys.' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
    },
  };
}

/** The OpenAPI description as a document, for the server and for the exported directory. */
export function openApiDocument(publicBaseUrl: string): DocumentInput {
  return { path: '/v1/openapi.json', json: openApiSpec(publicBaseUrl), freshness: 'daily' };
}
