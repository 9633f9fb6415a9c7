// The devnet's fault injection, over raw HTTP. Nothing here reads the time: the faults are drawn
// from the devnet's seeded generator, and each request's draws happen in one synchronous step of
// its handler, so the same requests get the same faults in any order and on any machine (the
// counts below are fixed by the seed; the bounds only say what they mean). A 'timeout' fault
// holds its connection through the devnet's injected sleep, which the test fires.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { FAULT_KINDS, startDevnet, type Devnet, type FaultKind } from '../../src/devnet/index.js';
import { ManualTime } from '../helpers/virtual-time.js';
import { TEST_NOW_MS } from './helpers.js';

type Outcome = { kind: 'ok' | 'rpc_error' | 'http_429' | 'http_5xx' | 'malformed' | 'truncated' | 'dropped'; status?: number; retryAfter?: string | null };

const BODY = JSON.stringify([
  { jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['0x10', true] },
  { jsonrpc: '2.0', id: 2, method: 'eth_getBlockReceipts', params: ['0x10'] },
]);

/** One POST over raw node:http, classified by what a client would see. */
function classify(url: string, expected: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', connection: 'close' }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', () => resolve({ kind: 'truncated' }));
      res.on('aborted', () => resolve({ kind: 'truncated' }));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = res.statusCode ?? 0;
        if (status === 429) return resolve({ kind: 'http_429', status, retryAfter: res.headers['retry-after'] ?? null });
        if (status >= 500) return resolve({ kind: 'http_5xx', status });
        if (text === expected) return resolve({ kind: 'ok' });
        let json: any;
        try {
          json = JSON.parse(text);
        } catch {
          // Either garbage or a strict prefix of the real answer.
          return resolve({ kind: expected.startsWith(text) ? 'truncated' : 'malformed' });
        }
        if (Array.isArray(json) && json.some((x) => x.error && [-32603, -32005].includes(x.error.code))) return resolve({ kind: 'rpc_error' });
        resolve({ kind: 'malformed' });
      });
    });
    req.on('error', () => resolve({ kind: 'dropped' }));
    req.end(BODY);
  });
}

describe('devnet fault injection', () => {
  let dev: Devnet;
  let url: string;
  let expected: string;
  const k = 'optimism';
  /** How 'timeout' faults hold their connections: until the test fires the wait. */
  const held = new ManualTime();

  beforeAll(async () => {
    dev = await startDevnet({ seed: 1, clock: new FixedClock(TEST_NOW_MS), historyDays: 2, txPerDay: 500, chains: [k, 'linea'], sleep: held.sleep });
    url = dev.chains[0].url;
    expected = await (await fetch(url, { method: 'POST', body: BODY })).text();
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('fails about the configured share of requests, only with the requested kinds', async () => {
    dev.setFaults(k, { rate: 0.3, kinds: ['http_429', 'http_5xx', 'rpc_error'], retryAfterS: 3 });
    const before = dev.faultStats(k);
    const n = 400;
    const outcomes: Outcome[] = [];
    for (let i = 0; i < n; i += 20) outcomes.push(...(await Promise.all(Array.from({ length: 20 }, () => classify(url, expected)))));
    dev.setFaults(k, { rate: 0 });
    const count = (kind: Outcome['kind']): number => outcomes.filter((o) => o.kind === kind).length;
    const failed = n - count('ok');
    // Binomial(400, 0.3): mean 120, sd 9.2; ±4.5 sd. With seed 1 the draws are fixed: 123 failed
    // (37 × 429, 40 × 5xx, 46 × rpc_error), on every run.
    expect(failed).toBeGreaterThan(78);
    expect(failed).toBeLessThan(162);
    expect(count('ok') + count('http_429') + count('http_5xx') + count('rpc_error')).toBe(n);
    for (const kind of ['http_429', 'http_5xx', 'rpc_error'] as const) expect(count(kind)).toBeGreaterThan(15);
    for (const o of outcomes.filter((x) => x.kind === 'http_429')) expect(o.retryAfter).toBe('3');
    expect(new Set(outcomes.filter((x) => x.kind === 'http_5xx').map((o) => o.status))).toEqual(new Set([500, 502, 503]));
    const stats = dev.faultStats(k);
    expect(stats.requests - before.requests).toBe(n);
    expect(stats.http_429 + stats.http_5xx + stats.rpc_error - (before.http_429 + before.http_5xx + before.rpc_error)).toBe(failed);
    // The other chain was not configured.
    expect(dev.faultStats('linea').http_429).toBe(0);
  });

  it('breaks bodies: malformed JSON and truncated answers', async () => {
    dev.setFaults(k, { rate: 1, kinds: ['malformed'] });
    for (let i = 0; i < 10; i++) expect((await classify(url, expected)).kind).toBe('malformed');
    dev.setFaults(k, { rate: 1, kinds: ['truncated'] });
    for (let i = 0; i < 10; i++) expect(['truncated', 'dropped']).toContain((await classify(url, expected)).kind);
    dev.setFaults(k, { rate: 0 });
    expect((await classify(url, expected)).kind).toBe('ok');
  });

  it('holds the connection, answering nothing, for timeoutMs, then drops it', async () => {
    dev.setFaults('*', { rate: 1, kinds: ['timeout'], timeoutMs: 300 });
    let settled = false;
    const outcome = classify(url, expected).finally(() => (settled = true));
    // The server asks to hold the connection for timeoutMs.
    const hold = await held.next();
    dev.setFaults('*', { rate: 0 });
    expect(hold.ms).toBe(300);
    // While held the client gets nothing, however many turns the event loop takes.
    for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    // Once the wait is over the connection is dropped, without an answer.
    hold.fire();
    expect(['dropped', 'truncated']).toContain((await outcome).kind);
    expect(held.fired).toEqual([300]);
    expect((await classify(url, expected)).kind).toBe('ok');
  });

  it('validates fault options', () => {
    expect(() => dev.setFaults(k, { rate: 2 })).toThrow(/rate must be a number in \[0, 1\]/);
    expect(() => dev.setFaults(k, { rate: 0.1, kinds: ['boom' as FaultKind] })).toThrow(/unknown fault kind "boom"/);
    expect(() => dev.setFaults(k, { rate: 0.1, kinds: [] })).toThrow(/non-empty/);
    expect(FAULT_KINDS).toEqual(['rpc_error', 'http_429', 'http_5xx', 'timeout', 'malformed', 'truncated']);
  });

  it('injects faults into the price feed too', async () => {
    dev.setFaults('prices', { rate: 1, kinds: ['http_429'], retryAfterS: 2 });
    const r = await fetch(`${dev.priceUrl}/api/v3/simple/price?ids=ethereum&vs_currencies=usd`);
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('2');
    dev.setFaults('prices', { rate: 0 });
    expect((await fetch(`${dev.priceUrl}/api/v3/simple/price?ids=ethereum&vs_currencies=usd`)).status).toBe(200);
  });
});
