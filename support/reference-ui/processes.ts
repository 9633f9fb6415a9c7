// The two servers the reference-frontend check runs: `chainlytics serve` on the built-in devnet
// (the built code, as an operator starts it) and the frontend's `next dev`, each in its own
// process group so that stopping one stops everything it started. `next` runs under `nice`: the
// check shares its machine, and what it measures is chainlytics, not the frontend's compiler.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export interface Started {
  /** When the process was spawned, ms since the epoch. */
  startedAt: number;
  child: ChildProcess;
  /** SIGTERM to the group, then SIGKILL after `graceMs` if it has not exited. */
  stop(graceMs?: number): Promise<void>;
}

function startGroup(command: string, args: string[], cwd: string, logFile: string, env: NodeJS.ProcessEnv = process.env): Started {
  const log = createWriteStream(logFile);
  const startedAt = Date.now();
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    startedAt,
    child,
    async stop(graceMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const signal = (s: NodeJS.Signals): void => {
        try {
          process.kill(-child.pid!, s);
        } catch {
          // the group is already gone
        }
      };
      signal('SIGTERM');
      const done = await Promise.race([exited.then(() => true), delay(graceMs).then(() => false)]);
      if (!done) {
        signal('SIGKILL');
        await exited;
      }
    },
  };
}

export interface ServeOptions {
  repoDir: string;
  port: number;
  dataDir: string;
  devnetDays: number;
  devnetTxPerDay: number;
  logFile: string;
}

/** `node bin/chainlytics.js serve` on the devnet, listening on 127.0.0.1:`port`. */
export function startServe(o: ServeOptions): Started {
  const args = ['bin/chainlytics.js', 'serve', '--host', '127.0.0.1', '--port', String(o.port), '--data-dir', o.dataDir];
  args.push('--devnet-days', String(o.devnetDays), '--devnet-tx-per-day', String(o.devnetTxPerDay), '--log-format', 'json', '--no-access-log');
  return startGroup(process.execPath, args, o.repoDir, o.logFile);
}

/** The frontend's `next dev` (webpack's successor turbopack, as its own `dev` script uses) on 127.0.0.1:`port`. */
export function startNext(frontendDir: string, port: number, logFile: string): Started {
  const next = join(frontendDir, 'node_modules', 'next', 'dist', 'bin', 'next');
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'development' };
  return startGroup('nice', ['-n', '10', process.execPath, next, 'dev', '--turbopack', '-H', '127.0.0.1', '-p', String(port)], frontendDir, logFile, env);
}

/** Polls `probe` every `everyMs` until it returns a value other than undefined, or throws after `timeoutMs`. */
export async function pollUntil<T>(what: string, timeoutMs: number, everyMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`${what}: not within ${Math.round(timeoutMs / 1000)} s`);
    await delay(everyMs);
  }
}

/** GET `url` as JSON, or undefined on any failure or status other than 200. */
export async function getJson(url: string, timeoutMs = 5_000): Promise<any> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) }).catch(() => null);
  if (res === null || res.status !== 200) return undefined;
  return res.json();
}

/** Whether 127.0.0.1:`port` can be listened on now. */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}
