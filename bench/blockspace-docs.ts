// The blockspace documents alone (one per chain, plus /v1/blockspace/overview.json), built through
// the real builders on a build context loaded as buildAllDocuments loads it, then serialized and
// compressed, for bench:build: their share of the full document build. Then the category
// comparison (index and one file per main category) from the days those builders loaded, timed
// apart: its builders only prepare, the set step shapes each file when it reads it.
import type { Clock } from '../src/clock.js';
import { blockspaceChain } from '../src/documents/blockspace/blockspace-chain.js';
import { blockspaceOverview } from '../src/documents/blockspace/blockspace-overview.js';
import { categoryComparison, categoryComparisonIndex } from '../src/documents/blockspace/category-comparison/category-comparison.js';
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
  /** The category comparison: builders, then the set step (shaping, serializing, compressing). */
  comparison_build_s: number;
  comparison_set_s: number;
  comparison_docs: number;
}

export async function buildBlockspaceDocuments(store: Store, chains: readonly Chain[], clock: Clock): Promise<BlockspaceRun> {
  const ctx = await loadBuildContext(store, chains, clock, { logger: createLogger('silent') });
  const t0 = performance.now();
  const inputs = [...(await blockspaceChain.build!(ctx)), ...(await blockspaceOverview.build!(ctx))];
  const t1 = performance.now();
  await buildDocumentSetAsync(inputs, clock.now());
  const t2 = performance.now();
  const comparison = [...(await categoryComparisonIndex.build!(ctx)), ...(await categoryComparison.build!(ctx))];
  const t3 = performance.now();
  await buildDocumentSetAsync(comparison, clock.now());
  const t4 = performance.now();
  return { build_s: (t1 - t0) / 1000, set_s: (t2 - t1) / 1000, inputs, comparison_build_s: (t3 - t2) / 1000, comparison_set_s: (t4 - t3) / 1000, comparison_docs: comparison.length };
}
