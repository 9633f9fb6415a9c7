// The HTTP server (CONTRACT.md section 7) on node:http. The hot path for a document is: pick the
// current set once, look the raw URL up in the prepared map, negotiate the encoding (cached), and
// write precomputed header arrays and bytes. Everything else — path rules, limits, keys, errors —
// runs only when that lookup misses or the route needs it.
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { pino, type Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Clock } from '../clock.js';
import { makeEntry, type DocumentSet } from '../documents/document-set.js';
import { ApiKeyTable, presentedApiKey } from './api-keys.js';
import { clientAddress } from './client-address.js';
import { ifNoneMatchMatches, notModifiedSince } from './conditional.js';
import { APPS_DETAILS_PREFIX, DEFAULT_MAX_CLIENTS, type ServerConfig } from './config.js';
import { negotiateEncoding } from './content-encoding.js';
import { DOCS_PAGE_PATHS, docsPageHtml } from './docs-page.js';
import type { DocumentHolder } from './document-holder.js';
import {
  badRequestBody,
  errorBody,
  METHOD_NOT_ALLOWED_BODY,
  NOT_FOUND_BODIES,
  NOT_READY_BODY,
  RATE_LIMITED_BODY,
  UNAUTHORIZED_INVALID_BODY,
  UNAUTHORIZED_MISSING_BODY,
} from './errors.js';
import { healthReport, type HealthInfo } from './health.js';
import { openApiDocument } from './openapi.js';
import { entryFromBytes, prepareDocument, prepareSet, type PreparedDocument } from './prepared-set.js';
import { rateLimitHeader, rateLimitPolicyHeader, WindowRateLimiter } from './rate-limit.js';
import { parseRequestPath } from './request-path.js';
import {
  ALLOWED_METHODS,
  CORS_HEADERS,
  dataSourceHeader,
  HTML_TYPE,
  JSON_TYPE,
  NO_STORE,
  NOT_FOUND_CACHE_CONTROL,
} from './response-headers.js';
import { classifyPath, notFoundKind, type RouteClass } from './route-class.js';
import { ServerMetrics } from './server-metrics.js';

export interface HttpServerOptions {
  holder: DocumentHolder;
  clock: Clock;
  config: ServerConfig;
  /** Freshness per chain for /healthz; called per /healthz request. */
  health?: () => HealthInfo;
  /** Where access logs and warnings go; defaults to pino on stdout when access_log is on. */
  logger?: Logger;
  /** Registry for /metrics; a fresh one by default. */
  registry?: Registry;
}

export interface ChainlyticsHttpServer {
  server: http.Server;
  metrics: ServerMetrics;
  /** Starts listening; resolves to the base URL, e.g. "http://127.0.0.1:40123". */
  listen(port: number, host?: string): Promise<string>;
  /** Stops accepting, closes every connection, resolves when the socket is closed. */
  close(): Promise<void>;
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

export function createHttpServer(opts: HttpServerOptions): ChainlyticsHttpServer {
  const { holder, clock, config } = opts;
  const dataSource = dataSourceHeader(config.public_base_url);
  const metrics = new ServerMetrics(holder, clock, opts.registry);
  const accessLog = config.access_log ? (opts.logger ?? pino()) : undefined;
  const keys = new ApiKeyTable(config.api_keys.keys);
  const maxClients = config.rate_limits.max_clients ?? DEFAULT_MAX_CLIENTS;
  const rules: LimitRule[] = [];
  if (config.rate_limits.apps_details_per_minute > 0) {
    rules.push({
      prefix: APPS_DETAILS_PREFIX,
      name: 'apps',
      perMinute: config.rate_limits.apps_details_per_minute,
      limiter: new WindowRateLimiter(WINDOW_MS, maxClients),
    });
  }
  for (const r of config.rate_limits.routes ?? []) {
    rules.push({ prefix: r.prefix, name: r.name, perMinute: r.per_minute, limiter: new WindowRateLimiter(WINDOW_MS, maxClients) });
  }

  const isLimited = (path: string): boolean => {
    for (const r of rules) if (path.startsWith(r.prefix)) return true;
    return false;
  };

  // Documents the server always has, independent of builds: the OpenAPI description (unless the
  // set carries its own copy) and the human docs page.
  const startedAt = clock.now();
  const prepOpts = { dataSource };
  const staticOpenApi = prepareDocument(makeEntry(openApiDocument(config.public_base_url), startedAt), prepOpts);
  const docsHtml = Buffer.from(docsPageHtml(config.public_base_url), 'utf8');
  const docsPages = new Map<string, PreparedDocument>(
    DOCS_PAGE_PATHS.map((p) => [p, prepareDocument(entryFromBytes(p, docsHtml, 'daily', startedAt), prepOpts, HTML_TYPE)]),
  );

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
  // Prepare eagerly at swap time so the first request after a build does not pay for it.
  const unsubscribe = holder.onSwap((next) => void preparedFor(next));
  const initial = holder.current();
  if (initial) preparedFor(initial);

  const finish = (req: http.IncomingMessage, route: RouteClass, status: number, bytes: number, encoding: string, t0: number): void => {
    const ms = performance.now() - t0;
    metrics.observe(route, status, ms / 1000);
    if (accessLog) {
      accessLog.info({ method: req.method, path: req.url, status, bytes, ms: Math.round(ms * 1000) / 1000, encoding });
    }
  };

  const sendBytes = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    route: RouteClass,
    status: number,
    headers: Headers,
    body: Buffer | undefined,
    encoding: string,
    t0: number,
  ): void => {
    res.writeHead(status, headers as string[]);
    const sendBody = body !== undefined && req.method !== 'HEAD';
    res.end(sendBody ? body : undefined);
    finish(req, route, status, sendBody ? body.length : 0, encoding, t0);
  };

  const sendError = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    route: RouteClass,
    status: number,
    body: Buffer,
    t0: number,
    extra: Headers = [],
  ): void => {
    const cacheControl = status === 404 ? NOT_FOUND_CACHE_CONTROL : NO_STORE;
    const headers = ['Content-Type', JSON_TYPE, 'Content-Length', String(body.length), 'Cache-Control', cacheControl, ...CORS_HEADERS, ...extra];
    sendBytes(req, res, route, status, headers, body, 'identity', t0);
  };

  const sendDocument = (req: http.IncomingMessage, res: http.ServerResponse, doc: PreparedDocument, t0: number, extra?: Headers): void => {
    const enc = negotiateEncoding(req.headers['accept-encoding']);
    const v = enc === 'br' ? doc.br : enc === 'gzip' ? doc.gzip : doc.identity;
    const inm = req.headers['if-none-match'];
    let notModified: boolean;
    if (inm !== undefined) {
      notModified = ifNoneMatchMatches(inm, doc.etags);
    } else {
      // RFC 9110 13.1.3: If-Modified-Since is ignored when If-None-Match is present.
      const ims = req.headers['if-modified-since'];
      notModified = ims !== undefined && notModifiedSince(ims, doc.lastModified);
    }
    if (notModified) {
      const headers = extra ? [...v.notModifiedHeaders, ...extra] : v.notModifiedHeaders;
      sendBytes(req, res, doc.route, 304, headers, undefined, enc, t0);
      return;
    }
    sendBytes(req, res, doc.route, 200, extra ? [...v.headers, ...extra] : v.headers, v.body, enc, t0);
  };

  /**
   * API keys and rate limits for a limited or protected route. Returns the RateLimit headers to
   * add to the response, or null when it has already answered (401/429). Requests without a valid
   * key count against the client address, so guessing keys is rate limited like any request.
   */
  const gate = (req: http.IncomingMessage, res: http.ServerResponse, path: string, route: RouteClass, t0: number): Headers | null => {
    const isApps = route === 'app_details';
    const rule = rules.find((r) => path.startsWith(r.prefix));
    const extra: string[] = [];
    // Error answers are not prepared documents, so they need the attribution header added here.
    const errorExtra = (): string[] => (isApps ? [...extra, 'X-Data-Source', dataSource] : extra);
    let authFailure: Buffer | null = null;
    let identity = '';
    let limit = rule?.perMinute ?? 0;
    const presented = keys.size > 0 || (isApps && config.api_keys.require_for_apps) ? presentedApiKey(req.headers) : null;
    if (presented !== null) {
      const entry = keys.lookup(presented);
      if (entry === null) authFailure = UNAUTHORIZED_INVALID_BODY;
      else {
        identity = `key:${entry.name}`;
        limit = entry.per_minute;
      }
    } else if (isApps && config.api_keys.require_for_apps) {
      authFailure = UNAUTHORIZED_MISSING_BODY;
    }
    if (rule !== undefined) {
      if (identity === '') identity = `addr:${clientAddress(req, config.trust_proxy)}`;
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

  const serveHealth = (req: http.IncomingMessage, res: http.ServerResponse, set: DocumentSet | null, t0: number): void => {
    const report = healthReport(set, clock.now(), opts.health);
    const body = Buffer.from(JSON.stringify(report), 'utf8');
    const headers = ['Content-Type', JSON_TYPE, 'Content-Length', String(body.length), 'Cache-Control', NO_STORE, ...CORS_HEADERS];
    if (set === null) headers.push('Retry-After', String(NOT_READY_RETRY_SECONDS));
    sendBytes(req, res, 'healthz', set === null ? 503 : 200, headers, body, 'identity', t0);
  };

  const serveMetrics = (req: http.IncomingMessage, res: http.ServerResponse, t0: number): void => {
    metrics.registry.metrics().then(
      (text) => {
        const body = Buffer.from(text, 'utf8');
        const headers = ['Content-Type', metrics.registry.contentType, 'Content-Length', String(body.length), 'Cache-Control', NO_STORE, ...CORS_HEADERS];
        sendBytes(req, res, 'metrics', 200, headers, body, 'identity', t0);
      },
      (e: unknown) => {
        opts.logger?.error({ err: e }, 'collecting metrics failed');
        const body = errorBody(503, 'not_ready', 'Metrics could not be collected.', 'Retry later; the server log has the cause.');
        sendError(req, res, 'metrics', 503, body, t0);
      },
    );
  };

  const preflight = (req: http.IncomingMessage, res: http.ServerResponse, t0: number): void => {
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
    const requested = req.headers['access-control-request-headers'];
    if (requested !== undefined) {
      const allowed = echoableHeaderList(requested);
      if (allowed !== null) headers.push('Access-Control-Allow-Headers', allowed);
    }
    sendBytes(req, res, 'preflight', 204, headers, undefined, 'identity', t0);
  };

  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const t0 = performance.now();
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      if (method === 'OPTIONS') return preflight(req, res, t0);
      return sendError(req, res, 'other', 405, METHOD_NOT_ALLOWED_BODY, t0, ['Allow', ALLOWED_METHODS]);
    }
    if (req.headers.host === undefined && req.httpVersionMinor === 1 && req.httpVersionMajor === 1) {
      // RFC 9112 3.2 requires the 400; node's own (requireHostHeader) would send it without a body.
      return sendError(req, res, 'invalid', 400, MISSING_HOST_BODY, t0);
    }
    const set = holder.current(); // picked once: this request answers from this set only
    const docs = set === null ? undefined : preparedFor(set);
    const url = req.url ?? '';
    let doc = docs?.get(url);
    let path = url;
    if (doc === undefined) {
      const parsed = parseRequestPath(url);
      if (!parsed.ok) return sendError(req, res, 'invalid', 400, badRequestBody(parsed.message), t0);
      path = parsed.path;
      doc = docs?.get(path);
      if (doc === undefined) {
        if (path === '/healthz') return serveHealth(req, res, set, t0);
        if (path === '/metrics') return serveMetrics(req, res, t0);
        if (path === '/v1/openapi.json') return sendDocument(req, res, staticOpenApi, t0);
        const page = docsPages.get(path);
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
      const notFoundExtra = route === 'app_details' ? [...(extra ?? []), 'X-Data-Source', dataSource] : extra;
      return sendError(req, res, route, 404, NOT_FOUND_BODIES[notFoundKind(route)], t0, notFoundExtra);
    }
    sendDocument(req, res, doc, t0, extra);
  };

  const server = http.createServer(
    {
      // Requests are a line and a few headers; anything slow or large is a broken or hostile client.
      requestTimeout: 30_000,
      headersTimeout: 10_000,
      keepAliveTimeout: 5_000,
      maxHeaderSize: 16_384,
      requireHostHeader: false, // checked in onRequest, to answer with the JSON error body
    },
    onRequest,
  );

  // Expect: 100-continue. Node's default writes "100 Continue" straight to the socket, which
  // lands inside a pipelined earlier response. No route reads a body, so answer with the final
  // status at once and close, so that a body the client may still send is never parsed as a request.
  server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.shouldKeepAlive = false;
    onRequest(req, res);
  });
  // Any other expectation cannot be met (RFC 9110 10.1.1): 417, as JSON like every error.
  server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.shouldKeepAlive = false;
    sendError(req, res, 'invalid', 417, EXPECTATION_FAILED_BODY, performance.now());
  });

  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // Node could not parse the request (bad bytes, oversized headers, timeout). Answer with the
    // same JSON error shape as everything else, then close: the stream position is unknown.
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    metrics.observe('invalid', status, 0);
    const inFlight = (socket as Duplex & { _httpMessage?: http.ServerResponse | null })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || (inFlight && inFlight.headersSent)) {
      socket.destroy();
      return;
    }
    // A HEAD answer has no body, even an error; the method is still readable in the raw bytes.
    const head = (err as NodeJS.ErrnoException & { rawPacket?: Buffer }).rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    const raw = RAW_CLIENT_ERRORS[status];
    socket.end(head ? raw.subarray(0, raw.indexOf('\r\n\r\n') + 4) : raw);
  });

  // CONNECT would otherwise make node drop the connection without an answer.
  server.on('connect', (_req: http.IncomingMessage, socket: Duplex) => {
    metrics.observe('other', 405, 0);
    socket.on('error', () => socket.destroy());
    socket.end(RAW_CLIENT_ERRORS[405]);
  });

  const listen = (port: number, host = '127.0.0.1'): Promise<string> =>
    new Promise((resolve, reject) => {
      const onError = (e: Error): void => reject(e);
      server.once('error', onError);
      server.listen(port, host, () => {
        server.off('error', onError);
        const addr = server.address();
        if (addr === null || typeof addr === 'string') return resolve(`http://${host}`);
        const h = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
        resolve(`http://${h}:${addr.port}`);
      });
    });

  const close = (): Promise<void> =>
    new Promise((resolve, reject) => {
      unsubscribe();
      if (!server.listening) return resolve();
      server.close((e) => (e ? reject(e) : resolve()));
      server.closeAllConnections();
    });

  return { server, metrics, listen, close };
}

/**
 * Access-Control-Request-Headers is echoed only when it is a plain list of header names;
 * anything else gets no Allow-Headers, so the browser refuses the request instead of us
 * reflecting arbitrary text.
 */
function echoableHeaderList(value: string): string | null {
  if (value.length > 1024) return null;
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length === 0 || !names.every((n) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(n))) return null;
  return names.join(', ');
}

const EXPECTATION_FAILED_BODY = errorBody(417, 'bad_request', 'Only the expectation "100-continue" is supported.', 'Send the request without an Expect header.');
const MISSING_HOST_BODY = badRequestBody('HTTP/1.1 requests must carry a Host header.');

/** Complete raw responses for errors answered outside node's request handling. */
const RAW_CLIENT_ERRORS: Record<number, Buffer> = Object.fromEntries(
  (
    [
      [400, 'Bad Request', badRequestBody('The request is not valid HTTP/1.1.')],
      [405, 'Method Not Allowed', METHOD_NOT_ALLOWED_BODY],
      [408, 'Request Timeout', errorBody(408, 'bad_request', 'The request did not arrive in time.', 'Send the whole request at once.')],
      [
        431,
        'Request Header Fields Too Large',
        errorBody(431, 'bad_request', 'The request headers are too large.', 'Documents need no more than a few short headers.'),
      ],
    ] as const
  ).map(([status, reason, body]) => {
    const head =
      `HTTP/1.1 ${status} ${reason}\r\n` +
      `Content-Type: ${JSON_TYPE}\r\nContent-Length: ${body.length}\r\nCache-Control: ${NO_STORE}\r\n` +
      `${CORS_HEADERS[0]}: ${CORS_HEADERS[1]}\r\n${CORS_HEADERS[2]}: ${CORS_HEADERS[3]}\r\n` +
      (status === 405 ? `Allow: ${ALLOWED_METHODS}\r\n` : '') +
      'Connection: close\r\n\r\n';
    return [status, Buffer.concat([Buffer.from(head, 'latin1'), body])];
  }),
);
