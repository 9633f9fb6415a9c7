// Application detail — /v1/apps/details/{owner_project}.json (CONTRACT.md section 4): one document
// per project of the filtered list, none for any other (the server answers those with a 404 and
// this kind's hint). The server's own rules for the route (rate limits, API keys, X-Data-Source)
// live in server/request-handler.ts.
import { appData } from './app-data.js';
import { appDetailsJson } from './app-details-json.js';
import { appDetailsBytes } from './app-details-body.js';
import type { AppContract } from '../../metrics/app-inputs.js';
import { listedProjects } from './app-projects.js';
import { HINT_PROJECTS, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { arrayOf, bool, date, documentPath, mapOf, obj, ref, str, type OpenApiSchema } from '../openapi-components.js';

export const APP_DETAILS_PATH = '/v1/apps/details/{owner_project}.json';

export function appDetailsPath(ownerProject: string): string {
  return `/v1/apps/details/${ownerProject}.json`;
}

async function buildAppDetails(ctx: BuildContext): Promise<DocumentInput[]> {
  const data = await appData(ctx);
  if (!data) return [];
  const byProject = new Map<string, AppContract[]>();
  for (const c of data.inputs.contracts) {
    const list = byProject.get(c.owner_project);
    if (list) list.push(c);
    else byProject.set(c.owner_project, [c]);
  }
  const out: DocumentInput[] = [];
  for (const s of data.summaries) {
    if (!s.listed) ctx.report.skipped.push({ path: appDetailsPath(s.project.owner_project), reason: 'no transaction to a labeled contract of this project (not in the filtered list)' });
  }
  const listed = listedProjects(data.summaries);
  ctx.appDetailsCache?.retain(new Set(listed.map((s) => s.project.owner_project)));
  for (const s of listed) {
    const owner = s.project.owner_project;
    const input = {
      owner_project: owner,
      inputs: data.inputs,
      facts: data.facts,
      contracts: byProject.get(owner) ?? [],
      market: s.project.market_data_id ? (data.inputs.market.get(s.project.market_data_id) ?? []) : [],
      builtAt: ctx.builtAt,
    };
    // Shaped when read (the document set reads it once, to serialize it), not here: made all at
    // once, the 1,000 documents of the scale scenario held millions of small arrays until the
    // last was serialized, and collecting that heap cost more than shaping them. One document's
    // graph is alive at a time, and the shaping overlaps the compression of the ones before.
    // The bytes are assembled from the daily part kept by the context's cache, when it has one
    // (app-details-body.ts); `json` is the same document as a value, for readers that want one.
    const path = appDetailsPath(owner);
    const cache = ctx.appDetailsCache;
    out.push({
      path,
      get json(): unknown {
        return appDetailsJson(input);
      },
      bytes: () => appDetailsBytes(input, path, cache),
      freshness: 'daily',
    });
  }
  return out;
}

const schemas: Record<string, OpenApiSchema> = {
  AppMetric: obj({
    metric_name: str,
    avg: bool,
    over_time: mapOf(
      obj({ daily: ref('TimeSeries'), hourly: { ...ref('TimeSeries'), description: 'Last 14 days of complete hours; absent for token metrics. A daa hour is null when its raw transactions were pruned (retention).' } }, ['daily']),
      'Keyed by origin_key; token metrics by "all". Empty for a metric without data.',
    ),
    aggregated: obj({
      types: arrayOf(str),
      data: mapOf(mapOf(arrayOf(ref('Value'))), 'Keyed by origin_key, then by window: 1d, 7d, 30d, 90d, 180d, 365d, max.'),
    }),
  }),
  AppDetails: obj({
    last_updated_utc: ref('LastUpdatedUtc'),
    metrics: obj(
      Object.fromEntries(['txcount', 'daa', 'gas_fees', 'success_rate', 'market_cap', 'token_price', 'token_volume'].map((m) => [m, ref('AppMetric')])),
    ),
    kpi_cards: mapOf(ref('KpiCard')),
    first_seen: mapOf(date, 'First day with activity per origin_key, ascending by date.'),
    chains_by_size: { ...arrayOf(str), description: 'origin_keys by 30-day txcount, descending.' },
    contracts_table: mapOf(
      { ...ref('TypedTable'), description: 'Columns address, name, main_category_key, sub_category_key, origin_key, verified, txcount, fees_paid_eth, fees_paid_usd, daa.' },
      'Keyed by window: 1d, 7d, 30d, 90d, 180d, 365d, max.',
    ),
  }),
};

export const appDetails: DocumentKind<'app_details'> = {
  route: 'app_details',
  path: APP_DETAILS_PATH,
  matches: patternMatcher(APP_DETAILS_PATH),
  scope: '/v1/apps/details/',
  freshness: 'daily',
  notFound: { message: 'No application detail document for this owner_project.', hint: HINT_PROJECTS },
  description: 'Application detail (10 requests per minute per client; may require an API key).',
  openapi: {
    pathItem: documentPath({
      summary: 'Application detail',
      description: 'Metrics, KPI cards, first-seen dates, chains by size and contract tables of one project. Rate limited; an API key may be required by the operator.',
      schema: 'AppDetails',
      params: ['owner_project'],
      apps: true,
    }),
    schemas,
  },
  build: buildAppDetails,
};
