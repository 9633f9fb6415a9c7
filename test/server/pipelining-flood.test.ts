// Clients that pipeline requests and never read (issue 8, "Bounded resources"), at a small
// scale: 50 connections each send 2,000 pipelined GETs of a 64 KB master.json and read nothing.
// The server runs in a child process so that its RSS is its own. Before the per-connection
// limits this took node:http from ~110 MB to ~380 MB.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import net from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { request } from './helpers/http-client.js';

const CONNECTIONS = 50;
const PIPELINED = 2_000;
/** Growth of the server's peak RSS allowed under the flood (today: ~+90 MB). */
const RSS_BOUND = 160 * 1024 * 1024;

interface Child {
  proc: ChildProcessByStdio<Writable, Readable, null>;
  base: string;
  stats(): Promise<{ rss: number; peak: number; open: number }>;
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
    const [, rss, , peak, , open] = (await next()).split(' ');
    return { rss: Number(rss), peak: Number(peak), open: Number(open) };
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
  it(`${CONNECTIONS} connections × ${PIPELINED} pipelined GETs, never read: RSS grows < ${RSS_BOUND / 2 ** 20} MB, /healthz answers within 5 s`, async () => {
    child = await startChild();
    // Warm up the paths the flood takes, so that the baseline includes their code and caches.
    for (let i = 0; i < 20; i++) await request(child.base, '/v1/master.json');
    const before = await child.stats();
    const url = new URL(child.base);
    const burst = Buffer.from('GET /v1/master.json HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(PIPELINED));
    for (let i = 0; i < CONNECTIONS; i++) {
      const s = net.connect({ host: url.hostname, port: Number(url.port) });
      s.on('error', () => {});
      s.pause(); // never read
      s.write(burst);
      sockets.push(s);
    }
    await new Promise((r) => setTimeout(r, 2_000));
    const t0 = performance.now();
    const health = await request(child.base, '/healthz');
    const healthMs = performance.now() - t0;
    const after = await child.stats();
    const grown = after.peak - before.rss;
    console.log(`RSS ${(before.rss / 2 ** 20).toFixed(0)} → peak ${(after.peak / 2 ** 20).toFixed(0)} MB (+${(grown / 2 ** 20).toFixed(0)}), /healthz ${healthMs.toFixed(0)} ms, open ${after.open}`);
    expect(health.status).toBe(200);
    // Measured 2–50 ms on an idle machine; 5 s leaves room for a loaded CI machine.
    expect(healthMs).toBeLessThan(5_000);
    expect(grown).toBeLessThan(RSS_BOUND);
    // Every flooding connection went over the queue cap and was closed.
    expect(after.open).toBe(0);
  });
});
