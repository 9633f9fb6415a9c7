// Documents published as CSV (the flat exports, CONTRACT.md section 9) are served like every
// document — from memory, ETag per encoding, brotli and gzip precompressed, 304 on revalidation —
// with their own Content-Type, text/csv; charset=utf-8.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSet } from '../../src/documents/document-set.js';
import { fixtureInputs, fixtureSet } from './helpers/fixture-set.js';
import { json, request } from './helpers/http-client.js';
import { startServer, type TestServer } from './helpers/server.js';

const CSV_TYPE = 'text/csv; charset=utf-8';
const DAILY_CC = 'public, max-age=300, stale-while-revalidate=60, stale-if-error=86400';
const CSV_PATHS = ['/v1/export/txcount.csv', '/v1/fundamentals.csv', '/v1/fundamentals_full.csv'];

describe('CSV documents', () => {
  let srv: TestServer;
  let set: DocumentSet;
  beforeAll(async () => {
    set = fixtureSet();
    srv = await startServer(set);
  });
  afterAll(() => srv.close());

  it.each(CSV_PATHS)('GET %s: text/csv with the set\'s bytes, ETag, Cache-Control, CORS', async (path) => {
    const entry = set.entries.get(path)!;
    const r = await request(srv.base, path);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe(CSV_TYPE);
    expect(r.body.equals(entry.body)).toBe(true);
    expect(r.body.toString('utf8').startsWith('metric_key,origin_key,date,value\r\n')).toBe(true);
    expect(r.headers.etag).toBe(entry.etag);
    expect(r.headers['cache-control']).toBe(DAILY_CC);
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.headers['access-control-allow-origin']).toBe('*');

    const gz = await request(srv.base, path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect([gz.headers['content-encoding'], gz.headers['content-type']]).toEqual(['gzip', CSV_TYPE]);
    expect(gunzipSync(gz.body).equals(entry.body)).toBe(true);
    const br = await request(srv.base, path, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect([br.headers['content-encoding'], br.headers['content-type']]).toEqual(['br', CSV_TYPE]);
    expect(brotliDecompressSync(br.body).equals(entry.body)).toBe(true);
    expect(new Set([r.headers.etag, gz.headers.etag, br.headers.etag]).size).toBe(3);

    const again = await request(srv.base, path, { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': String(gz.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await request(srv.base, path, { method: 'HEAD' });
    expect([head.status, head.headers['content-type'], head.headers['content-length']]).toEqual([200, CSV_TYPE, String(entry.body.length)]);
  });

  it('the JSON export next to it stays application/json, and both carry the same rows', async () => {
    const j = await request(srv.base, '/v1/export/txcount.json');
    expect(j.headers['content-type']).toBe('application/json; charset=utf-8');
    const rows = json(j) as Array<Record<string, unknown>>;
    const lines = (await request(srv.base, '/v1/export/txcount.csv')).body.toString('utf8').trimEnd().split('\r\n').slice(1);
    expect(lines).toEqual(rows.map((r) => [r.metric_key, r.origin_key, r.date, r.value ?? ''].join(',')));
    const inputs = fixtureInputs().filter((d) => d.path === '/v1/export/txcount.json');
    expect(rows).toEqual(inputs[0]!.json);
  });

  it.each(['/v1/export/nosuch.csv', '/v1/export/nosuch.json'])('GET %s: 404 with the export 404 text, as JSON', async (path) => {
    const r = await request(srv.base, path);
    expect(r.status).toBe(404);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json(r)).toMatchObject({ error: { status: 404, code: 'not_found', message: 'No export for this metric.' } });
  });
});
