// A DuckDB store holding a devnet's ingested blocks and its price history, built once per test run
// for each set of parameters (issue 22, a fast suite). Golden files that check what comes after
// ingestion (facts, sources, documents) and agree on a devnet need not each fetch the same
// blocks over JSON-RPC again: the first file to ask ingests into a DuckDB file in the run's cache
// folder (test/global-setup.ts), and every file, that one included, opens its own copy, so what
// one file writes (market data, external values, facts) never reaches another.
// A file whose assertion is about ingestion itself (crash, reorg, faults, the pipeline) ingests
// on its own instead.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { Ingestor } from '../../src/ingest/ingestor.js';
import { createLogger } from '../../src/log.js';
import type { Chain } from '../../src/registry/types.js';
import { CoinGeckoClient } from '../../src/sources/prices/coingecko-client.js';
import { assetsFor, syncPrices } from '../../src/sources/prices/sync.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { cacheKey, cachedFile } from './run-cache.js';

export interface IngestedDevnetOptions {
  seed: number;
  historyDays: number;
  txPerDay: number;
  /** Seconds between history blocks (the devnet's default when absent). */
  historyBlockInterval?: number;
  /** The devnet chains (all of them when absent). */
  chains?: string[];
  /** Where history ends and live blocks start, ms. */
  liveSinceMs: number;
  /** The fixed clock, ms: ingestion reaches the heads of this time. */
  nowMs: number;
  /** Days of price history synced from the devnet's feed. */
  priceDays: number;
}

export interface IngestedDevnet {
  /** A running devnet of these parameters, the caller's own, for ground truth and its feeds. */
  devnet: Devnet;
  chains: Chain[];
  /** The caller's own copy of the ingested store, open. */
  store: DuckDbStore;
  /** Another fresh copy of the ingested store, open, for a test that must start from it again; closed by the caller. */
  copy(): Promise<DuckDbStore>;
  /** Closes the devnet and `store` and removes every copy's file. */
  close(): Promise<void>;
}

const silent = createLogger('silent');

function devnetOf(o: IngestedDevnetOptions): Promise<Devnet> {
  return startDevnet({ seed: o.seed, clock: new FixedClock(o.nowMs), historyDays: o.historyDays, txPerDay: o.txPerDay, liveSince: o.liveSinceMs / 1000, historyBlockInterval: o.historyBlockInterval, chains: o.chains });
}

/** Ingests every chain to its head and syncs the prices into a DuckDB file at `path`, closed after. */
async function ingestInto(path: string, o: IngestedDevnetOptions): Promise<void> {
  const clock = new FixedClock(o.nowMs);
  const devnet = await devnetOf(o);
  try {
    const chains = devnet.chainConfigs();
    const store = await DuckDbStore.open({ path });
    try {
      const ing = new Ingestor({ store, chains, clock, logger: silent, batchSize: 200 });
      try {
        expect((await ing.syncOnce()).ok).toBe(true);
      } finally {
        await ing.close();
      }
      const sync = await syncPrices(store, new CoinGeckoClient({ baseUrl: devnet.priceUrl, retries: 2, clock }), assetsFor(chains), { clock, historyDays: o.priceDays, logger: silent });
      expect(sync.failed).toEqual([]);
    } finally {
      await store.close();
    }
  } finally {
    await devnet.close();
  }
}

/**
 * The store of these parameters after ingestion and the price sync, as the caller's own copy.
 * The first caller of the run builds it; a caller in the other worker meanwhile waits for the
 * file (or the builder's failure, which it then reports); later callers copy it at once.
 * Outside a run with the global setup it simply builds into a folder of its own.
 */
export async function sharedIngestedDevnet(o: IngestedDevnetOptions): Promise<IngestedDevnet> {
  const own = mkdtempSync(join(tmpdir(), 'chainlytics-ingested-'));
  const path = join(own, 'store.duckdb');
  // The file as ingested, never opened here: `copy` starts from it.
  const pristine = join(own, 'ingested.duckdb');
  try {
    const cache = inject('devnetDocumentCache');
    if (!cache) await ingestInto(pristine, o);
    else copyFileSync(await cachedStoreFile(cache, o), pristine);
    copyFileSync(pristine, path);
    const devnet = await devnetOf(o);
    let store: DuckDbStore;
    try {
      store = await DuckDbStore.open({ path });
    } catch (err) {
      await devnet.close();
      throw err;
    }
    let copies = 0;
    const copy = async (): Promise<DuckDbStore> => {
      const again = join(own, `copy-${++copies}.duckdb`);
      copyFileSync(pristine, again);
      return DuckDbStore.open({ path: again });
    };
    const close = async (): Promise<void> => {
      try {
        await store.close();
        await devnet.close();
      } finally {
        rmSync(own, { recursive: true, force: true });
      }
    };
    return { devnet, chains: devnet.chainConfigs(), store, copy, close };
  } catch (err) {
    rmSync(own, { recursive: true, force: true });
    throw err;
  }
}

/** The path of the run's ingested store file of these parameters, built here if no file has claimed it. */
async function cachedStoreFile(cache: string, o: IngestedDevnetOptions): Promise<string> {
  const key = cacheKey(['ingested', o.seed, o.historyDays, o.txPerDay, o.historyBlockInterval ?? null, o.chains ?? null, o.liveSinceMs, o.nowMs, o.priceDays]);
  const { file } = await cachedFile(cache, `${key}.duckdb`, `the shared ingested devnet store (seed ${o.seed})`, (path) => ingestInto(path, o));
  return file;
}
