// The HTTP logic of CONTRACT.md section 7, apart from node:http: http-server.ts turns a
// request into a RequestView, calls `handle`, and writes what arrives at its ResponseSink.
//
// The hot path for a document is: pick the current set once, look the raw target up in the
// prepared map, negotiate the encoding (cached), and hand precomputed header arrays and bytes to
// the sink. Everything else — path rules, limits, keys, errors — runs only when that lookup
// misses or the route needs it. Every header is read synchronously inside `handle`, before any
// await (/metrics keeps a snapshot of what its deferred answer needs).
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Clock } from '../clock.js';
import { APPS_DETAILS_PREFIX, publishedBaseUrl, SERVER_DEFAULTS, type ServerSettings } from '../registry/server-settings.js';
import { makeEntry, type DocumentSet } from '../documents/document-set.js';
import { openApiDocument } from '../documents/openapi.js';
import { OPENAPI_PATH } from '../documents/openapi-kind.js';
import { LLMS_TXT_PATH, LLMS_TXT_TYPE, llmsTxt } from '../documents/llms-txt.js';
import { createLogger } from '../log.js';
import { AccessLog } from './access-log.js';
import { ApiKeyTable, presentedApiKey } from './api-keys.js';
import { clientAddress, clientKey } from './client-address.js';
import { ifNoneMatchMatches, notModifiedSince } from './conditional.js';
import type { ConnectionGuardTiming } from './connection-guard.js';
import { negotiateEncoding } from './content-encoding.js';
import { DOCS_PAGE_PATHS, docsPageHtml } from './docs-page.js';
import { pendingChainBody, pendingRetryAfter, type PendingChain } from './pending-chain.js';
import { chainOfPath, kindOfPath } from '../documents/kinds.js';
import type { DocumentHolder } from './document-holder.js';
import {
  badRequestBody,
  errorBody,
  METHOD_NOT_ALLOWED_BODY,
  notFoundBody,
  NOT_READY_BODY,
  RATE_LIMITED_BODY,
  UNAUTHORIZED_INVALID_BODY,
  UNAUTHORIZED_MISSING_BODY,
} from './errors.js';
import { healthReport, type HealthInfo } from './health.js';
import { entryFromBytes, prepareDocument, prepareSet, type PreparedDocument, type PreparedVariant } from './prepared-set.js';
import { rateLimitHeader, rateLimitPolicyHeader, WindowRateLimiter } from './rate-limit.js';
import { loggedPath } from './logged-path.js';
import { parseRequestPath } from './request-path.js';
import { registerQueryCacheMetrics } from './query-cache-metrics.js';
import { RowQueryAnswers } from './row-query-answers.js';
import { parseRowQuery } from './row-query.js';
import type { RequestView, ResponseSink } from './request-view.js';
import type { RootRoutes } from './root-routes.js';
import {
  ALLOWED_METHODS,
  CORS_HEADERS,
  dataSourceHeader,
  HTML_TYPE,
  JSON_TYPE,
  NO_STORE,
  NOT_FOUND_CACHE_CONTROL,
} from './response-headers.js';
import { classifyPath, type RouteClass } from './route-class.js';
import { ServerMetrics } from './server-metrics.js';
import { prepareStaticFiles, type StaticFile } from './static-files.js';

export interface HttpServerOptions {
  holder: DocumentHolder;
  clock: Clock;
  config: ServerSettings;
  /** Freshness per chain for /healthz; called per /healthz request. */
  health?: () => HealthInfo;
  /** Where access logs and warnings go; defaults to pino on stdout when access_log is on. */
  logger?: Logger;
  /** Registry for /metrics; a fresh one by default. */
  /**
   * Configured chains left out of the served set until their first complete day is stored
   * (app/chain-readiness.ts), with their progress: their documents answer 503, not 404.
   */
  pendingChains?: () => ReadonlyMap<string, PendingChain>;
  registry?: Registry;
  /**
   * The dashboard (src/dashboard): its page answers "/" instead of the docs page, its assets
   * their own paths. Without it, "/" is the docs page.
   */
  staticFiles?: readonly StaticFile[];
  /** How the connection guard's sweeps (write stalls, first-head deadline) wait and read the time (tests fire them). */
  connectionGuard?: ConnectionGuardTiming;
  /** Routes at the root answered by another part of the service (the live stream of `serve`). */
  rootRoutes?: RootRoutes;
}

/** What createHttpServer returns. */
export interface ChainlyticsHttpServer {
  metrics: ServerMetrics;
  /** Starts listening; resolves to the base URL, e.g. "http://127.0.0.1:40123". */
  listen(port: number, host?: string): Promise<string>;
  /** Stops accepting, closes every connection, resolves when the socket is closed. */
  close(): Promise<void>;
}

export interface RequestHandler {
  /** Answers one request (synchronously, except /metrics, which defers). */
  handle(req: RequestView, res: ResponseSink): void;
  /** Answers with a JSON error without routing: for what node:http itself flags (400, 417, 503). */
  reject(req: RequestView, res: ResponseSink, status: number, body: Buffer, extra?: readonly string[]): void;
  metrics: ServerMetrics;
  /** The answers to the flat exports' incremental pulls (since, chains) kept now. */
  rowAnswers: RowQueryAnswers;
  /** Stops following document set swaps and writes the access log's pending summaries. */
  dispose(): void;
}

/** Seconds a client is asked to wait before retrying while the first set is built. */
export const NOT_READY_RETRY_SECONDS = 5;
const WINDOW_MS = 60_000;

interface LimitRule {
  prefix: string;
  name: string;
  perMinute: number;
  limiter: WindowRateLimiter;
}

type Headers = readonly string[];

export function createRequestHandler(opts: HttpServerOptions): RequestHandler {
  const { holder, clock, config } = opts;
  const dataSource = dataSourceHeader(config.public_base_url);
  const metrics = new ServerMetrics(holder, clock, opts.registry);
  // createLogger, not bare pino: its lines pass the secret scrubber and the bounded stdout buffer.
  const accessLog = config.access_log ? new AccessLog(opts.logger ?? createLogger(), () => clock.now()) : undefined;
  const keys = new ApiKeyTable(config.api_keys.keys);
  // The holder of the valid API key a request presented, for its access-log line (the key
  // itself is never logged). Set by `gate`, taken (and deleted) by `sendBytes`.
  const keyHolders = new WeakMap<RequestView, string>();
  const maxClients = config.rate_limits.max_clients ?? SERVER_DEFAULTS.max_clients;
  const rules: LimitRule[] = [];
  if (config.rate_limits.apps_details_per_minute > 0) {
    rules.push({
      prefix: APPS_DETAILS_PREFIX,
      name: 'apps',
      perMinute: config.rate_limits.apps_details_per_minute,
      limiter: new WindowRateLimiter(WINDOW_MS, maxClients),
    });
  }
  for (const r of config.rate_limits.routes) {
    rules.push({ prefix: r.prefix, name: r.name, perMinute: r.per_minute, limiter: new WindowRateLimiter(WINDOW_MS, maxClients) });
  }

  const isLimited = (path: string): boolean => {
    for (const r of rules) if (path.startsWith(r.prefix)) return true;
    return false;
  };

  // Documents the server always has, independent of builds: the OpenAPI description (unless the
  // set carries its own copy), the human docs page and the dashboard.
  const startedAt = clock.now();
  const prepOpts = { dataSource };
  const staticOpenApi = prepareDocument(makeEntry(openApiDocument(publishedBaseUrl(config)), startedAt), prepOpts);
  const docsHtml = Buffer.from(docsPageHtml(config.public_base_url), 'utf8');
  const ownPages = new Map<string, PreparedDocument>(
    DOCS_PAGE_PATHS.map((p) => [p, prepareDocument(entryFromBytes(p, docsHtml, HTML_TYPE, 'daily', startedAt), prepOpts)]),
  );
  // The agents' guide, written from the same OpenAPI description as /v1/openapi.json.
  ownPages.set(LLMS_TXT_PATH, prepareDocument(entryFromBytes(LLMS_TXT_PATH, Buffer.from(llmsTxt(publishedBaseUrl(config)), 'utf8'), LLMS_TXT_TYPE, 'daily', startedAt), prepOpts));
  for (const [p, doc] of prepareStaticFiles(opts.staticFiles ?? [], startedAt, prepOpts)) ownPages.set(p, doc);
  // With a dashboard, /docs is its page, which opens on the API explorer there (web/src/main.tsx);
  // the plain endpoint list stays for a server without one.
  const dashboardPage = ownPages.get('/');
  if (opts.staticFiles?.some((f) => f.path === '/') && dashboardPage) ownPages.set('/docs', dashboardPage);

  const prepared = new WeakMap<DocumentSet, Map<string, PreparedDocument>>();
  const preparedFor = (set: DocumentSet): Map<string, PreparedDocument> => {
    let p = prepared.get(set);
    if (p === undefined) {
      const result = prepareSet(set, prepOpts);
      if (result.unreachable.length > 0) {
        opts.logger?.warn({ paths: result.unreachable.slice(0, 20), count: result.unreachable.length }, 'documents with paths no request can name are not served');
      }
      p = result.documents;
      prepared.set(set, p);
    }
    return p;
  };
  const rowAnswers = new RowQueryAnswers(config.query_cache_bytes, prepOpts);
  registerQueryCacheMetrics(metrics.registry, rowAnswers);

  // Prepare eagerly at swap time so the first request after a build does not pay for it.
  const unsubscribe = holder.onSwap((next) => void preparedFor(next));
  const initial = holder.current();
  if (initial) preparedFor(initial);

  const sendBytes = (
    req: RequestView,
    res: ResponseSink,
    route: RouteClass,
    status: number,
    headers: Headers,
    body: Buffer | undefined,
    encoding: string,
    t0: number,
  ): void => {
    const keyHolder = keyHolders.get(req);
    if (keyHolder !== undefined) keyHolders.delete(req);
    if (res.aborted) return;
    const omitBody = req.method === 'HEAD';
    res.send(status, headers, body, omitBody);
    const ms = performance.now() - t0;
    metrics.observe(route, status, ms / 1000);
    if (accessLog) {
      const bytes = body !== undefined && !omitBody ? body.length : 0;
      const line: Record<string, unknown> = { method: req.method, path: loggedPath(req.target), status, bytes, ms: Math.round(ms * 1000) / 1000, encoding };
      if (keyHolder !== undefined) line.key = keyHolder;
      accessLog.write(route, status, line);
    }
  };

  const sendError = (req: RequestView, res: ResponseSink, route: RouteClass, status: number, body: Buffer, t0: number, extra: Headers = []): void => {
    const cacheControl = status === 404 ? NOT_FOUND_CACHE_CONTROL : NO_STORE;
    const headers = ['Content-Type', JSON_TYPE, 'Content-Length', String(body.length), 'Cache-Control', cacheControl, ...CORS_HEADERS, ...extra];
    sendBytes(req, res, route, status, headers, body, 'identity', t0);
  };

  const sendDocument = (req: RequestView, res: ResponseSink, doc: PreparedDocument, t0: number, extra?: Headers): void => {
    const enc = negotiateEncoding(req.header('accept-encoding'));
    const v = enc === 'br' ? doc.br : enc === 'gzip' ? doc.gzip : doc.identity;
    const inm = req.header('if-none-match');
    let notModified: boolean;
    if (inm !== undefined) {
      notModified = ifNoneMatchMatches(inm, doc.etags);
    } else {
      // RFC 9110 13.1.3: If-Modified-Since is ignored when If-None-Match is present.
      const ims = req.header('if-modified-since');
      notModified = ims !== undefined && notModifiedSince(ims, doc.lastModified, clock.now());
    }
    if (notModified) {
      const headers = extra ? [...v.notModifiedHeaders, ...extra] : v.notModifiedHeaders;
      sendBytes(req, res, doc.route, 304, headers, undefined, enc, t0);
      return;
    }
    if (v.body === null) {
      // Compressed on first use (documents/lazy-variants.ts): the headers were read above; this
      // answers when the variant is made. Should compression fail, identity is a valid answer.
      const send = (ready: PreparedVariant, encoding: string) => sendBytes(req, res, doc.route, 200, extra ? [...ready.headers, ...extra] : ready.headers, ready.body, encoding, t0);
      doc.load!(v.encoding as 'br' | 'gzip').then(
        (ready) => send(ready, enc),
        (err: unknown) => {
          opts.logger?.warn({ path: doc.path, encoding: enc, err: err instanceof Error ? err.message : String(err) }, 'compressing a document failed; answered uncompressed');
          send(doc.identity, 'identity');
        },
      );
      return;
    }
    sendBytes(req, res, doc.route, 200, extra ? [...v.headers, ...extra] : v.headers, v.body, enc, t0);
  };

  /**
   * API keys and rate limits for a limited or protected route. Returns the RateLimit headers to
   * add to the response, or null when it has already answered (401/429). Requests without a valid
   * key count against the client address, so guessing keys is rate limited like any request.
   */
  const gate = (req: RequestView, res: ResponseSink, path: string, route: RouteClass, t0: number): Headers | null => {
    const isApps = route === 'app_details';
    const rule = rules.find((r) => path.startsWith(r.prefix));
    const extra: string[] = [];
    // Error answers are not prepared documents, so they need the attribution header added here.
    const errorExtra = (): string[] => (isApps ? [...extra, 'X-Data-Source', dataSource] : extra);
    let authFailure: Buffer | null = null;
    let identity = '';
    let limit = rule?.perMinute ?? 0;
    const presented =
      keys.size > 0 || (isApps && config.api_keys.require_for_apps)
        ? presentedApiKey({ authorization: req.header('authorization'), 'x-api-key': req.header('x-api-key') })
        : null;
    if (presented !== null) {
      const entry = keys.lookup(presented);
      if (entry === null) authFailure = UNAUTHORIZED_INVALID_BODY;
      else {
        identity = `key:${entry.name}`;
        limit = entry.per_minute;
        keyHolders.set(req, entry.name);
      }
    } else if (isApps && config.api_keys.require_for_apps) {
      authFailure = UNAUTHORIZED_MISSING_BODY;
    }
    if (rule !== undefined) {
      if (identity === '') identity = `addr:${clientKey(clientAddress(req, config.trust_proxy))}`;
      const d = rule.limiter.hit(identity, limit, clock.now());
      extra.push('RateLimit-Policy', rateLimitPolicyHeader(rule.name, limit, WINDOW_MS / 1000), 'RateLimit', rateLimitHeader(rule.name, d));
      if (!d.allowed) {
        extra.push('Retry-After', String(d.resetSeconds));
        sendError(req, res, route, 429, RATE_LIMITED_BODY, t0, errorExtra());
        return null;
      }
    }
    if (authFailure !== null) {
      const challenge = authFailure === UNAUTHORIZED_INVALID_BODY ? 'Bearer realm="chainlytics", error="invalid_token"' : 'Bearer realm="chainlytics"';
      extra.push('WWW-Authenticate', challenge);
      sendError(req, res, route, 401, authFailure, t0, errorExtra());
      return null;
    }
    return extra;
  };

  const serveHealth = (req: RequestView, res: ResponseSink, set: DocumentSet | null, t0: number): void => {
    const report = healthReport(set, clock.now(), opts.health);
    const body = Buffer.from(JSON.stringify(report), 'utf8');
    const headers = ['Content-Type', JSON_TYPE, 'Content-Length', String(body.length), 'Cache-Control', NO_STORE, ...CORS_HEADERS];
    if (set === null) headers.push('Retry-After', String(NOT_READY_RETRY_SECONDS));
    sendBytes(req, res, 'healthz', set === null ? 503 : 200, headers, body, 'identity', t0);
  };

  const serveMetrics = (req: RequestView, res: ResponseSink, t0: number): void => {
    // prom-client collects asynchronously: keep what the answer needs from the request now.
    const snapshot: RequestView = { method: req.method, target: req.target, header: () => undefined, headerList: () => undefined, remoteAddress: () => '' };
    res.defer();
    metrics.registry.metrics().then(
      (text) => {
        const body = Buffer.from(text, 'utf8');
        const headers = ['Content-Type', metrics.registry.contentType, 'Content-Length', String(body.length), 'Cache-Control', NO_STORE, ...CORS_HEADERS];
        sendBytes(snapshot, res, 'metrics', 200, headers, body, 'identity', t0);
      },
      (e: unknown) => {
        opts.logger?.error({ err: e }, 'collecting metrics failed');
        const body = errorBody(503, 'not_ready', 'Metrics could not be collected.', 'Retry later; the server log has the cause.');
        sendError(snapshot, res, 'metrics', 503, body, t0);
      },
    );
  };

  const preflight = (req: RequestView, res: ResponseSink, t0: number): void => {
    const headers = [
      'Access-Control-Allow-Methods',
      ALLOWED_METHODS,
      'Access-Control-Max-Age',
      '86400',
      'Allow',
      ALLOWED_METHODS,
      'Vary',
      'Access-Control-Request-Headers',
      'Cache-Control',
      'public, max-age=86400',
      ...CORS_HEADERS,
    ];
    const requested = req.header('access-control-request-headers');
    if (requested !== undefined) {
      const allowed = echoableHeaderList(requested);
      if (allowed !== null) headers.push('Access-Control-Allow-Headers', allowed);
    }
    sendBytes(req, res, 'preflight', 204, headers, undefined, 'identity', t0);
  };

  const handle = (req: RequestView, res: ResponseSink): void => {
    const t0 = performance.now();
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      if (method === 'OPTIONS') return preflight(req, res, t0);
      return sendError(req, res, 'other', 405, METHOD_NOT_ALLOWED_BODY, t0, ['Allow', ALLOWED_METHODS]);
    }
    const set = holder.current(); // picked once: this request answers from this set only
    const docs = set === null ? undefined : preparedFor(set);
    const target = req.target;
    let doc = docs?.get(target);
    let path = target;
    if (doc === undefined) {
      const parsed = parseRequestPath(target);
      if (!parsed.ok) return sendError(req, res, 'invalid', 400, badRequestBody(parsed.message), t0);
      path = parsed.path;
      doc = docs?.get(path);
      if (doc === undefined) {
        if (path === '/healthz') return serveHealth(req, res, set, t0);
        if (path === '/metrics') return serveMetrics(req, res, t0);
        if (path === OPENAPI_PATH) return sendDocument(req, res, staticOpenApi, t0);
        const page = ownPages.get(path);
        if (page !== undefined) return sendDocument(req, res, page, t0);
      }
    }
    const route = doc?.route ?? classifyPath(path);
    if (set === null) {
      const extra = ['Retry-After', String(NOT_READY_RETRY_SECONDS)];
      if (route === 'app_details') extra.push('X-Data-Source', dataSource);
      return sendError(req, res, route, 503, NOT_READY_BODY, t0, extra);
    }
    let extra: Headers | undefined;
    if (route === 'app_details' || isLimited(path)) {
      const g = gate(req, res, path, route, t0);
      if (g === null) return;
      extra = g;
    }
    if (doc === undefined) {
      // A configured chain still short of its first complete day: its documents come soon.
      const chain = chainOfPath(path);
      const pending = chain === null ? undefined : opts.pendingChains?.().get(chain);
      if (chain !== null && pending !== undefined) {
        return sendError(req, res, route, 503, pendingChainBody(chain, pending), t0, [...(extra ?? []), 'Retry-After', String(pendingRetryAfter(pending))]);
      }
      const notFoundExtra = route === 'app_details' ? [...(extra ?? []), 'X-Data-Source', dataSource] : extra;
      return sendError(req, res, route, 404, notFoundBody(path), t0, notFoundExtra);
    }
    // An incremental pull (since, chains) of a flat export: its own answer, made from this set.
    if (target !== path && target.includes('?') && kindOfPath(path)?.rowQuery) {
      const parsed = parseRowQuery(target, rowAnswers.chainsOf(set));
      if (!parsed.ok) return sendError(req, res, route, 400, parsed.body, t0, extra);
      if (parsed.query !== null) {
        const answer = rowAnswers.answer(set, path, parsed.query, doc);
        if (answer === null) return sendError(req, res, route, 404, notFoundBody(path), t0, extra);
        doc = answer;
      }
    }
    sendDocument(req, res, doc, t0, extra);
  };

  const reject = (req: RequestView, res: ResponseSink, status: number, body: Buffer, extra: readonly string[] = []): void =>
    sendError(req, res, 'invalid', status, body, performance.now(), extra);

  const dispose = (): void => {
    unsubscribe();
    accessLog?.close();
  };
  return { handle, reject, metrics, rowAnswers, dispose };
}

/**
 * Access-Control-Request-Headers is echoed only when it is a plain list of header names;
 * anything else gets no Allow-Headers, so the browser refuses the request instead of us
 * reflecting arbitrary text.
 */
export function echoableHeaderList(value: string): string | null {
  if (value.length > 1024) return null;
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length === 0 || !names.every((n) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(n))) return null;
  return names.join(', ');
}
