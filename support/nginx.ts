// Runs the real nginx against an exported directory, with deploy/nginx's template, for the
// nginx test and bench/serve.ts. nginx runs in the foreground (daemon off) with a private prefix,
// pid file and temp paths under a temporary directory, on a free loopback port. `startNginxSite`
// runs a site as `chainlytics nginx-config` printed it, and `testNginxSite` runs `nginx -t` on
// one, both inside an http {} block like Debian's stock nginx.conf (mime.types included).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
  const dir = await prefixDir();
  const root = join(dir, 'export');
  await mkdir(root, { recursive: true });
  await exportDocumentSet(set, root);
  await writeNginxHourlyMap(set, root);
  if (opts.staticFiles) await exportStaticFiles(opts.staticFiles, root, set.builtAt);
  const port = await freePort();
  const site = renderNginxConfig(loadNginxTemplate(), { root, listen: `127.0.0.1:${port}`, publicBaseUrl: opts.publicBaseUrl });
  return runNginx(dir, site, port, { ...opts, stock: false });
}

/** nginx serving `site(listen)` (a rendered site for that listen address) inside a stock http {} block. */
export async function startNginxSite(site: (listen: string) => string | Promise<string>): Promise<RunningNginx> {
  const dir = await prefixDir();
  const port = await freePort();
  return runNginx(dir, await site(`127.0.0.1:${port}`), port, { stock: true });
}

/** `nginx -t` of a rendered site inside a stock http {} block: its exit code and everything it printed. */
export async function testNginxSite(site: string): Promise<{ code: number; output: string }> {
  const dir = await prefixDir();
  try {
    const conf = await writeMainConf(dir, site, { stock: true });
    const r = spawnSync(findNginx(), ['-t', '-p', dir, '-c', conf, '-e', join(dir, 'error.log')], { encoding: 'utf8' });
    return { code: r.status ?? -1, output: `${r.stdout}${r.stderr}${await readFile(join(dir, 'error.log'), 'utf8').catch(() => '')}` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The mime.types next to nginx's own nginx.conf (`nginx -V`, which writes to stderr, names its conf path). */
export function stockMimeTypes(): string {
  const info = spawnSync(findNginx(), ['-V'], { encoding: 'utf8' });
  const conf = /--conf-path=(\S+)/.exec(`${info.stdout}${info.stderr}`)?.[1] ?? '/etc/nginx/nginx.conf';
  const file = join(dirname(conf), 'mime.types');
  if (!existsSync(file)) throw new Error(`nginx's mime.types is not at ${file}; the CI script installs nginx-light, which ships it`);
  return file;
}

async function prefixDir(): Promise<string> {
  findNginx();
  const dir = await mkdtemp(join(tmpdir(), 'chainlytics-nginx-'));
  // Workers drop to an unprivileged user when the test runs as root; they must read the files.
  await chmod(dir, 0o755);
  await mkdir(join(dir, 'tmp'));
  return dir;
}

/**
 * nginx.conf around the site. `stock`: the http {} block of Debian's nginx.conf (mime.types,
 * default_type, sendfile, gzip on), which the site must work inside without a warning.
 */
async function writeMainConf(dir: string, site: string, opts: { workers?: number; stock: boolean }): Promise<string> {
  await writeFile(join(dir, 'chainlytics.conf'), site);
  const stock = opts.stock ? `  include ${stockMimeTypes()};\n  default_type application/octet-stream;\n  sendfile on;\n  tcp_nopush on;\n  types_hash_max_size 2048;\n  gzip on;\n` : '';
  const main = `
daemon off;
worker_processes ${opts.workers ?? 1};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
${stock}  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  keepalive_requests 1000000;
  include ${dir}/chainlytics.conf;
}
`;
  const file = join(dir, 'nginx.conf');
  await writeFile(file, main);
  return file;
}

async function runNginx(dir: string, site: string, port: number, opts: { workers?: number; cpus?: string; stock: boolean }): Promise<RunningNginx> {
  const bin = findNginx();
  const args = ['-p', dir, '-c', await writeMainConf(dir, site, opts), '-e', join(dir, 'error.log')];
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
