// Atomic swaps under load: while sets are swapped every millisecond, concurrent keep-alive
// clients fetch every document in every encoding. Each response must be whole, and its ETag must
// name exactly the body it came with (CONTRACT.md section 7, last rule).
import { createHash } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSet } from '../../src/documents/document-set.js';
import { fixtureSet } from './helpers/fixture-set.js';
import { startServer, type TestServer } from './helpers/server.js';

const GENERATIONS = 6;
const REQUESTS = 2_500;
const CONCURRENCY = 32;

describe('document set swaps under concurrent load', () => {
  let srv: TestServer;
  let sets: DocumentSet[];
  beforeAll(async () => {
    sets = Array.from({ length: GENERATIONS }, (_, g) => fixtureSet(g));
    // Rate limits are not under test here.
    srv = await startServer(sets[0], { rate_limits: { apps_details_per_minute: 0 } });
  });
  afterAll(() => srv.close());

  it('every body matches its ETag and its set; no errors', async () => {
    const paths = [...sets[0].entries.keys()];
    // What each (path, identity ETag) must decode to, from any generation.
    const expected = new Map<string, Buffer>();
    for (const s of sets) for (const e of s.entries.values()) expected.set(`${e.path} ${e.etag}`, e.body);
    // Every path must actually differ between generations, or the test could not see a mix-up.
    for (const p of paths.filter((x) => x !== '/v1/openapi.json')) {
      expect(new Set(sets.map((s) => s.entries.get(p)!.etag)).size, p).toBe(GENERATIONS);
    }

    let swaps = 0;
    const swapper = setInterval(() => {
      srv.holder.swap(sets[++swaps % GENERATIONS]);
    }, 1);

    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const url = new URL(srv.base);
    const failures: string[] = [];
    const seen = new Map<string, Set<string>>();
    const lastTag = new Map<string, string>();
    let notModified = 0;
    let issued = 0;

    const one = (path: string, encoding: string, ifNoneMatch: string | undefined): Promise<void> =>
      new Promise((resolve) => {
        const headers: Record<string, string> = { 'Accept-Encoding': encoding };
        if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;
        const req = http.get({ host: url.hostname, port: url.port, path, headers, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const etag = String(res.headers.etag);
            const ce = res.headers['content-encoding'];
            const suffix = ce === 'br' ? '-br"' : ce === 'gzip' ? '-gzip"' : '"';
            if (res.statusCode === 304) {
              notModified++;
              if (!etag.endsWith(suffix)) failures.push(`${path}: 304 tag ${etag} for ${encoding}`);
              return resolve();
            }
            if (res.statusCode !== 200) {
              failures.push(`${path}: status ${res.statusCode}`);
              return resolve();
            }
            const raw = Buffer.concat(chunks);
            if (Number(res.headers['content-length']) !== raw.length) failures.push(`${path}: length mismatch`);
            const body = ce === 'br' ? brotliDecompressSync(raw) : ce === 'gzip' ? gunzipSync(raw) : raw;
            if (!etag.endsWith(suffix)) failures.push(`${path}: tag ${etag} does not name encoding ${ce}`);
            const identityTag = ce ? `${etag.slice(0, -suffix.length)}"` : etag;
            const want = expected.get(`${path} ${identityTag}`);
            if (want === undefined || !want.equals(body)) failures.push(`${path}: body does not match ETag ${etag}`);
            // Independent of the builder: the tag is the content hash of what arrived.
            const hash = createHash('sha256').update(body).digest('base64url').slice(0, 32);
            if (identityTag !== `"${hash}"`) failures.push(`${path}: ETag ${etag} is not the hash of the body`);
            if (!seen.has(path)) seen.set(path, new Set());
            seen.get(path)!.add(identityTag);
            lastTag.set(path, etag);
            resolve();
          });
          res.on('error', (e) => {
            failures.push(`${path}: ${e.message}`);
            resolve();
          });
        });
        req.on('error', (e) => {
          failures.push(`${path}: ${e.message}`);
          resolve();
        });
      });

    const encodings = ['br', 'gzip', 'identity', 'gzip, br'];
    const worker = async (w: number): Promise<void> => {
      while (issued < REQUESTS) {
        const i = issued++;
        // By the shared request counter alone: mixed with the worker number, an even number of
        // paths let the workers, served in lockstep, hit only every other path.
        const path = paths[i % paths.length];
        // Every fifth pass over the paths revalidates with the last tag seen, which is often of an
        // older set. By pass, not by `i % 5`: with a number of paths divisible by 5 that would
        // revalidate only every fifth path, and miss openapi.json, the one path whose tag
        // survives the swaps every millisecond (so the 304 count below would depend on the count).
        const inm = Math.floor(i / paths.length) % 5 === 0 ? lastTag.get(path) : undefined;
        await one(path, encodings[(i + w) % encodings.length], inm);
      }
    };
    try {
      await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
    } finally {
      clearInterval(swapper);
      agent.destroy();
    }

    expect(failures.slice(0, 10)).toEqual([]);
    expect(swaps).toBeGreaterThan(20);
    // The swaps really happened under the clients: most paths were seen in several generations.
    const multi = [...seen.values()].filter((tags) => tags.size > 1).length;
    expect(multi).toBeGreaterThanOrEqual(paths.length - 2);
    expect(notModified).toBeGreaterThan(0);
  });
});
