// The chain overview documents alone (one per chain, plus /v1/chains/all/streaks_today.json),
// built through the real builders on a build context loaded as buildAllDocuments loads it, for
// bench:build and bench:overview. The application facts the ecosystem part reads are shared with
// the application documents in a full build, so they are read first and timed on their own.
import type { Clock } from '../src/clock.js';
import { appData } from '../src/documents/apps/app-data.js';
import { loadBuildContext } from '../src/documents/build-all.js';
import { chainOverview } from '../src/documents/chain-overview/chain-overview.js';
import type { DocumentInput } from '../src/documents/document-set.js';
import { streaksToday } from '../src/documents/chain-overview/streaks-today.js';
import { createLogger } from '../src/log.js';
import type { Chain } from '../src/registry/types.js';
import type { Store } from '../src/store/store.js';

export interface OverviewRun {
  /** Seconds: the build context (facts of every chain), the shared application facts, the overview builders. */
  context_s: number;
  app_facts_s: number;
  overview_s: number;
  inputs: DocumentInput[];
}

export async function buildOverviews(store: Store, chains: readonly Chain[], clock: Clock): Promise<OverviewRun> {
  const t0 = performance.now();
  const ctx = await loadBuildContext(store, chains, clock, { logger: createLogger('silent') });
  const t1 = performance.now();
  await appData(ctx);
  const t2 = performance.now();
  const inputs = [...(await chainOverview.build!(ctx)), ...(await streaksToday.build!(ctx))];
  const t3 = performance.now();
  return { context_s: (t1 - t0) / 1000, app_facts_s: (t2 - t1) / 1000, overview_s: (t3 - t2) / 1000, inputs };
}
