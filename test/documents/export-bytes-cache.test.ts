// The flat exports' files kept between builds (flat-exports/export-bytes-cache.ts), DuckDB: after
// each kind of change a warm build (the chains' daily facts and the files kept) must publish
// exactly the bytes of a cold build of the same store at the same time, the files must be reused
// where no input changed (else the cache would pass by making everything every time) and made
// again where one did; the changed rows are checked against the test's own reading of the blocks
// it wrote. Two chains, so that the exports and fundamentals hold several.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import { csvText } from '../../src/documents/csv.js';
import { DailyFactsCache } from '../../src/documents/daily-facts-cache.js';
import { serialize, type DocumentInput } from '../../src/documents/document-set.js';
import { ExportBytesCache } from '../../src/documents/flat-exports/export-bytes-cache.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { reconvertChangedPrices } from '../../src/metrics/reconvert-money.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, makeChain, type BlockSpec } from '../metrics/chain-fixture.js';
import { DAY, expectedPeriod, genBlocks, HOUR, txsBetween } from './scenario.js';

const silent = createLogger('silent');
const START = Date.UTC(2024, 0, 10);
const DAYS = 9;
const END = START + DAYS * DAY;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
type Row = { metric_key: string; origin_key: string; date: string; value: number | null };

describe('ExportBytesCache', () => {
  const file = (tag: string) => async () => ({ bytes: Buffer.from(tag), origins: ['a'] });
  it('reuses a file only for the same objects and the same key, and forgets the files a build did not ask for', async () => {
    const cache = new ExportBytesCache();
    const m1 = new Map();
    const m2 = new Map();
    const b1 = {};
    expect((await cache.file(b1, '/v1/x.json', { objects: [m1], key: 'k' }, file('one'))).bytes!.toString()).toBe('one');
    expect((await cache.file(b1, '/v1/y.json', { objects: [m1], key: 'k' }, file('y'))).bytes!.toString()).toBe('y');
    const b2 = {};
    expect((await cache.file(b2, '/v1/x.json', { objects: [m1], key: 'k' }, file('two'))).bytes!.toString()).toBe('one');
    expect((await cache.file(b2, '/v1/x.json', { objects: [m2], key: 'k' }, file('three'))).bytes!.toString()).toBe('three'); // a new map, equal or not
    expect((await cache.file(b2, '/v1/x.json', { objects: [m2], key: 'k2' }, file('four'))).bytes!.toString()).toBe('four');
    expect((await cache.file(b2, '/v1/x.json', { objects: [m2, m1], key: 'k2' }, file('five'))).bytes!.toString()).toBe('five');
    expect(cache.stats).toEqual({ reused: 1, made: 5 });
    // b2 did not ask for y: the next build makes it again.
    const b3 = {};
    expect((await cache.file(b3, '/v1/y.json', { objects: [m1], key: 'k' }, file('y2'))).bytes!.toString()).toBe('y2');
    // A make() that throws leaves nothing kept.
    await expect(cache.file(b3, '/v1/x.json', { objects: [m1], key: 'k' }, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await cache.file(b3, '/v1/x.json', { objects: [m2, m1], key: 'k2' }, file('six'))).bytes!.toString()).toBe('six');
  });
});

describe('flat exports kept between builds', () => {
  let store: DuckDbStore;
  const chains = [makeChain('alpha'), makeChain('beta')];
  const writers: ChainWriter[] = [];
  const blocks: BlockSpec[][] = [];
  const clock = new FixedClock(END + 2.5 * HOUR);
  const factsCache = new DailyFactsCache();
  const exportCache = new ExportBytesCache();
  const isExport = (path: string) => path.startsWith('/v1/export/') || path.startsWith('/v1/fundamentals');
  let seen = { reused: 0, made: 0 };
  const delta = () => {
    const d = { reused: exportCache.stats.reused - seen.reused, made: exportCache.stats.made - seen.made };
    seen = { ...exportCache.stats };
    return d;
  };
  /**
   * Every export file a build asks the cache for: the published ones (PUBLISHED) and those skipped
   * for want of rows (a metric whose source these chains lack: no chain has its document, and
   * none gains one, so these are reused after every change here).
   */
  let FILES = 0;
  let PUBLISHED = 0;
  let warm: DocumentInput[] = [];
  const rows = (path: string): Row[] => JSON.parse(serialize(warm.find((i) => i.path === path)!).toString('utf8')) as Row[];
  const row = (path: string, origin: string, key: string, date: string) => rows(path).find((r) => r.origin_key === origin && r.metric_key === key && r.date === date);

  /** Builds warm, then cold; every document's bytes equal, and each kept export's bytes those of its value. */
  async function warmEqualsCold(): Promise<void> {
    await computeFacts(store, chains, clock, { logger: silent });
    const w = await buildAllDocuments(store, chains, clock, { logger: silent, factsCache, exportCache });
    const cold = await buildAllDocuments(store, chains, clock, { logger: silent });
    expect(w.inputs.map((i) => i.path)).toEqual(cold.inputs.map((i) => i.path));
    w.inputs.forEach((x, i) => expect(serialize(x).equals(serialize(cold.inputs[i]!)), x.path).toBe(true));
    expect(w.report.skipped).toEqual(cold.report.skipped);
    warm = w.inputs;
    for (const x of warm.filter((i) => isExport(i.path))) {
      if (x.json !== undefined) expect(serialize(x).toString('utf8'), x.path).toBe(JSON.stringify(x.json));
      if (x.csv !== undefined) expect(serialize(x).toString('utf8'), x.path).toBe(csvText(x.csv, x.path));
    }
    PUBLISHED = warm.filter((i) => isExport(i.path)).length;
    FILES = PUBLISHED + w.report.skipped.filter((s) => isExport(s.path)).length;
  }

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    for (const [i, chain] of chains.entries()) {
      writers.push(new ChainWriter(store, chain));
      blocks.push([...genBlocks({ seed: 21 + i, fromMs: START, days: DAYS, senders: 9 }), { time: (END + 10 * 60_000) / 1000, txs: [{ from: addr(3), to: addr(0xc0) }] }, { time: (END + 70 * 60_000) / 1000, txs: [{ from: addr(4), to: addr(0xc2) }] }]);
      await writers[i]!.write(blocks[i]!);
    }
    await store.writePrices(Array.from({ length: DAYS + 1 }, (_, i) => ({ asset: 'ethereum', granularity: 'daily' as const, period_ms: START + i * DAY, usd: 1500 + 7 * i })));
  }, 300_000);
  afterAll(async () => {
    await store?.close();
  });

  it('makes every file first; with nothing changed, reuses every one', async () => {
    await warmEqualsCold();
    expect(PUBLISHED).toBeGreaterThan(20);
    expect(FILES).toBeGreaterThan(PUBLISHED);
    expect(delta()).toEqual({ reused: 0, made: FILES });
    expect(warm.some((i) => i.path === '/v1/fundamentals_full.parquet')).toBe(true);
    await warmEqualsCold();
    expect(delta()).toEqual({ reused: FILES, made: 0 });
  }, 300_000);

  it('a new hour inside the day: every file reused, no new date', async () => {
    const before = rows('/v1/export/txcount.json');
    for (const [i, w] of writers.entries()) {
      const b = { time: (END + 130 * 60_000) / 1000, txs: [{ from: addr(5 + i), to: addr(0xc3) }] };
      blocks[i]!.push(b);
      await w.write([b]);
    }
    clock.set(END + 3.5 * HOUR);
    await warmEqualsCold();
    expect(delta()).toEqual({ reused: FILES, made: 0 });
    expect(rows('/v1/export/txcount.json')).toEqual(before);
    expect(before.at(-1)!.date).toBe(iso(END - DAY));
  }, 300_000);

  it('a price arriving for a complete day: every published file made again, the day\'s USD fees at the new price', async () => {
    const d = START + 3 * DAY;
    const changed = [{ asset: 'ethereum', granularity: 'daily' as const, period_ms: d, usd: 9999 }];
    await store.writePrices(changed);
    expect(await reconvertChangedPrices(store, chains, changed)).toBe(2);
    await warmEqualsCold();
    expect(delta()).toEqual({ reused: FILES - PUBLISHED, made: PUBLISHED });
    const feeEth = expectedPeriod(txsBetween(blocks[0]!, d, d + DAY), 86_400).feeEth;
    expect(feeEth).toBeGreaterThan(0);
    expect(row('/v1/export/fees.json', 'alpha', 'fees_paid_usd', iso(d))!.value! / (feeEth * 9999)).toBeCloseTo(1, 9);
    expect(row('/v1/fundamentals_full.json', 'alpha', 'fees_paid_usd', iso(d))!.value! / (feeEth * 9999)).toBeCloseTo(1, 9);
  }, 300_000);

  it('a reorg of a complete day of alpha: the files made again with its new count, beta\'s rows unchanged', async () => {
    const d = END - 2 * DAY;
    const betaBefore = rows('/v1/fundamentals_full.json').filter((r) => r.origin_key === 'beta');
    const from = blocks[0]!.findIndex((b) => b.time * 1000 >= d);
    const replaced = blocks[0]!.slice(from).map((b) => ({ ...b, txs: [...(b.txs ?? []), { from: addr(0x99), to: addr(0xc1), gasUsed: 50_000n, gasPrice: 2n * 10n ** 9n, inputEmpty: false }] }));
    await writers[0]!.rollback(from);
    writers[0]!.fork(17);
    blocks[0] = [...blocks[0]!.slice(0, from), ...replaced];
    await writers[0]!.write(replaced);
    await warmEqualsCold();
    expect(delta()).toEqual({ reused: FILES - PUBLISHED, made: PUBLISHED });
    const count = expectedPeriod(txsBetween(blocks[0]!, d, d + DAY), 86_400).txcount;
    expect(row('/v1/export/txcount.json', 'alpha', 'txcount', iso(d))!.value).toBe(count);
    expect(rows('/v1/fundamentals_full.json').filter((r) => r.origin_key === 'beta')).toEqual(betaBefore);
    await warmEqualsCold();
    expect(delta()).toEqual({ reused: FILES, made: 0 });
  }, 300_000);

  it('new senders in a complete day, each day\'s facts equal: only the files with aa_last7d made again', async () => {
    // alpha's last complete day with every sender replaced one for one by a new address: each
    // day's counts stay (the same transactions, as many distinct senders), but the 7-day windows
    // that hold that day now count its senders apart from those of the days before.
    const d = END - DAY;
    const from = blocks[0]!.findIndex((b) => b.time * 1000 >= d);
    const fresh = (a: string) => addr(0x700 + Number.parseInt(a.slice(-4), 16));
    const replaced = blocks[0]!.slice(from).map((b) => (b.time * 1000 < END ? { ...b, txs: (b.txs ?? []).map((t) => ({ ...t, from: fresh(t.from) })) } : b));
    const factsRead = factsCache.stats.read;
    await writers[0]!.rollback(from);
    writers[0]!.fork(29);
    blocks[0] = [...blocks[0]!.slice(0, from), ...replaced];
    await writers[0]!.write(replaced);
    const aaBefore = row('/v1/fundamentals_full.json', 'alpha', 'aa_last7d', iso(d))!.value;
    await warmEqualsCold();
    expect(factsCache.stats.read).toBe(factsRead); // the daily facts were kept: their digest did not move
    // The six fundamentals files hold aa_last7d; the metrics' own exports do not.
    expect(delta()).toEqual({ reused: FILES - 6, made: 6 });
    const senders = new Set(txsBetween(blocks[0]!, d - 6 * DAY, d + DAY).map((t) => t.from));
    expect(row('/v1/fundamentals_full.json', 'alpha', 'aa_last7d', iso(d))!.value).toBe(senders.size);
    expect(senders.size).toBeGreaterThan(aaBefore!);
  }, 300_000);

  it('a new complete day: every published file made again, the day in the rows', async () => {
    for (const [i, w] of writers.entries()) {
      const b = [{ time: (END + 20 * HOUR) / 1000, txs: [{ from: addr(7 + i), to: addr(0xc1) }] }, { time: (END + DAY + 15 * 60_000) / 1000, txs: [{ from: addr(8), to: addr(0xc0) }] }];
      blocks[i]!.push(...b);
      await w.write(b);
    }
    clock.set(END + DAY + 0.5 * HOUR);
    await warmEqualsCold();
    expect(delta()).toEqual({ reused: FILES - PUBLISHED, made: PUBLISHED });
    for (const [i, chain] of chains.entries()) {
      const count = expectedPeriod(txsBetween(blocks[i]!, END, END + DAY), 86_400).txcount;
      expect(count).toBeGreaterThan(0);
      expect(row('/v1/export/txcount.json', chain.origin_key, 'txcount', iso(END))!.value).toBe(count);
    }
  }, 300_000);
});
