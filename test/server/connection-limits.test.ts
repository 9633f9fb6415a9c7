// The connection limits of docs/http.md ("Connection limits"), with short settings, over real sockets.
// The tests read no time: they wait for the events (connections counted, evicted, closed), run
// the guard's sweeps (write stalls, first-head deadline) on a ManualTime, and check the deadlines
// node's parser is given.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestBegun as nextRequestBegun } from '../../src/server/connection-guard.js';
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

/** node's own header and request timeouts, longer than any test: only the guard closes connections. */
const NO_NODE_TIMEOUTS = { header_timeout_seconds: 3600, request_timeout_seconds: 3600 };

function connect(base: string, localAddress?: string): Promise<net.Socket> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: url.hostname, port: Number(url.port), localAddress }, () => resolve(s));
    s.on('error', reject);
    sockets.push(s);
  });
}

/** The server's end of the next connection it accepts. */
function nextAccepted(app: NodeHttpServer): Promise<net.Socket> {
  return new Promise((r) => app.server.once('connection', r));
}

/** A keep-alive connection that was answered once and is idle now (its response read). */
async function keepAliveIdle(base: string): Promise<net.Socket> {
  const s = await connect(base);
  const answered = new Promise((r) => s.once('data', r));
  s.write('GET /v1/master.json HTTP/1.1\r\nHost: x\r\n\r\n');
  await answered;
  return s;
}

/** A keep-alive connection answered once whose next request has begun (part of a head), as the server sees it. */
async function requestBegun(app: NodeHttpServer, base: string, localAddress?: string): Promise<net.Socket> {
  const accepted = nextAccepted(app);
  const s = await connect(base, localAddress);
  const conn = await accepted;
  const answered = new Promise((r) => s.once('data', r));
  s.write('GET /v1/master.json HTTP/1.1\r\nHost: x\r\n\r\n');
  await answered;
  s.write('GET /v1/master.json HTTP/1.1\r\nHost: x\r\n');
  await until(() => nextRequestBegun(conn)); // the server has read it
  return s;
}

/** Resolves once `cond` holds; polled between event-loop turns (the test's timeout bounds it). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
}

describe('connection limits', () => {
  it('at max_open a new connection takes the place of a silent one, then of a keep-alive idle one; with every slot at work it gets 503', async () => {
    // node's own header timeouts out of the way: only the guard decides.
    srv = await startServer(fixtureSet(), { connections: { max_open: 4, max_open_per_address: 4, ...NO_NODE_TIMEOUTS } });
    const app = srv.app as NodeHttpServer;
    const guard = app.guard;
    const idle = await keepAliveIdle(srv.base); // the oldest
    const silent = await connect(srv.base);
    const atWork = [await requestBegun(app, srv.base), await requestBegun(app, srv.base)];
    await until(() => guard.open === 4);
    const closed = (s: net.Socket): boolean => s.destroyed;

    // The cap is full: the silent connection goes first, though the idle one is older.
    expect((await request(srv.base, '/v1/master.json')).status).toBe(200);
    expect(guard.evicted).toEqual({ silent: 1, idle: 0 });
    await until(() => closed(silent));
    expect(closed(idle)).toBe(false);
    await until(() => guard.open === 3); // the fresh client has gone (agent: false closes)

    // Full again, with no silent connection: the keep-alive idle one goes.
    atWork.push(await requestBegun(app, srv.base));
    await until(() => guard.open === 4);
    expect((await request(srv.base, '/v1/master.json')).status).toBe(200);
    expect(guard.evicted).toEqual({ silent: 1, idle: 1 });
    await until(() => closed(idle));
    expect(atWork.some(closed)).toBe(false); // connections at work are never evicted
    await until(() => guard.open === 3);

    // Every slot at work: the next connection is refused.
    atWork.push(await requestBegun(app, srv.base));
    await until(() => guard.open === 4);
    const raw = await exchangeUntilClosed(srv.base, 'GET /v1/master.json HTTP/1.1\r\nHost: x\r\n\r\n');
    const [r] = parseResponses(raw);
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('1');
    expect(r.headers.get('connection')).toBe('close');
    expect((JSON.parse(r.body.toString()) as { error: { code: string } }).error.code).toBe('not_ready');
    expect(guard.refused).toBe(1);
    expect(atWork.some(closed)).toBe(false);
    for (const s of sockets.splice(0)) s.destroy();
    await until(() => guard.open === 0); // the slots are free again
    expect((await request(srv.base, '/v1/master.json')).status).toBe(200);
  });

  it('one address holds at most max_open_per_address, evicting its own idle connections first; another address is served', async () => {
    srv = await startServer(fixtureSet(), { connections: { max_open: 10, max_open_per_address: 2, ...NO_NODE_TIMEOUTS } });
    const app = srv.app as NodeHttpServer;
    const guard = app.guard;
    // 127.0.0.1 holds its share with connections at work: its next one is refused, though the cap has room.
    await requestBegun(app, srv.base);
    await requestBegun(app, srv.base);
    await until(() => guard.open === 2);
    const [refused] = parseResponses(await exchangeUntilClosed(srv.base, 'GET /v1/master.json HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(refused.status).toBe(503);
    expect(guard.refused).toBe(1);
    // 127.0.0.2 is another client: two silent connections fill its share, and its next one takes
    // the place of its own oldest silent one, not of 127.0.0.1's.
    const other = [await connect(srv.base, '127.0.0.2'), await connect(srv.base, '127.0.0.2')];
    await until(() => guard.open === 4);
    expect((await request(srv.base, '/v1/master.json', { localAddress: '127.0.0.2' })).status).toBe(200);
    expect(guard.evicted).toEqual({ silent: 1, idle: 0 });
    await until(() => other[0].destroyed);
    expect(other[1].destroyed).toBe(false);
    expect(guard.refused).toBe(1);
  });

  it('a connection without a whole request head first_head_timeout_seconds after it was accepted gets 408 and is closed', async () => {
    const time = new ManualTime();
    srv = await startServer(fixtureSet(), { connections: { first_head_timeout_seconds: 1, ...NO_NODE_TIMEOUTS } }, undefined, undefined, time);
    const guard = (srv.app as NodeHttpServer).guard;
    const received = (s: net.Socket): Buffer[] => {
      const chunks: Buffer[] = [];
      s.on('data', (c: Buffer) => chunks.push(c));
      return chunks;
    };
    const first = await connect(srv.base); // accepted at 0 ms, sends nothing
    const firstData = received(first);
    await until(() => guard.open === 1);
    // Sweeps every tenth of the deadline; the test fires them and notes when each socket closed.
    const closedAt = new Map<net.Socket, number>();
    let second: net.Socket | undefined;
    let secondData: Buffer[] = [];
    while (closedAt.size < 2) {
      const sweep = await time.next();
      expect(sweep.ms).toBe(100);
      if (time.monotonic() === 500 && second === undefined) {
        // Accepted at 500 ms, with part of a head (slowloris): its own deadline is 1,500 ms.
        second = await connect(srv.base);
        secondData = received(second);
        second.write('GET /v1/master.json HTTP/1.1\r\nHost: x\r\n');
        await until(() => guard.open === 2);
      }
      sweep.fire();
      // The sweep runs on the fired sleep's continuation; its closes reach the client as events.
      await new Promise((r) => setImmediate(r));
      for (const s of [first, second]) {
        if (s !== undefined && !closedAt.has(s) && guard.destroyed.deadline > closedAt.size) {
          await new Promise((r) => (s.destroyed ? r(undefined) : s.once('close', r)));
          closedAt.set(s, time.monotonic());
        }
      }
    }
    expect(closedAt.get(first)).toBe(1_000);
    expect(closedAt.get(second!)).toBe(1_500);
    expect(guard.destroyed.deadline).toBe(2);
    expect(parseResponses(Buffer.concat(firstData))[0].status).toBe(408);
    expect(parseResponses(Buffer.concat(secondData))[0].status).toBe(408);
    await until(() => guard.open === 0);
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
