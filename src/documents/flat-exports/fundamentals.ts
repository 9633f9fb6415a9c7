// The fundamentals exports (CONTRACT.md section 9), each as JSON and as CSV:
// - /v1/fundamentals_full.json: the rows of every chain metric's export plus aa_last7d;
// - /v1/fundamentals.json: the same over the last 90 complete days, without the _eth keys.
// Four kinds (two documents × two formats) over rows computed once per build (export-rows.ts);
// the schemas are export-metric.ts's.
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput, MediaType } from '../document-set.js';
import { exportInput, fundamentalsFullRows, fundamentalsRows, type ExportRow } from './export-rows.js';
import { documentPath } from '../openapi-components.js';

export const FUNDAMENTALS_PATH = '/v1/fundamentals.json';
export const FUNDAMENTALS_CSV_PATH = '/v1/fundamentals.csv';
export const FUNDAMENTALS_FULL_PATH = '/v1/fundamentals_full.json';
export const FUNDAMENTALS_FULL_CSV_PATH = '/v1/fundamentals_full.csv';

const NO_ROWS = 'no chain has a metric detail document yet';

function builder(path: string, media: MediaType, rows: (ctx: BuildContext) => Promise<ExportRow[]>) {
  return async (ctx: BuildContext): Promise<DocumentInput[]> => {
    const input = exportInput(ctx, path, media, await rows(ctx), NO_ROWS);
    return input ? [input] : [];
  };
}

interface Declaration {
  path: string;
  media: MediaType;
  summary: string;
  description: string;
  operation: string;
  rows: (ctx: BuildContext) => Promise<ExportRow[]>;
}

/** Each of the four differs only in these; everything else is the same declaration. */
function fundamentalsKind(d: Declaration): DocumentKind<'fundamentals'> {
  return {
    route: 'fundamentals',
    path: d.path,
    matches: patternMatcher(d.path),
    scope: d.path,
    freshness: 'daily',
    ...(d.media === 'csv' ? { media: 'csv' as const } : {}),
    notFound: NOT_FOUND_ANY,
    description: d.description,
    openapi: {
      pathItem: documentPath({
        summary: d.summary,
        description: d.description,
        schema: d.media === 'csv' ? 'ExportCsv' : 'ExportRows',
        operation: d.operation,
        ...(d.media === 'csv' ? { media: 'csv' as const } : {}),
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
  rows: fundamentalsRows,
});
export const fundamentalsCsv = fundamentalsKind({
  path: FUNDAMENTALS_CSV_PATH,
  media: 'csv',
  summary: 'Fundamentals, last 90 days (CSV)',
  description: 'The rows of /fundamentals.json as CSV.',
  operation: 'FundamentalsCsv',
  rows: fundamentalsRows,
});
export const fundamentalsFull = fundamentalsKind({
  path: FUNDAMENTALS_FULL_PATH,
  media: 'json',
  summary: 'Fundamentals, full history',
  description: FULL,
  operation: 'FundamentalsFull',
  rows: fundamentalsFullRows,
});
export const fundamentalsFullCsv = fundamentalsKind({
  path: FUNDAMENTALS_FULL_CSV_PATH,
  media: 'csv',
  summary: 'Fundamentals, full history (CSV)',
  description: 'The rows of /fundamentals_full.json as CSV.',
  operation: 'FundamentalsFullCsv',
  rows: fundamentalsFullRows,
});
