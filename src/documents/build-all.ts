// Builds every document this stage owns from stored facts: one metric detail per chain and
// supported metric with data, the fee table, and master.json (last, since it lists what was
// built). Returns DocumentInputs for buildDocumentSet() and a BuildReport.
import { HOUR_MS, type Clock } from '../clock.js';
import { createLogger, type Logger } from '../log.js';
import { distinctCounts, loadChainFacts, loadFactStatus, loadPriceStatus, type ChainFacts, type PriceStatusRow } from '../metrics/read-facts.js';
import { CHAIN_METRICS, computedChainMetrics, FEE_METRICS, type ChainMetric, type FeeMetric } from '../registry/metrics.js';
import type { Chain } from '../registry/types.js';
import type { Store } from '../store/store.js';
import { gapsWithin, summarizeGaps, type BuildReport, type DocumentStatus } from './build-report.js';
import type { DocumentInput } from './document-set.js';
import { FEE_TABLE_HOURS, FEE_TABLE_PATH, feeTableJson, type FeeTableChain } from './fee-table.js';
import { masterJson, MASTER_PATH } from './master.js';
import { dailyRows, hourlyRows, HOURLY_WINDOW_HOURS, metricDetailJson, metricDetailPath, withDistinctCounts } from './metric-detail.js';

export interface BuildOptions {
  /** Chain metrics to build (default: every catalog metric whose source exists). */
  metrics?: readonly ChainMetric[];
  /** Every catalog metric, for master.json (default: the catalog). */
  catalog?: readonly ChainMetric[];
  feeMetrics?: readonly FeeMetric[];
  logger?: Pick<Logger, 'warn' | 'info'>;
}

export interface BuiltDocuments {
  inputs: DocumentInput[];
  report: BuildReport;
}

export async function buildAllDocuments(store: Store, chains: readonly Chain[], clock: Clock, opts: BuildOptions = {}): Promise<BuiltDocuments> {
  const started = performance.now();
  const builtAt = clock.now();
  const metrics = opts.metrics ?? computedChainMetrics();
  const catalog = opts.catalog ?? CHAIN_METRICS;
  const feeMetrics = opts.feeMetrics ?? FEE_METRICS;
  const logger = opts.logger ?? createLogger('warn');
  const inputs: DocumentInput[] = [];
  const report: BuildReport = { built_at: builtAt, documents: 0, degraded: [], skipped: [], elapsed_ms: 0 };
  const supported = new Map<string, string[]>();
  const feeChains: FeeTableChain[] = [];
  const priceRows = new Map<string, PriceStatusRow[]>();

  const statuses = await loadFactStatus(store);
  const keys = [
    ...new Set([
      ...metrics.flatMap((m) => m.columns.map((c) => c.fact_key)),
      ...feeMetrics.flatMap((f) => ('eth' in f.facts ? [f.facts.eth, f.facts.usd] : [f.facts.value])),
    ]),
  ];

  for (const chain of chains) {
    const ok = chain.origin_key;
    const status = statuses.get(ok) ?? null;
    let facts: ChainFacts | null = null;
    if (status) {
      facts = await loadChainFacts(store, ok, keys, status, status.hours_until - HOURLY_WINDOW_HOURS * HOUR_MS);
      priceRows.set(ok, await loadPriceStatus(store, ok));
    }
    if (chain.flags.fee_table) feeChains.push({ origin_key: ok, status, facts });
    const built: string[] = [];
    supported.set(ok, built);
    for (const metric of metrics) {
      const path = metricDetailPath(ok, metric.metric_id);
      if (!status || !facts) {
        report.skipped.push({ path, reason: 'no facts for this chain yet (nothing ingested or facts not computed)' });
        continue;
      }
      const daily = dailyRows(metric, facts, status);
      if (daily.length === 0) {
        const unpriced = metric.currency ? [...new Set((priceRows.get(ok) ?? []).filter((r) => r.status === 'missing').map((r) => r.asset))] : [];
        const why = unpriced.length > 0 ? ` (no price for ${unpriced.join(', ')}: money values are null)` : '';
        report.skipped.push({ path, reason: `no complete day with a non-zero value${why}` });
        continue;
      }
      const hourly = metric.hourly_available ? hourlyRows(metric, facts, status) : [];
      const json =
        metric.monthly_agg === 'unique'
          ? await withDistinctCounts(
              (distinct) => metricDetailJson(metric, daily, hourly, builtAt, distinct),
              (windows) => distinctCounts(store, ok, 'daa', windows),
            )
          : metricDetailJson(metric, daily, hourly, builtAt);
      inputs.push({ path, json, freshness: metric.hourly_available ? 'hourly' : 'daily' });
      built.push(metric.metric_id);
      if (metric.currency) {
        const rows = priceRows.get(ok) ?? [];
        const gaps = [
          ...gapsWithin(rows, 'daily', daily[0]![0], daily[daily.length - 1]![0]),
          ...(hourly.length > 0 ? gapsWithin(rows, 'hourly', hourly[0]![0], hourly[hourly.length - 1]![0]) : []),
        ];
        if (gaps.length > 0) report.degraded.push({ path, price_gaps: summarizeGaps(gaps) });
      }
    }
  }

  const fee = feeTableJson(feeChains, feeMetrics);
  if (fee) {
    inputs.push({ path: FEE_TABLE_PATH, json: fee.json, freshness: 'hourly' });
    const newest = fee.hours[0]!;
    const oldest = fee.hours[fee.hours.length - 1]!;
    const gaps = feeChains.flatMap((c) => gapsWithin(priceRows.get(c.origin_key) ?? [], 'hourly', oldest, newest));
    if (gaps.length > 0) report.degraded.push({ path: FEE_TABLE_PATH, price_gaps: summarizeGaps(gaps) });
  } else {
    report.skipped.push({ path: FEE_TABLE_PATH, reason: `no fee-table chain has a complete hour in the last ${FEE_TABLE_HOURS} hours` });
  }

  inputs.push({
    path: MASTER_PATH,
    json: masterJson({ chains, metrics: catalog, feeMetrics, supported, builtAt }),
    freshness: 'daily',
  });

  for (const d of report.degraded) logDegraded(logger, d);
  report.documents = inputs.length;
  report.elapsed_ms = performance.now() - started;
  return { inputs, report };
}

function logDegraded(logger: Pick<Logger, 'warn' | 'info'>, d: DocumentStatus): void {
  for (const g of d.price_gaps) {
    logger[g.status === 'missing' ? 'warn' : 'info'](
      { path: d.path, asset: g.asset, granularity: g.granularity, periods: g.periods, first: new Date(g.first_ms).toISOString(), last: new Date(g.last_ms).toISOString() },
      g.status === 'missing' ? 'document has null money values: no price for these periods' : 'document uses the latest earlier price for these periods',
    );
  }
}
