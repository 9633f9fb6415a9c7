// The blockspace documents alone (one per chain, plus /v1/blockspace/overview.json), built through
// the real builders on a build context loaded as buildAllDocuments loads it, then serialized and
// compressed, for bench:build: their share of the full document build.
import type { Clock } from '../src/clock.js';
import { blockspaceChain } from '../src/documents/blockspace/blockspace-chain.js';
import { blockspaceOverview } from '../src/documents/blockspace/blockspace-overview.js';
import { loadBuildContext } from '../src/documents/build-all.js';
import { buildDocumentSetAsync, type DocumentInput } from '../src/documents/document-set.js';
import { createLogger } from '../src/log.js';
import type { Chain } from '../src/registry/types.js';
import type { Store } from '../src/store/store.js';

export interface BlockspaceRun {
  /** Seconds: the builders (store reads included), then their documents' set step (serialize, compress, hash). */
  build_s: number;
  set_s: number;
  inputs: DocumentInput[];
}

export async function buildBlockspaceDocuments(store: Store, chains: readonly Chain[], clock: Clock): Promise<BlockspaceRun> {
  const ctx = await loadBuildContext(store, chains, clock, { logger: createLogger('silent') });
  const t0 = performance.now();
  const inputs = [...(await blockspaceChain.build!(ctx)), ...(await blockspaceOverview.build!(ctx))];
  const t1 = performance.now();
  await buildDocumentSetAsync(inputs, clock.now());
  const t2 = performance.now();
  return { build_s: (t1 - t0) / 1000, set_s: (t2 - t1) / 1000, inputs };
}
