// The OpenAPI 3.1 description of the service: every document kind's path and schemas (kinds.ts),
// between the shared schemas and the errors of CONTRACT.md section 7 (openapi-components.ts).
// Served at /v1/openapi.json by the server and exportable with the other documents
// (openApiDocument returns a DocumentInput).
import type { DocumentInput } from './document-set.js';
import { DOCUMENT_KINDS } from './kinds.js';
import {
  COMMON_SCHEMAS,
  cors,
  h,
  jsonContent,
  PARAMETERS,
  ref,
  RESPONSE_HEADERS,
  RESPONSES,
  SERVICE_SCHEMAS,
  type OpenApiSchema,
} from './openapi-components.js';
import { OPENAPI_PATH } from './openapi-kind.js';

/** OpenAPI paths are relative to the server URL, which ends in /v1. */
const API_ROOT = '/v1';

/**
 * The OpenAPI 3.1 object for a service reachable at `publicBaseUrl` (without /v1). `null` (no
 * public URL configured) gives relative server URLs, which a client resolves against where it
 * fetched openapi.json from: right for any host, unlike a guessed http://localhost:PORT.
 */
export function openApiSpec(publicBaseUrl: string | null): Record<string, unknown> {
  const base = (publicBaseUrl ?? '').replace(/\/+$/, '');
  const paths: Record<string, OpenApiSchema> = {};
  let schemas: Record<string, OpenApiSchema> = { ...COMMON_SCHEMAS };
  for (const kind of DOCUMENT_KINDS) {
    if (!kind.path.startsWith(`${API_ROOT}/`)) throw new Error(`document kind ${kind.route}: path ${kind.path} is not under ${API_ROOT}/`);
    paths[kind.path.slice(API_ROOT.length)] = kind.openapi.pathItem;
    for (const name of Object.keys(kind.openapi.schemas ?? {})) {
      if (name in schemas) throw new Error(`document kind ${kind.route}: schema ${name} is declared twice`);
    }
    schemas = { ...schemas, ...kind.openapi.schemas };
  }
  schemas = { ...schemas, ...SERVICE_SCHEMAS };
  return {
    openapi: '3.1.0',
    info: {
      title: 'chainlytics',
      version: '1.0.0',
      summary: 'Read-only chain analytics documents.',
      description: [
        'Every endpoint is a precomputed JSON document fetched with GET (or HEAD); the flat exports are also published as CSV (text/csv) under the same name with .csv, and the metric exports and fundamentals_full as Apache Parquet (.parquet).',
        'Incremental pulls: the metric exports and fundamentals_full (JSON and CSV) take since=YYYY-MM-DD and chains=a,b, answered from the same published rows with their own ETag. Every response carries an ETag and Last-Modified: send If-None-Match to get 304 when nothing changed.',
        'Conventions: `unix` columns are integer milliseconds (UTC, period start); time series are oldest first except the fee table (newest first); numbers are finite or null.',
        'Errors have the body {"error":{"status","code","message","hint"}}; other methods than GET, HEAD and OPTIONS get 405 method_not_allowed with Allow: GET, HEAD, OPTIONS.',
        'Rate limits: /apps/details/ allows 10 requests per minute per client by default; responses carry RateLimit-Policy and RateLimit headers, 429 carries Retry-After.',
        'Attribution: data reused from /apps/details/ must name the source given in the X-Data-Source header.',
      ].join('\n\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: `${base}${API_ROOT}` }],
    paths: {
      ...paths,
      // The server's own endpoint, outside /v1.
      '/healthz': {
        servers: [{ url: base === '' ? '/' : base }],
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
      responses: RESPONSES,
      parameters: PARAMETERS,
      headers: RESPONSE_HEADERS,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key as a bearer token; only when the operator requires keys.' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
    },
  };
}

/** The OpenAPI description as a document, for the server and for the exported directory. */
export function openApiDocument(publicBaseUrl: string | null): DocumentInput {
  return { path: OPENAPI_PATH, json: openApiSpec(publicBaseUrl), freshness: 'daily' };
}
