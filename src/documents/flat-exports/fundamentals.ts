// The fundamentals exports (CONTRACT.md section 9), each as JSON and as CSV:
// - /v1/fundamentals_full.json: the rows of every chain metric's export plus aa_last7d (also as
//   Parquet);
// - /v1/fundamentals.json: the same over the last 90 complete days, without the _eth keys;
// - /v1/fundamentals_7d.json: as fundamentals.json over the last 7 complete days (JSON only), for
//   a client that pulls every day and wants the days it may have missed, not 90 of them.
// Six kinds over rows computed once per build (export-rows.ts), their bytes kept between builds
// while made of the same inputs (export-bytes-cache.ts);
// the schemas are export-metric.ts's.
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput, MediaType } from '../document-set.js';
import { exportInput, fundamentals7dSource, fundamentalsFullSource, fundamentalsSource, type ExportSource } from './export-rows.js';
import { documentPath } from '../openapi-components.js';

export const FUNDAMENTALS_PATH = '/v1/fundamentals.json';
export const FUNDAMENTALS_CSV_PATH = '/v1/fundamentals.csv';
export const FUNDAMENTALS_7D_PATH = '/v1/fundamentals_7d.json';
export const FUNDAMENTALS_FULL_PATH = '/v1/fundamentals_full.json';
export const FUNDAMENTALS_FULL_CSV_PATH = '/v1/fundamentals_full.csv';
export const FUNDAMENTALS_FULL_PARQUET_PATH = '/v1/fundamentals_full.parquet';

const NO_ROWS = 'no chain has a metric detail document yet';

function builder(path: string, media: MediaType, rows: (ctx: BuildContext) => Promise<ExportSource>) {
  return async (ctx: BuildContext): Promise<DocumentInput[]> => {
    const input = await exportInput(ctx, path, media, await rows(ctx), NO_ROWS);
    return input ? [input] : [];
  };
}

const SCHEMA_OF: Record<MediaType, string> = { json: 'ExportRows', csv: 'ExportCsv', parquet: 'ExportParquet' };

interface Declaration {
  path: string;
  media: MediaType;
  summary: string;
  description: string;
  operation: string;
  rows: (ctx: BuildContext) => Promise<ExportSource>;
  /** Accepts an incremental pull's since and chains (server/row-query.ts). */
  rowQuery?: true;
}

/** Each of them differs only in these; everything else is the same declaration. */
function fundamentalsKind(d: Declaration): DocumentKind<'fundamentals'> {
  return {
    route: 'fundamentals',
    path: d.path,
    matches: patternMatcher(d.path),
    scope: d.path,
    freshness: 'daily',
    ...(d.media !== 'json' ? { media: d.media } : {}),
    ...(d.rowQuery ? { rowQuery: true as const } : {}),
    notFound: NOT_FOUND_ANY,
    description: d.description,
    openapi: {
      pathItem: documentPath({
        summary: d.summary,
        description: d.description,
        schema: SCHEMA_OF[d.media],
        operation: d.operation,
        ...(d.media !== 'json' ? { media: d.media } : {}),
        ...(d.rowQuery ? { rowQuery: true } : {}),
      }),
    },
    build: builder(d.path, d.media, d.rows),
  };
}

const FULL = 'Every chain metric\'s export rows plus aa_last7d (exact distinct addresses over the 7 days ending each date), ordered by origin_key, metric_key, date.';
const RECENT = 'As fundamentals_full.json over the last 90 complete days, without the _eth keys.';

export const fundamentals = fundamentalsKind({
  path: FUNDAMENTALS_PATH,
  media: 'json',
  summary: 'Fundamentals, last 90 days',
  description: RECENT,
  operation: 'Fundamentals',
  rows: fundamentalsSource,
});
export const fundamentalsCsv = fundamentalsKind({
  path: FUNDAMENTALS_CSV_PATH,
  media: 'csv',
  summary: 'Fundamentals, last 90 days (CSV)',
  description: 'The rows of /fundamentals.json as CSV.',
  operation: 'FundamentalsCsv',
  rows: fundamentalsSource,
});
export const fundamentals7d = fundamentalsKind({
  path: FUNDAMENTALS_7D_PATH,
  media: 'json',
  summary: 'Fundamentals, last 7 days',
  description: 'As fundamentals.json over the last 7 complete days.',
  operation: 'Fundamentals7d',
  rows: fundamentals7dSource,
});
export const fundamentalsFull = fundamentalsKind({
  path: FUNDAMENTALS_FULL_PATH,
  media: 'json',
  summary: 'Fundamentals, full history',
  description: FULL,
  operation: 'FundamentalsFull',
  rows: fundamentalsFullSource,
  rowQuery: true,
});
export const fundamentalsFullCsv = fundamentalsKind({
  path: FUNDAMENTALS_FULL_CSV_PATH,
  media: 'csv',
  summary: 'Fundamentals, full history (CSV)',
  description: 'The rows of /fundamentals_full.json as CSV.',
  operation: 'FundamentalsFullCsv',
  rows: fundamentalsFullSource,
  rowQuery: true,
});
export const fundamentalsFullParquet = fundamentalsKind({
  path: FUNDAMENTALS_FULL_PARQUET_PATH,
  media: 'parquet',
  summary: 'Fundamentals, full history (Parquet)',
  description: 'The rows of /fundamentals_full.json as an Apache Parquet file.',
  operation: 'FundamentalsFullParquet',
  rows: fundamentalsFullSource,
});
