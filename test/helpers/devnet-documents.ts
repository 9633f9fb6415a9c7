// The whole document set from a devnet, as `npm start` would build it: devnet JSON-RPC → ingest
// → DuckDB → prices → the devnet's labels, project directory and token market data through the
// real importers → facts → every builder. Shared by the tests that check the set as a whole
// (the published-bytes manifest, the compatibility suite), so they build it the same way.
//
// `sharedDevnetDocuments` builds a set once per test run for each set of parameters: files that
// read the same devnet's documents (compat and the dashboard's pages; the overview, blockspace and
// landing golden tests) take the same parameters, and the first to ask builds while the others
// wait for its file in the run's cache folder (test/global-setup.ts), about 25 CPU-seconds saved
// per file that waits. Each file still runs its own devnet (its ground truth is computed on
// demand from the seed, so a start costs well under a second) and checks the set against it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { expect, inject } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { writeDevnetAppFiles, type Devnet } from '../../src/devnet/index.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import { buildDocumentSet, type DocumentSet } from '../../src/documents/document-set.js';
import { openApiDocument } from '../../src/documents/openapi.js';
import { createLogger } from '../../src/log.js';
import { DefiLlamaClient } from '../../src/sources/external/defillama-client.js';
import { ExternalSources } from '../../src/sources/external/external-sync.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import type { Chain } from '../../src/registry/types.js';
import { LabelSources } from '../../src/sources/labels/label-sources.js';
import { syncMarketData } from '../../src/sources/market/sync-market.js';
import { CoinGeckoClient } from '../../src/sources/prices/coingecko-client.js';
import { loadProjectDirectory } from '../../src/sources/projects/project-directory.js';
import { StablecoinSampler } from '../../src/sources/stablecoins/supply-sampler.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { Store } from '../../src/store/store.js';
import { ingestWithPrices, startDevnetOf, type DevnetParameters } from './ingest-devnet.js';
import { cacheKey, cachedFile } from './run-cache.js';

export interface DevnetDocumentsOptions extends DevnetParameters {
  publicBaseUrl: string;
  /** The store to build in (default: DuckDB in memory); the ClickHouse tests pass a cluster's. */
  openStore?: () => Promise<Store>;
}

export interface DevnetDocuments {
  devnet: Devnet;
  store: Store;
  chains: Chain[];
  set: DocumentSet;
  close(): Promise<void>;
}

export async function buildDevnetDocuments(o: DevnetDocumentsOptions): Promise<DevnetDocuments> {
  const clock = new FixedClock(o.nowMs);
  const silent = createLogger('silent');
  const devnet = await startDevnetOf(o);
  const chains = devnet.chainConfigs();
  const store = o.openStore ? await o.openStore() : await DuckDbStore.open({ path: ':memory:' });
  const close = async (): Promise<void> => {
    await store.close();
    await devnet.close();
  };
  try {
    await ingestWithPrices(store, devnet, clock, o.historyDays + 5);
    const dir = mkdtempSync(join(tmpdir(), 'chainlytics-devnet-apps-'));
    try {
      const files = writeDevnetAppFiles(dir, { chains: o.chains });
      expect(await new LabelSources({ files: [files.labelsCsv], urls: [], chains, clock, logger: silent }).refresh(store)).not.toBeNull();
      const directory = loadProjectDirectory(files.projectsDir, files.overlay);
      expect(directory.issues).toEqual([]);
      await store.replaceProjects(directory.projects);
      const ids = [...new Set([...chains.flatMap((c) => (c.token ? [c.token.market_data_id] : [])), ...directory.projects.flatMap((p) => (p.market_data_id ? [p.market_data_id] : []))])];
      const client = new CoinGeckoClient({ baseUrl: devnet.priceUrl, retries: 2, clock });
      expect((await syncMarketData(store, client, ids, { clock, historyDays: o.historyDays + 5 })).failed).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const sampler = new StablecoinSampler({ clock, logger: silent });
    try {
      expect((await sampler.run(store, chains)).every((r) => r.error === undefined)).toBe(true);
    } finally {
      await sampler.close();
    }
    // tvl and app_revenue from the devnet feed's DefiLlama shapes, as devnet mode configures it.
    const external = new ExternalSources({ client: new DefiLlamaClient({ baseUrl: devnet.priceUrl, retries: 2, clock }), csv: { tvl: [], app_revenue: [] }, clock, logger: silent });
    expect(await external.run(store, chains)).toEqual({ changed: true, new_gaps: 0 });
    await computeFacts(store, chains, clock, { logger: silent });
    const { inputs } = await buildAllDocuments(store, chains, clock, { logger: silent });
    const set = buildDocumentSet([...inputs, openApiDocument(o.publicBaseUrl)], clock.now());
    return { devnet, store, chains, set, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** A set from `sharedDevnetDocuments`: the store it was built in is gone (closed or another process's). */
export type SharedDevnetDocuments = Omit<DevnetDocuments, 'store'>;

/**
 * The document set of these parameters (always built in DuckDB), built at most once per test run:
 * the first caller builds it and writes it to the run's cache folder, a concurrent caller in
 * another worker waits for that file (a failed build is written there too, so it fails with the
 * builder's reason), a later one reads it. Either way the caller gets its own running devnet of
 * the same seed for ground truth. Outside a run with the global setup it simply builds.
 */
export async function sharedDevnetDocuments(o: Omit<DevnetDocumentsOptions, 'openStore'>): Promise<SharedDevnetDocuments> {
  const dir = inject('devnetDocumentCache');
  if (!dir) return buildDevnetDocuments(o);
  const key = cacheKey([o.seed, o.historyDays, o.txPerDay, o.historyBlockInterval ?? null, o.liveSinceMs, o.nowMs, o.publicBaseUrl, ...(o.chains ? [o.chains] : [])]);
  const { file, built } = await cachedFile(dir, `${key}.set`, `the shared devnet documents (seed ${o.seed})`, async (path) => {
    const b = await buildDevnetDocuments(o);
    await b.store.close();
    writeFileSync(path, serialize({ builtAt: b.set.builtAt, entries: b.set.entries }));
    return b;
  });
  if (built) return { devnet: built.devnet, chains: built.chains, set: built.set, close: () => built.devnet.close() };
  const set = deserialize(readFileSync(file)) as DocumentSet;
  const devnet = await startDevnetOf(o);
  return { devnet, chains: devnet.chainConfigs(), set, close: () => devnet.close() };
}
