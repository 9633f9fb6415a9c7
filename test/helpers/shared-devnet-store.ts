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
import { inject } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import type { Devnet } from '../../src/devnet/index.js';
import type { Chain } from '../../src/registry/types.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { DevnetDocumentsOptions } from './devnet-documents.js';
import { ingestWithPrices, startDevnetOf } from './ingest-devnet.js';
import { cacheKey, cachedFile } from './run-cache.js';

/** A devnet's parameters as the document sets take them, and the days of prices to sync. */
export interface IngestedDevnetOptions extends Omit<DevnetDocumentsOptions, 'publicBaseUrl' | 'openStore'> {
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

/** Ingests every chain to its head and syncs the prices into a DuckDB file at `path`, closed after. */
async function ingestInto(path: string, o: IngestedDevnetOptions): Promise<void> {
  const devnet = await startDevnetOf(o);
  try {
    const store = await DuckDbStore.open({ path });
    try {
      await ingestWithPrices(store, devnet, new FixedClock(o.nowMs), o.priceDays);
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
    const devnet = await startDevnetOf(o);
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
