// The live routes on a real HTTP server on an ephemeral port (CONTRACT.md 12.1-12.8), read by an
// EventSource-like parser of the stream's bytes. The clock is fixed and the ticks are called by
// the test; the connection guard's sweeps are held, so nothing here depends on how fast the
// machine is.
import net from 'node:net';
import { tmpdir } from 'node:os';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { Rng } from '../../src/devnet/prng.js';
import { buildDocumentSet, type DocumentSet } from '../../src/documents/document-set.js';
import { registerLiveMetrics } from '../../src/live/live-metrics.js';
import { LiveHub } from '../../src/live/live-hub.js';
import { liveRoutes } from '../../src/live/live-routes.js';
import { serverSettings } from '../../src/registry/config.js';
import { resolveLiveSettings, type LiveSection } from '../../src/registry/live-settings.js';
import { DocumentHolder } from '../../src/server/document-holder.js';
import { createHttpServer, type NodeHttpServer } from '../../src/server/http-server.js';
import type { NormalizedBatch } from '../../src/store/rows.js';
import { ManualTime } from '../helpers/virtual-time.js';
import { SseReader } from './helpers/sse-reader.js';
import { renderNginxSite } from '../../src/app/nginx-site.js';
import { startNginxSite } from '../../support/nginx.js';

const T0 = Date.UTC(2026, 7, 4, 9, 0, 0);

interface Harness {
  base: string;
  hub: LiveHub;
  clock: FixedClock;
  holder: DocumentHolder;
  http: NodeHttpServer;
  /** The connection guard's sweeps, held until a test fires them. */
  guardTime: ManualTime;
  /** server.connections.write_stall_seconds, ms. */
  stallMs: number;
}

const open: Harness[] = [];
const readers: SseReader[] = [];

afterEach(async () => {
  for (const r of readers.splice(0)) r.close();
  for (const h of open.splice(0)) {
    await h.hub.shutdown();
    await h.http.close();
  }
});

async function start(live: LiveSection = {}, chains = ['alpha', 'beta'], maxOpen?: number): Promise<Harness> {
  const clock = new FixedClock(T0);
  const settings = resolveLiveSettings(live);
  const server = serverSettings({ access_log: false, ...(maxOpen ? { connections: { max_open: maxOpen, max_open_per_address: maxOpen } } : {}) });
  const stallMs = server.connections.write_stall_seconds * 1000;
  const hub = new LiveHub({ chains: chains.map((k) => ({ origin_key: k, name: k.toUpperCase(), gas_token: 'ethereum' })), settings, stallMs, clock, random: () => 0.5 });
  const holder = new DocumentHolder();
  holder.onSwap(hub.swapped);
  const registry = new Registry();
  registerLiveMetrics(registry, hub.streams);
  const guardTime = new ManualTime(); // the guard's sweeps are held: only the live stream's own checks run
  const http = createHttpServer({
    holder,
    clock,
    config: server,
    registry,
    rootRoutes: liveRoutes({ hub, settings, clock, trustProxy: false, stallMs }),
    connectionGuard: { sleep: guardTime.sleep, monotonic: guardTime.monotonic },
  });
  const base = await http.listen(0, '127.0.0.1');
  const h = { base, hub, clock, holder, http, guardTime, stallMs };
  open.push(h);
  return h;
}

/** Seven blocks 2 s apart, 3 txs each, the newest at the clock's now: tps = 21 ÷ (12 × 7/6) = 1.5, block_time 2. */
function feedAlpha(h: Harness, firstNumber = 100): void {
  const nowS = h.clock.now() / 1000;
  const blocks = Array.from({ length: 7 }, (_, i) => ({
    origin_key: 'alpha',
    block_number: firstNumber + i,
    block_hash: '0x',
    parent_hash: '0x',
    block_time: nowS - 12 + 2 * i,
    gas_used: 0n,
    base_fee_wei: null,
    tx_count: 3,
  }));
  h.hub.written('alpha', { blocks, txs: [] } as NormalizedBatch);
}

async function stream(h: Harness, path: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const r = await SseReader.open(`${h.base}${path}`, headers);
  readers.push(r);
  return r;
}

function docs(builtAt: number, bodies: Record<string, unknown>): DocumentSet {
  return buildDocumentSet(
    Object.entries(bodies).map(([path, json]) => ({ path, json, freshness: 'hourly' as const })),
    builtAt,
  );
}

describe('/events (12.2, 12.3)', () => {
  it('answers a stream: retry, then initial at once, then one update per tick; ids are <boot>-<seq>, no event line', async () => {
    const h = await start();
    feedAlpha(h);
    h.hub.tick();
    const r = await stream(h, '/events');
    expect(r.status).toBe(200);
    expect(r.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(r.res.headers['cache-control']).toBe('no-cache, no-transform');
    expect(r.res.headers['x-accel-buffering']).toBe('no');
    expect(r.res.headers['access-control-allow-origin']).toBe('*');
    expect(r.res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(r.res.headers['content-length']).toBeUndefined();
    expect(r.res.headers['content-encoding']).toBeUndefined();
    expect(await r.next()).toEqual({ retry: 3000, comments: [] });
    const initial = (await r.next())!;
    expect(initial.event).toBeUndefined();
    expect(initial.id).toMatch(new RegExp(`^${T0}-\\d+$`));
    const msg = JSON.parse(initial.data!);
    expect(msg.type).toBe('initial');
    expect(Object.keys(msg.data)).toEqual(['alpha']);
    expect(msg.data.alpha).toEqual({
      chain_name: 'alpha',
      display_name: 'ALPHA',
      tps: 1.5,
      block_time: 2,
      timestamp: T0,
      last_updated: '2026-08-04T09:00:00.000Z',
      // No price held: all eight cost fields 0, never null.
      tx_cost_erc20_transfer: 0,
      tx_cost_erc20_transfer_usd: 0,
      tx_cost_swap: 0,
      tx_cost_swap_usd: 0,
      tx_cost_avg: 0,
      tx_cost_avg_usd: 0,
      tx_cost_median: 0,
      tx_cost_median_usd: 0,
    });
    expect(msg.global_metrics).toMatchObject({ total_tps: 1.5, highest_tps: 1.5, total_chains: 1, active_chains: 1, total_tps_ath: 1.5, total_tps_ath_timestamp: '2026-08-04T09:00:00.000Z' });
    expect(msg.timestamp).toBe('2026-08-04T09:00:00.000Z');
    h.clock.advance(1000);
    h.hub.tick();
    const update = (await r.next())!;
    const u = JSON.parse(update.data!);
    expect([u.type, u.timestamp, u.global_metrics.last_updated]).toEqual(['update', '2026-08-04T09:00:01.000Z', '2026-08-04T09:00:01.000Z']);
    expect(Number(update.id!.split('-')[1])).toBeGreaterThan(Number(initial.id!.split('-')[1]));
    // Every event's bytes: an id line and one data line, nothing else.
    expect(r.raw).toMatch(/^retry: 3000\n\nid: \d+-\d+\ndata: \{[^\n]*\}\n\nid: \d+-\d+\ndata: \{[^\n]*\}\n\n$/);
  });

  it('sends the heartbeat comment after 15 s without a write', async () => {
    const h = await start();
    const r = await stream(h, '/events/documents');
    await r.next(); // retry
    h.clock.advance(14_999);
    h.hub.tick();
    h.clock.advance(1);
    h.hub.tick();
    expect(await r.next()).toEqual({ comments: ['hb'] });
  });
});

describe('/events/chain/{origin_key} (12.4)', () => {
  it('a fresh chain: initial and updates carry its highs; a chain without fresh data: data null, no update', async () => {
    const h = await start();
    feedAlpha(h);
    h.hub.tick();
    const alpha = await stream(h, '/events/chain/alpha');
    const beta = await stream(h, '/events/chain/beta');
    await alpha.next();
    const a = JSON.parse((await alpha.next())!.data!);
    expect(a).toMatchObject({ type: 'initial', chain_name: 'alpha', timestamp: '2026-08-04T09:00:00.000Z' });
    expect(a.data).toMatchObject({ tps: 1.5, ath: 1.5, ath_timestamp: '2026-08-04T09:00:00.000Z', '24h_high': 1.5, '24h_high_timestamp': '2026-08-04T09:00:00.000Z', is_active: true });
    await beta.next();
    expect(JSON.parse((await beta.next())!.data!)).toEqual({ type: 'initial', chain_name: 'beta', data: null, timestamp: '2026-08-04T09:00:00.000Z', error: 'no fresh data' });
    h.clock.advance(1000);
    h.hub.tick();
    expect(JSON.parse((await alpha.next())!.data!)).toMatchObject({ type: 'update', chain_name: 'alpha', data: { tps: 1.5 } });
    // Closing everything now: beta's stream then holds everything it was sent, and that has no update.
    await h.hub.shutdown();
    await beta.done;
    expect(beta.events.filter((e) => e.data !== undefined).map((e) => JSON.parse(e.data!).type)).toEqual(['initial']);
    expect(beta.events.at(-1)).toEqual({ retry: 2000, comments: [] });
  });

  it('404 for a chain not followed, 400 for a key that is not one', async () => {
    const h = await start();
    const unknown = await fetch(`${h.base}/events/chain/gamma`);
    expect([unknown.status, unknown.headers.get('access-control-allow-origin'), (await unknown.json()).error.code]).toEqual([404, '*', 'not_found']);
    const bad = await fetch(`${h.base}/events/chain/no-dash`);
    expect([bad.status, (await bad.json()).error.code]).toEqual([400, 'bad_request']);
  });
});

describe('document events (12.7)', () => {
  const SET_A = { '/v1/fees/table.json': { v: 1 }, '/v1/master.json': { v: 1 }, '/v1/chains/a/overview.json': { v: 1 } };
  const SET_B = { '/v1/fees/table.json': { v: 2 }, '/v1/master.json': { v: 1 }, '/v1/new.json': { v: 1 } };

  it('after each swap that changed a path: changed (sorted, with ETag and time) and removed; ?prefix= filters; none for an unchanged swap', async () => {
    const h = await start();
    const all = await stream(h, '/events/documents');
    const fees = await stream(h, '/events/documents?prefix=/v1/fees/');
    const chains = await stream(h, '/events/documents?prefix=/v1/chains/');
    for (const r of [all, fees, chains]) await r.next();
    const a = docs(T0, SET_A);
    h.holder.swap(a);
    const first = (await all.next())!;
    expect(first.event).toBe('document');
    expect(JSON.parse(first.data!)).toEqual({
      type: 'document',
      last_updated_utc: '2026-08-04 09:00:00',
      changed: ['/v1/chains/a/overview.json', '/v1/fees/table.json', '/v1/master.json'].map((path) => ({ path, etag: a.entries.get(path)!.etag, last_updated_utc: '2026-08-04 09:00:00' })),
      removed: [],
      truncated: false,
      resync: false,
    });
    h.holder.swap(docs(T0 + 1000, SET_A)); // same bytes: no event
    const b = docs(T0 + 3_600_000, SET_B);
    h.holder.swap(b);
    const second = JSON.parse((await all.next())!.data!);
    expect(second.changed.map((c: { path: string }) => c.path)).toEqual(['/v1/fees/table.json', '/v1/new.json']);
    expect(second.changed[0].etag).toBe(b.entries.get('/v1/fees/table.json')!.etag);
    expect(second.removed).toEqual(['/v1/chains/a/overview.json']);
    expect(second.last_updated_utc).toBe('2026-08-04 10:00:00');
    // The filtered streams: fees sees both (its path changed each time), chains only the first and the removal.
    const f1 = JSON.parse((await fees.next())!.data!);
    const f2 = JSON.parse((await fees.next())!.data!);
    expect([f1.changed.map((c: { path: string }) => c.path), f2.changed.map((c: { path: string }) => c.path), f2.removed]).toEqual([['/v1/fees/table.json'], ['/v1/fees/table.json'], []]);
    const c1 = JSON.parse((await chains.next())!.data!);
    const c2 = JSON.parse((await chains.next())!.data!);
    expect([c1.changed.map((c: { path: string }) => c.path), c2.changed, c2.removed]).toEqual([['/v1/chains/a/overview.json'], [], ['/v1/chains/a/overview.json']]);
    // More than 8 prefixes: 400.
    const many = await fetch(`${h.base}/events/documents?${Array.from({ length: 9 }, (_, i) => `prefix=/v1/${i}/`).join('&')}`);
    expect(many.status).toBe(400);
  });

  it('over 1,000 entries: truncated with empty lists', async () => {
    const h = await start();
    const r = await stream(h, '/events/documents');
    await r.next();
    h.holder.swap(docs(T0, Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`/v1/d/${i}.json`, { i }]))));
    expect(JSON.parse((await r.next())!.data!)).toMatchObject({ changed: [], removed: [], truncated: true, resync: false });
  });

  it('a reconnect with Last-Event-ID gets each missed event exactly once, before initial; another boot gets resync', async () => {
    const h = await start();
    const first = await stream(h, '/events');
    await first.next();
    await first.next(); // initial
    h.holder.swap(docs(T0, { '/v1/x.json': { v: 1 } }));
    const seen = (await first.next())!;
    expect(seen.event).toBe('document');
    first.close();
    // Missed while away: two swaps, and ticks (their updates have ids of their own).
    h.holder.swap(docs(T0 + 1, { '/v1/x.json': { v: 2 } }));
    h.hub.tick();
    h.holder.swap(docs(T0 + 2, { '/v1/x.json': { v: 3 }, '/v1/y.json': { v: 1 } }));
    const back = await stream(h, '/events', { 'last-event-id': seen.id! });
    expect((await back.next())!.retry).toBe(3000);
    const m1 = (await back.next())!;
    const m2 = (await back.next())!;
    const init = (await back.next())!;
    expect([m1.event, m2.event, JSON.parse(init.data!).type]).toEqual(['document', 'document', 'initial']);
    expect(JSON.parse(m1.data!).changed.map((c: { path: string }) => c.path)).toEqual(['/v1/x.json']);
    expect(JSON.parse(m2.data!).changed.map((c: { path: string }) => c.path)).toEqual(['/v1/x.json', '/v1/y.json']);
    expect(Number(m1.id!.split('-')[1])).toBeGreaterThan(Number(seen.id!.split('-')[1]));
    // Resuming from m2's id: nothing is missed, so nothing is sent again.
    const again = await stream(h, `/events/documents?last_event_id=${encodeURIComponent(m2.id!)}`);
    await again.next();
    await h.hub.shutdown();
    await again.done;
    expect(again.events.filter((e) => e.event === 'document')).toEqual([]);
  });

  it('an id of another boot, or older than the window, gets one resync event', async () => {
    const h = await start({ resume_events: 1 });
    const other = await stream(h, '/events/documents', { 'last-event-id': '12345-7' });
    await other.next();
    expect(JSON.parse((await other.next())!.data!)).toMatchObject({ changed: [], removed: [], truncated: false, resync: true });
    // The window keeps one event: a client that saw none of two missed the first, which has left it.
    const r = await stream(h, '/events/documents');
    await r.next();
    h.holder.swap(docs(T0, { '/v1/x.json': { v: 1 } }));
    const before = `${T0}-0`;
    h.holder.swap(docs(T0 + 1, { '/v1/x.json': { v: 2 } }));
    const late = await stream(h, '/events/documents', { 'last-event-id': before });
    await late.next();
    const e = JSON.parse((await late.next())!.data!);
    expect(e.resync).toBe(true);
  });
});

describe('limits (12.8)', () => {
  it('stream over the cap: 200, retry 30 s ± 50 %, ": busy", close; a plain request gets 503; over the address share 429', async () => {
    const h = await start({ max_streams: 2, max_streams_per_address: 2 });
    const a = await stream(h, '/events');
    const b = await stream(h, '/events/documents');
    await a.next();
    await b.next();
    const third = await stream(h, '/events');
    await third.done;
    expect(third.status).toBe(200);
    // random() = 0.5 gives exactly 30,000.
    expect(third.raw).toBe('retry: 30000\n\n: busy\n\n');
    const plain = await fetch(`${h.base}/events`);
    expect([plain.status, plain.headers.get('retry-after'), (await plain.json()).error.status]).toEqual([503, '30', 503]);
    expect(h.hub.streams.refused.busy).toBe(2);
    a.close();
    await a.done;
    // The per-address share (2) with room in the total (2 → 3).
    const h2 = await start({ max_streams: 3, max_streams_per_address: 2 });
    await (await stream(h2, '/events')).next();
    await (await stream(h2, '/events')).next();
    const over = await fetch(`${h2.base}/events`);
    expect(over.status).toBe(429);
    const overStream = await stream(h2, '/events');
    await overStream.done;
    expect([overStream.status, overStream.raw]).toEqual([200, 'retry: 30000\n\n: busy\n\n']);
  });

  it('the server\'s connection cap full: a stream request still gets 200 + retry + close, not an error', async () => {
    const h = await start({}, ['alpha'], 1);
    const a = await stream(h, '/events');
    await a.next();
    const b = await stream(h, '/events');
    await b.done;
    expect([b.status, b.raw]).toEqual([200, 'retry: 30000\n\n: busy\n\n']);
    expect(h.hub.streams.refused.busy).toBe(1);
  });

  it('a client that stops reading: updates skipped above 64 KiB unflushed, closed after the stall time, never holding more than 256 KiB', async () => {
    // 60 chains make each update ~25 KB, so the socket's buffers fill within a few hundred ticks.
    const keys = Array.from({ length: 60 }, (_, i) => `c${i}`);
    const h = await start({}, keys);
    const socket = net.connect(Number(new URL(h.base).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n');
    await new Promise((resolve) => socket.once('data', resolve));
    socket.pause(); // reads nothing more
    const liveStream = [...h.hub.streams.streams][0];
    let maxHeld = 0;
    for (let i = 0; i < 20_000 && h.hub.streams.updatesSkipped === 0; i++) {
      h.clock.advance(1000);
      for (const k of keys) h.hub.state.chains.get(k)!.window.add([0, 1, 2].map((n) => ({ number: i * 3 + n, time_s: h.clock.now() / 1000 - 12 + 6 * n, tx_count: 5, ingested_ms: h.clock.now(), gas: [], fees: [] })));
      h.hub.tick();
      maxHeld = Math.max(maxHeld, liveStream.unflushed);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(h.hub.streams.updatesSkipped).toBeGreaterThan(0);
    expect(liveStream.closed).toBe(false);
    // The writes make no progress from here: within the stall time (20 s) plus one tick, closed.
    const closed = new Promise((resolve) => socket.once('close', resolve));
    for (let s = 0; s <= 21 && !liveStream.closed; s++) {
      h.clock.advance(1000);
      h.hub.tick();
      maxHeld = Math.max(maxHeld, liveStream.unflushed);
    }
    expect(liveStream.closed).toBe(true);
    expect(h.hub.streams.closed.stalled).toBe(1);
    expect(maxHeld).toBeLessThanOrEqual(256 * 1024);
    socket.resume();
    await closed;
    expect(h.hub.streams.streams.size).toBe(0);
  });

  it('a quiet stream (nothing to send, nothing unflushed) outlives the connection guard\'s write-stall time', async () => {
    // The dashboard's document stream between two swaps writes nothing; the guard once counted
    // its open response as backed-up writes and destroyed the socket after write_stall_seconds
    // (the browser saw net::ERR_INCOMPLETE_CHUNKED_ENCODING on a page open that long).
    const h = await start();
    const r = await stream(h, '/events/documents');
    expect((await r.next())!.retry).toBe(3000);
    // Every sweep up to twice the stall time, each after I/O had its turn.
    while (h.guardTime.monotonic() <= 2 * h.stallMs) {
      const sweep = await h.guardTime.next();
      await new Promise((resolve) => setImmediate(resolve));
      sweep.fire();
    }
    await h.guardTime.next(); // the last fired sweep has run
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.http.guard.destroyed.stalled).toBe(0);
    expect([r.ended, h.hub.streams.byKind.documents]).toEqual([false, 1]);
    // Still the same stream: the next swap's event reaches it.
    h.holder.swap(docs(T0, { '/v1/master.json': { v: 1 } }));
    expect((await r.next())!.event).toBe('document');
  });

  it('lifetime: retry 1000 and close after 60 min ± 10 % (here 1 min, the jitter drawn at its middle)', async () => {
    const h = await start({ lifetime_minutes: 1 });
    const r = await stream(h, '/events/documents');
    await r.next();
    h.clock.advance(59_999);
    h.hub.tick();
    h.clock.advance(1);
    h.hub.tick();
    await r.done;
    expect(r.events.at(-1)).toEqual({ retry: 1000, comments: [] });
    expect(h.hub.streams.closed.lifetime).toBe(1);
  });
});

describe('JSON answers, methods and CORS (12.1, 12.5)', () => {
  it('/api/data, /api/chain/{k}, the histories and /health', async () => {
    const h = await start({ api_per_minute: 1000 });
    feedAlpha(h);
    h.hub.tick();
    h.clock.advance(1000);
    feedAlpha(h, 101); // one block later: a new sample of the same tps
    h.hub.tick();
    const data = await fetch(`${h.base}/api/data`);
    expect([data.status, data.headers.get('content-type'), data.headers.get('cache-control'), data.headers.get('access-control-allow-origin')]).toEqual([
      200,
      'application/json; charset=utf-8',
      'public, max-age=1',
      '*',
    ]);
    const d = await data.json();
    expect(Object.keys(d)).toEqual(['data', 'global_metrics', 'timestamp']);
    expect(d.data.alpha.tps).toBe(1.5);
    const chain = await (await fetch(`${h.base}/api/chain/alpha`)).json();
    expect(chain.metrics).toEqual({
      ath: 1.5,
      ath_timestamp: '2026-08-04T09:00:00.000Z',
      ath_timestamp_ms: T0,
      '24h_high': 1.5,
      '24h_high_timestamp': '2026-08-04T09:00:00.000Z',
      '24h_high_timestamp_ms': T0,
    });
    expect((await fetch(`${h.base}/api/chain/beta`)).status).toBe(404); // not fresh
    expect((await fetch(`${h.base}/api/chain/gamma/history`)).status).toBe(404);
    const hist = await (await fetch(`${h.base}/api/history?limit=1&hours=1&unknown=x`)).json();
    // Two ecosystem points (1.5 at T0, 1.5 at T0 + 1 s), newest first, at most one.
    expect(hist.history).toEqual([{ tps: 1.5, timestamp_ms: T0 + 1000, timestamp: '2026-08-04T09:00:01.000Z', is_ath: false }]);
    expect(hist.summary).toEqual({ total_events: 1, time_range_hours: 1, avg_tps: 1.5, max_tps: 1.5, min_tps: 1.5, current_ath: 1.5, current_24h_high: 1.5 });
    const ch = await (await fetch(`${h.base}/api/chain/alpha/history`)).json();
    expect(ch.history.map((p: { timestamp_ms: number; is_ath: boolean }) => [p.timestamp_ms, p.is_ath])).toEqual([[T0 + 1000, false], [T0, true]]);
    for (const bad of ['limit=0', 'limit=1001', 'limit=abc', 'hours=25', 'hours=0', 'hours=1.5', 'limit=5&limit=6']) {
      const res = await fetch(`${h.base}/api/history?${bad}`);
      expect([bad, res.status, (await res.json()).error.code]).toEqual([bad, 400, 'bad_request']);
    }
    const health = await fetch(`${h.base}/health`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'healthy', streams: 0, max_streams: 1000, fresh_chains: 1, total_tps: 1.5, last_tick_ms_ago: 0 }]);
    h.clock.advance(15_001);
    const stale = await fetch(`${h.base}/health`);
    expect([stale.status, (await stale.json()).status]).toEqual([503, 'degraded']);
  });

  it('/api/* is rate limited per address with the RateLimit headers', async () => {
    const h = await start({ api_per_minute: 2 });
    for (let i = 0; i < 2; i++) expect((await fetch(`${h.base}/api/data`)).status).toBe(200);
    const limited = await fetch(`${h.base}/api/history`);
    expect([limited.status, limited.headers.get('ratelimit-policy'), limited.headers.get('retry-after')]).toEqual([429, '"live";q=2;w=60', '60']);
  });

  it('HEAD, OPTIONS, 405, 404 and 400, each with CORS', async () => {
    const h = await start();
    const head = await fetch(`${h.base}/events`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'text/event-stream; charset=utf-8', '']);
    expect(h.hub.streams.streams.size).toBe(0);
    const pre = await fetch(`${h.base}/events`, { method: 'OPTIONS', headers: { 'access-control-request-headers': 'last-event-id', origin: 'https://x.example' } });
    expect([pre.status, pre.headers.get('access-control-allow-headers'), pre.headers.get('access-control-allow-origin')]).toEqual([204, 'last-event-id', '*']);
    const post = await fetch(`${h.base}/api/data`, { method: 'POST' });
    expect([post.status, post.headers.get('allow'), post.headers.get('access-control-allow-origin')]).toEqual([405, 'GET, HEAD, OPTIONS', '*']);
    const nowhere = await fetch(`${h.base}/api/nothing`);
    expect([nowhere.status, nowhere.headers.get('access-control-allow-origin')]).toEqual([404, '*']);
    const bad = await fetch(`${h.base}/api/chain/Alpha`);
    expect(bad.status).toBe(400);
    // The documents' routes are untouched: /v1 still answers as before (503 before a set).
    expect((await fetch(`${h.base}/v1/master.json`)).status).toBe(503);
  });

  it('/metrics counts streams by kind, skipped updates and closes by reason', async () => {
    const h = await start();
    const r = await stream(h, '/events');
    await r.next();
    const text = await (await fetch(`${h.base}/metrics`)).text();
    expect(text).toContain('chainlytics_live_streams{kind="events"} 1');
    expect(text).toContain('chainlytics_live_updates_skipped_total 0');
    r.close();
    await r.done;
    await new Promise((resolve) => setImmediate(resolve));
    const after = await (await fetch(`${h.base}/metrics`)).text();
    expect(after).toContain('chainlytics_live_streams_closed_total{reason="client"} 1');
    expect(after).toContain('chainlytics_live_streams{kind="events"} 0');
  });
});

describe('behind nginx (deploy/nginx, nginx-config --live-upstream)', () => {
  it('passes a stream through unbuffered and the JSON routes with one CORS header; 200 + retry for a stream while serve is down', async () => {
    const h = await start();
    feedAlpha(h);
    h.hub.tick();
    const upstream = new URL(h.base).host;
    const nginx = await startNginxSite((listen) => renderNginxSite({ root: tmpdir(), listen, liveUpstream: upstream }));
    try {
      const r = await SseReader.open(`${nginx.base}/events`);
      readers.push(r);
      expect([r.status, r.res.headers['content-type'], r.res.headers['access-control-allow-origin'], r.res.headers['cache-control']]).toEqual([
        200,
        'text/event-stream; charset=utf-8',
        '*',
        'no-cache, no-transform',
      ]);
      await r.next();
      expect(JSON.parse((await r.next())!.data!).type).toBe('initial');
      // A tick's update arrives while the stream stays open: nothing holds it back.
      h.hub.tick();
      expect(JSON.parse((await r.next())!.data!).type).toBe('update');
      const data = await fetch(`${nginx.base}/api/data`);
      expect([data.status, data.headers.get('access-control-allow-origin'), data.headers.get('cache-control')]).toEqual([200, '*', 'public, max-age=1']);
      expect((await fetch(`${nginx.base}/health`)).status).toBe(200);
      r.close();
      await h.hub.shutdown();
      await h.http.close();
      open.splice(open.indexOf(h), 1);
      const down = await fetch(`${nginx.base}/events`);
      expect([down.status, down.headers.get('content-type'), await down.text()]).toEqual([200, 'text/event-stream', 'retry: 5000\n\n']);
      const api = await fetch(`${nginx.base}/api/data`);
      expect([api.status, api.headers.get('retry-after'), (await api.json()).error.code]).toEqual([503, '5', 'not_ready']);
    } finally {
      await nginx.stop();
    }
  });
});

describe('hostile clients on the live routes', () => {
  it('generated targets, methods, ids and parameters: never a 5xx, every error a JSON body, every stream gone afterwards', async () => {
    const h = await start({ api_per_minute: 100_000 });
    feedAlpha(h);
    h.hub.tick();
    // A document set is served, so what fetch normalises out of the live routes (/api/../x) gets the documents' 404, not 503.
    h.holder.swap(docs(T0, { '/v1/master.json': { v: 1 } }));
    const g = new Rng(20261127);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(g.float() * xs.length)];
    const printable = (n: number): string => Array.from({ length: n }, () => String.fromCharCode(0x21 + Math.floor(g.float() * 94))).join('');
    const paths = ['/events', '/events/chain/alpha', '/events/chain/beta', '/events/documents', '/api/data', '/api/history', '/api/chain/alpha', '/api/chain/alpha/history', '/health', '/api', '/events/', '/api/chain/', '/events/chain/alpha/x'];
    const mutate = [
      (p: string) => p,
      (p: string) => `${p}?${encodeURIComponent(printable(Math.floor(g.float() * 30)))}`,
      (p: string) => `${p}?limit=${pick(['-1', '1e3', '0x10', '', '99999999999', '3'])}&hours=${pick(['24', '0', 'NaN', '1'])}`,
      (p: string) => `${p}?${Array.from({ length: Math.floor(g.float() * 12) }, () => `prefix=${pick(['/v1/', 'v1', '/' + 'x'.repeat(300), '/v1/fees/'])}`).join('&')}`,
      (p: string) => `${p}?last_event_id=${encodeURIComponent(pick([`${T0}-1`, `${T0}-999999999`, '-', 'abc', '1-2-3', `${T0}-${'9'.repeat(20)}`]))}`,
      (p: string) => p.replace('alpha', pick(['ALPHA', 'al%70ha', 'a'.repeat(70), 'al-pha', '..', '%2F'])),
      (p: string) => p.toUpperCase(),
      (p: string) => `${p}/../master.json`,
    ];
    const codes = new Set(['bad_request', 'not_found', 'method_not_allowed', 'rate_limited', 'not_ready']);
    for (let i = 0; i < 200; i++) {
      const method = pick(['GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'DELETE', 'PUT']);
      const url = `${h.base}${pick(mutate)(pick(paths))}`;
      const headers: Record<string, string> = g.float() < 0.5 ? { accept: 'text/event-stream' } : {};
      if (g.float() < 0.3) headers['last-event-id'] = pick([`${T0}-1`, 'garbage', '0-0', printable(20)]);
      const ac = new AbortController();
      const res = await fetch(url, { method, headers, signal: ac.signal });
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
      if (res.headers.get('content-type') === 'text/event-stream; charset=utf-8') {
        ac.abort();
        continue;
      }
      if (res.status >= 400 && method !== 'HEAD') {
        const body = (await res.json()) as { error: { code: string; status: number } };
        expect([codes.has(body.error.code), body.error.status], `${method} ${url}`).toEqual([true, res.status]);
      } else await res.arrayBuffer();
      expect(res.headers.get('access-control-allow-origin'), `${method} ${url}`).toBe('*');
    }
    // Every stream the client dropped has left; nothing it sent is kept.
    // (The sockets close as the client's aborts arrive; the wait ends on that, whatever the machine's load.)
    while (h.hub.streams.streams.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(h.hub.streams.streams.size).toBe(0);
  });
});

describe('a window shorter than W sets no high and no history point (the reference frontend check, 12.9 check 1)', () => {
  // Run against the reference frontend, the devnet's chains showed "All-Time High 26.3 TPS" beside
  // a current 0.7: the cold-start replay began two blocks before the end of the sparse history,
  // where one block holds the transactions of the five minutes before it, and that two-block
  // window (2 s) was sampled as if it were W. W needs n ≥ 3 blocks spanning 12 s (12.6).
  it('a chain enters the stream with its first complete W, and that W is its first sample', async () => {
    const h = await start();
    const nowS = T0 / 1000;
    const blk = (n: number, time: number, txs: number) => ({ origin_key: 'alpha', block_number: n, block_hash: '0x', parent_hash: '0x', block_time: time, gas_used: 0n, base_fee_wei: null, tx_count: txs });
    // Block 100 holds 102 transactions gathered before it; 101 follows 2 s later with 3.
    // Sampled as a window, that was 105 ÷ (2 × 2/1) = 26.25 → 26.3 tps.
    h.hub.written('alpha', { blocks: [blk(100, nowS - 2, 102), blk(101, nowS, 3)], txs: [] } as unknown as NormalizedBatch);
    h.hub.tick();
    expect((await fetch(`${h.base}/api/chain/alpha`)).status).toBe(404);
    expect((await (await fetch(`${h.base}/api/chain/alpha/history`)).json()).history).toEqual([]);
    const before = await (await fetch(`${h.base}/api/data`)).json();
    expect([before.data, before.global_metrics.total_tps, before.global_metrics.total_tps_ath]).toEqual([{}, 0, 0]);
    // Six more blocks, 2 s apart with 3 transactions each, the newest 12 s later. W is now the
    // newest 7 (101 … 107, 12 s): 21 ÷ (12 × 7/6) = 1.5; block 100 is outside it.
    h.clock.advance(12_000);
    h.hub.written('alpha', { blocks: [1, 2, 3, 4, 5, 6].map((i) => blk(101 + i, nowS + 2 * i, 3)), txs: [] } as unknown as NormalizedBatch);
    h.hub.tick();
    const at = '2026-08-04T09:00:12.000Z';
    const now = await (await fetch(`${h.base}/api/chain/alpha`)).json();
    expect(now.data).toMatchObject({ tps: 1.5, block_time: 2 });
    expect(now.metrics).toMatchObject({ ath: 1.5, ath_timestamp: at, '24h_high': 1.5, '24h_high_timestamp': at });
    expect((await (await fetch(`${h.base}/api/chain/alpha/history`)).json()).history).toEqual([{ tps: 1.5, timestamp_ms: T0 + 12_000, timestamp: at, is_ath: true }]);
    const eco = await (await fetch(`${h.base}/api/history`)).json();
    expect(eco.history).toEqual([{ tps: 1.5, timestamp_ms: T0 + 12_000, timestamp: at, is_ath: true }]);
    expect(eco.summary).toMatchObject({ current_ath: 1.5, current_24h_high: 1.5 });
    const r = await stream(h, '/events/chain/alpha');
    await r.next(); // retry
    expect(JSON.parse((await r.next())!.data!).data).toMatchObject({ tps: 1.5, ath: 1.5, '24h_high': 1.5 });
  });
});
