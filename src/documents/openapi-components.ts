// The shared parts of the OpenAPI 3.1 description: schema helpers, the schemas every document
// uses (time series, values, typed tables), the error responses and headers of CONTRACT.md
// section 7, the path parameters, and documentPath(), which gives every document kind the same
// GET/HEAD/OPTIONS operations. Each kind declares its own path item and schemas with these
// (src/documents/<family>/<kind>.ts); openapi.ts assembles them.
import { MAX_SEGMENT_LENGTH } from './path-rules.js';

export type OpenApiSchema = Record<string, unknown>;
type Schema = OpenApiSchema;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const arrayOf = (items: Schema): Schema => ({ type: 'array', items });
export const obj = (properties: Record<string, Schema>, required = Object.keys(properties), extra: Schema = {}): Schema => ({
  type: 'object',
  properties,
  required,
  ...extra,
});
export const mapOf = (values: Schema, description?: string): Schema => ({
  type: 'object',
  additionalProperties: values,
  ...(description ? { description } : {}),
});
export const str: Schema = { type: 'string' };
export const strOrNull: Schema = { type: ['string', 'null'] };
export const int: Schema = { type: 'integer' };
export const bool: Schema = { type: 'boolean' };
export const date: Schema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A UTC day, YYYY-MM-DD.' };

/** Schemas every kind may refer to; they open components.schemas. */
export const COMMON_SCHEMAS: Record<string, Schema> = {
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
};

/** Schemas of the service itself (errors, /healthz); they close components.schemas. */
export const SERVICE_SCHEMAS: Record<string, Schema> = {
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
            data_gaps: {
              ...arrayOf(obj({ metric: str, days: int, first_day: str, last_day: str, reason: str }, ['metric', 'days', 'first_day', 'last_day', 'reason'])),
              description: 'Days a metric could not be read for (stables_mcap from a node without archive state; tvl and app_revenue from an external source that is down or lacks the day): null in its documents, never 0. Present only when there are some.',
            },
            progress: {
              ...obj(
                {
                  state: { enum: ['starting', 'syncing', 'following', 'error', 'stopped'] },
                  blocks_done: int,
                  blocks_total: int,
                  percent: { type: ['number', 'null'], description: 'blocks_done of blocks_total, rounded down to 0.1 (100 only when done); null while the head is not known.' },
                  blocks_per_second: { type: 'number', description: 'Blocks stored per second over the last few seconds.' },
                  eta_seconds: { type: ['integer', 'null'], description: 'The blocks left at blocks_per_second; 0 when caught up, null while no rate is known.' },
                },
                ['state', 'blocks_done', 'blocks_total', 'percent', 'blocks_per_second', 'eta_seconds'],
              ),
              description: "The chain's ingestion: blocks of its configured range (first block to the head) stored so far, the rate and the time left. During a backfill this is what the 503 not_ready answers point to.",
            },
          },
          ['origin_key', 'head_block', 'last_ingested_block', 'last_ingested_block_time', 'lag_seconds', 'status'],
        ),
      ),
      error: { type: 'string', description: 'Present when the store file cannot be read: what is wrong and what to do (the service has stopped publishing).' },
      store_fault: {
        ...obj({ kind: { enum: ['no_space', 'read_only', 'permission', 'io'] }, message: str, since: ref('UnixMs') }),
        description: 'Present while publishing rounds fail because the store cannot write (a full or read-only disk): the documents served are the last set built; the message names the store file or ClickHouse node and what to do.',
      },
    },
    ['status', 'now', 'document_set', 'chains'],
  ),
};

const header = (description: string, schema: Schema = str): Schema => ({ description, schema });

export const RESPONSE_HEADERS: Record<string, Schema> = {
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
export const h = (name: string): Schema => ({ $ref: `#/components/headers/${name}` });
export const cors = { 'Access-Control-Allow-Origin': h('AllowOrigin'), 'Access-Control-Expose-Headers': h('ExposeHeaders') };
export const limitHeaders = { 'RateLimit-Policy': h('RateLimitPolicy'), RateLimit: h('RateLimit') };

export const jsonContent = (schema: Schema): Schema => ({ 'application/json': { schema } });
export const csvContent = (schema: Schema): Schema => ({ 'text/csv': { schema } });
export const parquetContent = (schema: Schema): Schema => ({ 'application/vnd.apache.parquet': { schema } });
const errorResponse = (description: string, extra: Record<string, Schema> = {}): Schema => ({
  description,
  headers: { ...cors, ...extra },
  content: jsonContent(ref('ErrorBody')),
});

export const RESPONSES: Record<string, Schema> = {
  NotModified: {
    description: 'If-None-Match names one of the document\'s ETags (weak comparison, lists and * accepted), or If-Modified-Since is not older than the build.',
    headers: { ETag: h('ETag'), 'Last-Modified': h('LastModified'), 'Cache-Control': h('CacheControl'), Vary: h('Vary'), ...cors },
  },
  BadRequest: errorResponse(
    'code bad_request: a path segment uses characters outside [a-z0-9_.-], contains "..", is longer than 128 characters, an encoded slash (%2F, %5C), a malformed percent-escape, an empty segment ("//"), or a fragment; on the flat exports that take since and chains, a bad, empty or repeated one (the message names it). Other query strings are ignored. Unparseable requests get 400, oversized headers 431, with the same body.',
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

export const PARAMETERS: Record<string, Schema> = {
  origin_key: pathParam('origin_key', 'Chain identifier; the keys of "chains" in /v1/master.json.', ['base', 'optimism']),
  metric_id: pathParam('metric_id', 'Metric identifier; chains[origin_key].supported_metrics in /v1/master.json.', ['txcount', 'daa']),
  main_category: pathParam('main_category', 'Main category id; the keys of blockspace_categories.main_categories in /v1/master.json.', ['finance', 'social']),
  owner_project: pathParam('owner_project', 'Project identifier; the first column of /v1/labels/projects_filtered.json.', ['uniswap']),
  da_layer: pathParam('da_layer', 'Data-availability layer; the keys of "da_layers" in /v1/master.json.', ['da_ethereum_blobs']),
  da_metric: pathParam('da_metric', 'Data-availability metric; the keys of "da_metrics" in /v1/master.json.', ['fees_paid', 'blob_count']),
  // The incremental pulls of the flat exports (server/row-query.ts).
  since: {
    name: 'since',
    in: 'query',
    required: false,
    description: 'Only the rows dated this UTC day or later: a client that pulls every day asks for the days since its last pull. At most once; not a calendar day YYYY-MM-DD: 400.',
    schema: date,
    examples: { day: { value: '2025-01-31' } },
  },
  chains: {
    name: 'chains',
    in: 'query',
    required: false,
    description: 'Only the rows of these chains, origin_keys separated by commas (the keys of "chains" in /v1/master.json, all_l2s excepted). At most once; an empty or unknown name: 400.',
    schema: { type: 'string', pattern: '^[a-z0-9_.-]+(,[a-z0-9_.-]+)*$' },
    examples: { two: { value: 'base,optimism' } },
  },
  IfNoneMatch: { name: 'If-None-Match', in: 'header', required: false, schema: str, description: 'ETag list, W/ tags or *.' },
  IfModifiedSince: { name: 'If-Modified-Since', in: 'header', required: false, schema: str, description: 'HTTP date; ignored when If-None-Match is sent.' },
  AcceptEncoding: { name: 'Accept-Encoding', in: 'header', required: false, schema: str, description: 'br and gzip are served precompressed; q-values are honoured.' },
};
const p = (name: string): Schema => ({ $ref: `#/components/parameters/${name}` });

export interface DocOp {
  /** Also names the 200 response ("The <summary> document."). */
  summary: string;
  description: string;
  /** The component schema of the body; also the suffix of the operationIds unless `operation` is given. */
  schema: string;
  /** Suffix of the operationIds, for paths that share one schema (the flat exports). */
  operation?: string;
  /** 'csv' or 'parquet': the body is text/csv or a Parquet file (the flat exports' other formats); default application/json. */
  media?: 'csv' | 'parquet';
  /** Names in PARAMETERS, in path order. */
  params?: string[];
  /** Takes the incremental pull's query parameters since and chains (the kind's rowQuery). */
  rowQuery?: boolean;
  /** The application routes' extras: RateLimit and X-Data-Source headers, 401 and 429, API keys. */
  apps?: boolean;
}

/** The path item of a document: GET and HEAD with every response of CONTRACT.md section 7, and OPTIONS. */
export function documentPath(op: DocOp): Schema {
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
  const content = op.media === 'csv' ? csvContent : op.media === 'parquet' ? parquetContent : jsonContent;
  const operation = (method: 'get' | 'head'): Schema => ({
    operationId: `${method}${op.operation ?? op.schema}`,
    summary: method === 'get' ? op.summary : `${op.summary} (headers only)`,
    description: op.description,
    parameters: [...(op.rowQuery ? [p('since'), p('chains')] : []), p('IfNoneMatch'), p('IfModifiedSince'), p('AcceptEncoding')],
    ...(op.apps ? { security: [{}, { bearerAuth: [] }, { apiKeyHeader: [] }] } : {}),
    responses: {
      '200': {
        description: `The ${op.summary.toLowerCase()} document.`,
        headers: okHeaders,
        ...(method === 'get' ? { content: content(ref(op.schema)) } : {}),
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
      operationId: `options${op.operation ?? op.schema}`,
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
