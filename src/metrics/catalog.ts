// The catalog the documents publish, read off the metric definitions: chain metrics in
// master.json order, fee-table metrics in theirs, application metrics (`app_metrics`) in theirs. Checked once at load, so a definition that
// reads a fact nothing produces fails the first import instead of silently dropping a document.
import { checkCatalog } from './catalog-check.js';
import { isAppMetric, isChainMetric, isFeeMetric, type AppMetric, type ChainMetric, type FeeMetric } from './definition.js';
import { DEFINITIONS } from './definitions/index.js';

const problems = checkCatalog(DEFINITIONS);
if (problems.length > 0) throw new Error(`metric catalog is inconsistent:\n${problems.join('\n')}`);

export const CHAIN_METRICS: readonly ChainMetric[] = DEFINITIONS.filter(isChainMetric);

export const FEE_METRICS: readonly FeeMetric[] = DEFINITIONS.filter(isFeeMetric);

/** Per-contract metrics combined per project by the application documents; never chain documents. */
export const APP_METRICS: readonly AppMetric[] = DEFINITIONS.filter(isAppMetric);

export function appMetric(metricId: string): AppMetric | undefined {
  return APP_METRICS.find((m) => m.metric_id === metricId);
}

export function chainMetric(metricId: string): ChainMetric | undefined {
  return CHAIN_METRICS.find((m) => m.metric_id === metricId);
}

/** Chain metrics whose facts are computed, i.e. that can have documents. */
export function computedChainMetrics(): ChainMetric[] {
  return CHAIN_METRICS.filter((m) => m.status === 'computed');
}
