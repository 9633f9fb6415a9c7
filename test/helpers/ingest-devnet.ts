// How the shared devnet fixtures start a devnet, and what they do first (devnet-documents.ts, shared-devnet-store.ts): ingest
// every chain of the devnet to its head through the real ingestor, then sync the devnet's price
// feed, both asserted to succeed so that a broken fixture fails where it broke.
import { expect } from 'vitest';
import { FixedClock, type Clock } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { Ingestor } from '../../src/ingest/ingestor.js';
import { createLogger } from '../../src/log.js';
import { CoinGeckoClient } from '../../src/sources/prices/coingecko-client.js';
import { assetsFor, syncPrices } from '../../src/sources/prices/sync.js';
import type { Store } from '../../src/store/store.js';

/** The parameters that make a devnet: the same ones give the same blocks and ground truth. */
export interface DevnetParameters {
  seed: number;
  historyDays: number;
  txPerDay: number;
  /**
   * Seconds between history blocks (the devnet's default, 300, when absent). Tests that read the
   * documents' shapes rather than per-block figures take 3600: a twelfth of the blocks to ingest.
   */
  historyBlockInterval?: number;
  /**
   * The devnet chains to run (all of them when absent, as `npm start` does). A test that checks
   * what happens per chain, not across the whole set, runs a few: each chain is its own ingest,
   * facts and documents.
   */
  chains?: string[];
  /** Where history ends and live blocks start, ms. */
  liveSinceMs: number;
  /** The fixed clock (and build time), ms. */
  nowMs: number;
}

export function startDevnetOf(o: DevnetParameters): Promise<Devnet> {
  return startDevnet({ seed: o.seed, clock: new FixedClock(o.nowMs), historyDays: o.historyDays, txPerDay: o.txPerDay, liveSince: o.liveSinceMs / 1000, historyBlockInterval: o.historyBlockInterval, chains: o.chains });
}

export async function ingestWithPrices(store: Store, devnet: Devnet, clock: Clock, priceDays: number): Promise<void> {
  const silent = createLogger('silent');
  const chains = devnet.chainConfigs();
  const ing = new Ingestor({ store, chains, clock, logger: silent, batchSize: 200 });
  try {
    expect((await ing.syncOnce()).ok).toBe(true);
  } finally {
    await ing.close();
  }
  const client = new CoinGeckoClient({ baseUrl: devnet.priceUrl, retries: 2, clock });
  const sync = await syncPrices(store, client, assetsFor(chains), { clock, historyDays: priceDays, logger: silent });
  expect(sync.failed).toEqual([]);
}
