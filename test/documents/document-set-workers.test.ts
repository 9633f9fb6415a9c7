// The compression workers behind buildDocumentSetAsync (compress-pool.ts, compress-worker.js):
// real worker threads give the bytes of zlib's sync functions and the sync path's ETag, hand the
// moved body back intact (also a small body sliced from Node's shared Buffer pool, which is copied
// instead), fail a bad job with zlib's message and the document's path (the build stops taking
// documents), and do not keep an otherwise finished process alive.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompressSync, constants as zc, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressInPool, POOL_SIZE } from '../../src/documents/compress-pool.js';
import { buildDocumentSet, buildDocumentSetAsync, IN_FLIGHT, threadPoolCompressor, type Compressor, type DocumentInput } from '../../src/documents/document-set.js';

const run = promisify(execFile);

/** A body of about `bytes` bytes of JSON rows, different for each seed. */
function body(bytes: number, seed: number): Buffer {
  const rows: number[][] = [];
  for (let i = 0; rows.length * 24 < bytes; i++) rows.push([1_700_000_000 + i * 3600, (i * seed * 7919) % 104_729, Math.round(Math.sin(i + seed) * 1e6) / 1e3]);
  return Buffer.from(JSON.stringify(rows));
}

describe('compression workers', () => {
  it('give zlib sync bytes and the SHA-256 of the body, and hand the moved body back', async () => {
    const brotli = { params: { [zc.BROTLI_PARAM_QUALITY]: 6, [zc.BROTLI_PARAM_SIZE_HINT]: 200_000 } };
    const gzip = { level: 6 };
    const originals = Array.from({ length: 3 * POOL_SIZE }, (_, i) => body(200_000, i + 1));
    const sent = originals.map((b) => Buffer.from(b)); // copies of their own: these are moved
    const results = await Promise.all(sent.map((b) => compressInPool({ body: b, brotli, gzip })));
    results.forEach((r, i) => {
      const b = originals[i]!;
      expect(sent[i]!.length).toBe(0); // moved to the worker, not copied
      expect(r.body.equals(b)).toBe(true);
      expect(r.br.equals(brotliCompressSync(b, brotli))).toBe(true);
      expect(r.gzip.equals(gzipSync(b, gzip))).toBe(true);
      expect(r.sha256).toBe(createHash('sha256').update(b).digest('base64url'));
    });
  });

  it('copy a small body that shares its memory with other Buffers, leaving those untouched', async () => {
    const small = Buffer.from('{"a":1}');
    const neighbour = Buffer.from('{"b":2}');
    expect(small.buffer).toBe(neighbour.buffer); // both sliced from Node's pool
    const r = await compressInPool({ body: small, brotli: {}, gzip: {} });
    expect(r.body.toString()).toBe('{"a":1}');
    expect(small.toString()).toBe('{"a":1}');
    expect(neighbour.toString()).toBe('{"b":2}');
    expect(r.br.equals(brotliCompressSync(small))).toBe(true);
  });

  it('reject a job zlib refuses with its message, and keep working after it', async () => {
    const bad = compressInPool({ body: Buffer.from('x'.repeat(10_000)), brotli: {}, gzip: { level: 99 } });
    await expect(bad).rejects.toThrow(/^document compression failed: .*level/);
    const ok = await compressInPool({ body: Buffer.from('y'.repeat(10_000)), brotli: {}, gzip: { level: 9 } });
    expect(ok.gzip.equals(gzipSync('y'.repeat(10_000), { level: 9 }))).toBe(true);
  });

  it('a document the compressor fails names its path, and stops the build from compressing more', async () => {
    let calls = 0;
    // The fine documents' compressions wait until the broken one has failed and its worker has
    // seen it (a macrotask later than the rejection), so what is asserted is the order of events,
    // never how fast the pool happened to be.
    let release!: () => void;
    const failedFirst = new Promise<void>((r) => (release = r));
    const failing: Compressor = {
      compress(b) {
        calls++;
        if (b.toString().includes('boom')) return compressInPool({ body: b, brotli: {}, gzip: { level: 99 } }).finally(() => setImmediate(release));
        return failedFirst.then(() => threadPoolCompressor.compress(b));
      },
    };
    const docs: DocumentInput[] = [
      { path: '/v1/broken.json', json: { boom: true }, freshness: 'daily' },
      ...Array.from({ length: 4 * IN_FLIGHT }, (_, i): DocumentInput => ({ path: `/v1/fine${i}.json`, json: { ok: i }, freshness: 'daily' })),
    ];
    await expect(buildDocumentSetAsync(docs, 1, { compressor: failing })).rejects.toThrow(/^compressing \/v1\/broken\.json: document compression failed: /);
    // Each worker had taken one document when the broken one failed: those finish, and no worker
    // takes another.
    expect(calls).toBe(IN_FLIGHT);
  });

  it('many documents through the default compressor: the sync path bytes, every body intact', async () => {
    const docs: DocumentInput[] = Array.from({ length: 12 }, (_, i) => ({
      path: `/v1/d${i}.json`,
      json: { i, rows: JSON.parse(body(i % 2 === 0 ? 100_000 : 3_000, i + 1).toString()) },
      freshness: 'hourly',
    }));
    const set = await buildDocumentSetAsync(docs, 7);
    const sync = buildDocumentSet(docs, 7);
    expect([...set.entries.keys()]).toEqual([...sync.entries.keys()]);
    for (const [path, e] of set.entries) {
      const s = sync.entries.get(path)!;
      // Buffers compared as bytes: toEqual walks them element by element, seconds for these sizes.
      expect({ ...e, body: null, br: null, gzip: null }).toEqual({ ...s, body: null, br: null, gzip: null });
      expect(e.body.equals(s.body) && e.br.equals(s.br) && e.gzip.equals(s.gzip)).toBe(true);
    }
  });

  it('do not keep a process alive once its documents are compressed', async () => {
    const script = `
      const { buildDocumentSetAsync } = await import(${JSON.stringify(new URL('../../src/documents/document-set.ts', import.meta.url).href)});
      const set = await buildDocumentSetAsync([{ path: '/v1/a.json', json: { a: [1, 2, 3] }, freshness: 'daily' }], 1);
      console.log(set.entries.get('/v1/a.json').br.length > 0);`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 30_000 });
    expect(stdout.trim()).toBe('true');
  });
});
