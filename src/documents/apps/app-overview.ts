// Application overview — /v1/apps/app_overview_{1d,7d,30d,90d,365d,max}.json (CONTRACT.md section
// 10.1): one typed table per window with a row per (project, chain) active in the window or the
// window before it. The reference's applications page loads the six as one, so they are built
// together and either all published or none.
import { formatUtc } from '../../metrics/calendar.js';
import { appData } from './app-data.js';
import { appOverviewRows, OVERVIEW_COLUMNS, OVERVIEW_WINDOWS } from './app-overview-rows.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { arrayOf, documentPath, int, obj, ref, str, type OpenApiSchema } from '../openapi-components.js';
import { MAX_SEGMENT_LENGTH } from '../path-rules.js';

export const APP_OVERVIEW_PATH = '/v1/apps/app_overview_{window}.json';

export function appOverviewPath(window: string): string {
  return `/v1/apps/app_overview_${window}.json`;
}

async function buildAppOverview(ctx: BuildContext): Promise<DocumentInput[]> {
  const data = await appData(ctx);
  if (!data) {
    for (const [w] of OVERVIEW_WINDOWS) ctx.report.skipped.push({ path: appOverviewPath(w), reason: 'no chain has application facts yet' });
    return [];
  }
  const tables = await appOverviewRows(ctx.store, data);
  const last_updated_utc = formatUtc(ctx.builtAt);
  return OVERVIEW_WINDOWS.map(([w]) => ({
    path: appOverviewPath(w),
    json: { data: { types: [...OVERVIEW_COLUMNS], data: tables.get(w)! }, last_updated_utc },
    freshness: 'daily' as const,
  }));
}

const money = { ...ref('Value'), description: 'A sum over the window; null when a USD figure lacks a price.' };

const schemas: Record<string, OpenApiSchema> = {
  AppOverview: obj({
    data: obj({
      types: { ...arrayOf(str), examples: [[...OVERVIEW_COLUMNS]] },
      data: {
        ...arrayOf({
          type: 'array',
          prefixItems: [str, str, int, money, money, money, money, int, int, int, int],
          items: false,
        }),
        description:
          'One row per (owner_project, origin_key) with a transaction in the window or the window before it; prev_* cover the N days before the window (0 for max); daa counts distinct senders exactly. A project of the filtered list without such activity has a row of zeros per chain it is active on.',
      },
    }),
    last_updated_utc: ref('LastUpdatedUtc'),
  }),
};

const pathItem = documentPath({
  summary: 'Application overview',
  description: 'Per project and chain: contracts, gas fees, transactions and distinct senders over the window and the window before it. The six windows are built and published together.',
  schema: 'AppOverview',
});

export const appOverview: DocumentKind<'app_overview'> = {
  route: 'app_overview',
  path: APP_OVERVIEW_PATH,
  matches: patternMatcher(APP_OVERVIEW_PATH),
  scope: '/v1/apps/',
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  description: 'Application overview tables: per project and chain over 1d, 7d, 30d, 90d, 365d or max, with the window before.',
  openapi: {
    pathItem: {
      // The window is a closed set, declared here rather than among the shared parameters.
      parameters: [
        {
          name: 'window',
          in: 'path',
          required: true,
          description: 'The last N complete days, or all history.',
          schema: { type: 'string', enum: OVERVIEW_WINDOWS.map(([w]) => w), maxLength: MAX_SEGMENT_LENGTH },
        },
      ],
      ...pathItem,
    },
    schemas,
  },
  build: buildAppOverview,
};
