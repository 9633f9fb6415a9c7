// Metric detail — /v1/metrics/chains/{origin_key}/{metric_id}.json (CONTRACT.md section 1).
// One document per chain and metric built from stored facts (rows and JSON: metric-detail-json.ts),
// then the all_l2s aggregate over the L2s (all-l2s.ts, CONTRACT.md section 8).
import { dataGapsByChain, gapMetric } from '../../metrics/data-gaps.js';
import { distinctCounts } from '../../metrics/read-facts.js';
import { buildAllL2s } from './all-l2s.js';
import { gapsWithin, summarizeGaps } from '../build-report.js';
import { HINT_MASTER, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { dailyRows, hourlyRows, METRIC_DETAIL_PATH, metricDetailPath } from './metric-detail-json.js';
import { metricDetailInput } from './metric-detail-body.js';
import { arrayOf, documentPath, obj, ref, str, type OpenApiSchema } from '../openapi-components.js';
import { metricProvenance } from '../provenance/metric-provenance.js';
import { METRIC_PROVENANCE_SCHEMA } from '../provenance/provenance-schema.js';

// Existing importers read these from here.
export { dailyRows, HOURLY_WINDOW_HOURS, hourlyRows, METRIC_DETAIL_PATH, metricDetailJson, metricDetailPath, withDistinctCounts, type TypedTable } from './metric-detail-json.js';

/**
 * One document per chain and metric with a complete day of data; records what it built in
 * ctx.supported (master.json lists exactly those) and why the others were skipped.
 */
async function buildChainMetricDetails(ctx: BuildContext): Promise<DocumentInput[]> {
  const inputs: DocumentInput[] = [];
  for (const { chain, status, facts, prices, sample_gaps } of ctx.chains) {
    const ok = chain.origin_key;
    const built: string[] = [];
    ctx.supported.set(ok, built);
    for (const metric of ctx.metrics) {
      const path = metricDetailPath(ok, metric.metric_id);
      if (!status || !facts) {
        ctx.report.skipped.push({ path, reason: 'no facts for this chain yet (nothing ingested or facts not computed)' });
        continue;
      }
      const daily = dailyRows(metric, facts, status);
      // The days a sampled source (eth_call, the external series) could not give this metric.
      const gaps = (sample_gaps ?? []).filter((g) => gapMetric(g.source) === metric.metric_id);
      if (daily.length === 0) {
        if (gaps.length > 0) {
          ctx.report.skipped.push({ path, reason: `the source could not give any day (${gaps.length} days without a value: ${gaps[0]!.reason})` });
          continue;
        }
        const unpriced = metric.currency ? [...new Set(prices.filter((r) => r.status === 'missing').map((r) => r.asset))] : [];
        const why = unpriced.length > 0 ? ` (no price for ${unpriced.join(', ')}: money values are null)` : '';
        ctx.report.skipped.push({ path, reason: `no complete day with a non-zero value${why}` });
        continue;
      }
      const hourly = metric.hourly_available ? hourlyRows(metric, facts, status) : [];
      const provenance = await metricProvenance(ctx, chain, status, metric, daily, hourly);
      const after = provenance ? { after: { provenance } } : {};
      // The daily pieces read the chain's daily facts (kept as the same objects while unchanged:
      // daily-facts-cache.ts), its complete-day bound and, for a unique metric, its address sets.
      const parts = {
        objects: [facts.daily],
        key: JSON.stringify([status.days_until]),
        ...(metric.monthly_agg === 'unique' ? { counts: (windows: Array<[number, number]>) => distinctCounts(ctx.store, ok, metric.address_set.key, windows) } : {}),
      };
      const doc = { path, freshness: metric.hourly_available ? ('hourly' as const) : ('daily' as const), metric, daily, hourly, builtAt: ctx.builtAt, overrides: after, parts };
      inputs.push(await metricDetailInput(doc, ctx.metricPartsCache));
      built.push(metric.metric_id);
      const sourceGaps = dataGapsByChain(gaps, daily[0]![0], daily[daily.length - 1]![0]).get(ok) ?? [];
      if (metric.currency) {
        const priceGaps = [
          ...gapsWithin(prices, 'daily', daily[0]![0], daily[daily.length - 1]![0]),
          ...(hourly.length > 0 ? gapsWithin(prices, 'hourly', hourly[0]![0], hourly[hourly.length - 1]![0]) : []),
        ];
        if (priceGaps.length > 0 || sourceGaps.length > 0) ctx.report.degraded.push({ path, price_gaps: summarizeGaps(priceGaps), ...(sourceGaps.length > 0 ? { source_gaps: sourceGaps } : {}) });
      } else if (sourceGaps.length > 0) ctx.report.degraded.push({ path, price_gaps: [], source_gaps: sourceGaps });
    }
  }
  return inputs;
}

/** The chains' documents first: all_l2s is built over the chains that got one (ctx.supported). */
async function buildMetricDetails(ctx: BuildContext): Promise<DocumentInput[]> {
  const chains = await buildChainMetricDetails(ctx);
  const all = [...chains, ...(await buildAllL2s(ctx))];
  ctx.metricPartsCache?.sweep();
  return all;
}

const schemas: Record<string, OpenApiSchema> = {
  MetricDetail: obj({
    last_updated_utc: ref('LastUpdatedUtc'),
    details: obj(
      {
        metric_id: str,
        metric_name: str,
        source: arrayOf(str),
        timeseries: obj(
          {
            daily: ref('TimeSeries'),
            weekly: ref('TimeSeries'),
            monthly: ref('TimeSeries'),
            quarterly: ref('TimeSeries'),
            daily_7d_rolling: { oneOf: [ref('TimeSeries'), { type: 'null' }], description: 'null when the metric\'s "avg" flag is false.' },
            hourly: { ...ref('TimeSeries'), description: 'Last 14 days of complete hours; present only when master.json says hourly_available.' },
          },
          ['daily', 'weekly', 'monthly', 'quarterly', 'daily_7d_rolling'],
        ),
        changes: obj(
          { daily: ref('Changes'), weekly: ref('Changes'), monthly: ref('Changes'), hourly: ref('Changes') },
          ['daily', 'weekly', 'monthly'],
        ),
        summary: obj({ last_1h: ref('ValueList'), last_1d: ref('ValueList'), last_7d: ref('ValueList'), last_30d: ref('ValueList') }),
        provenance: { ...ref('MetricProvenance'), description: 'A chain\'s document only (not all_l2s): which blocks its figures were computed from (a chainlytics extension).' },
        chains: { ...arrayOf(str), description: 'all_l2s only: the origin_keys summed or united, in configuration order (a chainlytics extension).' },
      },
      ['metric_id', 'metric_name', 'source', 'timeseries', 'changes', 'summary'],
    ),
  }),
  MetricProvenance: METRIC_PROVENANCE_SCHEMA,
};

export const metricDetail: DocumentKind<'metric_detail'> = {
  route: 'metric_detail',
  path: METRIC_DETAIL_PATH,
  matches: patternMatcher(METRIC_DETAIL_PATH),
  scope: '/v1/metrics/chains/',
  freshness: 'by metric',
  notFound: { message: 'No metric detail document for this chain and metric.', hint: HINT_MASTER },
  description: 'Metric detail: daily/weekly/monthly/quarterly/hourly series, changes, summary.',
  openapi: {
    pathItem: documentPath({
      summary: 'Metric detail',
      description: 'Daily, weekly, monthly, quarterly (and, when hourly_available, hourly) series of one metric on one chain, with changes and summary. origin_key all_l2s is the aggregate over every L2: sums, exact distinct addresses over the union, txcount-weighted mean costs.',
      schema: 'MetricDetail',
      params: ['origin_key', 'metric_id'],
    }),
    schemas,
  },
  build: buildMetricDetails,
};
