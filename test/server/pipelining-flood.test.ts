// Clients that pipeline requests and never read (issue 8, "Bounded resources"), at a small
// scale: 50 connections each send 2,000 pipelined GETs of a 64 KB master.json and read nothing.
// The server runs in a child process so that its RSS is its own. Before the per-connection
// limits this took node:http from ~110 MB to ~380 MB.
//
// Nothing here reads the time. What kept /healthz waiting was work: the server answering the
// flood's pipelined requests. The child counts the responses it writes, and notes how many it
// had written when it answered /healthz, asked for as soon as the flood is in the kernel.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import net from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_DEFAULTS } from '../../src/registry/server-settings.js';
import { request } from './helpers/http-client.js';

const CONNECTIONS = 50;
const PIPELINED = 2_000;
/**
 * Growth of the server's peak RSS allowed under the flood. Node parses a whole received chunk
 * (64 KB, ~1,600 of these GETs) before a pause takes effect, so the flood makes ~80,000 request
 * and response objects whatever the guard does; what the guard bounds is the responses. Measured
 * on this test: Node 20 +76 to +130 MB; Node 24, whose V8 grows its heap further ahead of use
 * (heapTotal 290 MB for 180 MB used), +41 to +230 MB from run to run; without the guard, Node 24
 * +380 MB (and 79,900 flood responses before /healthz, which the response bound below catches).
 */
const RSS_BOUND = 280 * 1024 * 1024;

interface Stats {
  rss: number;
  peak: number;
  /** Connections the guard holds. */
  open: number;
  /** Responses other than /healthz written so far. */
  served: number;
  /** `served` when the last /healthz was answered (-1: none yet). */
  atHealth: number;
}

interface Child {
  proc: ChildProcessByStdio<Writable, Readable, null>;
  base: string;
  stats(): Promise<Stats>;
}

async function startChild(): Promise<Child> {
  const script = join(import.meta.dirname, 'helpers', 'flood-server.ts');
  const proc = spawn(process.execPath, ['--import', 'tsx', script, '{}'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiters: ((l: string) => void)[] = [];
  let buf = '';
  proc.stdout.on('data', (d: Buffer) => {
    buf += d.toString();
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      const w = waiters.shift();
      if (w) w(line);
      else lines.push(line);
    }
  });
  const next = (): Promise<string> => new Promise((r) => (lines.length > 0 ? r(lines.shift()!) : waiters.push(r)));
  const base = (await next()).split(' ')[1];
  const stats = async () => {
    proc.stdin.write('\n');
    const [, rss, , peak, , open, , served, , atHealth] = (await next()).split(' ');
    return { rss: Number(rss), peak: Number(peak), open: Number(open), served: Number(served), atHealth: Number(atHealth) };
  };
  return { proc, base, stats };
}

let child: Child | undefined;
const sockets: net.Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
  child?.proc.stdin.end();
  child?.proc.kill();
  child = undefined;
});

describe('pipelining flood', () => {
  // The guard answers at most max_queued_responses per connection, then closes it.
  const FLOOD_RESPONSES_BOUND = CONNECTIONS * SERVER_DEFAULTS.max_queued_responses;
  it(`${CONNECTIONS} connections × ${PIPELINED} pipelined GETs, never read: RSS grows < ${RSS_BOUND / 2 ** 20} MB, /healthz answered after at most ${FLOOD_RESPONSES_BOUND} flood responses`, async () => {
    child = await startChild();
    // Warm up the paths the flood takes, so that the baseline includes their code and caches.
    for (let i = 0; i < 20; i++) await request(child.base, '/v1/master.json');
    const before = await child.stats();
    const url = new URL(child.base);
    const burst = Buffer.from('GET /v1/master.json HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(PIPELINED));
    const written: Promise<void>[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const s = net.connect({ host: url.hostname, port: Number(url.port) });
      s.on('error', () => {});
      s.pause(); // never read
      written.push(new Promise((r) => s.write(burst, () => r())));
      sockets.push(s);
    }
    // The whole flood is in the kernel: /healthz is asked for behind it.
    await Promise.all(written);
    const health = await request(child.base, '/healthz');
    expect(health.status).toBe(200);
    // Every flooding connection goes over the queue cap and is closed (the guard's count).
    while ((await child.stats()).open !== 0) await new Promise((r) => setTimeout(r, 20));
    const after = await child.stats();
    const grown = after.peak - before.rss;
    const floodBeforeHealth = after.atHealth - before.served;
    console.log(
      `RSS ${(before.rss / 2 ** 20).toFixed(0)} → peak ${(after.peak / 2 ** 20).toFixed(0)} MB (+${(grown / 2 ** 20).toFixed(0)}), ` +
        `/healthz answered after ${floodBeforeHealth} flood responses (${after.served - before.served} in all), open ${after.open}`,
    );
    // The work /healthz waited behind: the flood's responses written before it was answered.
    expect(floodBeforeHealth).toBeGreaterThanOrEqual(0);
    expect(floodBeforeHealth).toBeLessThanOrEqual(FLOOD_RESPONSES_BOUND);
    expect(after.served - before.served).toBeLessThanOrEqual(FLOOD_RESPONSES_BOUND);
    expect(grown).toBeLessThan(RSS_BOUND);
    expect(after.open).toBe(0);
  });
});
