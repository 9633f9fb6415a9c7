// Raw-socket fuzzing: thousands of generated requests — traversal, encoded slashes, overlong keys,
// bad escapes, odd methods and versions, huge headers, invalid header bytes, conflicting framing,
// pipelining — against a real server. Whatever arrives, the server must answer with well-formed
// HTTP, never a 5xx, with a JSON error body on every error, and stay up.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSet } from './helpers/fixture-set.js';
import { parseResponses, request } from './helpers/http-client.js';
import { Rng } from '../../src/devnet/prng.js';
import { startServer, type TestServer } from './helpers/server.js';

const REQUESTS = 5_000;
const CONCURRENCY = 16;
const SEED = Number(process.env.FUZZ_SEED ?? 20260131);

/** Fuzz cases are picked by the devnet's seeded generator, so a failing seed reproduces. */
function rng(seed: number): () => number {
  const g = new Rng(seed);
  return () => g.float();
}

const ERROR_CODES = new Set(['bad_request', 'unauthorized', 'not_found', 'method_not_allowed', 'rate_limited', 'not_ready']);

interface Case {
  bytes: Buffer;
  label: string;
}

function generator(seed: number, paths: string[], etags: string[]) {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const chance = (p: number): boolean => r() < p;
  const randomBytes = (n: number): string => Array.from({ length: n }, () => String.fromCharCode(Math.floor(r() * 256))).join('');
  const printable = (n: number): string => Array.from({ length: n }, () => String.fromCharCode(0x21 + Math.floor(r() * 94))).join('');

  const withQuery = (p: string): string => `${p}?${printable(Math.floor(r() * 40)).replace(/#/g, '')}`;
  const cleanMutations = [(p: string) => p, withQuery];
  const mutations: ((p: string) => string)[] = [
    ...cleanMutations,
    (p) => p.replace(/\/[^/]*$/, '/../master.json'),
    (p) => p.replace('/v1/', '/v1/%2e%2e/'),
    (p) => p.replace(/\/([^/]*)$/, '%2F$1'),
    (p) => p.replace(/\/([^/]*)$/, '%2f$1'),
    (p) => p.replace(/\/([^/]*)$/, '%5c$1'),
    (p) => p.replace('.json', '%'),
    (p) => p.replace('.json', '%zz.json'),
    (p) => p.replace('.json', '%00.json'),
    (p) => p.replace('.json', '%c3%a9.json'),
    (p) => p.toUpperCase(),
    (p) => p.replace('/v1/', '/v1//'),
    (p) => p.replace(/\/([^/]*)$/, `/${'k'.repeat(100 + Math.floor(r() * 200))}.json`),
    (p) => `/v1/${'a/'.repeat(Math.floor(r() * 3000))}`,
    (p) => `${p}#frag`,
    () => '*',
    () => '',
    (p) => `http://fuzz.example${p}`,
    (p) => `${p} extra`,
    (p) => p.replace('.json', printable(3)),
    (p) => p.replace('.json', randomBytes(4)),
    (p) => `/v1/apps/details/${printable(1 + Math.floor(r() * 20)).toLowerCase()}.json`,
    (p) => `/healthz${chance(0.5) ? '' : '/x'}`,
    () => '/metrics',
    () => pick(['/', '/docs', '/v1/openapi.json', '/v1/', '/v1']),
  ];
  const methods = ['GET', 'GET', 'GET', 'GET', 'HEAD', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'CONNECT', 'FOO', 'get', ''];
  const versions = ['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', 'HTTP/1.1x', ''];
  const headerPool: (() => string)[] = [
    () => `Accept-Encoding: ${pick(['gzip', 'br', 'gzip, br', 'br;q=0, gzip;q=0.5', '*;q=0', 'identity', 'gzip;q=2', printable(10), ''])}`,
    () => `If-None-Match: ${pick([pick(etags), `W/${pick(etags)}`, '*', `"x", ${pick(etags)}`, printable(12), '"unterminated', ''])}`,
    () => `If-Modified-Since: ${pick(['Sat, 31 Jan 2026 14:05:00 GMT', 'Thu, 01 Jan 1970 00:00:00 GMT', printable(20)])}`,
    () => `Authorization: ${pick(['Bearer abc', 'Bearer', 'Basic Zm9vOmJhcg==', printable(30)])}`,
    () => `X-API-Key: ${printable(16)}`,
    () => `X-Forwarded-For: ${pick(['203.0.113.9', '1.1.1.1, 2.2.2.2', printable(30)])}`,
    () => `Access-Control-Request-Headers: ${pick(['authorization, x-api-key', printable(40)])}`,
    () => `X-Huge: ${'h'.repeat(1000 + Math.floor(r() * 30_000))}`,
    () => `X-Bad: a\u0000b`,
    () => `X-Bad\u007f: v`,
    () => `X-Uni: ${randomBytes(8)}`,
    () => `${randomBytes(6)}: v`,
    () => 'NoColonHere',
    () => ' folded-continuation',
    () => 'Content-Length: 5',
    () => 'Content-Length: 5\r\nContent-Length: 6',
    () => 'Content-Length: -1',
    () => 'Transfer-Encoding: chunked',
    () => 'Transfer-Encoding: gzip, chunked',
    () => 'Expect: 100-continue',
    () => 'Expect: teapot',
    () => 'Upgrade: websocket\r\nConnection: Upgrade',
    () => 'Connection: keep-alive',
  ];

  return (): Case => {
    const count = chance(0.1) ? 2 + Math.floor(r() * 3) : 1; // sometimes pipeline
    const method = chance(0.33) ? pick(['GET', 'HEAD', 'OPTIONS']) : pick(methods);
    const parts: string[] = [];
    const labels: string[] = [];
    // A third of the cases are well-formed, so that the success paths (200/304, encodings,
    // limits) are exercised under the same load as the garbage.
    const clean = chance(0.33);
    for (let i = 0; i < count; i++) {
      const target = clean ? pick(cleanMutations)(pick(paths)) : pick(mutations)(pick(paths));
      const version = clean ? 'HTTP/1.1' : pick(versions);
      const headers = ['Host: fuzz.example'];
      const n = Math.floor(r() * 4);
      for (let j = 0; j < n; j++) headers.push(pick(clean ? headerPool.slice(0, 7) : headerPool)());
      if (!clean && chance(0.05)) headers.length = 0; // no Host at all
      const eol = !clean && chance(0.05) ? '\n' : '\r\n';
      let body = '';
      if (headers.some((h) => h.startsWith('Content-Length: 5'))) body = 'hello';
      if (headers.some((h) => h.includes('chunked'))) body = pick(['5\r\nhello\r\n0\r\n\r\n', 'zz\r\n', '0\r\n\r\n']);
      const line = version === '' ? `${method} ${target}` : `${method} ${target} ${version}`;
      parts.push(`${line}${eol}${headers.join(eol)}${eol}${eol}${body}`);
      labels.push(`${method} ${JSON.stringify(target.slice(0, 80))} ${version}`);
    }
    let raw = parts.join('');
    if (!clean && chance(0.03)) raw = randomBytes(1 + Math.floor(r() * 200)); // pure noise
    if (!clean && chance(0.03)) raw = raw.slice(0, Math.floor(r() * raw.length)); // truncated
    return { bytes: Buffer.from(raw, 'latin1'), label: labels.join(' | ') };
  };
}

/** Sends one case on a fresh connection, half-closes, and collects the answer until the server closes. */
function exchange(port: number, bytes: Buffer): Promise<{ data: Buffer; timedOut: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: '127.0.0.1', port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ data: Buffer.concat(chunks), timedOut: true });
    }, 5_000);
    socket.on('connect', () => socket.end(bytes));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined); // resets are a legitimate answer to garbage
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ data: Buffer.concat(chunks), timedOut: false });
    });
  });
}

describe('fuzz: raw requests', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(fixtureSet());
  });
  afterAll(() => srv.close());

  it(`${REQUESTS} generated requests: never 5xx, always valid HTTP, JSON error bodies (seed ${SEED})`, async () => {
    const set = srv.holder.current()!;
    const next = generator(SEED, [...set.entries.keys()], [...set.entries.values()].map((e) => e.etag));
    const port = Number(new URL(srv.base).port);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let silent = 0;
    let timeouts = 0;
    let sent = 0;

    const worker = async (): Promise<void> => {
      while (sent < REQUESTS) {
        sent++;
        const c = next();
        const { data, timedOut } = await exchange(port, c.bytes);
        if (timedOut) timeouts++;
        if (data.length === 0) {
          silent++;
          continue;
        }
        try {
          // Node may answer fewer requests than were pipelined (it stops at the first bad one).
          const head = c.bytes.subarray(0, 5).toString('latin1') === 'HEAD ';
          const responses = parseResponses(data, head);
          for (const res of responses) {
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status < 200) continue; // 100 Continue: interim, no headers of ours
            if (res.status >= 500) throw new Error(`status ${res.status}`);
            if (res.headers.get('access-control-allow-origin') !== '*') throw new Error(`no CORS header on ${res.status}`);
            if (res.status >= 400 && res.body.length === 0 && !head) throw new Error(`error ${res.status} without a body`);
            if (res.status >= 400 && res.body.length > 0) {
              const body = JSON.parse(res.body.toString('utf8')) as { error?: { status?: number; code?: string } };
              if (body.error?.status !== res.status || !ERROR_CODES.has(String(body.error?.code))) {
                throw new Error(`bad error body ${res.body.toString('utf8').slice(0, 200)}`);
              }
            }
          }
        } catch (e) {
          failures.push(`${c.label}: ${(e as Error).message}\n  sent ${JSON.stringify(c.bytes.toString('latin1').slice(0, 300))}\n  got ${JSON.stringify(data.toString('latin1').slice(0, 300))}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    const summary = Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0]));
    console.log(`fuzz seed ${SEED}: ${REQUESTS} cases, statuses ${JSON.stringify(summary)}, ${silent} closed without answer, ${timeouts} timeouts`);
    expect(failures.slice(0, 10)).toEqual([]);
    expect(timeouts).toBe(0);
    // The generator reaches the interesting answers, not just one kind.
    for (const s of [200, 204, 304, 400, 404, 405]) expect(statuses.get(s) ?? 0).toBeGreaterThan(0);
    // Only noise may go unanswered (node drops e.g. a truncated request line silently).
    expect(silent).toBeLessThan(REQUESTS * 0.1);

    // Still serving.
    const after = await request(srv.base, '/v1/master.json');
    expect(after.status).toBe(200);
  });
});
