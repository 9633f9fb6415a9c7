// CONTRACT.md section 7, row by row, over a real socket against several documents.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSet } from '../../src/documents/document-set.js';
import { BUILT_AT, fixtureInputs, fixtureSet } from './helpers/fixture-set.js';
import { json, parseResponses, rawExchange, request, type Reply } from './helpers/http-client.js';
import { startServer, type TestServer } from './helpers/server.js';

const HOURLY_CC = 'public, max-age=60, stale-while-revalidate=60, stale-if-error=86400';
const DAILY_CC = 'public, max-age=300, stale-while-revalidate=60, stale-if-error=86400';
const JSON_TYPE = 'application/json; charset=utf-8';

// Documents of every kind and the Cache-Control CONTRACT.md section 7 prescribes for each.
const DOCS: [path: string, cacheControl: string][] = [
  ['/v1/fees/table.json', HOURLY_CC],
  ['/v1/metrics/chains/base/txcount.json', HOURLY_CC], // has hourly data
  ['/v1/metrics/chains/base/daa.json', DAILY_CC], // no hourly data
  ['/v1/chains/base/overview.json', DAILY_CC],
  ['/v1/apps/details/uniswap.json', DAILY_CC],
  ['/v1/labels/projects_filtered.json', DAILY_CC],
  ['/v1/labels/projects.json', DAILY_CC],
  ['/v1/master.json', DAILY_CC],
];

function expectCors(r: Reply): void {
  expect(r.headers['access-control-allow-origin']).toBe('*');
  const exposed = String(r.headers['access-control-expose-headers']).split(',').map((s) => s.trim());
  for (const h of ['ETag', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Data-Source']) expect(exposed).toContain(h);
}

function expectError(r: Reply, status: number, code: string): { message: string; hint: string } {
  expect(r.status).toBe(status);
  expect(r.headers['content-type']).toBe(JSON_TYPE);
  expect(Number(r.headers['content-length'])).toBe(r.body.length);
  expectCors(r);
  const body = json(r) as { error: { status: number; code: string; message: string; hint: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.status).toBe(status);
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(5);
  expect(body.error.hint.length).toBeGreaterThan(5);
  return body.error;
}

describe('HTTP contract (CONTRACT.md section 7)', () => {
  let srv: TestServer;
  let set: DocumentSet;
  const inputs = new Map(fixtureInputs().map((d) => [d.path, d]));

  beforeAll(async () => {
    set = fixtureSet();
    // A generous limit so this file's many /apps/ requests test the rows, not the limiter.
    srv = await startServer(set, { rate_limits: { apps_details_per_minute: 1000 } });
  });
  afterAll(() => srv.close());

  describe('GET/HEAD of a document: 200 with the bytes of the set', () => {
    it.each(DOCS)('%s', async (path, cacheControl) => {
      const entry = set.entries.get(path)!;
      const r = await request(srv.base, path);
      expect(r.status).toBe(200);
      // The served JSON is the document the builder was given, byte for byte the set's body.
      expect(JSON.parse(r.body.toString('utf8'))).toEqual(JSON.parse(JSON.stringify(inputs.get(path)!.json)));
      expect(r.body.equals(entry.body)).toBe(true);
      expect(r.headers['content-type']).toBe(JSON_TYPE);
      expect(Number(r.headers['content-length'])).toBe(r.body.length);
      expect(r.headers.etag).toBe(entry.etag);
      expect(r.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/); // strong
      expect(r.headers['last-modified']).toBe(new Date(BUILT_AT).toUTCString());
      expect(r.headers['cache-control']).toBe(cacheControl);
      expect(r.headers.vary).toBe('Accept-Encoding');
      expect(r.headers['content-encoding']).toBeUndefined();
      expectCors(r);

      const h = await request(srv.base, path, { method: 'HEAD' });
      expect(h.status).toBe(200);
      expect(h.body.length).toBe(0);
      for (const name of ['content-type', 'content-length', 'etag', 'last-modified', 'cache-control', 'vary']) {
        expect(h.headers[name]).toBe(r.headers[name]);
      }
    });

    it('ignores the query string', async () => {
      const r = await request(srv.base, '/v1/fees/table.json?chains=base&x=%2F..');
      expect(r.status).toBe(200);
      expect(r.body.equals(set.entries.get('/v1/fees/table.json')!.body)).toBe(true);
    });

    it('decodes percent-escapes of allowed characters once', async () => {
      const r = await request(srv.base, '/v1/m%61ster.json');
      expect(r.status).toBe(200);
      expect(r.headers.etag).toBe(set.entries.get('/v1/master.json')!.etag);
    });

    it('accepts the absolute form of the request target', async () => {
      const raw = await rawExchange(srv.base, 'GET http://api.example.org/v1/master.json HTTP/1.1\r\nHost: api.example.org\r\nConnection: close\r\n\r\n');
      const [r] = parseResponses(raw);
      expect(r.status).toBe(200);
      expect(r.headers.get('etag')).toBe(set.entries.get('/v1/master.json')!.etag);
    });

    it('serves the OpenAPI description and the docs page', async () => {
      const o = await request(srv.base, '/v1/openapi.json');
      expect(o.status).toBe(200);
      expect((json(o) as { openapi: string }).openapi).toBe('3.1.0');
      const d = await request(srv.base, '/docs');
      expect(d.status).toBe(200);
      expect(d.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(d.body.toString()).toContain('/v1/openapi.json');
      expectCors(d);
    });
  });

  describe('If-None-Match / If-Modified-Since: 304', () => {
    const path = '/v1/metrics/chains/base/txcount.json';
    const cond = async (headers: Record<string, string>): Promise<Reply> => request(srv.base, path, { headers });

    it('matching ETag → 304 without a body, with validators and CORS', async () => {
      const etag = set.entries.get(path)!.etag;
      const r = await cond({ 'If-None-Match': etag });
      expect(r.status).toBe(304);
      expect(r.body.length).toBe(0);
      expect(r.headers.etag).toBe(etag);
      expect(r.headers['cache-control']).toBe(HOURLY_CC);
      expect(r.headers['last-modified']).toBe(new Date(BUILT_AT).toUTCString());
      expect(r.headers.vary).toBe('Accept-Encoding');
      expectCors(r);
    });

    it('lists, weak tags and * match; other tags do not', async () => {
      const etag = set.entries.get(path)!.etag;
      const other = set.entries.get('/v1/master.json')!.etag;
      expect((await cond({ 'If-None-Match': `${other}, ${etag}` })).status).toBe(304);
      expect((await cond({ 'If-None-Match': `"a,b", W/${etag}` })).status).toBe(304);
      expect((await cond({ 'If-None-Match': `W/${etag}` })).status).toBe(304);
      expect((await cond({ 'If-None-Match': '*' })).status).toBe(304);
      expect((await cond({ 'If-None-Match': other })).status).toBe(200);
      expect((await cond({ 'If-None-Match': etag.slice(1, -1) })).status).toBe(200); // unquoted: malformed
      expect((await cond({ 'If-None-Match': '' })).status).toBe(200);
    });

    it('the ETag of any encoding revalidates, and the 304 carries the tag of the negotiated one', async () => {
      const gz = await cond({ 'Accept-Encoding': 'gzip' });
      const br = await cond({ 'Accept-Encoding': 'br' });
      const id = await cond({});
      const tags = [gz.headers.etag, br.headers.etag, id.headers.etag];
      expect(new Set(tags).size).toBe(3); // a distinct strong tag per encoding
      for (const t of tags) {
        const r = await cond({ 'If-None-Match': String(t), 'Accept-Encoding': 'gzip' });
        expect(r.status).toBe(304);
        expect(r.headers.etag).toBe(gz.headers.etag);
      }
    });

    it('If-Modified-Since at or after the build → 304; before, or invalid → 200; ignored with If-None-Match', async () => {
      const lm = new Date(BUILT_AT).toUTCString();
      expect((await cond({ 'If-Modified-Since': lm })).status).toBe(304);
      // A date after the build counts when it is not in the server's future (RFC 9110 13.1.3).
      const saved = srv.clock.now();
      srv.clock.set(BUILT_AT + 2 * 3_600_000);
      try {
        expect((await cond({ 'If-Modified-Since': new Date(BUILT_AT + 3_600_000).toUTCString() })).status).toBe(304);
      } finally {
        srv.clock.set(saved);
      }
      expect((await cond({ 'If-Modified-Since': new Date(BUILT_AT - 1000).toUTCString() })).status).toBe(200);
      expect((await cond({ 'If-Modified-Since': 'yesterday-ish' })).status).toBe(200);
      expect((await cond({ 'If-Modified-Since': lm, 'If-None-Match': '"nope"' })).status).toBe(200);
    });
  });

  describe('Accept-Encoding: precompressed variants', () => {
    const path = '/v1/fees/table.json';
    const get = (ae: string): Promise<Reply> => request(srv.base, path, { headers: { 'Accept-Encoding': ae } });
    const cases: [header: string, expected: 'br' | 'gzip' | undefined][] = [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.4', 'gzip'],
      ['gzip;q=1.0, br;q=1', 'br'],
      ['x-gzip', 'gzip'],
      ['identity', undefined],
      ['identity;q=1, gzip;q=0.5', undefined],
      ['*', 'br'],
      ['*;q=0.3, br;q=0', 'gzip'],
      ['deflate', undefined],
      ['gzip;q=0, br;q=0', undefined],
      ['*;q=0', undefined], // nothing acceptable: identity rather than 406
      ['gzip;q=2', undefined], // invalid q-value: element ignored
      ['', undefined],
    ];
    it.each(cases)('%j → %s', async (header, expected) => {
      const r = await get(header);
      const entry = set.entries.get(path)!;
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBe(expected);
      expect(r.headers.vary).toBe('Accept-Encoding');
      expect(Number(r.headers['content-length'])).toBe(r.body.length);
      const decoded = expected === 'br' ? brotliDecompressSync(r.body) : expected === 'gzip' ? gunzipSync(r.body) : r.body;
      expect(decoded.equals(entry.body)).toBe(true);
      if (expected !== undefined) expect(r.body.length).toBeLessThan(entry.body.length);
    });
  });

  describe('unknown path, key or no data: 404 with a JSON body naming the discovery document', () => {
    const cases: [path: string, hintIncludes: string][] = [
      ['/v1/metrics/chains/base/nosuchmetric.json', '/v1/master.json'],
      ['/v1/metrics/chains/nosuchchain/txcount.json', '/v1/master.json'],
      ['/v1/chains/nosuchchain/overview.json', '/v1/master.json'],
      ['/v1/apps/details/nosuchproject.json', '/v1/labels/projects_filtered.json'],
      ['/v1/apps/details/idle.json', '/v1/labels/projects_filtered.json'], // in projects.json, no data
      ['/v1/nothing.json', '/v1/master.json'],
      ['/v1/fees/', '/v1/openapi.json'],
      ['/v2/fees/table.json', '/v1/openapi.json'],
    ];
    it.each(cases)('%s', async (path, hintIncludes) => {
      const r = await request(srv.base, path);
      const e = expectError(r, 404, 'not_found');
      expect(e.hint).toContain(hintIncludes);
      const h = await request(srv.base, path, { method: 'HEAD' });
      expect(h.status).toBe(404);
      expect(h.body.length).toBe(0);
    });

    it('a 128-character key is valid (404), 129 is not (400)', async () => {
      expectError(await request(srv.base, `/v1/apps/details/${'a'.repeat(123)}.json`), 404, 'not_found');
      expectError(await request(srv.base, `/v1/apps/details/${'a'.repeat(124)}.json`), 400, 'bad_request');
    });
  });

  describe('bad paths: 400 with a JSON body', () => {
    const cases: string[] = [
      '/v1/chains/Base/overview.json', // upper case
      '/v1/chains/ba%20se/overview.json', // space
      '/v1/chains/ba$e/overview.json',
      '/v1/chains/base%00/overview.json',
      '/v1/chains/%C3%A9/overview.json', // non-ASCII
      '/v1/chains/../master.json',
      '/v1/chains/%2e%2e/master.json',
      '/v1/chains/a..b/overview.json',
      '/v1/./master.json',
      '/v1/chains/base%2Foverview.json', // encoded slash
      '/v1/chains/base%2foverview.json',
      '/v1/chains/base%5Coverview.json', // encoded backslash
      '/v1/chains/base\\overview.json',
      '/v1//master.json', // empty segment
      '//v1/master.json',
      '/v1/chains/%zz/overview.json', // malformed escapes
      '/v1/chains/abc%/overview.json',
      '/v1/chains/abc%4/overview.json',
      `/v1/metrics/chains/${'x'.repeat(129)}/txcount.json`,
      `/v1/${'a/'.repeat(1100)}`, // target over 2048
    ];
    it.each(cases.map((c) => [c.length > 60 ? `${c.slice(0, 60)}…` : c, c]))('%s', async (_label, path) => {
      const e = expectError(await request(srv.base, path), 400, 'bad_request');
      expect(e.hint).toContain('a-z');
    });

    it('a fragment and a non-path target are rejected (raw request)', async () => {
      for (const target of ['/v1/master.json#x', 'v1/master.json']) {
        const raw = await rawExchange(srv.base, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        const [r] = parseResponses(raw);
        expect(r.status).toBe(400);
        expect((JSON.parse(r.body.toString()) as { error: { code: string } }).error.code).toBe('bad_request');
      }
    });

    it('HTTP/1.1 without Host → 400 with a JSON body', async () => {
      const raw = await rawExchange(srv.base, 'GET /v1/master.json HTTP/1.1\r\n\r\n');
      const [r] = parseResponses(raw);
      expect(r.status).toBe(400);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect((JSON.parse(r.body.toString()) as { error: { message: string } }).error.message).toContain('Host');
    });

    it('Expect: 100-continue behind a pipelined request keeps the stream well-formed; other expectations → 417', async () => {
      const raw = await rawExchange(
        srv.base,
        'GET /v1/master.json HTTP/1.1\r\nHost: x\r\n\r\nGET /v1/fees/table.json HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n',
      );
      const [a, b] = parseResponses(raw);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.body.equals(set.entries.get('/v1/fees/table.json')!.body)).toBe(true);
      // Closed, so a body the client may still send is never read as a request.
      expect(b.headers.get('connection')).toBe('close');
      const [e] = parseResponses(await rawExchange(srv.base, 'GET /v1/master.json HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\n\r\n'));
      expect(e.status).toBe(417);
      expect((JSON.parse(e.body.toString()) as { error: { code: string } }).error.code).toBe('bad_request');
    });

    it('unparseable requests get 400/431 with the JSON body from the clientError handler', async () => {
      const rawBad = await rawExchange(srv.base, 'GET /v1/master.json HTTP/1.1\r\nHo st: x\r\n\r\n');
      const [bad] = parseResponses(rawBad);
      expect(bad.status).toBe(400);
      expect(bad.headers.get('access-control-allow-origin')).toBe('*');
      expect((JSON.parse(bad.body.toString()) as { error: { code: string } }).error.code).toBe('bad_request');
      const [big] = parseResponses(await rawExchange(srv.base, `GET /v1/master.json HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      expect(big.status).toBe(431);
      expect((JSON.parse(big.body.toString()) as { error: { status: number } }).error.status).toBe(431);
    });
  });

  describe('methods', () => {
    it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s → 405 with Allow', async (method) => {
      const r = await request(srv.base, '/v1/master.json', { method });
      expectError(r, 405, 'method_not_allowed');
      expect(r.headers.allow).toBe('GET, HEAD, OPTIONS');
    });

    it('CONNECT → 405 with a JSON body', async () => {
      const raw = await rawExchange(srv.base, 'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n');
      const [r] = parseResponses(raw);
      expect(r.status).toBe(405);
      expect(r.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect((JSON.parse(r.body.toString()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
    });

    it('OPTIONS preflight → 204 with methods, echoed headers and Max-Age', async () => {
      const r = await request(srv.base, '/v1/apps/details/uniswap.json', {
        method: 'OPTIONS',
        headers: { Origin: 'https://dash.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization, x-api-key,If-None-Match' },
      });
      expect(r.status).toBe(204);
      expect(r.body.length).toBe(0);
      expectCors(r);
      expect(r.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
      expect(r.headers['content-length']).toBeUndefined(); // RFC 9110 8.6: none on 204
      expect(r.headers['access-control-allow-headers']).toBe('authorization, x-api-key, If-None-Match');
      expect(Number(r.headers['access-control-max-age'])).toBeGreaterThan(0);
    });

    it('OPTIONS does not echo a header list that is not a list of names', async () => {
      const r = await request(srv.base, '/v1/master.json', { method: 'OPTIONS', headers: { 'Access-Control-Request-Headers': 'x-a, <script>' } });
      expect(r.status).toBe(204);
      expect(r.headers['access-control-allow-headers']).toBeUndefined();
    });
  });

  describe('X-Data-Source on every /v1/apps/details/ response', () => {
    it.each([
      ['200', '/v1/apps/details/uniswap.json', {}],
      ['304', '/v1/apps/details/uniswap.json', { 'If-None-Match': '*' }],
      ['404', '/v1/apps/details/nosuch.json', {}],
    ] as const)('%s', async (_s, path, headers) => {
      const r = await request(srv.base, path, { headers: { ...headers } });
      expect(r.headers['x-data-source']).toBe('chainlytics (https://api.example.org/v1)');
    });

    it('is absent on other routes', async () => {
      expect((await request(srv.base, '/v1/master.json')).headers['x-data-source']).toBeUndefined();
    });
  });
});

describe('no document set yet: 503', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(null);
  });
  afterAll(() => srv.close());

  it('answers documents with 503 + Retry-After until the first set, then 200', async () => {
    for (const path of ['/v1/master.json', '/v1/fees/table.json', '/v1/nothing.json', '/v1/apps/details/uniswap.json']) {
      const r = await request(srv.base, path);
      expectError(r, 503, 'not_ready');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.headers['cache-control']).toBe('no-store');
    }
    // Bad paths are still bad, and the OpenAPI description needs no build.
    expectError(await request(srv.base, '/v1/../x'), 400, 'bad_request');
    expect((await request(srv.base, '/v1/openapi.json')).status).toBe(200);

    const set = fixtureSet();
    srv.holder.swap(set);
    const r = await request(srv.base, '/v1/master.json');
    expect(r.status).toBe(200);
    expect(r.headers.etag).toBe(set.entries.get('/v1/master.json')!.etag);
  });
});
