// The connection limits of docs/http.md ("Connection limits"), with short settings, over real sockets.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureSet } from './helpers/fixture-set.js';
import { parseResponses, rawExchange, request } from './helpers/http-client.js';
import { startServer, type TestServer } from './helpers/server.js';

let srv: TestServer | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await srv?.close();
  srv = undefined;
});

function connect(base: string): Promise<net.Socket> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: url.hostname, port: Number(url.port) }, () => resolve(s));
    s.on('error', reject);
    sockets.push(s);
  });
}

describe('connection limits', () => {
  it('beyond connections.max_open, a request gets 503 + Retry-After + JSON and the connection closes', async () => {
    srv = await startServer(fixtureSet(), { connections: { max_open: 3 } });
    for (let i = 0; i < 3; i++) await connect(srv.base); // idle connections hold the slots
    await new Promise((r) => setTimeout(r, 50));
    const raw = await rawExchange(srv.base, 'GET /v1/master.json HTTP/1.1\r\nHost: x\r\n\r\n', 1_000);
    const [r] = parseResponses(raw);
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('1');
    expect(r.headers.get('connection')).toBe('close');
    expect((JSON.parse(r.body.toString()) as { error: { code: string } }).error.code).toBe('not_ready');
    for (const s of sockets.splice(0)) s.destroy();
    await new Promise((r) => setTimeout(r, 50));
    expect((await request(srv.base, '/v1/master.json')).status).toBe(200);
  });

  it('a connection whose writes make no progress for write_stall_seconds is destroyed', async () => {
    srv = await startServer(fixtureSet(), { connections: { write_stall_seconds: 0.5, max_queued_responses: 100_000 } });
    const guard = srv.app.guard;
    const s = await connect(srv.base);
    s.pause(); // never read: the kernel's buffers fill and the server's writes stall
    s.write('GET /v1/fees/table.json HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(3_000));
    const t0 = performance.now();
    while (guard.destroyed.stalled === 0 && performance.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 50));
    expect(guard.destroyed.stalled).toBe(1);
    // The socket's close event follows its destruction on a later tick.
    while (guard.open !== 0 && performance.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 20));
    expect(guard.open).toBe(0);
  });

  it('a deep pipeline over max_queued_responses gets its first responses, then the connection closes', async () => {
    srv = await startServer(fixtureSet(), { connections: { max_queued_responses: 4 } });
    const raw = await rawExchange(srv.base, 'GET /v1/master.json HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(10), 1_000);
    const statuses = parseResponses(raw).map((r) => r.status);
    expect(statuses).toEqual([200, 200, 200, 200]);
  });
});

describe('a request head sent byte by byte', () => {
  // header_timeout_seconds (1 s here) holds within a tenth of it.
  const limit = 1_000;
  const margin = 600;
  it(`is cut within ${limit / 1000} s + ${margin / 1000} s`, async () => {
    srv = await startServer(fixtureSet(), { connections: { header_timeout_seconds: 1, request_timeout_seconds: 2 } });
    const s = await connect(srv.base);
    const head = 'GET /v1/master.json HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(10_000);
    const chunks: Buffer[] = [];
    s.on('data', (c: Buffer) => chunks.push(c));
    const t0 = performance.now();
    const closed = new Promise<number>((r) => s.on('close', () => r(performance.now() - t0)));
    let i = 0;
    const drip = setInterval(() => {
      if (!s.destroyed && i < head.length) s.write(head[i++]);
    }, 100);
    const ms = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(Infinity), limit + margin + 1_000))]);
    clearInterval(drip);
    expect(ms).toBeGreaterThan(limit - 100);
    expect(ms).toBeLessThan(limit + margin);
    expect(parseResponses(Buffer.concat(chunks))[0].status).toBe(408);
  });
});
