// Issue 23, item 1: 4,200 sockets from one address that connect and never send a byte used to
// fill connections.max_open (4,096) and every new client got 503 for as long as they stayed.
// Over real loopback sockets with the default limits (this machine allows 20,000 descriptors;
// the test holds at most 4,200 client ends and 4,096 server ends). node's own header and request
// timeouts are set out of the way, so only the guard decides; its sweeps run on a ManualTime,
// so the first-head deadline passes when the test fires them, not after seconds.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_DEFAULTS } from '../../src/registry/server-settings.js';
import type { NodeHttpServer } from '../../src/server/http-server.js';
import { ManualTime } from '../helpers/virtual-time.js';
import { fixtureSet } from './helpers/fixture-set.js';
import { request } from './helpers/http-client.js';
import { startServer, type TestServer } from './helpers/server.js';

const SILENT = 4_200;
const NO_NODE_TIMEOUTS = { header_timeout_seconds: 3600, request_timeout_seconds: 3600 };

let srv: TestServer | undefined;
const sockets = new Set<net.Socket>();
afterEach(async () => {
  for (const s of sockets) s.destroy();
  sockets.clear();
  await srv?.close();
  srv = undefined;
});

/** Resolves once `cond` holds; polled between event-loop turns (the test's timeout bounds it). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
}

/** Opens `n` connections from 127.0.0.1 that never send a byte, 200 at a time (the listen backlog is 511). */
async function openSilent(base: string, n: number): Promise<void> {
  const url = new URL(base);
  for (let done = 0; done < n; ) {
    const batch = Math.min(200, n - done);
    await Promise.all(
      Array.from(
        { length: batch },
        () =>
          new Promise<void>((resolve) => {
            const s = net.connect({ host: url.hostname, port: Number(url.port) }, () => resolve());
            sockets.add(s);
            s.resume(); // sends nothing, reads what comes (the 408), so it sees the server's close
            s.on('error', () => undefined); // evicted: reset by the server
            s.on('close', () => {
              sockets.delete(s);
              resolve();
            });
          }),
      ),
    );
    done += batch;
  }
}

describe(`${SILENT} silent sockets from one address`, () => {
  it('hold no more than their share: a fresh client from the same address and one from another get 200; the deadline closes the rest', async () => {
    const time = new ManualTime();
    srv = await startServer(fixtureSet(), { connections: NO_NODE_TIMEOUTS }, undefined, undefined, time);
    const guard = (srv.app as NodeHttpServer).guard;
    const share = srv.config.connections.max_open_per_address;
    expect(share).toBe(Math.ceil(SERVER_DEFAULTS.max_open * SERVER_DEFAULTS.per_address_share)); // 1,024

    await openSilent(srv.base, SILENT);
    await until(() => guard.accepted === SILENT);
    // Each connection past the share took the place of that address's oldest silent one.
    expect(guard.open).toBe(share);
    expect(guard.evicted).toEqual({ silent: SILENT - share, idle: 0 });
    expect(guard.refused).toBe(0);
    await until(() => sockets.size === share); // the evicted ones are closed at the client too

    // A fresh client from the same address takes a silent one's place; another address has room.
    expect((await request(srv.base, '/v1/master.json')).status).toBe(200);
    expect((await request(srv.base, '/v1/master.json', { localAddress: '127.0.0.2' })).status).toBe(200);
    expect(guard.evicted).toEqual({ silent: SILENT - share + 1, idle: 0 });
    expect(guard.refused).toBe(0);
    await until(() => guard.open === share - 1); // the two fresh clients have gone

    // The first-head deadline (10 s from accept): every silent socket left is answered 408 and closed.
    while (time.monotonic() < SERVER_DEFAULTS.first_head_timeout_seconds * 1000) (await time.next()).fire();
    await until(() => guard.open === 0 && sockets.size === 0);
    expect(guard.destroyed.deadline).toBe(share - 1);
  });

  it('with the share as large as the cap, they fill max_open and a fresh client takes the oldest one’s place', async () => {
    const time = new ManualTime();
    const max = SERVER_DEFAULTS.max_open;
    srv = await startServer(fixtureSet(), { connections: { max_open_per_address: max, ...NO_NODE_TIMEOUTS } }, undefined, undefined, time);
    const guard = (srv.app as NodeHttpServer).guard;
    await openSilent(srv.base, SILENT);
    await until(() => guard.accepted === SILENT);
    expect(guard.open).toBe(max);
    expect(guard.evicted).toEqual({ silent: SILENT - max, idle: 0 });
    expect((await request(srv.base, '/v1/master.json')).status).toBe(200);
    expect(guard.evicted.silent).toBe(SILENT - max + 1);
    expect(guard.refused).toBe(0);
  });
});
