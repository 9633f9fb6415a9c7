// Flat export of one metric — /v1/export/{metric_id}.json, .csv and .parquet (CONTRACT.md section
// 9): the full daily history of one chain metric on every chain with a metric detail document for
// it, as flat rows that notebooks and warehouses load without reshaping. Three kinds, one per
// format, over the same rows (export-rows.ts). This file also declares the schemas every flat
// export uses.
import { patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput, MediaType } from '../document-set.js';
import { exportInput, metricSource } from './export-rows.js';
import { arrayOf, date, documentPath, obj, ref, str, type OpenApiSchema } from '../openapi-components.js';

export const EXPORT_PATH = '/v1/export/{metric_id}.json';
export const EXPORT_CSV_PATH = '/v1/export/{metric_id}.csv';
export const EXPORT_PARQUET_PATH = '/v1/export/{metric_id}.parquet';

export function exportPath(metricId: string, media: MediaType): string {
  return `/v1/export/${metricId}.${media}`;
}

function buildExports(media: MediaType) {
  return async (ctx: BuildContext): Promise<DocumentInput[]> => {
    const inputs: DocumentInput[] = [];
    for (const metric of ctx.metrics) {
      const input = await exportInput(ctx, exportPath(metric.metric_id, media), media, metricSource(ctx, metric), 'no chain has a metric detail document for this metric');
      if (input) inputs.push(input);
    }
    return inputs;
  };
}

const notFound = {
  message: 'No export for this metric.',
  hint: 'Metric ids are the keys of "metrics" in /v1/master.json; a metric has an export when a chain lists it in "supported_metrics".',
};

const ROW_ORDER = 'Ordered by origin_key, metric_key, date.';

export const EXPORT_SCHEMAS: Record<string, OpenApiSchema> = {
  ExportRows: {
    ...arrayOf(
      obj({
        metric_key: { ...str, description: 'Stored metric key (master.json metrics[id].metric_keys): a money metric has a _usd and an _eth key.' },
        origin_key: str,
        date,
        value: ref('Value'),
      }),
    ),
    description: `Flat daily rows, no envelope. ${ROW_ORDER} Each value equals the daily value of the same chain, key and day in the metric detail document.`,
  },
  ExportCsv: {
    type: 'string',
    contentMediaType: 'text/csv',
    description: 'RFC 4180 CSV of the same rows: header metric_key,origin_key,date,value, CRLF line ends, null as an empty field.',
    examples: ['metric_key,origin_key,date,value\r\ntxcount,base,2025-01-01,123\r\n'],
  },
  ExportParquet: {
    type: 'string',
    contentMediaType: 'application/vnd.apache.parquet',
    description:
      'Apache Parquet file of the same rows in the same order: metric_key and origin_key (string), date (DATE), value (DOUBLE, null kept), zstd-compressed. DuckDB, pandas (pyarrow) and warehouses read it directly.',
  },
};

export const exportMetric: DocumentKind<'export'> = {
  route: 'export',
  path: EXPORT_PATH,
  matches: patternMatcher(EXPORT_PATH),
  scope: '/v1/export/',
  freshness: 'daily',
  rowQuery: true,
  notFound,
  description: 'Flat export: every daily value of one metric on every chain, as {metric_key, origin_key, date, value} rows.',
  openapi: {
    pathItem: documentPath({
      summary: 'Metric export',
      description: `The full daily history of one chain metric on every chain that has a metric detail document for it (not all_l2s). ${ROW_ORDER}`,
      schema: 'ExportRows',
      operation: 'ExportMetric',
      params: ['metric_id'],
      rowQuery: true,
    }),
    schemas: EXPORT_SCHEMAS,
  },
  build: buildExports('json'),
};

export const exportMetricCsv: DocumentKind<'export'> = {
  route: 'export',
  path: EXPORT_CSV_PATH,
  matches: patternMatcher(EXPORT_CSV_PATH),
  scope: '/v1/export/',
  freshness: 'daily',
  media: 'csv',
  rowQuery: true,
  notFound,
  description: 'The metric export as CSV (header metric_key,origin_key,date,value).',
  openapi: {
    pathItem: documentPath({
      summary: 'Metric export (CSV)',
      description: 'The rows of /export/{metric_id}.json as text/csv.',
      schema: 'ExportCsv',
      operation: 'ExportMetricCsv',
      params: ['metric_id'],
      rowQuery: true,
      media: 'csv',
    }),
  },
  build: buildExports('csv'),
};

export const exportMetricParquet: DocumentKind<'export'> = {
  route: 'export',
  path: EXPORT_PARQUET_PATH,
  matches: patternMatcher(EXPORT_PARQUET_PATH),
  scope: '/v1/export/',
  freshness: 'daily',
  media: 'parquet',
  notFound,
  description: 'The metric export as a Parquet file (typed columns; DuckDB, pandas).',
  openapi: {
    pathItem: documentPath({
      summary: 'Metric export (Parquet)',
      description: 'The rows of /export/{metric_id}.json as an Apache Parquet file.',
      schema: 'ExportParquet',
      operation: 'ExportMetricParquet',
      params: ['metric_id'],
      media: 'parquet',
    }),
  },
  build: buildExports('parquet'),
};
