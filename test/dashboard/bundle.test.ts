// The dashboard's files: bundled reproducibly from web/ at build time (scripts/dashboard-bundle.ts)
// within the page-weight budget, read back from dist/web/ as they were written, served from
// memory by the server like documents (ETag, br/gzip, 304), before the first document set too,
// and exported next to v1/ for a static host.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zc, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleDashboard, writeDashboard } from '../../scripts/dashboard-bundle.js';
import { DashboardNotBuiltError, loadDashboard } from '../../src/dashboard/assets.js';
import { parseRequestPath } from '../../src/server/request-path.js';
import { exportStaticFiles, type StaticFile } from '../../src/server/static-files.js';
import { fixtureSet } from '../server/helpers/fixture-set.js';
import { request } from '../server/helpers/http-client.js';
import { startServer, type TestServer } from '../server/helpers/server.js';

/** The budget for the first load; the page's documents come on top (see the browser test). */
const BUNDLE_BUDGET = 250 * 1024;

let files: StaticFile[];
let withSet: TestServer;
let beforeFirstSet: TestServer;

beforeAll(async () => {
  // What the server serves: the files of the build (dist/web/, made by vitest's globalSetup).
  files = await loadDashboard();
  withSet = await startServer(fixtureSet(), {}, undefined, files);
  beforeFirstSet = await startServer(null, {}, undefined, files);
});
afterAll(async () => {
  await withSet?.close();
  await beforeFirstSet?.close();
});

const page = () => files.find((f) => f.path === '/')!;
const assets = () => files.filter((f) => f.path !== '/');

describe('the dashboard bundle', () => {
  it('is the page, one script and one stylesheet, named by their content, on paths the server accepts', () => {
    expect(page().contentType).toBe('text/html; charset=utf-8');
    expect(assets().map((f) => f.contentType).sort()).toEqual(['text/css; charset=utf-8', 'text/javascript; charset=utf-8']);
    const html = page().body.toString('utf8');
    for (const a of assets()) {
      expect(a.path).toMatch(/^\/assets\/app-[0-9a-f]{12}\.(js|css)$/);
      expect(a.immutable).toBe(true);
      expect(html).toContain(`"${a.path}"`);
      const parsed = parseRequestPath(a.path);
      expect(parsed.ok && parsed.path).toBe(a.path);
    }
    // Everything it loads is on this server: no CDN, no other origin.
    expect(html).not.toMatch(/https?:\/\//);
    const js = assets().find((f) => f.path.endsWith('.js'))!.body.toString('utf8');
    expect(js).not.toMatch(/https?:\/\/(?!www\.w3\.org)[a-z]/);
  });

  it('is reproducible: bundling again gives the bytes the build wrote to dist/web', async () => {
    const again = await bundleDashboard();
    const bytes = (fs: StaticFile[]) => fs.map((f) => [f.path, f.contentType, f.immutable, f.body.toString('base64')]).sort();
    expect(bytes(again)).toEqual(bytes(files));
    expect((await bundleDashboard()).map((f) => f.body.toString('base64'))).toEqual(again.map((f) => f.body.toString('base64')));
  });

  it('is read back as written, and a missing build names the command that makes it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chainlytics-dist-web-'));
    try {
      await expect(loadDashboard(dir)).rejects.toThrow(DashboardNotBuiltError);
      await expect(loadDashboard(dir)).rejects.toThrow(/npm run build/);
      await writeDashboard(files, dir);
      // A second build with other content replaces the page and drops the assets it no longer names.
      const other = files.map((f) => (f.immutable ? { ...f, path: f.path.replace(/app-[0-9a-f]{12}/, 'app-000000000000') } : f));
      await writeFile(join(dir, 'assets', '.12345.tmp'), 'half a file');
      await writeDashboard(other, dir);
      expect((await loadDashboard(dir)).map((f) => f.path)).toEqual(other.map((f) => f.path).sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b))));
      await writeDashboard(files, dir);
      const back = await loadDashboard(dir);
      expect(back.map((f) => [f.path, f.contentType, f.immutable, f.body.toString('base64')])).toEqual(files.map((f) => [f.path, f.contentType, f.immutable, f.body.toString('base64')]));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it(`weighs less than ${BUNDLE_BUDGET / 1024} KB compressed (brotli and gzip as served)`, () => {
    const br = files.reduce((n, f) => n + brotliCompressSync(f.body, { params: { [zc.BROTLI_PARAM_QUALITY]: 9 } }).length, 0);
    const gz = files.reduce((n, f) => n + gzipSync(f.body, { level: 9 }).length, 0);
    console.log(`dashboard bundle: ${files.reduce((n, f) => n + f.body.length, 0)} bytes, ${br} brotli, ${gz} gzip`);
    expect(br).toBeLessThan(BUNDLE_BUDGET);
    expect(gz).toBeLessThan(BUNDLE_BUDGET);
  });
});

describe('serving the dashboard', () => {
  it('"/" is the page: HTML, ETag, revalidated on every use, 304 on a matching ETag, brotli when asked', async () => {
    const r = await request(withSet.base, '/', { headers: { 'Accept-Encoding': 'br' } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(r.body).equals(page().body)).toBe(true);
    const again = await request(withSet.base, '/', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': String(r.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('assets are cached for good (their name changes with their content); an unknown asset is a JSON 404', async () => {
    for (const a of assets()) {
      const r = await request(withSet.base, a.path);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe(a.contentType);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(r.body.equals(a.body)).toBe(true);
    }
    const missing = await request(withSet.base, '/assets/app-000000000000.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers before the first document set, while the documents answer 503', async () => {
    expect((await request(beforeFirstSet.base, '/')).status).toBe(200);
    expect((await request(beforeFirstSet.base, assets()[0].path)).status).toBe(200);
    expect((await request(beforeFirstSet.base, '/v1/master.json')).status).toBe(503);
  });

  it('serves the dashboard page at /docs too, where it opens on the API explorer', async () => {
    const r = await request(withSet.base, '/docs');
    expect(r.status).toBe(200);
    expect(r.body.equals(page().body)).toBe(true);
  });
});

describe('exporting the dashboard', () => {
  it('writes index.html and assets/ with .br and .gz siblings next to v1/', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chainlytics-dashboard-'));
    try {
      const written = await exportStaticFiles(files, dir, Date.UTC(2025, 4, 7));
      expect(written).toBe(files.length * 3);
      expect((await readFile(join(dir, 'index.html'))).equals(page().body)).toBe(true);
      for (const a of assets()) {
        expect((await readFile(join(dir, a.path))).equals(a.body)).toBe(true);
        expect(brotliDecompressSync(await readFile(join(dir, `${a.path}.br`))).equals(a.body)).toBe(true);
      }
      await expect(exportStaticFiles([{ ...page(), path: '/../x' }], dir, 0)).rejects.toThrow(/refusing/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
