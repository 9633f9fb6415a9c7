// The whole document set from a devnet, as `npm start` would build it: devnet JSON-RPC → ingest
// → DuckDB → prices → the devnet's labels, project directory and token market data through the
// real importers → facts → every builder. Shared by the tests that check the set as a whole
// (the published-bytes manifest, the compatibility suite), so they build it the same way.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { startDevnet, writeDevnetAppFiles, type Devnet } from '../../src/devnet/index.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import { buildDocumentSet, type DocumentSet } from '../../src/documents/document-set.js';
import { openApiDocument } from '../../src/documents/openapi.js';
import { Ingestor } from '../../src/ingest/ingestor.js';
import { createLogger } from '../../src/log.js';
import { DefiLlamaClient } from '../../src/sources/external/defillama-client.js';
import { ExternalSources } from '../../src/sources/external/external-sync.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import type { Chain } from '../../src/registry/types.js';
import { LabelSources } from '../../src/sources/labels/label-sources.js';
import { syncMarketData } from '../../src/sources/market/sync-market.js';
import { CoinGeckoClient } from '../../src/sources/prices/coingecko-client.js';
import { assetsFor, syncPrices } from '../../src/sources/prices/sync.js';
import { loadProjectDirectory } from '../../src/sources/projects/project-directory.js';
import { StablecoinSampler } from '../../src/sources/stablecoins/supply-sampler.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { Store } from '../../src/store/store.js';

export interface DevnetDocumentsOptions {
  seed: number;
  historyDays: number;
  txPerDay: number;
  /**
   * Seconds between history blocks (the devnet's default, 300, when absent). Tests that read the
   * documents' shapes rather than per-block figures take 3600: a twelfth of the blocks to ingest.
   */
  historyBlockInterval?: number;
  /** Where history ends and live blocks start, ms. */
  liveSinceMs: number;
  /** The fixed build time, ms. */
  nowMs: number;
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
  const devnet = await startDevnet({ seed: o.seed, clock, historyDays: o.historyDays, txPerDay: o.txPerDay, liveSince: o.liveSinceMs / 1000, historyBlockInterval: o.historyBlockInterval });
  const chains = devnet.chainConfigs();
  const store = o.openStore ? await o.openStore() : await DuckDbStore.open({ path: ':memory:' });
  const close = async (): Promise<void> => {
    await store.close();
    await devnet.close();
  };
  try {
    const ing = new Ingestor({ store, chains, clock, logger: silent, batchSize: 200 });
    try {
      expect((await ing.syncOnce()).ok).toBe(true);
    } finally {
      await ing.close();
    }
    const client = new CoinGeckoClient({ baseUrl: devnet.priceUrl, retries: 2, clock });
    const sync = await syncPrices(store, client, assetsFor(chains), { clock, historyDays: o.historyDays + 5, logger: silent });
    expect(sync.failed).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'chainlytics-devnet-apps-'));
    try {
      const files = writeDevnetAppFiles(dir);
      expect(await new LabelSources({ files: [files.labelsCsv], urls: [], chains, clock, logger: silent }).refresh(store)).not.toBeNull();
      const directory = loadProjectDirectory(files.projectsDir, files.overlay);
      expect(directory.issues).toEqual([]);
      await store.replaceProjects(directory.projects);
      const ids = [...new Set([...chains.flatMap((c) => (c.token ? [c.token.market_data_id] : [])), ...directory.projects.flatMap((p) => (p.market_data_id ? [p.market_data_id] : []))])];
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
