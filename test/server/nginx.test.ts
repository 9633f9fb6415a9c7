// deploy/nginx against the chainlytics server: the real nginx serves a directory exported from a
// DocumentSet, our server serves the same set, and both must answer the same URLs with the same
// bodies and the headers clients rely on. Fails (does not skip) when nginx is missing.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDashboard } from '../../src/dashboard/assets.js';
import type { DocumentSet } from '../../src/documents/document-set.js';
import { LLMS_TXT_PATH, LLMS_TXT_TYPE, llmsTxt } from '../../src/documents/llms-txt.js';
import type { StaticFile } from '../../src/server/static-files.js';
import { NGINX_BAD_REQUEST_BODY } from '../../src/server/nginx-config.js';
import { renderNginxSite } from '../../src/app/nginx-site.js';
import { fixtureSet } from './helpers/fixture-set.js';
import { parseResponses, rawExchange, request, type Reply } from './helpers/http-client.js';
import { startNginx, testNginxSite, type RunningNginx } from '../../support/nginx.js';
import { startServer, type TestServer } from './helpers/server.js';

const PUBLIC = 'https://api.example.org';
const DOCS = [
  '/v1/fees/table.json',
  '/v1/fees/linechart.json',
  '/v1/landing-events/apps-data.json',
  '/v1/metrics/chains/base/txcount.json',
  '/v1/metrics/chains/base/daa.json',
  '/v1/chains/base/overview.json',
  '/v1/chains/blockspace/base.json',
  '/v1/blockspace/overview.json',
  '/v1/blockspace/category_comparison/index.json',
  '/v1/blockspace/category_comparison/finance.json',
  '/v1/apps/details/uniswap.json',
  '/v1/labels/projects_filtered.json',
  '/v1/master.json',
  '/v1/openapi.json',
  '/v1/export/txcount.json',
  '/v1/export/txcount.csv',
  '/v1/fundamentals.csv',
  '/v1/fundamentals_7d.json',
  '/v1/fundamentals_full.csv',
  '/v1/export/txcount.parquet',
  '/v1/fundamentals_full.parquet',
];
/** Headers whose values must be identical on both servers. */
const SAME = ['content-type', 'cache-control', 'last-modified', 'access-control-allow-origin', 'access-control-expose-headers', 'x-data-source'];

describe('nginx serving the exported directory', () => {
  let ours: TestServer;
  let nginx: RunningNginx;
  let set: DocumentSet;
  let dashboard: StaticFile[];

  beforeAll(async () => {
    set = fixtureSet();
    dashboard = await loadDashboard();
    ours = await startServer(set, { rate_limits: { apps_details_per_minute: 1000 } }, undefined, dashboard);
    // The export writes /llms.txt next to v1/ (app/build.ts); the server makes its own.
    const llms = { path: LLMS_TXT_PATH, body: Buffer.from(llmsTxt(PUBLIC), 'utf8'), contentType: LLMS_TXT_TYPE, immutable: false };
    nginx = await startNginx(set, { publicBaseUrl: PUBLIC, staticFiles: [...dashboard, llms] });
  });
  afterAll(async () => {
    await ours?.close();
    await nginx?.stop();
  });

  const both = async (path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<[Reply, Reply]> => [
    await request(ours.base, path, init),
    await request(nginx.base, path, init),
  ];

  it.each(DOCS)('GET %s: same bytes and headers, identity and gzip', async (path) => {
    const [a, b] = await both(path);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.equals(a.body)).toBe(true);
    for (const h of SAME) expect(b.headers[h], h).toBe(a.headers[h]);
    expect(b.headers['content-encoding']).toBeUndefined();

    const [ga, gb] = await both(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect([ga.headers['content-encoding'], gb.headers['content-encoding']]).toEqual(['gzip', 'gzip']);
    expect(gb.body.equals(ga.body)).toBe(true); // the exported .gz is the set's gzip variant
    expect(gunzipSync(gb.body).equals(set.entries.get(path)!.body)).toBe(true);
    expect(gb.headers.vary).toContain('Accept-Encoding');
    for (const h of SAME) expect(gb.headers[h], h).toBe(ga.headers[h]);

    // nginx has no brotli module: a client that also accepts gzip gets gzip there, br here.
    const [ba, bb] = await both(path, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect([ba.headers['content-encoding'], bb.headers['content-encoding']]).toEqual(['br', 'gzip']);

    const [ha, hb] = await both(path, { method: 'HEAD' });
    expect([ha.status, hb.status, hb.body.length]).toEqual([200, 200, 0]);
    expect(hb.headers['content-length']).toBe(ha.headers['content-length']);
  });

  it.each(['/v1/export/txcount.csv', '/v1/fundamentals.csv', '/v1/fundamentals_full.csv'])('serves the exported CSV %s as text/csv; charset=utf-8, gzip included', async (path) => {
    for (const headers of [{}, { 'Accept-Encoding': 'gzip' }] as Record<string, string>[]) {
      const r = await request(nginx.base, path, { headers });
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    }
    // Errors on a .csv path are JSON, as on the chainlytics server.
    const [a, b] = await both(path, { method: 'POST' });
    expect([a.status, b.status]).toEqual([405, 405]);
    expect([a.headers['content-type'], b.headers['content-type']]).toEqual(['application/json; charset=utf-8', 'application/json; charset=utf-8']);
  });

  it('serves the dashboard like the server: the page at "/", its assets, same bytes, types and caching, gzip included', async () => {
    for (const file of dashboard) {
      const [a, b] = await both(file.path);
      expect([a.status, b.status], file.path).toEqual([200, 200]);
      expect(b.body.equals(file.body)).toBe(true);
      for (const h of ['content-type', 'cache-control', 'access-control-allow-origin']) expect(b.headers[h], `${file.path} ${h}`).toBe(a.headers[h]);
      const gz = await request(nginx.base, file.path, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(file.body)).toBe(true);
      const again = await request(nginx.base, file.path, { headers: { 'If-None-Match': String(b.headers.etag) } });
      expect(again.status).toBe(304);
    }
    for (const path of ['/assets/app-000000000000.js', '/index.html', '/assets/']) {
      const [a, b] = await both(path);
      expect([a.status, b.status], path).toEqual([404, 404]);
      expect(b.body.toString()).toBe(a.body.toString());
    }
  });

  it('revalidates with its own ETag (304)', async () => {
    const first = await request(nginx.base, '/v1/fees/table.json', { headers: { 'Accept-Encoding': 'gzip' } });
    const again = await request(nginx.base, '/v1/fees/table.json', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.headers['access-control-allow-origin']).toBe('*');
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    const since = await request(nginx.base, '/v1/master.json', { headers: { 'If-Modified-Since': String(first.headers['last-modified']) } });
    expect(since.status).toBe(304);
  });

  it.each([
    '/v1/metrics/chains/base/nosuch.json',
    '/v1/metrics/chains/nosuch/txcount.json',
    '/v1/chains/nosuch/overview.json',
    '/v1/chains/blockspace/nosuch.json',
    '/v1/blockspace/nosuch.json',
    '/v1/apps/details/nosuch.json',
    '/v1/export/nosuch.json',
    '/v1/export/nosuch.csv',
    '/v1/fundamentals_full.csv.gz',
    '/v1/nothing.json',
    '/v1/fees/',
    '/v1/fees/table.json.gz',
    '/nothing',
  ])('unknown %s: the same 404 JSON body and headers', async (path) => {
    const [a, b] = await both(path);
    expect([a.status, b.status]).toEqual([404, 404]);
    expect(b.body.toString()).toBe(a.body.toString());
    for (const h of SAME) expect(b.headers[h], h).toBe(a.headers[h]);
  });

  it.each(['/v1/chains/Base/overview.json', '/v1/../v1/master.json', '/v1//master.json', '/v1/a%2Fb.json', `/v1/apps/details/${'a'.repeat(129)}.json`, '/v1/ab%zz.json'])(
    'bad path %s: 400 with a JSON error body on both',
    async (path) => {
      const [a, b] = await both(path);
      expect([a.status, b.status]).toEqual([400, 400]);
      expect(b.body.equals(NGINX_BAD_REQUEST_BODY)).toBe(true);
      expect(b.headers['content-type']).toBe(a.headers['content-type']);
      expect(b.headers['access-control-allow-origin']).toBe('*');
    },
  );

  it('requests nginx itself rejects (bad escapes, broken headers) get the JSON 400 too', async () => {
    for (const raw of ['GET /v1/a%00b.json HTTP/1.1\r\nHost: x\r\n\r\n', 'GET /v1/master.json HTTP/1.1\r\nHo st: x\r\n\r\n']) {
      const [r] = parseResponses(await rawExchange(nginx.base, raw));
      expect(r.status).toBe(400);
      expect(r.body.equals(NGINX_BAD_REQUEST_BODY)).toBe(true);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('405 with Allow and the same body; OPTIONS preflight 204', async () => {
    const [a, b] = await both('/v1/master.json', { method: 'POST' });
    expect([a.status, b.status]).toEqual([405, 405]);
    expect(b.body.toString()).toBe(a.body.toString());
    expect(b.headers.allow).toBe(a.headers.allow);
    const [pa, pb] = await both('/v1/master.json', { method: 'OPTIONS', headers: { 'Access-Control-Request-Headers': 'x-api-key, if-none-match' } });
    expect([pa.status, pb.status]).toEqual([204, 204]);
    for (const h of ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-max-age', 'access-control-allow-headers', 'cache-control']) {
      expect(pb.headers[h], h).toBe(pa.headers[h]);
    }
  });

  it('limits /v1/apps/details/ to 10 per minute per address, 429 with Retry-After and a JSON body', async () => {
    const statuses: number[] = [];
    let limited: Reply | undefined;
    for (let i = 0; i < 12 && limited === undefined; i++) {
      const r = await request(nginx.base, '/v1/apps/details/aave.json');
      statuses.push(r.status);
      if (r.status === 429) limited = r;
    }
    // Earlier tests already spent part of the burst on this address.
    expect(limited, `statuses ${statuses.join(',')}`).toBeDefined();
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited!.headers['x-data-source']).toBe('chainlytics (https://api.example.org/v1)');
    expect(JSON.parse(limited!.body.toString())).toMatchObject({ error: { status: 429, code: 'rate_limited' } });
    expect(await nginx.errorLog()).not.toMatch(/\[(emerg|alert|crit)\]/);
  });
  it('serves the Parquet exports as application/vnd.apache.parquet, and /llms.txt as text/plain, like the server', async () => {
    for (const path of ['/v1/export/txcount.parquet', '/v1/fundamentals_full.parquet', LLMS_TXT_PATH]) {
      const [a, b] = await both(path);
      expect([a.status, b.status], path).toEqual([200, 200]);
      expect(b.body.equals(a.body), path).toBe(true);
      const type = path.endsWith('.parquet') ? 'application/vnd.apache.parquet' : 'text/plain; charset=utf-8';
      expect([a.headers['content-type'], b.headers['content-type']], path).toEqual([type, type]);
    }
    // A query string on a static export is ignored: nginx sends the whole file (docs/http.md).
    const pulled = await request(nginx.base, '/v1/export/txcount.json?since=2026-01-30');
    expect(pulled.body.equals(set.entries.get('/v1/export/txcount.json')!.body)).toBe(true);
  });
});

// `nginx -t` inside the http {} block of Debian's stock nginx.conf (mime.types, default_type,
// gzip on): the site an operator installs must load there without a single warning.
describe('nginx -t of the site in a stock http {} block', () => {
  const COMMITTED = readFileSync(fileURLToPath(new URL('../../deploy/nginx/chainlytics.conf', import.meta.url)), 'utf8');

  it.each([
    ['deploy/nginx/chainlytics.conf as committed', COMMITTED],
    ['a rendering for another root, address and no public URL', renderNginxSite({ root: '/tmp/chainlytics-export', listen: '127.0.0.1:8081' })],
  ])('%s: exit 0, no warning', async (_what, site) => {
    const r = await testNginxSite(site);
    expect(r.output).toContain('syntax is ok');
    expect(r.output).not.toMatch(/\[(warn|emerg|alert|crit|error)\]/);
    expect(r.code, r.output).toBe(0);
  });

  it('the check sees a warning when there is one: text/html named in charset_types again', async () => {
    const warned = COMMITTED.replace(/charset_types ([^;]*);/, 'charset_types $1 text/html;');
    expect(warned).not.toBe(COMMITTED);
    const r = await testNginxSite(warned);
    expect(r.output).toMatch(/\[warn\] duplicate MIME type "text\/html"/);
  });

});
