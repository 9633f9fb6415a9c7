// Data-availability metric details — /v1/metrics/data_availability/{da_layer}/{da_metric}.json
// (CONTRACT.md 11.2): the section 1 document of each DA metric on each published layer, without
// hourly rows; weeks, months and quarters by the metric's monthly_agg. master.json lists the
// documents built here (daMetricSupport), so it never names one that does not exist.
import { patternMatcher, NOT_FOUND_ANY, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { documentPath } from '../openapi-components.js';
import { metricDetailJson } from '../metric-detail/metric-detail-json.js';
import { daData } from './da-data.js';
import { DA_METRICS, daDailyRows } from './da-metrics.js';

export const DA_METRIC_DETAIL_PATH = '/v1/metrics/data_availability/{da_layer}/{da_metric}.json';

export function daMetricDetailPath(layer: string, metricId: string): string {
  return `/v1/metrics/data_availability/${layer}/${metricId}.json`;
}

/** metric_id → the layers with its document in this build (master.json `da_metrics[*].supported_chains`). */
export async function daMetricSupport(ctx: BuildContext): Promise<Map<string, string[]>> {
  const d = await daData(ctx);
  const out = new Map<string, string[]>();
  if (!d) return out;
  for (const m of DA_METRICS) if (daDailyRows(m, d).length > 0) out.set(m.metric_id, [d.layer.key]);
  return out;
}

async function buildDaMetricDetails(ctx: BuildContext): Promise<DocumentInput[]> {
  const d = await daData(ctx);
  if (!d) return [];
  return DA_METRICS.flatMap((m) => {
    const daily = daDailyRows(m, d);
    if (daily.length === 0) {
      ctx.report.skipped.push({ path: daMetricDetailPath(d.layer.key, m.metric_id), reason: 'no non-zero day yet' });
      return [];
    }
    const json = metricDetailJson({ ...m, hourly_available: false }, daily, [], ctx.builtAt);
    return [{ path: daMetricDetailPath(d.layer.key, m.metric_id), json, freshness: 'daily' as const }];
  });
}

export const daMetricDetail: DocumentKind<'da_metric_detail'> = {
  route: 'da_metric_detail',
  path: DA_METRIC_DETAIL_PATH,
  matches: patternMatcher(DA_METRIC_DETAIL_PATH),
  scope: '/v1/metrics/data_availability/',
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  description: 'Data-availability metric detail: daily/weekly/monthly/quarterly series, changes, summary of one DA metric on one layer.',
  openapi: {
    pathItem: documentPath({
      summary: 'Data-availability metric detail',
      description:
        'The metric detail document (section 1 shape, no hourly series) of one data-availability metric (blob_count, blob_producers, data_posted in GiB, fees_paid, fees_per_mbyte per MiB) on one layer; only da_ethereum_blobs is published.',
      schema: 'MetricDetail',
      operation: 'DaMetricDetail',
      params: ['da_layer', 'da_metric'],
    }),
  },
  build: buildDaMetricDetails,
};
