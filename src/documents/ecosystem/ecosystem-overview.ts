// Ecosystem overview — /v1/ecosystem/overview.json (CONTRACT.md 10.4): the number of L2s over
// time (ecosystem-count.ts), the L2s' and ethereum's daily tps, stablecoin and app-fee series,
// and a card per PROD L2 (meet_l2s). Row arrays are named `values` with `unix` LAST, unlike
// every other document; rows ascending.
import { DAY_MS } from '../../clock.js';
import { formatUtc } from '../../metrics/calendar.js';
import type { ChainMetric } from '../../metrics/definition.js';
import { DAA_ADDRESSES } from '../../metrics/definitions/daa.js';
import { trailingMean, type SeriesRow, type Value } from '../../metrics/series.js';
import { isAllL2sMember } from '../metric-detail/all-l2s.js';
import { appData } from '../apps/app-data.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { COUNT_COLUMNS, layer2Counts } from './ecosystem-count.js';
import { topApps } from '../landing/landing-apps.js';
import { builtMetric, ethereumDailyRows, l2DailyRows } from '../landing/landing-series.js';
import { dailyRows } from '../metric-detail/metric-detail-json.js';
import { arrayOf, documentPath, mapOf, obj, ref, str, type OpenApiSchema } from '../openapi-components.js';
import { rankingDay } from '../chain-overview/overview-ranking.js';

export const ECOSYSTEM_OVERVIEW_PATH = '/v1/ecosystem/overview.json';
/** Days of the trailing mean of tps and app_fees. */
export const ECOSYSTEM_MEAN_DAYS = 8;
const DAY_S = DAY_MS / 1000;

interface ValuesTable {
  daily: { types: string[]; values: Value[][] };
}

/** Rows as `values`: the value columns first, `unix` last. */
function valuesTable(columns: readonly string[], rows: readonly SeriesRow[]): ValuesTable {
  return { daily: { types: [...columns, 'unix'], values: rows.map((r) => [...r.slice(1), r[0]] as Value[]) } };
}

const perSecond = (rows: readonly SeriesRow[]): SeriesRow[] => rows.map((r) => [r[0], ...r.slice(1).map((v) => (v === null ? null : v / DAY_S))] as SeriesRow);

/**
 * `{layer_2s, ethereum_mainnet}` of one metric: the L2 sums and ethereum's rows, through `shape`
 * (a trailing mean, a unit change); an empty `values` where the metric has no rows.
 */
function pair(ctx: BuildContext, metricId: string, columns: readonly string[], shape: (rows: SeriesRow[]) => SeriesRow[]): { layer_2s: ValuesTable; ethereum_mainnet: ValuesTable } {
  const metric = builtMetric(ctx, metricId);
  const of = (rowsOf: (m: ChainMetric) => SeriesRow[]) => valuesTable(columns, metric ? shape(rowsOf(metric)) : []);
  return { layer_2s: of((m) => l2DailyRows(ctx, m)), ethereum_mainnet: of((m) => ethereumDailyRows(ctx, m)) };
}

interface MeetL2 {
  total_aa: number;
  yesterday_aa: Value;
  stables_mcap_usd: Value;
  stables_mcap_eth: Value;
  tps: Value;
  top_apps: string[];
}

/** A chain's row of a metric on `day`, or undefined. */
function rowOn(ctx: BuildContext, metricId: string, inputs: BuildContext['chains'][number], day: number): SeriesRow | undefined {
  const metric = builtMetric(ctx, metricId);
  if (!metric || !inputs.status || !inputs.facts) return undefined;
  return dailyRows(metric, inputs.facts, inputs.status).find((r) => r[0] === day);
}

/** The L2s with facts: one meet_l2s card each (ethereum_mainnet's series is ethereum's own). */
export function ecosystemL2s(ctx: Pick<BuildContext, 'chains'>): BuildContext['chains'] {
  return ctx.chains.filter((c) => isAllL2sMember(c.chain) && c.status && c.facts);
}

/** A card per PROD L2 with facts, figures of `day` (the build's last complete day); null where the chain has none that day. */
async function meetL2s(ctx: BuildContext, day: number): Promise<Record<string, MeetL2>> {
  const apps = await appData(ctx);
  const l2s = ecosystemL2s(ctx);
  // All history from the per-day sets, one read for every L2 (DuckDB answers it from the
  // histograms the daa documents of the same build read, ClickHouse with one aggregate).
  const totals = await ctx.store.distinctTotals(
    DAA_ADDRESSES.key,
    l2s.map((c) => c.chain.origin_key),
    day,
  );
  const out: Record<string, MeetL2> = {};
  for (const inputs of l2s) {
    const ok = inputs.chain.origin_key;
    const stables = rowOn(ctx, 'stables_mcap', inputs, day);
    const tx = rowOn(ctx, 'txcount', inputs, day)?.[1];
    out[ok] = {
      total_aa: totals.get(ok) ?? 0,
      yesterday_aa: rowOn(ctx, 'daa', inputs, day)?.[1] ?? null,
      stables_mcap_usd: stables?.[1] ?? null,
      stables_mcap_eth: stables?.[2] ?? null,
      tps: tx === undefined || tx === null ? null : tx / DAY_S,
      top_apps: topApps(ok, apps),
    };
  }
  return out;
}

async function buildEcosystemOverview(ctx: BuildContext): Promise<DocumentInput[]> {
  const day = rankingDay(ctx);
  if (day === null) {
    ctx.report.skipped.push({ path: ECOSYSTEM_OVERVIEW_PATH, reason: 'no chain has a complete day of data yet' });
    return [];
  }
  const json = {
    data: {
      count_layer2s: { daily: { types: [...COUNT_COLUMNS], values: layer2Counts(ctx.chains.map((c) => c.chain), ctx.builtAt) } },
      tps: pair(ctx, 'txcount', ['value'], (rows) => trailingMean(perSecond(rows), ECOSYSTEM_MEAN_DAYS)),
      stables: pair(ctx, 'stables_mcap', ['usd', 'eth'], (rows) => rows),
      app_fees: pair(ctx, 'app_revenue', ['usd', 'eth'], (rows) => trailingMean(rows, ECOSYSTEM_MEAN_DAYS)),
      meet_l2s: await meetL2s(ctx, day),
    },
    last_updated_utc: formatUtc(ctx.builtAt),
  };
  return [{ path: ECOSYSTEM_OVERVIEW_PATH, json, freshness: 'daily' }];
}

const values = (columns: string): OpenApiSchema =>
  obj({ daily: obj({ types: arrayOf(str), values: { ...arrayOf(arrayOf({})), description: `Rows ascending, columns ${columns}: unix (ms) last.` } }) });
const pairOf = (name: string): OpenApiSchema => obj({ layer_2s: ref(name), ethereum_mainnet: ref(name) });

const schemas: Record<string, OpenApiSchema> = {
  EcosystemValues: values('["value","unix"] or ["usd","eth","unix"]'),
  EcosystemPair: pairOf('EcosystemValues'),
  MeetL2: obj({
    total_aa: { type: 'integer', description: 'Distinct addresses over all history, exact.' },
    yesterday_aa: ref('Value'),
    stables_mcap_usd: ref('Value'),
    stables_mcap_eth: ref('Value'),
    tps: ref('Value'),
    top_apps: { ...arrayOf(str), maxItems: 5 },
  }),
  EcosystemOverview: obj({
    data: obj({
      count_layer2s: { ...values('["value","l2s_launched","l2s_archived","unix"]'), description: 'One row per month (the 1st): L2s launched by then and not archived; that month\'s launches as [{name, origin_key}] or null.' },
      tps: { ...ref('EcosystemPair'), description: 'Daily txcount ÷ 86400, 8-day trailing mean.' },
      stables: { ...ref('EcosystemPair'), description: 'Daily stables_mcap.' },
      app_fees: { ...ref('EcosystemPair'), description: 'Daily app_revenue, 8-day trailing mean.' },
      meet_l2s: mapOf(ref('MeetL2'), 'Keyed by origin_key: every PROD L2 with data.'),
    }),
    last_updated_utc: ref('LastUpdatedUtc'),
  }),
};

export const ecosystemOverview: DocumentKind<'ecosystem_overview'> = {
  route: 'ecosystem_overview',
  path: ECOSYSTEM_OVERVIEW_PATH,
  matches: patternMatcher(ECOSYSTEM_OVERVIEW_PATH),
  scope: ECOSYSTEM_OVERVIEW_PATH,
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  description: 'Ecosystem overview: L2s launched per month, L2 and Ethereum tps, stablecoins and app fees, a card per L2.',
  openapi: {
    pathItem: documentPath({
      summary: 'Ecosystem overview',
      description:
        'The number of L2s per month, the daily tps, stablecoin market cap and app fees of the L2s together and of Ethereum, and per PROD L2 its all-time addresses, yesterday\'s figures and top apps. Row arrays are named values, with unix last.',
      schema: 'EcosystemOverview',
    }),
    schemas,
  },
  build: buildEcosystemOverview,
};
