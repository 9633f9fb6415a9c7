// buildDocumentSetAsync against buildDocumentSet: the async, thread-pool compression gives the
// same bytes and ETags as the sync path for real documents (a chain's history through facts and
// every builder, and openapi.json), and a rebuild compresses only the documents whose body bytes
// changed, keeping the previous set's buffers for the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import { DailyFactsCache } from '../../src/documents/daily-facts-cache.js';
import { MetricDetailPartsCache } from '../../src/documents/metric-detail/metric-detail-parts-cache.js';
import { BlockspaceChainCache } from '../../src/documents/blockspace/blockspace-chain-cache.js';
import { ChainOverviewCache } from '../../src/documents/chain-overview/overview-cache.js';
import { RawWindowMemo } from '../../src/documents/raw-window-memo.js';
import {
  buildDocumentSet,
  buildDocumentSetAsync,
  IN_FLIGHT,
  serialize,
  threadPoolCompressor,
  type Compressor,
  type DocumentInput,
  type DocumentSet,
} from '../../src/documents/document-set.js';
import { openApiDocument } from '../../src/documents/openapi.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { reconvertChangedPrices } from '../../src/metrics/reconvert-money.js';
import type { PriceRow } from '../../src/store/prices.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, makeChain, type BlockSpec } from '../metrics/chain-fixture.js';
import { DAY, genBlocks, HOUR } from './scenario.js';

const silent = createLogger('silent');
const START = Date.UTC(2024, 0, 10);
const DAYS = 40;
const END = START + DAYS * DAY;

/** The thread-pool compressor, recording which bodies it was asked for. */
function countingCompressor(): Compressor & { bodies: string[] } {
  const bodies: string[] = [];
  return {
    bodies,
    compress(body) {
      bodies.push(body.toString('utf8'));
      return threadPoolCompressor.compress(body);
    },
  };
}

/** Every entry's bytes, ETag and headers' inputs, comparable with toEqual. */
function bytesOf(set: DocumentSet) {
  return [...set.entries.values()].map((e) => ({ ...e }));
}

describe('buildDocumentSetAsync', () => {
  let store: DuckDbStore;
  const chain = makeChain('alpha');
  const writer = () => new ChainWriter(store, chain);
  let w: ChainWriter;
  const clock = new FixedClock(END + 30 * 60_000);
  const build = async (): Promise<DocumentInput[]> => {
    await computeFacts(store, [chain], clock, { logger: silent });
    const { inputs } = await buildAllDocuments(store, [chain], clock, { logger: silent });
    return [...inputs, openApiDocument('https://api.example.org')];
  };
  let first: DocumentInput[];

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    w = writer();
    await w.write([...genBlocks({ seed: 5, fromMs: START, days: DAYS, senders: 12 }), { time: (END + 10 * 60_000) / 1000 }]);
    const prices: PriceRow[] = Array.from({ length: DAYS + 1 }, (_, i) => ({ asset: 'ethereum', granularity: 'daily', period_ms: START + i * DAY, usd: 1800 + 3 * i }));
    for (let h = END - 3 * DAY; h < END + 3 * HOUR; h += HOUR) prices.push({ asset: 'ethereum', granularity: 'hourly', period_ms: h, usd: 2000 });
    await store.writePrices(prices);
    first = await build();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('gives, without a previous set, the same bytes and ETags as the sync path for real documents', async () => {
    expect(first.length).toBeGreaterThan(10);
    expect(first.some((i) => i.csv !== undefined)).toBe(true);
    const counter = countingCompressor();
    const async = await buildDocumentSetAsync(first, clock.now(), { compressor: counter });
    const sync = buildDocumentSet(first, clock.now());
    expect([...async.entries.keys()]).toEqual([...sync.entries.keys()]); // same order too
    expect(bytesOf(async)).toEqual(bytesOf(sync));
    expect(counter.bodies).toHaveLength(first.length);
    // And through the default compressor (zlib's async functions), not only the counting one.
    expect(bytesOf(await buildDocumentSetAsync(first.slice(0, 5), clock.now()))).toEqual(bytesOf(buildDocumentSet(first.slice(0, 5), clock.now())));
  });

  it('compresses only the one changed document and reuses the other entries bytes and ETags', async () => {
    const previous = await buildDocumentSetAsync(first, clock.now());
    const target = first.find((i) => i.path === '/v1/master.json')!;
    // A fresh copy of every input (new objects, equal contents), one of them changed.
    const next: DocumentInput[] = first.map((i) =>
      i === target ? { path: i.path, freshness: i.freshness, json: { ...(i.json as object), changed: true } } : (structuredClone(i) as DocumentInput),
    );
    const counter = countingCompressor();
    const later = clock.now() + HOUR;
    const set = await buildDocumentSetAsync(next, later, { previous, compressor: counter });
    expect(counter.bodies).toHaveLength(1);
    expect(JSON.parse(counter.bodies[0]!)).toMatchObject({ changed: true });
    for (const [path, e] of set.entries) {
      const before = previous.entries.get(path)!;
      expect(e.builtAt).toBe(later); // Last-Modified is this build's, as before
      if (path === target.path) {
        expect(e.etag).not.toBe(before.etag);
        continue;
      }
      expect(e.br).toBe(before.br);
      expect(e.gzip).toBe(before.gzip);
      expect(e.etag).toBe(before.etag);
      expect(e.body.equals(before.body)).toBe(true);
    }
    // What is published is exactly what a build from scratch publishes.
    expect(bytesOf(set)).toEqual(bytesOf(buildDocumentSet(next, later)));
  });

  it('decides by the body bytes: a same-length different body, or a new path, is compressed', async () => {
    const docs: DocumentInput[] = [
      { path: '/v1/a.json', json: { v: 'aaaa' }, freshness: 'daily' },
      { path: '/v1/b.json', json: { v: 'bbbb' }, freshness: 'hourly' },
    ];
    const previous = await buildDocumentSetAsync(docs, 1);
    const next: DocumentInput[] = [docs[0]!, { path: '/v1/b.json', json: { v: 'cccc' }, freshness: 'hourly' }, { path: '/v1/c.json', json: {}, freshness: 'daily' }];
    const counter = countingCompressor();
    const set = await buildDocumentSetAsync(next, 2, { previous, compressor: counter });
    expect(counter.bodies.sort()).toEqual(['{"v":"cccc"}', '{}']);
    expect(bytesOf(set)).toEqual(bytesOf(buildDocumentSet(next, 2)));
    // A path that left the set is gone from the new one.
    expect(await buildDocumentSetAsync([docs[0]!], 3, { previous }).then((s) => [...s.entries.keys()])).toEqual(['/v1/a.json']);
  });

  it('a real next hour: only changed bodies are compressed, and the set equals a build from scratch', async () => {
    const previous = await buildDocumentSetAsync(first, clock.now());
    await w.write([{ time: (END + 70 * 60_000) / 1000, txs: [{ from: addr(0x77), to: addr(0xc0) }] }]);
    clock.set(END + 90 * 60_000);
    const next = await build();
    const counter = countingCompressor();
    const set = await buildDocumentSetAsync(next, clock.now(), { previous, compressor: counter });
    const changed = next.filter((i) => !previous.entries.get(i.path)?.body.equals(set.entries.get(i.path)!.body));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(next.length); // openapi.json and the daily documents stay
    expect(counter.bodies).toHaveLength(changed.length);
    expect(bytesOf(set)).toEqual(bytesOf(buildDocumentSet(next, clock.now())));
  });

  it('compresses IN_FLIGHT documents at a time, never more, and gives the sync path bytes', async () => {
    let now = 0;
    let most = 0;
    const pacing: Compressor = {
      async compress(body) {
        most = Math.max(most, ++now);
        try {
          return await threadPoolCompressor.compress(body);
        } finally {
          now--;
        }
      },
    };
    const docs: DocumentInput[] = Array.from({ length: 4 * IN_FLIGHT + 3 }, (_, i) => ({ path: `/v1/d${i}.json`, json: { i, data: Array.from({ length: 500 }, (_, k) => [k, (k * i) % 97]) }, freshness: 'daily' }));
    const set = await buildDocumentSetAsync(docs, 1, { compressor: pacing });
    expect(most).toBe(IN_FLIGHT);
    expect(IN_FLIGHT).toBeGreaterThanOrEqual(2);
    expect(set.entries).toEqual(buildDocumentSet(docs, 1).entries);
  });

  it('rejects a duplicate path or a path outside /v1/ before compressing anything', async () => {
    const counter = countingCompressor();
    const doc: DocumentInput = { path: '/v1/a.json', json: {}, freshness: 'daily' };
    await expect(buildDocumentSetAsync([doc, doc], 1, { compressor: counter })).rejects.toThrow(/duplicate document path/);
    await expect(buildDocumentSetAsync([{ ...doc, path: '/a.json' }], 1, { compressor: counter })).rejects.toThrow(/must start with \/v1\//);
    expect(counter.bodies).toEqual([]);
  });

  it('rejects a non-finite number or a bigint anywhere in a document, naming the path; equal text otherwise', async () => {
    const counter = countingCompressor();
    const at = (json: unknown): DocumentInput => ({ path: '/v1/x.json', json, freshness: 'daily' });
    for (const bad of [{ a: [1, [2, NaN]] }, { a: { b: Infinity } }, [[-Infinity]]]) {
      await expect(buildDocumentSetAsync([at(bad)], 1, { compressor: counter })).rejects.toThrow('non-finite number in /v1/x.json');
    }
    await expect(buildDocumentSetAsync([at({ a: [{ b: 1n }] })], 1, { compressor: counter })).rejects.toThrow('bigint in /v1/x.json');
    expect(counter.bodies).toEqual([]);
    // A bad document after a good one: the good one's compression had started; the build still fails.
    await expect(buildDocumentSetAsync([{ ...at({ ok: 1 }), path: '/v1/ok.json' }, at({ bad: NaN })], 1, { compressor: counter })).rejects.toThrow('non-finite number in /v1/x.json');
    const json = { s: 'x', n: [0, -0, 1.5e-7, null, true], o: { k: undefined, d: new Date(0) } };
    expect(buildDocumentSet([at(json)], 1).entries.get('/v1/x.json')!.body.toString('utf8')).toBe(JSON.stringify(json));
  });
});

describe('buildDocumentSetAsync with lazy variants (lazyAbove)', () => {
  // Documents of every size: a body is lazy from LAZY bytes on.
  const LAZY = 2_000;
  const docs: DocumentInput[] = Array.from({ length: 12 }, (_, i) => ({
    path: `/v1/l${i}.json`,
    json: { i, rows: Array.from({ length: 40 * i }, (_, k) => [k, (k * 7919 + i) % 1009, `r${k % 13}`]) },
    freshness: 'hourly',
  }));
  const sync = buildDocumentSet(docs, 1);
  const lazyPaths = [...sync.entries.values()].filter((e) => e.body.length >= LAZY).map((e) => e.path);
  /** What is published of each entry (its variants read: a lazy one's made if not kept). */
  const published = (set: DocumentSet) => [...set.entries.values()].map(({ path, body, br, gzip, etag, contentType, freshness, builtAt }) => ({ path, body, br, gzip, etag, contentType, freshness, builtAt }));

  it('compresses only the small bodies at build; the large ones, read, are the bytes the sync path makes, made once', async () => {
    expect(lazyPaths.length).toBeGreaterThan(3);
    expect(lazyPaths.length).toBeLessThan(docs.length);
    const counter = countingCompressor();
    const set = await buildDocumentSetAsync(docs, 1, { compressor: counter, lazyAbove: LAZY });
    expect(counter.bodies).toHaveLength(docs.length - lazyPaths.length);
    expect([...set.entries.values()].filter((e) => e.lazy).map((e) => e.path)).toEqual(lazyPaths);
    expect(set.variants!.made).toBe(0);
    for (const path of lazyPaths) {
      const e = set.entries.get(path)!;
      expect(e.etag).toBe(sync.entries.get(path)!.etag);
      // Off the thread (the server), then on it (an export): the same bytes, compressed once.
      expect((await e.lazy!.load('br')).equals(sync.entries.get(path)!.br)).toBe(true);
      expect(e.br).toBe(await e.lazy!.load('br'));
    }
    expect(set.variants!.made).toBe(lazyPaths.length);
    // Two requests at once share one compression.
    const e = set.entries.get(lazyPaths[0]!)!;
    const [a, b] = await Promise.all([e.lazy!.load('gzip'), e.lazy!.load('gzip')]);
    expect(a).toBe(b);
    expect(set.variants!.made).toBe(lazyPaths.length + 1);
    expect(published(set)).toEqual(published(sync));
  });

  it('a rebuild keeps what the previous set made for equal bodies, and makes nothing else', async () => {
    const previous = await buildDocumentSetAsync(docs, 1, { lazyAbove: LAZY });
    const made = lazyPaths.slice(0, 2).map((p) => previous.entries.get(p)!.br);
    const next: DocumentInput[] = docs.map((d) => (d.path === lazyPaths[1] ? { path: d.path, freshness: d.freshness, json: { changed: true, ...(d.json as object) } } : d));
    const set = await buildDocumentSetAsync(next, 2, { previous, lazyAbove: LAZY });
    expect(set.entries.get(lazyPaths[0]!)!.lazy!.peek('br')).toBe(made[0]);
    expect(set.entries.get(lazyPaths[0]!)!.lazy!.peek('gzip')).toBeUndefined();
    expect(set.entries.get(lazyPaths[1]!)!.lazy!.peek('br')).toBeUndefined(); // its body changed
    expect(set.variants!.made).toBe(0);
    expect(published(set)).toEqual(published(buildDocumentSet(next, 2)));
  });

  it('keeps at most its byte budget: the variants read longest ago are dropped and made again, the same bytes', async () => {
    const brSizes = lazyPaths.map((p) => sync.entries.get(p)!.br.length);
    const budget = brSizes.at(-1)! + brSizes.at(-2)!;
    const set = await buildDocumentSetAsync(docs, 1, { lazyAbove: LAZY, variantBudgetBytes: budget });
    for (const p of lazyPaths) {
      await set.entries.get(p)!.lazy!.load('br');
      expect(set.variants!.held()).toBeLessThanOrEqual(budget);
    }
    // The last two fit; every other was dropped.
    expect(lazyPaths.map((p) => set.entries.get(p)!.lazy!.peek('br') !== undefined)).toEqual(lazyPaths.map((_, i) => i >= lazyPaths.length - 2));
    const first = set.entries.get(lazyPaths[0]!)!;
    expect((await first.lazy!.load('br')).equals(sync.entries.get(lazyPaths[0]!)!.br)).toBe(true);
    expect(set.variants!.made).toBe(lazyPaths.length + 1);
    expect(set.variants!.held()).toBeLessThanOrEqual(budget);
  });

  it('keeps no variant larger than the whole budget, and the others stay', async () => {
    const brSizes = lazyPaths.map((p) => sync.entries.get(p)!.br.length);
    const smallest = Math.min(...brSizes);
    const largest = Math.max(...brSizes);
    expect(largest).toBeGreaterThan(smallest);
    const set = await buildDocumentSetAsync(docs, 1, { lazyAbove: LAZY, variantBudgetBytes: largest - 1 });
    const small = lazyPaths[brSizes.indexOf(smallest)]!;
    const big = lazyPaths[brSizes.indexOf(largest)]!;
    await set.entries.get(small)!.lazy!.load('br');
    // Sent with the bytes the sync path makes, but not kept, and the kept one is not pushed out.
    expect((await set.entries.get(big)!.lazy!.load('br')).equals(sync.entries.get(big)!.br)).toBe(true);
    expect(set.entries.get(big)!.lazy!.peek('br')).toBeUndefined();
    expect(set.entries.get(small)!.lazy!.peek('br')).toBeDefined();
    expect(set.variants!.held()).toBe(smallest);
  });
});

// The chains' daily facts and the metric details' serialized daily pieces kept between builds
// (daily-facts-cache.ts, metric-detail/metric-detail-parts-cache.ts), DuckDB: after each kind of
// change a warm build must publish exactly the bytes of a cold build of the same store at the same
// time, and the caches must actually reuse where nothing daily changed (else they would pass by
// always reading and making everything again). Two chains, so that all_l2s aggregates over both.
describe('daily facts and metric detail pieces kept between builds', () => {
  let store: DuckDbStore;
  const chains = [makeChain('alpha'), makeChain('beta')];
  const writers: ChainWriter[] = [];
  const blocks: BlockSpec[][] = [];
  const RDAYS = 9;
  const REND = START + RDAYS * DAY;
  const clock = new FixedClock(REND + 2.5 * HOUR);
  const factsCache = new DailyFactsCache();
  const partsCache = new MetricDetailPartsCache();
  const blockspaceCache = new BlockspaceChainCache();
  const overviewCache = new ChainOverviewCache();
  const rawMemo = new RawWindowMemo();
  const isDetail = (path: string) => path.startsWith('/v1/metrics/chains/');
  const build = async (warm: boolean) => {
    return (await buildAllDocuments(store, chains, clock, { logger: silent, ...(warm ? { factsCache, metricPartsCache: partsCache, blockspaceCache, overviewCache, rawMemo } : {}) })).inputs;
  };
  let seen = { facts: { reused: 0, read: 0 }, parts: { reused: 0, made: 0 }, blockspace: { reused: 0, made: 0 }, overview: { reused: 0, made: 0 } };
  /** What the caches did since the last call. */
  const delta = () => {
    const d = {
      facts: { reused: factsCache.stats.reused - seen.facts.reused, read: factsCache.stats.read - seen.facts.read },
      parts: { reused: partsCache.stats.reused - seen.parts.reused, made: partsCache.stats.made - seen.parts.made },
      blockspace: { reused: blockspaceCache.stats.reused - seen.blockspace.reused, made: blockspaceCache.stats.made - seen.blockspace.made },
      overview: { reused: overviewCache.stats.reused - seen.overview.reused, made: overviewCache.stats.made - seen.overview.made },
    };
    seen = { facts: { ...factsCache.stats }, parts: { ...partsCache.stats }, blockspace: { ...blockspaceCache.stats }, overview: { ...overviewCache.stats } };
    return d;
  };
  /** Builds warm, then cold; every document's published bytes equal, the spliced ones JSON.stringify of their value. Returns the warm metric details. */
  async function warmEqualsCold(): Promise<DocumentInput[]> {
    await computeFacts(store, chains, clock, { logger: silent });
    const warm = await build(true);
    const cold = await build(false);
    expect(warm.map((i) => i.path)).toEqual(cold.map((i) => i.path));
    warm.forEach((w, i) => expect(serialize(w).toString('utf8'), w.path).toBe(serialize(cold[i]!).toString('utf8')));
    const details = warm.filter((i) => isDetail(i.path));
    for (const d of details) expect(serialize(d).toString('utf8'), d.path).toBe(JSON.stringify(d.json));
    // The chain overviews too (kept data spliced under a new last_updated_utc), and both chains have one.
    const overviews = warm.filter((i) => /^\/v1\/chains\/[^/]+\/overview\.json$/.test(i.path));
    expect(overviews.map((i) => i.path).sort()).toEqual(['/v1/chains/alpha/overview.json', '/v1/chains/beta/overview.json']);
    for (const d of overviews) expect(serialize(d).toString('utf8'), d.path).toBe(JSON.stringify(d.json));
    return details;
  }
  const txcountOf = (details: DocumentInput[]) => JSON.parse(serialize(details.find((i) => i.path === '/v1/metrics/chains/alpha/txcount.json')!).toString('utf8'));
  /** alpha's blocks from the first one of day `day` on, written again on another branch with one more transaction each. */
  async function reorgAlphaFrom(day: number): Promise<void> {
    const from = blocks[0]!.findIndex((b) => b.time * 1000 >= START + day * DAY);
    const replaced = blocks[0]!.slice(from).map((b) => ({ ...b, txs: [...(b.txs ?? []), { from: addr(0x99), to: addr(0xc1), gasUsed: 50_000n, gasPrice: 2n * 10n ** 9n, inputEmpty: false }] }));
    await writers[0]!.rollback(from);
    writers[0]!.fork(7 + day);
    blocks[0] = [...blocks[0]!.slice(0, from), ...replaced];
    await writers[0]!.write(replaced);
  }

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    for (const [i, chain] of chains.entries()) {
      writers.push(new ChainWriter(store, chain));
      blocks.push([...genBlocks({ seed: 11 + i, fromMs: START, days: RDAYS, senders: 9 }), { time: (REND + 10 * 60_000) / 1000, txs: [{ from: addr(3), to: addr(0xc0) }] }, { time: (REND + 70 * 60_000) / 1000, txs: [{ from: addr(4), to: addr(0xc2) }] }]);
      await writers[i]!.write(blocks[i]!);
    }
    await store.writePrices(Array.from({ length: RDAYS + 1 }, (_, i) => ({ asset: 'ethereum', granularity: 'daily' as const, period_ms: START + i * DAY, usd: 1500 + 7 * i })));
  }, 300_000);
  afterAll(async () => {
    await store?.close();
  });

  let DETAILS = 0;
  /** The warm metric details of the case before. */
  let last: DocumentInput[] = [];
  it('reads and makes everything first; with nothing changed, reuses every chain and every piece', async () => {
    const cold = await warmEqualsCold();
    DETAILS = cold.length;
    for (const ok of ['alpha', 'beta', 'all_l2s']) expect(cold.filter((d) => d.path.startsWith(`/v1/metrics/chains/${ok}/`)).length, ok).toBeGreaterThan(3);
    // Both chains publish a blockspace document (else its reuse below would count empty chains).
    const paths = (await build(false)).map((i) => i.path);
    for (const ok of ['alpha', 'beta']) expect(paths).toContain(`/v1/chains/blockspace/${ok}.json`);
    expect(delta()).toEqual({ facts: { reused: 0, read: 2 }, parts: { reused: 0, made: DETAILS }, blockspace: { reused: 0, made: 2 }, overview: { reused: 0, made: 2 } });
    // Nothing changed since: a warm build publishes what the cold one before it did.
    last = (await build(true)).filter((i) => isDetail(i.path));
    expect(last.map((i) => serialize(i).toString('utf8'))).toEqual(cold.map((i) => serialize(i).toString('utf8')));
    expect(delta()).toEqual({ facts: { reused: 2, read: 0 }, parts: { reused: DETAILS, made: 0 }, blockspace: { reused: 2, made: 0 }, overview: { reused: 2, made: 0 } });
  }, 300_000);

  it('a new hour: the daily parts reused, the hourly series and last_1h moved', async () => {
    const before = txcountOf(last);
    for (const [i, w] of writers.entries()) {
      const b = { time: (REND + 130 * 60_000) / 1000, txs: [{ from: addr(5 + i), to: addr(0xc3) }, { from: addr(6 + i), to: addr(0xc0) }] };
      blocks[i]!.push(b);
      await w.write([b]);
    }
    clock.set(REND + 3.5 * HOUR);
    const after = txcountOf(await warmEqualsCold());
    expect(delta()).toEqual({ facts: { reused: 2, read: 0 }, parts: { reused: DETAILS, made: 0 }, blockspace: { reused: 2, made: 0 }, overview: { reused: 2, made: 0 } });
    expect(after.details.timeseries.daily).toEqual(before.details.timeseries.daily);
    // An hour is complete once a later block is stored: 01:00–02:00 now (its one transaction at 01:10).
    expect(after.details.timeseries.hourly.data.length).toBe(before.details.timeseries.hourly.data.length + 1);
    expect(after.details.summary.last_1h.data).toEqual([1]);
  }, 300_000);

  it('a reorg rewriting complete days of alpha: its facts read again and its pieces made again, beta kept', async () => {
    delta();
    await reorgAlphaFrom(RDAYS - 2);
    await warmEqualsCold();
    const d = delta();
    expect(d.facts).toEqual({ reused: 1, read: 1 });
    expect(d.blockspace).toEqual({ reused: 1, made: 1 });
    // Every overview ranks both chains: both made again.
    expect(d.overview).toEqual({ reused: 0, made: 2 });
    // alpha's documents and the all_l2s sums over it are made again; beta's are reused.
    expect(d.parts.made).toBeGreaterThan(0);
    expect(d.parts.reused).toBeGreaterThan(0);
    expect(d.parts.made + d.parts.reused).toBe(DETAILS);
    await warmEqualsCold();
    expect(delta()).toMatchObject({ parts: { reused: DETAILS, made: 0 }, blockspace: { reused: 2, made: 0 }, overview: { reused: 2, made: 0 } });
  }, 300_000);

  it('a price arriving for a complete day re-converts money: the money pieces made again', async () => {
    const changed = [{ asset: 'ethereum', granularity: 'daily' as const, period_ms: START + 3 * DAY, usd: 9999 }];
    await store.writePrices(changed);
    expect(await reconvertChangedPrices(store, chains, changed)).toBe(2);
    await warmEqualsCold();
    const d = delta();
    expect(d.facts).toEqual({ reused: 0, read: 2 });
    expect(d.parts.made).toBeGreaterThan(0);
    expect(d.blockspace).toEqual({ reused: 0, made: 2 });
    expect(d.overview).toEqual({ reused: 0, made: 2 });
  }, 300_000);

  it("a relabel: every chain's blockspace made again (a contract changes category), the daily facts kept", async () => {
    const before = await build(true);
    delta();
    await store.replaceLabels([{ origin_key: 'alpha', address: addr(0xc0), contract_name: 'Pool', owner_project: 'somedex', usage_category: 'dex', verified: null }]);
    await warmEqualsCold();
    const d = delta();
    expect(d.facts).toEqual({ reused: 2, read: 0 });
    expect(d.blockspace).toEqual({ reused: 0, made: 2 });
    expect(d.overview).toEqual({ reused: 0, made: 2 });
    // The relabel shows: alpha's document moved, and the warm build published it.
    const path = '/v1/chains/blockspace/alpha.json';
    const after = await build(true);
    expect(serialize(after.find((i) => i.path === path)!).toString('utf8')).not.toBe(serialize(before.find((i) => i.path === path)!).toString('utf8'));
    expect(delta()).toMatchObject({ blockspace: { reused: 2, made: 0 }, overview: { reused: 2, made: 0 } });
  }, 300_000);

  it('a new complete day: every chain read again and every piece made again', async () => {
    for (const [i, w] of writers.entries()) {
      const b = [{ time: (REND + 20 * HOUR) / 1000, txs: [{ from: addr(7 + i), to: addr(0xc1) }] }, { time: (REND + DAY + 15 * 60_000) / 1000, txs: [{ from: addr(8), to: addr(0xc0) }] }];
      blocks[i]!.push(...b);
      await w.write(b);
    }
    clock.set(REND + DAY + 0.5 * HOUR);
    await warmEqualsCold();
    expect(delta()).toEqual({ facts: { reused: 0, read: 2 }, parts: { reused: 0, made: DETAILS }, blockspace: { reused: 0, made: 2 }, overview: { reused: 0, made: 2 } });
  }, 300_000);
});
