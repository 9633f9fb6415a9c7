// Builds every document this stage owns from stored facts: loads each chain's facts once, then
// runs the builder of every declared kind in kinds.ts order (metric details, the fee table, then
// master.json, which lists what was built). Returns DocumentInputs for buildDocumentSet() and a
// BuildReport.
import { HOUR_MS, type Clock } from '../clock.js';
import { createLogger, type Logger } from '../log.js';
import { loadChainFacts, loadFactStatus, loadPriceStatus } from '../metrics/read-facts.js';
import { CHAIN_METRICS, computedChainMetrics, FEE_METRICS } from '../metrics/catalog.js';
import { factKeys, settlementFacts, type ChainMetric, type FeeMetric } from '../metrics/definition.js';
import type { Chain } from '../registry/types.js';
import type { Store } from '../store/store.js';
import { loadAppInputs } from '../metrics/app-inputs.js';
import { BLOCKSPACE_FACT_KEYS } from '../metrics/blockspace-days.js';
import type { AppFactsCache } from './apps/app-facts-cache.js';
import type { AppDetailsCache } from './apps/app-details-cache.js';
import type { DailyFactsCache } from './daily-facts-cache.js';
import type { HourlyUnionCache } from './metric-detail/hourly-union-cache.js';
import type { MetricDetailPartsCache } from './metric-detail/metric-detail-parts-cache.js';
import type { ExportBytesCache } from './flat-exports/export-bytes-cache.js';
import type { BlockspaceChainCache } from './blockspace/blockspace-chain-cache.js';
import type { ChainOverviewCache } from './chain-overview/overview-cache.js';
import type { RawWindowMemo } from './raw-window-memo.js';
import type { ProvenanceInputs } from './provenance/provenance-inputs.js';
import type { BuildReport, DocumentStatus } from './build-report.js';
import type { BuildContext, ChainInputs, DocumentKind } from './document-kind.js';
import { mediaTypeOf, type DocumentInput } from './document-set.js';
import { DOCUMENT_KINDS } from './kinds.js';
import { HOURLY_WINDOW_HOURS } from './metric-detail/metric-detail.js';

export interface BuildOptions {
  /** Chain metrics to build (default: every catalog metric whose source exists). */
  metrics?: readonly ChainMetric[];
  /** Every catalog metric, for master.json (default: the catalog). */
  catalog?: readonly ChainMetric[];
  feeMetrics?: readonly FeeMetric[];
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** The application facts of the previous build, for a process that builds round after round (absent: read cold). */
  appCache?: AppFactsCache;
  /** The application detail documents' serialized daily parts of the previous build, kept the same way. */
  appDetailsCache?: AppDetailsCache;
  /** The chains' daily facts of the previous build, kept while their digests are equal (daily-facts-cache.ts). */
  factsCache?: DailyFactsCache;
  /** The all_l2s hourly distinct counts of the previous build, kept the same way. */
  unionCache?: HourlyUnionCache;
  /** The metric detail documents' serialized daily pieces of the previous build (their identity check needs factsCache). */
  metricPartsCache?: MetricDetailPartsCache;
  /** The flat exports' files of the previous build, kept while made of the same inputs (their identity check needs factsCache). */
  exportCache?: ExportBytesCache;
  /** Each chain's blockspace and document bytes of the previous build, kept while the store's digests of them are equal. */
  blockspaceCache?: BlockspaceChainCache;
  /** Each chain overview's data bytes of the previous build, kept while made of the same inputs (reuse needs factsCache and rawMemo). */
  overviewCache?: ChainOverviewCache;
  /** Raw-transaction window reads of the previous build, kept the same way. */
  rawMemo?: RawWindowMemo;
  /** What the running process knows of the chains' nodes and the sources (provenance/provenance-inputs.ts). */
  provenance?: ProvenanceInputs;
}

export interface BuiltDocuments {
  inputs: DocumentInput[];
  report: BuildReport;
}

export async function buildAllDocuments(store: Store, chains: readonly Chain[], clock: Clock, opts: BuildOptions = {}): Promise<BuiltDocuments> {
  const started = performance.now();
  const ctx = await loadBuildContext(store, chains, clock, opts);
  const inputs: DocumentInput[] = [];
  for (const kind of DOCUMENT_KINDS) {
    if (!kind.build) continue;
    for (const input of await kind.build(ctx)) {
      checkDeclared(kind, input);
      inputs.push(input);
    }
  }

  const { report, logger } = ctx;
  for (const d of report.degraded) logDegraded(logger, d);
  report.documents = inputs.length;
  report.elapsed_ms = performance.now() - started;
  return { inputs, report };
}

/**
 * What every builder of one build reads: each chain's facts loaded once (for every fact key any
 * builder reads), the application inputs, an empty report. Benchmarks time single kinds on it.
 */
export async function loadBuildContext(store: Store, chains: readonly Chain[], clock: Clock, opts: BuildOptions = {}): Promise<BuildContext> {
  const builtAt = clock.now();
  const metrics = opts.metrics ?? computedChainMetrics();
  const catalog = opts.catalog ?? CHAIN_METRICS;
  const feeMetrics = opts.feeMetrics ?? FEE_METRICS;
  const logger = opts.logger ?? createLogger('warn');
  const report: BuildReport = { built_at: builtAt, documents: 0, degraded: [], skipped: [], elapsed_ms: 0 };

  const statuses = await loadFactStatus(store);
  const keys = [
    ...new Set([
      ...metrics.flatMap((m) => m.columns.map((c) => c.fact_key)),
      ...feeMetrics.flatMap((f) => ('eth' in f.facts ? [f.facts.eth, f.facts.usd] : [f.facts.value])),
      // Kept with the rent but published by no column: the economics page's blob fees and bytes.
      ...settlementFacts(metrics).flatMap((f) => Object.values(factKeys(f))),
    ]),
  ];
  const loaded: ChainInputs[] = [];
  const cache = opts.factsCache;
  const withFacts = chains.flatMap((c) => (statuses.has(c.origin_key) ? [{ origin_key: c.origin_key, status: statuses.get(c.origin_key)! }] : []));
  // The digests the kept parts are checked by, in one scan of the facts and before any read: the
  // chains' daily facts (factsCache) and the blockspace documents' chain and contract facts.
  const groups = [...(cache ? [{ keys }] : []), ...(opts.blockspaceCache ? [{ keys: BLOCKSPACE_FACT_KEYS.chain }, { keys: BLOCKSPACE_FACT_KEYS.contract, dimension: 'contract' as const }] : [])];
  const digests = groups.length > 0 ? await store.dailyFactFingerprintGroups({ chains: withFacts.map((c) => ({ origin_key: c.origin_key, days_until: c.status.days_until })), groups }) : [];
  await cache?.begin(store, keys, withFacts, digests[0]);
  const blockspaceDigests = opts.blockspaceCache ? { chain: digests.at(-2)!, contract: digests.at(-1)! } : undefined;
  for (const chain of chains) {
    const status = statuses.get(chain.origin_key) ?? null;
    if (!status) {
      loaded.push({ chain, status, facts: null, prices: [] });
      continue;
    }
    const facts = await loadChainFacts(store, chain.origin_key, keys, status, status.hours_until - HOURLY_WINDOW_HOURS * HOUR_MS, cache?.part(chain.origin_key, status));
    cache?.keep(chain.origin_key, status, facts.dailyPart);
    loaded.push({ chain, status, facts, prices: await loadPriceStatus(store, chain.origin_key), sample_gaps: await store.readSampleGaps([chain.origin_key]) });
  }

  // Application inputs over the chains with facts (labels resolved now: a relabel needs no recompute).
  const bounds = new Map(loaded.flatMap((c) => (c.status ? [[c.chain.origin_key, { days_until: c.status.days_until, hours_until: c.status.hours_until }] as const] : [])));
  const apps = await loadAppInputs(store, bounds);

  return { store, builtAt, chains: loaded, metrics, catalog, feeMetrics, supported: new Map(), overviews: new Set(), apps, appCache: opts.appCache, appDetailsCache: opts.appDetailsCache, unionCache: opts.unionCache, metricPartsCache: opts.metricPartsCache, exportCache: opts.exportCache, blockspaceCache: opts.blockspaceCache, blockspaceDigests, overviewCache: opts.overviewCache, rawMemo: opts.rawMemo, provenance: opts.provenance, report, logger };
}

/** A builder's document must be what its declaration says: its path pattern, format and freshness. */
function checkDeclared(kind: DocumentKind, input: DocumentInput): void {
  if (!kind.matches(input.path)) throw new Error(`document kind ${kind.route} built ${input.path}, which does not match ${kind.path}`);
  if ((kind.media ?? 'json') !== mediaTypeOf(input)) throw new Error(`document kind ${kind.route} is declared ${kind.media ?? 'json'} but built ${input.path} as ${mediaTypeOf(input)}`);
  if (kind.freshness !== 'by metric' && kind.freshness !== input.freshness) {
    throw new Error(`document kind ${kind.route} is declared ${kind.freshness} but built ${input.path} as ${input.freshness}`);
  }
}

function logDegraded(logger: Pick<Logger, 'warn' | 'info'>, d: DocumentStatus): void {
  for (const g of d.source_gaps ?? []) {
    logger.warn({ path: d.path, metric: g.metric, days: g.days, first: g.first_day, last: g.last_day, reason: g.reason }, 'document has null values: the source could not read these days');
  }
  for (const g of d.price_gaps) {
    logger[g.status === 'missing' ? 'warn' : 'info'](
      { path: d.path, asset: g.asset, granularity: g.granularity, periods: g.periods, first: new Date(g.first_ms).toISOString(), last: new Date(g.last_ms).toISOString() },
      g.status === 'missing' ? 'document has null money values: no price for these periods' : 'document uses the latest earlier price for these periods',
    );
  }
}
