// The live routes at the listener's root (CONTRACT.md 12.1): the three event streams, the JSON
// answers under /api/ and /health. Methods, errors and CORS as for the documents (§7): every
// answer, streams and errors included, may be read from any origin without credentials.
import type http from 'node:http';
import type { Clock } from '../clock.js';
import { ORIGIN_KEY_MAX, ORIGIN_KEY_RE } from '../registry/config-schema.js';
import type { LiveSettings } from '../registry/live-settings.js';
import { clientAddress, clientKey } from '../server/client-address.js';
import { badRequestBody, errorBody, METHOD_NOT_ALLOWED_BODY, RATE_LIMITED_BODY } from '../server/errors.js';
import { rateLimitHeader, rateLimitPolicyHeader, WindowRateLimiter } from '../server/rate-limit.js';
import { echoableHeaderList } from '../server/request-handler.js';
import { parseRequestPath } from '../server/request-path.js';
import { ALLOWED_METHODS, CORS_HEADERS, JSON_TYPE, NO_STORE } from '../server/response-headers.js';
import type { RootRoutes } from '../server/root-routes.js';
import { parseEventId } from './event-ids.js';
import { historyQuery } from './history-query.js';
import { chainHistory, chainNow, ecosystemHistory, liveHealth } from './live-answers.js';
import type { LiveHub } from './live-hub.js';
import { HEARTBEAT_MS } from './live-hub.js';
import { LiveStream, type StreamKind } from './live-stream.js';
import { BUSY_FRAME, jittered, messageFrame, RETRY_MS, retryFrame } from './sse-frames.js';

export const STREAM_HEADERS: readonly string[] = [
  'Content-Type',
  'text/event-stream; charset=utf-8',
  'Cache-Control',
  'no-cache, no-transform',
  'X-Accel-Buffering',
  'no',
  ...CORS_HEADERS,
];
const JSON_CACHE = 'public, max-age=1';
/** `?prefix=` filters a document stream takes at most. */
export const MAX_PREFIXES = 8;
const MAX_PREFIX_LENGTH = 256;
const API_WINDOW_MS = 60_000;

const NOT_FOUND_LIVE = errorBody(
  404,
  'not_found',
  'No live route at this path.',
  'The live routes are /events, /events/chain/{origin_key}, /events/documents, /api/data, /api/history, /api/chain/{origin_key}, /api/chain/{origin_key}/history and /health.',
);
const UNKNOWN_CHAIN = errorBody(404, 'not_found', 'This chain is not followed live here.', 'Chains followed live are the keys of the data object of /api/data (when fresh) and of master.json.');
const NOT_FRESH = errorBody(404, 'not_found', 'No fresh data for this chain: its newest block was written more than 60 s ago, or none yet.', 'Retry in a few seconds; /health shows how many chains are fresh.');
const BAD_KEY = badRequestBody('An origin_key is lower-case letters, digits and _ only.');
const TOO_MANY_PREFIXES = badRequestBody(`At most ${MAX_PREFIXES} prefix parameters, each a path starting with "/" of at most ${MAX_PREFIX_LENGTH} characters.`);
const BUSY_BODY = errorBody(503, 'not_ready', 'The server holds as many live streams as it allows.', 'Retry after the number of seconds in the Retry-After header.');
const ADDRESS_BODY = errorBody(429, 'rate_limited', 'This client address holds as many live streams as it may.', 'Close a stream, or retry after the number of seconds in the Retry-After header.');

export interface LiveRoutesOptions {
  hub: LiveHub;
  settings: LiveSettings;
  clock: Clock;
  /** server.trust_proxy: how the client address is read (client-address.ts). */
  trustProxy: boolean | number;
  /** server.connections.write_stall_seconds, ms. */
  stallMs: number;
}

type Route =
  | { kind: 'stream'; stream: StreamKind; chain: string }
  | { kind: 'data' }
  | { kind: 'history' }
  | { kind: 'health' }
  | { kind: 'chain'; chain: string }
  | { kind: 'chain_history'; chain: string }
  | { kind: 'error'; status: number; body: Buffer };

export function liveRoutes(o: LiveRoutesOptions): RootRoutes {
  const { hub, settings, clock } = o;
  const limiter = new WindowRateLimiter(API_WINDOW_MS, 100_000);

  const send = (res: http.ServerResponse, head: boolean, status: number, headers: readonly string[], body: Buffer): void => {
    res.writeHead(status, [...headers, 'Content-Length', String(body.length)]);
    res.end(head ? undefined : body);
  };
  const sendError = (res: http.ServerResponse, head: boolean, status: number, body: Buffer, extra: readonly string[] = []): void =>
    send(res, head, status, ['Content-Type', JSON_TYPE, 'Cache-Control', NO_STORE, ...CORS_HEADERS, ...extra], body);
  const sendJson = (res: http.ServerResponse, head: boolean, json: string, extra: readonly string[]): void =>
    send(res, head, 200, ['Content-Type', JSON_TYPE, 'Cache-Control', JSON_CACHE, ...CORS_HEADERS, ...extra], Buffer.from(json, 'utf8'));

  const known = (key: string): Route | null => {
    if (key.length > ORIGIN_KEY_MAX || !ORIGIN_KEY_RE.test(key)) return { kind: 'error', status: 400, body: BAD_KEY };
    if (!hub.state.chains.has(key)) return { kind: 'error', status: 404, body: UNKNOWN_CHAIN };
    return null;
  };

  const route = (path: string): Route => {
    const seg = path.split('/').slice(1);
    if (path === '/events') return { kind: 'stream', stream: 'events', chain: '' };
    if (path === '/events/documents') return { kind: 'stream', stream: 'documents', chain: '' };
    if (path === '/health') return { kind: 'health' };
    if (path === '/api/data') return { kind: 'data' };
    if (path === '/api/history') return { kind: 'history' };
    if (seg.length === 3 && seg[0] === 'events' && seg[1] === 'chain') return known(seg[2]) ?? { kind: 'stream', stream: 'chain', chain: seg[2] };
    if (seg.length === 3 && seg[0] === 'api' && seg[1] === 'chain') return known(seg[2]) ?? { kind: 'chain', chain: seg[2] };
    if (seg.length === 4 && seg[0] === 'api' && seg[1] === 'chain' && seg[3] === 'history') return known(seg[2]) ?? { kind: 'chain_history', chain: seg[2] };
    return { kind: 'error', status: 404, body: NOT_FOUND_LIVE };
  };

  const preflight = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const headers = ['Access-Control-Allow-Methods', ALLOWED_METHODS, 'Access-Control-Max-Age', '86400', 'Allow', ALLOWED_METHODS, 'Vary', 'Access-Control-Request-Headers', ...CORS_HEADERS];
    const requested = req.headers['access-control-request-headers'];
    const allowed = typeof requested === 'string' ? echoableHeaderList(requested) : null;
    if (allowed !== null) headers.push('Access-Control-Allow-Headers', allowed);
    res.writeHead(204, headers);
    res.end();
  };

  /** EventSource gives up for good on an error status: a stream request over a cap gets 200, a later retry and a close. */
  const busyStream = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    if (!(req.headers.accept ?? '').includes('text/event-stream')) return false;
    res.writeHead(200, STREAM_HEADERS as string[]);
    res.end(Buffer.concat([retryFrame(jittered(RETRY_MS.busy, 0.5, hub.random)), BUSY_FRAME]));
    return true;
  };

  const openStream = (req: http.IncomingMessage, res: http.ServerResponse, head: boolean, r: { stream: StreamKind; chain: string }, params: URLSearchParams, address: string): void => {
    const prefixes = params.getAll('prefix');
    if (prefixes.length > MAX_PREFIXES || prefixes.some((p) => !p.startsWith('/') || p.length > MAX_PREFIX_LENGTH)) return sendError(res, head, 400, TOO_MANY_PREFIXES);
    if (head) {
      res.writeHead(200, STREAM_HEADERS as string[]);
      return void res.end();
    }
    const refusal = hub.streams.refusal(address);
    if (refusal !== null) {
      hub.streams.refused[refusal]++;
      if (busyStream(req, res)) return;
      const retryAfter = ['Retry-After', String(Math.ceil(RETRY_MS.busy / 1000))];
      return refusal === 'busy' ? sendError(res, false, 503, BUSY_BODY, retryAfter) : sendError(res, false, 429, ADDRESS_BODY, retryAfter);
    }
    const now = clock.now();
    const lifetime = jittered(settings.lifetime_ms, 0.1, hub.random);
    const limits = { skipAbove: settings.skip_above_bytes, closeAbove: settings.close_above_bytes, stallMs: o.stallMs, heartbeatMs: HEARTBEAT_MS };
    const stream = new LiveStream(r.stream, res, r.chain, prefixes, address, limits, now, now + lifetime, hub.streams.remove);
    res.writeHead(200, STREAM_HEADERS as string[]);
    hub.opened(stream);
    const first: Buffer[] = [retryFrame(RETRY_MS.open)];
    // A reconnect names its position: the document events it missed, or one resync (12.7).
    const lastId = header(req, 'last-event-id') ?? params.get('last_event_id') ?? undefined;
    if (r.stream !== 'chain' && lastId !== undefined) first.push(...hub.resumeFrames(parseEventId(lastId) ?? { boot: -1, seq: -1 }, prefixes));
    if (r.stream === 'events') first.push(messageFrame(hub.ids.next().id, hub.eventsMessage('initial')));
    if (r.stream === 'chain') first.push(messageFrame(hub.ids.next().id, hub.chainMessage(r.chain, 'initial')));
    stream.write(Buffer.concat(first), now);
  };

  const claims = (target: string): boolean => {
    const q = target.indexOf('?');
    const path = q < 0 ? target : target.slice(0, q);
    return path === '/events' || path.startsWith('/events/') || path === '/api' || path.startsWith('/api/') || path === '/health';
  };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const method = req.method ?? '';
    if (method === 'OPTIONS') return preflight(req, res);
    if (method !== 'GET' && method !== 'HEAD') return sendError(res, false, 405, METHOD_NOT_ALLOWED_BODY, ['Allow', ALLOWED_METHODS]);
    const head = method === 'HEAD';
    const target = req.url ?? '';
    const parsed = parseRequestPath(target);
    if (!parsed.ok) return sendError(res, head, 400, badRequestBody(parsed.message));
    const q = target.indexOf('?');
    const params = new URLSearchParams(q < 0 ? '' : target.slice(q + 1));
    const r = route(parsed.path);
    if (r.kind === 'error') return sendError(res, head, r.status, r.body);
    const address = clientKey(clientAddress({ remoteAddress: () => req.socket.remoteAddress ?? 'unknown', headerList: (n) => header(req, n) }, o.trustProxy));
    if (r.kind === 'stream') return openStream(req, res, head, r, params, address);
    if (r.kind === 'health') {
      const h = liveHealth({
        streams: hub.streams.streams.size,
        max_streams: settings.max_streams,
        fresh_chains: hub.latest.data.length,
        total_tps: hub.latest.global.total_tps,
        last_tick_ms_ago: Math.max(0, clock.now() - hub.lastTickAt),
      });
      return send(res, head, h.ok ? 200 : 503, ['Content-Type', JSON_TYPE, 'Cache-Control', NO_STORE, ...CORS_HEADERS], Buffer.from(h.body, 'utf8'));
    }
    // /api/*: rate limited per client address, with the RateLimit headers of §7.
    const d = limiter.hit(address, settings.api_per_minute, clock.now());
    const rl = ['RateLimit-Policy', rateLimitPolicyHeader('live', settings.api_per_minute, API_WINDOW_MS / 1000), 'RateLimit', rateLimitHeader('live', d)];
    if (!d.allowed) return sendError(res, head, 429, RATE_LIMITED_BODY, [...rl, 'Retry-After', String(d.resetSeconds)]);
    const at = hub.latest.at_ms;
    if (r.kind === 'data') return sendJson(res, head, hub.apiData(), rl);
    if (r.kind === 'history' || r.kind === 'chain_history') {
      const hq = historyQuery(params);
      if (!hq.ok) return sendError(res, head, 400, errorBody(400, 'bad_request', hq.message, hq.hint), rl);
      if (r.kind === 'chain_history') return sendJson(res, head, chainHistory(hub.state.chains.get(r.chain)!.history, hq.query, at), rl);
      const highs = hub.state.totalHighs;
      return sendJson(res, head, ecosystemHistory(hub.state.history, hq.query, at, highs.ath, highs.high24h(at)), rl);
    }
    const chain = hub.freshChain(r.chain);
    if (chain === undefined) return sendError(res, head, 404, NOT_FRESH, rl);
    const highs = hub.state.chains.get(r.chain)!.highs;
    return sendJson(res, head, chainNow(chain, highs.ath!, highs.high24h(at) ?? highs.ath!, at), rl);
  };

  const overCapacity = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const q = (req.url ?? '').indexOf('?');
    const path = q < 0 ? (req.url ?? '') : (req.url ?? '').slice(0, q);
    if (path !== '/events' && !path.startsWith('/events/') || req.method !== 'GET') return false;
    hub.streams.refused.busy++;
    return busyStream(req, res);
  };

  return { claims, handle, overCapacity };
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' || v === undefined ? v : v.join(', ');
}
