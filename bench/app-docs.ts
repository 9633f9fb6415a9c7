// The application documents alone (the app details, both project lists), built through the real
// builders and compressed, for bench:build and bench:apps: the same steps buildAllDocuments takes
// for them (application inputs, then the three kinds' builders), without the chain documents, so
// their time is their own. master.json's app_metrics part is left out (it is one document of many).
import type { Clock } from '../src/clock.js';
import { appDetails } from '../src/documents/apps/app-details.js';
import type { AppDetailsCache } from '../src/documents/apps/app-details-cache.js';
import type { AppFactsCache, AppFactsReadStats } from '../src/documents/apps/app-facts-cache.js';
import type { BuildContext } from '../src/documents/document-kind.js';
import { buildDocumentSetAsync, threadPoolCompressor, type Compressor, type DocumentInput, type DocumentSet } from '../src/documents/document-set.js';
import { projects } from '../src/documents/apps/projects.js';
import { projectsFiltered } from '../src/documents/apps/projects-filtered.js';
import { createLogger } from '../src/log.js';
import { loadAppInputs } from '../src/metrics/app-inputs.js';
import type { Store } from '../src/store/store.js';
import { mainThreadCpuS } from './call-profile.js';

export const APP_KINDS = [appDetails, projectsFiltered, projects] as const;

export interface AppDocsRun {
  set: DocumentSet;
  /** Seconds: application inputs, builders (facts reads included), document set (which also shapes the app details: they are made as they are serialized). */
  inputs_s: number;
  build_s: number;
  set_s: number;
  total_s: number;
  /** CPU seconds of the whole process over the run (every thread: DuckDB's, libuv's pool): steadier than wall time on a shared machine. */
  cpu_s: number;
  /** CPU seconds of the main thread alone (the JavaScript; NaN without /proc): cpu_s less this is DuckDB's threads and the compression workers. */
  main_cpu_s: number;
  /** Documents whose bytes changed and were compressed again (all of them without `previous`). */
  compressed: number;
  /** What the application facts cache did (null without one). */
  cache: AppFactsReadStats | null;
}

/** What the service keeps besides the facts: the app details' serialized daily parts, and large documents compressed on first request. */
export interface DocParts {
  details: AppDetailsCache;
  lazyAbove: number;
}

/**
 * With `cache`, the application facts are read as the service reads them round after round (only
 * what changed); with `parts`, the documents are made and compressed as the service does too.
 */
export async function buildAppDocuments(store: Store, clock: Clock, previous?: DocumentSet | null, cache?: AppFactsCache, parts?: DocParts): Promise<AppDocsRun> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const main0 = mainThreadCpuS();
  const statuses = await store.factStatus();
  const bounds = new Map([...statuses].map(([ok, s]) => [ok, { days_until: s.days_until, hours_until: s.hours_until }] as const));
  const apps = await loadAppInputs(store, bounds);
  const t1 = performance.now();
  // Only what the application builders read; the chain parts stay empty.
  const ctx: BuildContext = {
    store,
    builtAt: clock.now(),
    chains: [],
    metrics: [],
    catalog: [],
    feeMetrics: [],
    supported: new Map(),
    overviews: new Set(),
    apps,
    appCache: cache,
    appDetailsCache: parts?.details,
    report: { built_at: clock.now(), documents: 0, degraded: [], skipped: [], elapsed_ms: 0 },
    logger: createLogger('silent'),
  };
  const inputs: DocumentInput[] = [];
  for (const kind of APP_KINDS) inputs.push(...(await kind.build!(ctx)));
  const t2 = performance.now();
  let compressed = 0;
  const counting: Compressor = {
    compress: (body) => {
      compressed++;
      return threadPoolCompressor.compress(body);
    },
  };
  const set = await buildDocumentSetAsync(inputs, clock.now(), { previous, compressor: counting, ...(parts ? { lazyAbove: parts.lazyAbove } : {}) });
  const t3 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  return { cpu_s: (cpu.user + cpu.system) / 1e6, main_cpu_s: mainThreadCpuS() - main0, set, inputs_s: (t1 - t0) / 1000, build_s: (t2 - t1) / 1000, set_s: (t3 - t2) / 1000, total_s: (t3 - t0) / 1000, compressed, cache: cache?.last ?? null };
}
