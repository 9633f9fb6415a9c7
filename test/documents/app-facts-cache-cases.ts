// The cases of the application facts cache (documents/apps/app-facts-cache.ts), one engine at a time:
// app-facts-cache.test.ts runs them on DuckDB, app-facts-cache-clickhouse.test.ts on the 2-shard
// ClickHouse cluster. Two files rather than one describe.each, so that the two halves (~15 s and
// ~55 s of cases on a quiet machine, the suite's longest file together) run on both workers.
// After each kind of change a build with the warm cache must give every document exactly as a cold
// build of the same store at the same time, and the cache must actually hit where nothing daily
// changed (else it would pass by always reading cold). The store is written through the real
// paths: raw blocks (ChainWriter, reorgs by rollback), the facts engine, the label store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock, HOUR_MS } from '../../src/clock.js';
import { AppDetailsCache } from '../../src/documents/apps/app-details-cache.js';
import { AppFactsCache } from '../../src/documents/apps/app-facts-cache.js';
import { overviewReadStats } from '../../src/documents/apps/app-overview-rows.js';
import { serialize, type DocumentInput } from '../../src/documents/document-set.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import { HourlyUnionCache } from '../../src/documents/metric-detail/hourly-union-cache.js';
import { RawWindowMemo } from '../../src/documents/raw-window-memo.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { reconvertChangedPrices } from '../../src/metrics/reconvert-money.js';
import type { LabelRow, ProjectRow } from '../../src/store/labels.js';
import type { Store } from '../../src/store/store.js';
import type { EngineName } from '../helpers/both-engines.js';
import { projectRow } from '../helpers/project-row.js';
import { addr, ChainWriter, GWEI, makeChain, type BlockSpec, type TxSpec } from '../metrics/chain-fixture.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 0, 1);
const D = (i: number) => D0 + i * DAY_MS;
const at = (ms: number) => ms / 1000;
// 16 complete days, then day 16 up to 03:00: the 14 days of hours start at day 2 03:00, so the
// next hour pushes day 2's 03:00 block (which has calls) out of the hourly window.
const DAYS = 16;

const [P, Q, R, T, W] = [0x501, 0x502, 0x503, 0x504, 0x505].map(addr) as [string, string, string, string, string];
const USERS = [0x101, 0x102, 0x103, 0x104].map(addr);
const call = (from: string, to: string, gasUsed = 100_000n, status: 0 | 1 = 1): TxSpec => ({ from, to, gasUsed, gasPrice: GWEI, inputEmpty: false, status });

/** Calls of one block, varied by day and hour so days and hours differ. */
function calls(d: number, h: number, chain: 'alpha' | 'beta', variant = 0): TxSpec[] {
  const u = (i: number) => USERS[(d + h + i + variant) % USERS.length]!;
  if (chain === 'beta') return [call(u(0), R), ...(h % 2 === 1 ? [call(u(1), P)] : [])];
  return [call(u(0), P), call(u(1), Q, 50_000n, (d + h + variant) % 5 === 0 ? 0 : 1), ...(d % 3 === 0 ? [call(u(2), T)] : []), ...(h === 9 ? [call(u(3), W)] : []), ...(variant ? [call(u(1), P)] : [])];
}

/** Blocks of day d at the listed hours (10 minutes in). */
const dayBlocks = (chain: 'alpha' | 'beta', d: number, hours: number[], variant = 0): BlockSpec[] => hours.map((h) => ({ time: at(D(d) + h * HOUR_MS + 600_000), txs: calls(d, h, chain, variant) }));
const HOURS = [1, 3, 9, 15, 21];

const label = (origin_key: string, address: string, owner_project: string, usage_category = 'dex'): LabelRow => ({ origin_key, address, contract_name: `C ${address.slice(-3)}`, owner_project, usage_category, verified: true });
const LABELS: LabelRow[] = [label('alpha', P, 'dex'), label('alpha', Q, 'dex', 'fungible_tokens'), label('beta', R, 'game', 'gaming'), label('alpha', T, 'feed', 'oracle')];
const project = (owner_project: string): ProjectRow => projectRow(owner_project, { display_name: owner_project.toUpperCase(), description: `About ${owner_project}` });

/**
 * Declares the cases on a store `open` gives (a fresh one per call). The cases run in order and
 * each starts from the store, clock and caches the one before left.
 */
export function appFactsCacheCases(engine: EngineName, open: () => Promise<Store>): void {
  // The cases and the set-up take the suite's hang guard (vitest.config.ts, 300 s), not one of
  // their own: at load 27-38 the ClickHouse cases took over the 60 s they had, and each timed-out
  // case left its builds running into the next one's.
  describe(`application facts cache on ${engine}`, () => {
    const alpha = makeChain('alpha');
    const beta = makeChain('beta');
    const chains = [alpha, beta];
    const clock = new FixedClock(D(DAYS) + 3.5 * HOUR_MS);
    const cache = new AppFactsCache();
    let store: Store;
    let alphaWriter: ChainWriter;
    let betaWriter: ChainWriter;
    /** alpha's blocks as written, to rewrite the tail after a rollback. */
    let alphaBlocks: BlockSpec[];

    // The all_l2s hourly counts and the chain overviews' raw-window reads are kept between builds
    // too (hourly-union-cache.ts, raw-window-memo.ts): warm builds use every cache.
    const unionCache = new HourlyUnionCache();
    const rawMemo = new RawWindowMemo();
    // And the application details' serialized daily parts (app-details-cache.ts): documents are
    // compared as the bytes the document set publishes.
    const partsCache = new AppDetailsCache();
    const build = async (appCache?: AppFactsCache) =>
      (await buildAllDocuments(store, chains, clock, { logger: silent, ...(appCache ? { appCache, unionCache, rawMemo, appDetailsCache: partsCache } : {}) })).inputs;
    /** Each document as its path and published bytes. */
    const published = (inputs: DocumentInput[]) => inputs.map((i) => `${i.path} ${serialize(i).toString('utf8')}`);
    const documents = async (appCache?: AppFactsCache) => published(await build(appCache));
    /** What the raw-window memo did since the last call. */
    let memoSeen = { reused: 0, read: 0 };
    const memoDelta = () => {
      const d = { reused: rawMemo.stats.reused - memoSeen.reused, read: rawMemo.stats.read - memoSeen.read };
      memoSeen = { ...rawMemo.stats };
      return d;
    };
    /**
     * Where the application overview's figures of the windows before came from since the last call
     * (app-overview-rows.ts: made with the application facts' daily part, or read by the tables),
     * and the store's group reads of the contract facts and sender sets the builds made: the
     * tables' own (sumContractFactsOverWindows, distinctOverContracts) and the daily part's one
     * read of the sets (distinctOverGroupings), counted on the store itself.
     */
    const groupReads = { distinctOverGroupings: 0, distinctOverContracts: 0, sumContractFactsOverWindows: 0 };
    let overviewSeen = { ...overviewReadStats, ...groupReads };
    const overviewDelta = () => {
      const now = { ...overviewReadStats, ...groupReads };
      const d = Object.fromEntries(Object.entries(now).map(([k, v]) => [k, v - overviewSeen[k as keyof typeof now]]));
      overviewSeen = now;
      return d;
    };
    /** No read of the tables' own, `made` tables and `sets` reads of the sender sets. */
    const overviewMade = (made: number, sets: number) => ({ made, read: 0, distinctOverGroupings: sets, distinctOverContracts: 0, sumContractFactsOverWindows: 0 });
    /** A cold build of the store as it is now, and the documents it published. */
    interface Cold {
      inputs: DocumentInput[];
      documents: string[];
    }
    const coldBuild = async (): Promise<Cold> => {
      const inputs = await build();
      return { inputs, documents: published(inputs) };
    };
    /**
     * Builds warm and compares every document with a cold build: `sameStoreAs`, one made since the
     * store and the clock last changed (a cold build reads no cache, so a second one of the same
     * store would give the same bytes again), else a new one. Returns what the cache did, the warm
     * documents and the cold build.
     */
    async function warmEqualsCold(sameStoreAs?: Cold) {
      const warm = await documents(cache);
      const stats = cache.last!;
      const cold = sameStoreAs ?? (await coldBuild());
      expect(warm.length).toBeGreaterThan(10);
      expect(warm.filter((d) => d.startsWith('/v1/apps/details/')).length).toBeGreaterThan(1);
      for (let i = 0; i < cold.documents.length; i++) expect(warm[i], cold.documents[i]!.slice(0, 60)).toBe(cold.documents[i]);
      expect(warm.length).toBe(cold.documents.length);
      latest = { warm, cold };
      return { ...stats, warm, cold };
    }
    /**
     * The last warmEqualsCold's builds: a case that starts where the one before ended (same store,
     * same clock) takes them instead of building again. A full build costs ~1 s on DuckDB and
     * ~1-2 s on ClickHouse, and this file makes ~35.
     */
    let latest: { warm: string[]; cold: Cold } | undefined;
    const facts = () => computeFacts(store, chains, clock, { logger: silent });
    /** Replaces alpha's blocks from index `from` on with `blocks` (a reorg). */
    async function reorgAlpha(from: number, blocks: BlockSpec[]): Promise<void> {
      await alphaWriter.rollback(from);
      alphaWriter.fork(from);
      alphaBlocks = [...alphaBlocks.slice(0, from), ...blocks];
      await alphaWriter.write(blocks);
    }

    beforeAll(async () => {
      store = await open();
      for (const name of Object.keys(groupReads) as Array<keyof typeof groupReads>) {
        const read = store[name].bind(store) as (...a: never[]) => unknown;
        (store as unknown as Record<string, unknown>)[name] = (...a: never[]) => {
          groupReads[name]++;
          return read(...a);
        };
      }
      alphaWriter = new ChainWriter(store, alpha);
      betaWriter = new ChainWriter(store, beta);
      alphaBlocks = [];
      for (let d = 0; d < DAYS; d++) alphaBlocks.push(...dayBlocks('alpha', d, HOURS));
      alphaBlocks.push(...dayBlocks('alpha', DAYS, [1, 2, 3]));
      await alphaWriter.write(alphaBlocks);
      const betaBlocks: BlockSpec[] = [];
      for (let d = 0; d < DAYS; d++) betaBlocks.push(...dayBlocks('beta', d, [2, 9]));
      betaBlocks.push(...dayBlocks('beta', DAYS, [3]));
      await betaWriter.write(betaBlocks);
      await store.writePrices(Array.from({ length: DAYS + 1 }, (_, i) => ({ asset: 'ethereum', granularity: 'daily' as const, period_ms: D(i), usd: 2000 + 10 * i })));
      await facts();
      await store.replaceLabels(LABELS);
      await store.replaceProjects(['dex', 'feed', 'game'].map(project));
    });
    afterAll(async () => store?.close());

    it('reads cold first, then reuses everything when nothing changed', async () => {
      const first = await warmEqualsCold();
      expect(first.daily_reused).toBe(false);
      // Both chains' overviews read their week of raw transactions once, then keep it.
      expect(memoDelta()).toEqual({ reused: 0, read: 2 });
      overviewDelta();
      expect(await warmEqualsCold(first.cold)).toMatchObject({ daily_reused: true, hours_read: 0 });
      expect(memoDelta()).toEqual({ reused: 2, read: 0 });
      // The application overview's figures of the windows before: kept with the daily part, no
      // read of the sets (a warm build only here).
      expect(overviewDelta()).toEqual(overviewMade(1, 0));
    });

    it('a new hour: the daily part reused, only that hour read; the hour that left the window dropped', async () => {
      // The case before ended on a warm build of this store at this time: the documents before the hour.
      const before = latest!.warm;
      await alphaWriter.write(dayBlocks('alpha', DAYS, [4]));
      await betaWriter.write(dayBlocks('beta', DAYS, [4]));
      clock.set(D(DAYS) + 4.5 * HOUR_MS);
      await facts();
      overviewDelta();
      const after = await warmEqualsCold();
      expect(after).toMatchObject({ daily_reused: true, hours_read: 1 });
      // The warm build keeps the overview's figures (complete days only); the cold one makes them
      // with its daily part, from its one read of the sets.
      expect(overviewDelta()).toEqual(overviewMade(2, 1));
      expect(unionCache.last).toMatchObject({ hours_counted: 1 });
      // Today's hours are outside the overviews' complete days.
      expect(memoDelta()).toMatchObject({ read: 0 });
      // The hourly series moved (day 2 03:00 left, day 16 03:00 came).
      const hourly = (docs: string[]) => docs.find((d) => d.startsWith('/v1/apps/details/dex.json'))!;
      expect(hourly(after.warm)).not.toBe(hourly(before));
    });

    it('an older hour of the window changed (a reorg within today): the daily part reused, read from that hour', async () => {
      // alpha's blocks of today: 01:10, 02:10, 03:10, 04:10; rewrite from 02:10 with other calls.
      const from = alphaBlocks.findIndex((b) => b.time === at(D(DAYS) + 2 * HOUR_MS + 600_000));
      await reorgAlpha(from, [...dayBlocks('alpha', DAYS, [2, 3], 1), ...dayBlocks('alpha', DAYS, [4])]);
      await facts();
      expect(await warmEqualsCold()).toMatchObject({ daily_reused: true, hours_read: 2 });
    });

    it('a changed value in a complete day (a reorg of day 12): read again', async () => {
      const from = alphaBlocks.findIndex((b) => b.time === at(D(12) + 15 * HOUR_MS + 600_000));
      await reorgAlpha(from, [...dayBlocks('alpha', 12, [15, 21], 2), ...alphaBlocks.slice(from + 2)]);
      await facts();
      memoDelta();
      overviewDelta();
      const reread = await warmEqualsCold();
      expect(reread.daily_reused).toBe(false);
      expect(overviewDelta()).toEqual(overviewMade(2, 2));
      // Day 12 is inside the week the overviews read: alpha's is read again, beta's kept.
      expect(memoDelta()).toEqual({ reused: 1, read: 1 });
      expect((await warmEqualsCold(reread.cold)).daily_reused).toBe(true);
      expect(overviewDelta()).toEqual(overviewMade(1, 0));
    });

    it('a money figure re-converted (a price arriving for a complete day): read again', async () => {
      const changed = [{ asset: 'ethereum', granularity: 'daily' as const, period_ms: D(10), usd: 9999 }];
      await store.writePrices(changed);
      expect(await reconvertChangedPrices(store, chains, changed)).toBe(2);
      expect((await warmEqualsCold()).daily_reused).toBe(false);
    });

    it('relabels: a contract moved to another project, a new label, a removed label', async () => {
      const moved = LABELS.map((l) => (l.address === Q ? { ...l, owner_project: 'feed' } : l));
      await store.replaceLabels(moved);
      expect((await warmEqualsCold()).daily_reused).toBe(false);
      await store.replaceLabels([...moved, label('alpha', W, 'game', 'gaming')]);
      expect((await warmEqualsCold()).daily_reused).toBe(false);
      await store.replaceLabels(moved.filter((l) => l.address !== T));
      const removed = await warmEqualsCold();
      expect(removed.daily_reused).toBe(false);
      expect((await warmEqualsCold(removed.cold)).daily_reused).toBe(true);
    });

    it('a new complete day: the daily part read again, the hourly part only for the hours it did not hold', async () => {
      await alphaWriter.write(dayBlocks('alpha', DAYS, [9, 21]));
      await alphaWriter.write(dayBlocks('alpha', DAYS + 1, [0]));
      await betaWriter.write(dayBlocks('beta', DAYS + 1, [0]));
      clock.set(D(DAYS + 1) + 0.5 * HOUR_MS);
      await facts();
      memoDelta();
      overviewDelta();
      const newDay = await warmEqualsCold();
      // The builds before held the hours up to day 16 04:00; 04:00 to 24:00 are new (20 hours),
      // the other 316 of the 14 days are kept, and the bytes equal a cold build's.
      expect(newDay).toMatchObject({ daily_reused: false, hours_read: 20 });
      // A day completed: the overview's figures of the windows before are made from the daily
      // part's reads (one read of the sets per build), not by reads of their own.
      expect(overviewDelta()).toEqual(overviewMade(2, 2));
      // The week moved on a day: both read again.
      expect(memoDelta()).toEqual({ reused: 0, read: 2 });
      expect(await warmEqualsCold(newDay.cold)).toMatchObject({ daily_reused: true, hours_read: 0 });
    });
    // The application details' kept daily parts (app-details-cache.ts). Every warmEqualsCold above
    // already compares their bytes with a cold build's; these count what the cache made, so that a
    // cache that always made everything again would fail.
    let partsSeen = { reused: 0, made: 0 };
    const partsDelta = () => {
      const d = { reused: partsCache.stats.reused - partsSeen.reused, made: partsCache.stats.made - partsSeen.made };
      partsSeen = { ...partsCache.stats };
      return d;
    };
    /** dex, feed and game (the first case below asserts the paths). */
    const DETAILS = 3;

    it('app details: the spliced bytes are JSON.stringify of the document, and kept parts are reused while nothing daily changed', async () => {
      // The case before ended on a warm build of the same store, compared with a cold one of it.
      partsDelta();
      const same = await warmEqualsCold(latest!.cold);
      expect(same).toMatchObject({ daily_reused: true });
      expect(partsDelta()).toEqual({ reused: DETAILS, made: 0 });
      const cold = same.cold.inputs.filter((i) => i.path.startsWith('/v1/apps/details/'));
      expect(cold.map((i) => i.path).sort()).toEqual(['/v1/apps/details/dex.json', '/v1/apps/details/feed.json', '/v1/apps/details/game.json']);
      for (const i of cold) expect(serialize(i).toString('utf8'), i.path).toBe(JSON.stringify(i.json));
    });

    it('app details: a new hour reuses every daily part', async () => {
      await alphaWriter.write(dayBlocks('alpha', DAYS + 1, [1]));
      await betaWriter.write(dayBlocks('beta', DAYS + 1, [1]));
      clock.set(D(DAYS + 1) + 1.5 * HOUR_MS);
      await facts();
      expect(await warmEqualsCold()).toMatchObject({ daily_reused: true, hours_read: 1 });
      expect(partsDelta()).toEqual({ reused: DETAILS, made: 0 });
    });

    it('app details: a contract renamed (its label only): the part of its project made again, the others reused', async () => {
      const renamed = (await store.readLabels()).map((l) => (l.address === P ? { ...l, contract_name: 'Router v2' } : l));
      await store.replaceLabels(renamed);
      // The application facts do not depend on the name: only the parts' own key sees it.
      expect(await warmEqualsCold()).toMatchObject({ daily_reused: true });
      expect(partsDelta()).toEqual({ reused: DETAILS - 1, made: 1 });
    });

    it('app details: retention prunes raw transactions of the hourly window: the daily parts reused', async () => {
      // Prunes alpha's raw transactions before day 5 12:00: the hourly senders of those hours
      // become null (the hourly part), the daily facts and sender sets stay.
      await store.pruneRaw('alpha', at(D(5) + 12 * HOUR_MS));
      expect(await warmEqualsCold()).toMatchObject({ daily_reused: true });
      expect(partsDelta()).toEqual({ reused: DETAILS, made: 0 });
    });

    it('app details: a reorg inside the daily window and a completed day make every part again', async () => {
      const from = alphaBlocks.findIndex((b) => b.time === at(D(14) + 9 * HOUR_MS + 600_000));
      await reorgAlpha(from, [...dayBlocks('alpha', 14, [9], 3), ...alphaBlocks.slice(from + 1)]);
      await facts();
      // Day 14 09:00 is inside the 14 days of hours: read again from that hour, not before.
      expect(await warmEqualsCold()).toMatchObject({ daily_reused: false, hours_read: (D(DAYS + 1) + HOUR_MS - (D(14) + 9 * HOUR_MS)) / HOUR_MS });
      expect(partsDelta()).toEqual({ reused: 0, made: DETAILS });
      await alphaWriter.write(dayBlocks('alpha', DAYS + 2, [0]));
      await betaWriter.write(dayBlocks('beta', DAYS + 2, [0]));
      clock.set(D(DAYS + 2) + 0.5 * HOUR_MS);
      await facts();
      expect((await warmEqualsCold()).daily_reused).toBe(false);
      expect(partsDelta()).toEqual({ reused: 0, made: DETAILS });
    });

    it('app details: a project leaves the directory: its part is forgotten, the others equal a cold build', async () => {
      const kept = partsCache.bytes();
      await store.replaceProjects(['dex', 'game'].map(project));
      await warmEqualsCold();
      // The contracts changed (feed's are no longer a directory project's): every part made again, feed's dropped.
      expect(partsDelta()).toEqual({ reused: 0, made: DETAILS - 1 });
      expect(partsCache.bytes()).toBeLessThan(kept);
    });
  });
}
