// exportDocumentSet: the files, their compressed siblings, the atomic switch, and a real nginx
// serving the export (gzip_static) while it is replaced under load.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDocumentSet, type DocumentSet } from '../../src/documents/document-set.js';
import { exportDocumentSet } from '../../src/documents/export.js';

function makeSet(version: number, builtAt: number): DocumentSet {
  return buildDocumentSet(
    [
      { path: '/v1/master.json', json: { current_version: 'v1', version, filler: 'x'.repeat(2000) }, freshness: 'daily' },
      { path: '/v1/metrics/chains/base/txcount.json', json: { details: { metric_id: 'txcount', version } }, freshness: 'hourly' },
      { path: '/v1/fees/table.json', json: { chain_data: {}, version }, freshness: 'hourly' },
    ],
    builtAt,
  );
}

describe('exportDocumentSet', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'chainlytics-export-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes every document under dir/v1 with .br and .gz siblings and the build time as mtime', async () => {
    const builtAt = Date.UTC(2024, 1, 2, 3, 4, 5);
    const set = makeSet(1, builtAt);
    const res = await exportDocumentSet(set, dir);
    expect(res.files).toBe(9);
    for (const e of set.entries.values()) {
      const file = join(dir, e.path);
      expect(readFileSync(file)).toEqual(e.body);
      expect(brotliDecompressSync(readFileSync(`${file}.br`))).toEqual(e.body);
      expect(gunzipSync(readFileSync(`${file}.gz`))).toEqual(e.body);
      expect(statSync(file).mtimeMs).toBe(builtAt);
    }
    expect(lstatSync(join(dir, 'v1')).isSymbolicLink()).toBe(true);
  });

  it('switches dir/v1 to the new build and keeps only the previous one', async () => {
    await exportDocumentSet(makeSet(1, 1_000), dir);
    const second = await exportDocumentSet(makeSet(2, 2_000), dir);
    expect(JSON.parse(readFileSync(join(dir, 'v1/master.json'), 'utf8')).version).toBe(2);
    expect(readdirSync(join(dir, '.builds'))).toHaveLength(2);
    const third = await exportDocumentSet(makeSet(3, 3_000), dir);
    expect(JSON.parse(readFileSync(join(dir, 'v1/master.json'), 'utf8')).version).toBe(3);
    const left = readdirSync(join(dir, '.builds')).map((n) => join(dir, '.builds', n)).sort();
    expect(left).toEqual([second.buildDir, third.buildDir].sort());
    expect(readdirSync(dir).filter((n) => n.startsWith('.v1-'))).toEqual([]); // no stray temp links
  });

  it('adopts a plain v1 directory left by another tool', async () => {
    mkdirSync(join(dir, 'v1'));
    writeFileSync(join(dir, 'v1', 'old.json'), '{}');
    await exportDocumentSet(makeSet(1, 1_000), dir);
    expect(lstatSync(join(dir, 'v1')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(dir, 'v1', 'old.json'))).toBe(false);
    expect(existsSync(join(dir, 'v1', 'master.json'))).toBe(true);
  });

  it('refuses a path that leaves the tree', async () => {
    const set = buildDocumentSet([{ path: '/v1/../../etc/x.json', json: {}, freshness: 'daily' }], 1);
    await expect(exportDocumentSet(set, dir)).rejects.toThrow(/refusing document path/);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

describe('an export served by nginx', () => {
  let dir: string;
  let nginx: ChildProcess | null = null;
  let base = '';

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the documents and their gzip variants, and never a 404 or a mix while builds are swapped', async () => {
    dir = mkdtempSync(join(tmpdir(), 'chainlytics-nginx-'));
    chmodSync(dir, 0o755); // nginx workers may run as another user
    const www = join(dir, 'www');
    mkdirSync(join(dir, 'tmp'), { recursive: true });
    mkdirSync(www, { mode: 0o755 });
    const sets = [1, 2, 3, 4, 5, 6].map((v) => makeSet(v, v * 1000));
    await exportDocumentSet(sets[0]!, www);
    const port = await freePort();
    const t = join(dir, 'tmp');
    writeFileSync(
      join(dir, 'nginx.conf'),
      `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 128; }
http {
  access_log off;
  client_body_temp_path ${t}/body; proxy_temp_path ${t}/proxy; fastcgi_temp_path ${t}/fcgi;
  uwsgi_temp_path ${t}/uwsgi; scgi_temp_path ${t}/scgi;
  types { application/json json; }
  server {
    listen 127.0.0.1:${port};
    root ${www};
    gzip_static on;
    open_file_cache off;
    location / { try_files $uri =404; }
  }
}
`,
    );
    nginx = spawn('nginx', ['-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    nginx.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/v1/master.json`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > 100 || nginx.exitCode !== null) throw new Error(`nginx did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }

    const first = sets[0]!.entries.get('/v1/master.json')!;
    const plain = await fetch(`${base}/v1/master.json`, { headers: { 'accept-encoding': 'identity' } });
    expect(Buffer.from(await plain.arrayBuffer())).toEqual(first.body);
    // gzip_static: nginx sends the .gz file itself (node's fetch decodes it transparently).
    const gz = await fetch(`${base}/v1/master.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await gz.arrayBuffer())).toEqual(first.body);
    expect((await fetch(`${base}/v1/metrics/chains/nope/txcount.json`)).status).toBe(404);

    // Readers in a loop while five more builds are swapped in: every answer is a whole body
    // of one of the builds, never a 404.
    const bodies = new Set(sets.map((s) => s.entries.get('/v1/metrics/chains/base/txcount.json')!.body.toString('utf8')));
    let stop = false;
    let reads = 0;
    const reader = (async () => {
      while (!stop) {
        const r = await fetch(`${base}/v1/metrics/chains/base/txcount.json`, { headers: { 'accept-encoding': 'identity' } });
        expect(r.status).toBe(200);
        expect(bodies.has(await r.text())).toBe(true);
        reads++;
      }
    })();
    for (const s of sets.slice(1)) {
      await exportDocumentSet(s, www);
      await new Promise((r) => setTimeout(r, 20));
    }
    stop = true;
    await reader;
    expect(reads).toBeGreaterThan(5);
    const last = await fetch(`${base}/v1/metrics/chains/base/txcount.json`);
    expect(await last.text()).toBe(sets[5]!.entries.get('/v1/metrics/chains/base/txcount.json')!.body.toString('utf8'));
  });
});
