// Runs the real nginx against an exported directory, with deploy/nginx's template, for the
// nginx test and bench/serve.ts. nginx runs in the foreground (daemon off) with a private prefix,
// pid file and temp paths under a temporary directory, on a free loopback port.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportDocumentSet } from '../src/documents/export.js';
import type { DocumentSet } from '../src/documents/document-set.js';
import { loadNginxTemplate, renderNginxConfig, writeNginxHourlyMap } from '../src/server/nginx-config.js';
import { exportStaticFiles, type StaticFile } from '../src/server/static-files.js';
import { freePort } from './free-port.js';

export interface RunningNginx {
  base: string;
  /** The temporary directory: export/ is the served root. */
  dir: string;
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

/** The nginx binary, or an error that says how to install it (tests must fail, not skip). */
export function findNginx(): string {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx']) if (existsSync(p)) return p;
  throw new Error('nginx is not installed; the CI script installs it (Debian: apt-get install nginx-light)');
}

function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = (): void => {
      if (child.exitCode !== null) return reject(new Error(`nginx exited with code ${child.exitCode}`));
      const s = net.connect({ host: '127.0.0.1', port });
      s.on('connect', () => {
        s.destroy();
        resolve();
      });
      s.on('error', () => {
        s.destroy();
        if (performance.now() > deadline) reject(new Error(`nginx did not listen on ${port} within ${timeoutMs} ms`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export async function startNginx(
  set: DocumentSet,
  opts: {
    publicBaseUrl: string;
    workers?: number;
    /** taskset CPU list for master and workers (benchmarks). */
    cpus?: string;
    /** The dashboard's files, exported next to v1/ as `build --out` does. */
    staticFiles?: readonly StaticFile[];
  },
): Promise<RunningNginx> {
  const bin = findNginx();
  const dir = await mkdtemp(join(tmpdir(), 'chainlytics-nginx-'));
  // Workers drop to an unprivileged user when the test runs as root; they must read the files.
  await chmod(dir, 0o755);
  const root = join(dir, 'export');
  await mkdir(root, { recursive: true });
  await exportDocumentSet(set, root);
  await writeNginxHourlyMap(set, root);
  if (opts.staticFiles) await exportStaticFiles(opts.staticFiles, root, set.builtAt);
  const port = await freePort();
  const site = renderNginxConfig(loadNginxTemplate(), { root, listen: `127.0.0.1:${port}`, publicBaseUrl: opts.publicBaseUrl });
  await writeFile(join(dir, 'chainlytics.conf'), site);
  await mkdir(join(dir, 'tmp'));
  const main = `
daemon off;
worker_processes ${opts.workers ?? 1};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  keepalive_requests 1000000;
  include ${dir}/chainlytics.conf;
}
`;
  await writeFile(join(dir, 'nginx.conf'), main);
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')];
  // taskset execs nginx, so the child is nginx itself and its workers inherit the affinity.
  const child = opts.cpus
    ? spawn('taskset', ['-c', opts.cpus, bin, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const errorLog = async (): Promise<string> => `${stderr}${await readFile(join(dir, 'error.log'), 'utf8').catch(() => '')}`;
  try {
    await waitForPort(port, child, 10_000);
  } catch (e) {
    child.kill('SIGKILL');
    throw new Error(`${(e as Error).message}\n${await errorLog()}`);
  }
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM'); // fast shutdown of the master and its workers
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  return { base: `http://127.0.0.1:${port}`, dir, errorLog, stop };
}
