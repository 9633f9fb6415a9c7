// The compression settings by body size (document-set.ts, docs/http.md "Compression"): bodies
// below LARGE_BODY get brotli 9 with a 16-bit window and gzip 9, larger ones brotli 5 (default
// window) and gzip 5, identically on the
// sync path, the thread-pool path and for bytes the server adds itself; every variant decodes to
// the body.
import { brotliCompressSync, brotliDecompressSync, constants as zc, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildDocumentSet, buildDocumentSetAsync, COMPRESSION, entryOfBody, LARGE_BODY, SMALL_BODY_BROTLI_WINDOW, type DocumentInput } from '../../src/documents/document-set.js';
import { entryFromBytes } from '../../src/server/prepared-set.js';

/** A JSON document of about `bytes` bytes that compresses differently at quality 5 and 9 (a daily series). */
function series(path: string, bytes: number): DocumentInput {
  const data: Array<[number, number, number]> = [];
  for (let i = 0; JSON.stringify(data).length < bytes; i++) data.push([1_700_000_000_000 + i * 86_400_000, (i * 7919) % 104_729, Math.round(Math.sin(i) * 1e6) / 1e3]);
  return { path, json: { data }, freshness: 'daily' };
}

const br = (body: Buffer, quality: number, window?: number) =>
  brotliCompressSync(body, { params: { [zc.BROTLI_PARAM_QUALITY]: quality, [zc.BROTLI_PARAM_SIZE_HINT]: body.length, ...(window === undefined ? {} : { [zc.BROTLI_PARAM_LGWIN]: window }) } });

describe('compression settings by body size', () => {
  const small = series('/v1/small.json', 20_000);
  const large = series('/v1/large.json', 3 * LARGE_BODY);

  it('small bodies get the highest settings, large ones the faster settings, on both paths', async () => {
    const sync = buildDocumentSet([small, large], 1);
    const async_ = await buildDocumentSetAsync([small, large], 1);
    for (const set of [sync, async_]) {
      const s = set.entries.get('/v1/small.json')!;
      const l = set.entries.get('/v1/large.json')!;
      expect(s.body.length).toBeLessThan(LARGE_BODY);
      expect(l.body.length).toBeGreaterThanOrEqual(LARGE_BODY);
      expect(s.br.equals(br(s.body, COMPRESSION.small.brotli, SMALL_BODY_BROTLI_WINDOW))).toBe(true);
      expect(s.gzip.equals(gzipSync(s.body, { level: COMPRESSION.small.gzip }))).toBe(true);
      expect(l.br.equals(br(l.body, COMPRESSION.large.brotli))).toBe(true);
      expect(l.gzip.equals(gzipSync(l.body, { level: COMPRESSION.large.gzip }))).toBe(true);
      for (const e of [s, l]) {
        expect(brotliDecompressSync(e.br).equals(e.body)).toBe(true);
        expect(gunzipSync(e.gzip).equals(e.body)).toBe(true);
      }
    }
    // The two settings really differ on this body, so the checks above tell them apart.
    const body = sync.entries.get('/v1/large.json')!.body;
    expect(br(body, COMPRESSION.large.brotli).equals(br(body, COMPRESSION.small.brotli))).toBe(false);
    expect(gzipSync(body, { level: COMPRESSION.large.gzip }).equals(gzipSync(body, { level: COMPRESSION.small.gzip }))).toBe(false);
    // The small body's window is its own choice (the default window gives other bytes), it holds
    // the whole body, and it costs nothing in size against the default window.
    const smallBody = sync.entries.get('/v1/small.json')!.body;
    expect(br(smallBody, COMPRESSION.small.brotli).equals(br(smallBody, COMPRESSION.small.brotli, SMALL_BODY_BROTLI_WINDOW))).toBe(false);
    expect(2 ** SMALL_BODY_BROTLI_WINDOW - 16).toBeGreaterThanOrEqual(LARGE_BODY - 16);
    expect(sync.entries.get('/v1/small.json')!.br.length).toBeLessThanOrEqual(br(smallBody, COMPRESSION.small.brotli).length);
  });

  it('bytes the server adds itself are compressed by the same rule', () => {
    const body = Buffer.from('<html>' + 'x'.repeat(2 * LARGE_BODY) + '</html>');
    const e = entryFromBytes('/v1/docs', body, 'text/html; charset=utf-8', 'daily', 1);
    expect(e).toEqual(entryOfBody('/v1/docs', body, 'text/html; charset=utf-8', 'daily', 1));
    expect(e.br.equals(br(body, COMPRESSION.large.brotli))).toBe(true);
  });
});
