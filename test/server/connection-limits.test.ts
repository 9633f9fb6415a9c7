// The connection limits of docs/http.md ("Connection limits"), with short settings, over real sockets.
// The tests read no time: they wait for the events (connections counted, closed),
// run the write-stall sweeps on a ManualTime, and check the deadlines node's parser is given.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { NodeHttpServer } from '../../src/server/http-server.js';
import { ManualTime } from '../helpers/virtual-time.js';
import { fixtureSet } from './helpers/fixture-set.js';
import { exchangeUntilClosed, parseResponses, rawExchange, request } from './helpers/http-client.js';
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

/** Resolves once `cond` holds; polled between event-loop turns (the test's timeout bounds it). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
}

describe('connection limits', () => {
  it('beyond connections.max_open, a request gets 503 + Retry-After + JSON and the connection closes', async () => {
    srv = await startServer(fixtureSet(), { connections: { max_open: 3 } });
    const guard = (srv.app as NodeHttpServer).guard;
    for (let i = 0; i < 3; i++) await connect(srv.base); // idle connections hold the slots
    await until(() => guard.open === 3); // the server has counted them
    // The server closes the connection after its answer (the exchange ends only then).
    const raw = await exchangeUntilClosed(srv.base, 'GET /v1/master.json HTTP/1.1\r\nHost: x\r\n\r\n');
    const [r] = parseResponses(raw);
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('1');
    expect(r.headers.get('connection')).toBe('close');
    expect((JSON.parse(r.body.toString()) as { error: { code: string } }).error.code).toBe('not_ready');
    for (const s of sockets.splice(0)) s.destroy();
    await until(() => guard.open === 0); // the slots are free again
    expect((await request(srv.base, '/v1/master.json')).status).toBe(200);
  });

  it('a connection whose writes make no progress for write_stall_seconds is destroyed', async () => {
    const time = new ManualTime();
    srv = await startServer(fixtureSet(), { connections: { write_stall_seconds: 0.5, max_queued_responses: 100_000 } }, undefined, undefined, time);
    const app = srv.app as NodeHttpServer;
    const guard = app.guard;
    const accepted = new Promise<net.Socket>((r) => app.server.once('connection', r));
    const s = await connect(srv.base);
    const conn = await accepted; // the server's end
    const connClosed = new Promise((r) => conn.once('close', r));
    s.pause(); // never read: the kernel's buffers fill and the server's writes stall
    s.write('GET /v1/fees/table.json HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(3_000));
    // Backed up: the kernel takes no more and the server's writes wait in the socket.
    await until(() => conn.writableLength > 0);

    // Each sweep: I/O gets its turn, the test notes how far the server's writes got, fires the
    // sweep and waits until the guard has swept and asks for the next one.
    const sweeps: Array<{ at: number; bytes: number; destroyed: boolean }> = [];
    for (;;) {
      const sweep = await time.next();
      expect(sweep.ms).toBe(125); // a quarter of write_stall_seconds
      const last = sweeps.at(-1);
      if (last) last.destroyed = guard.destroyed.stalled > 0;
      if (guard.destroyed.stalled > 0) break;
      await new Promise((r) => setImmediate(r));
      sweeps.push({ at: time.monotonic() + sweep.ms, bytes: conn.bytesWritten, destroyed: false });
      sweep.fire();
    }
    expect(guard.destroyed.stalled).toBe(1);
    // The last sweep that saw its writes move (the first sweep always does: the guard starts
    // from 0 bytes), and the one that destroyed it: the first sweep more than 500 ms later.
    const moved = sweeps.reduce((m, sw, i) => (i === 0 || sw.bytes !== sweeps[i - 1].bytes ? i : m), 0);
    expect(sweeps.slice(moved).map((sw) => sw.destroyed)).toEqual([false, false, false, false, false, true]);
    expect(sweeps.at(-1)!.at - sweeps[moved].at).toBe(625); // within 1.25 × write_stall_seconds
    expect(sweeps.at(-2)!.at - sweeps[moved].at).toBe(500); // not yet past it: kept
    // The socket's close event follows its destruction on a later tick.
    await connClosed;
    expect(guard.open).toBe(0);
  });

  it('a deep pipeline over max_queued_responses gets its first responses, then the connection closes', async () => {
    srv = await startServer(fixtureSet(), { connections: { max_queued_responses: 4 } });
    const raw = await exchangeUntilClosed(srv.base, 'GET /v1/master.json HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(10));
    const statuses = parseResponses(raw).map((r) => r.status);
    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  it('a request head sent byte by byte is cut by header_timeout_seconds, checked every tenth of it, with a 408', async () => {
    srv = await startServer(fixtureSet(), { connections: { header_timeout_seconds: 1, request_timeout_seconds: 2 } });
    // The deadlines node's parser is given, and how often it checks them: a tenth of the
    // shorter one, so the header timeout holds within a tenth of it (node's default check,
    // every 30 s, cut a 10 s header timeout after 31-36 s).
    const server = (srv.app as NodeHttpServer).server;
    expect(server.headersTimeout).toBe(1_000);
    expect(server.requestTimeout).toBe(2_000);
    expect((server as typeof server & { connectionsCheckingInterval: number }).connectionsCheckingInterval).toBe(100);
    const s = await connect(srv.base);
    const head = 'GET /v1/master.json HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(10_000);
    const chunks: Buffer[] = [];
    s.on('data', (c: Buffer) => chunks.push(c));
    const closed = new Promise((r) => s.on('close', r));
    let sent = 0;
    const drip = setInterval(() => {
      if (!s.destroyed && sent < head.length) s.write(head[sent++]);
    }, 100);
    // The server cuts the client, which is still sending its head (a byte every 100 ms cannot
    // keep the deadline from passing), with a 408 for the timeout.
    await closed;
    clearInterval(drip);
    expect(sent).toBeLessThan(head.length);
    expect(parseResponses(Buffer.concat(chunks))[0].status).toBe(408);
  });
});
