// Landing page — /v1/landing_page.json (CONTRACT.md 10.3): the home page's chains table
// (landing-chains.ts), the all-L2 and Ethereum smoothed series (landing-series.ts) and the
// application gainers and losers (landing-apps.ts). One document per build once a chain has a
// complete day.
import { formatUtc } from '../../metrics/calendar.js';
import { appData } from '../apps/app-data.js';
import { ALL_L2S } from '../metric-detail/all-l2s.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { topMovers } from './landing-apps.js';
import { tableVisual } from './landing-chains.js';
import { ethereumDailyRows, l2DailyRows, seriesBlocks } from './landing-series.js';
import { arrayOf, documentPath, int, mapOf, obj, ref, str, type OpenApiSchema } from '../openapi-components.js';
import { rankingDay } from '../chain-overview/overview-ranking.js';

export const LANDING_PAGE_PATH = '/v1/landing_page.json';
/** The all_l2s block's metrics, in the contract's order; ethereum's are the same less rent_paid. */
export const LANDING_L2_METRICS = ['throughput', 'txcount', 'stables_mcap', 'rent_paid', 'market_cap', 'fees'] as const;
export const LANDING_ETHEREUM_METRICS = LANDING_L2_METRICS.filter((id) => id !== 'rent_paid');

async function buildLandingPage(ctx: BuildContext): Promise<DocumentInput[]> {
  const day = rankingDay(ctx);
  if (day === null) {
    ctx.report.skipped.push({ path: LANDING_PAGE_PATH, reason: 'no chain has a complete day of data yet' });
    return [];
  }
  const apps = await appData(ctx);
  const json = {
    data: {
      metrics: { table_visual: await tableVisual(ctx, day, apps) },
      all_l2s: { chain_id: ALL_L2S, chain_name: 'All L2s', symbol: '-', metrics: seriesBlocks(ctx, LANDING_L2_METRICS, (m) => l2DailyRows(ctx, m)) },
      ethereum: { chain_id: 'ethereum', chain_name: 'Ethereum (L1)', symbol: 'ETH', metrics: seriesBlocks(ctx, LANDING_ETHEREUM_METRICS, (m) => ethereumDailyRows(ctx, m)) },
      top_contracts: {},
      top_applications: topMovers(apps),
    },
    last_updated_utc: formatUtc(ctx.builtAt),
  };
  return [{ path: LANDING_PAGE_PATH, json, freshness: 'daily' }];
}

const nullableInt = { type: ['integer', 'null'] };
const fraction = { type: 'number', minimum: 0, description: 'A fraction, 4 decimals.' };

const schemas: Record<string, OpenApiSchema> = {
  LandingRank: obj(
    {
      rank: { ...nullableInt, description: '1 = largest (cheapest for txcosts); null without a value on the last complete day.' },
      out_of: nullableInt,
      color_scale: { type: ['number', 'null'] },
      value: ref('Value'),
      value_usd: ref('Value'),
      value_eth: ref('Value'),
    },
    ['rank', 'out_of', 'color_scale'],
    { description: 'As the chain overview ranking; money metrics carry value_usd and value_eth instead of value.' },
  ),
  LandingChain: obj({
    chain_name: str,
    technology: str,
    purpose: str,
    company: str,
    users: { ...int, description: 'Distinct addresses over the last 7 complete days, exact.' },
    user_share: { ...fraction, description: 'users ÷ the users of every chain but ethereum, 4 decimals.' },
    cross_chain_activity: { ...fraction, maximum: 1, description: "Share of the chain's 7-day addresses also active on another covered chain then, 4 decimals." },
    ranking: mapOf(ref('LandingRank'), 'Keyed by metric_id (every ranking_landing metric), ranked without ethereum.'),
    ranking_w_eth: mapOf(ref('LandingRank'), 'Keyed by metric_id, ranked with ethereum.'),
    top_apps: { ...arrayOf(str), maxItems: 5, description: 'owner_projects by 7-day txcount on the chain.' },
  }),
  LandingSeries: obj({
    metric_name: str,
    source: arrayOf(str),
    avg: { const: 'true' },
    daily: { ...ref('TimeSeries'), description: 'Daily rows ascending, each the 7-day trailing mean (the first 6 as they are).' },
  }),
  LandingAggregate: obj({ chain_id: str, chain_name: str, symbol: str, metrics: mapOf(ref('LandingSeries'), 'Keyed by metric_id: those with data.') }),
  LandingPage: obj({
    data: obj({
      metrics: obj({ table_visual: mapOf(ref('LandingChain'), 'Keyed by origin_key: every PROD chain with data, ethereum included.') }),
      all_l2s: ref('LandingAggregate'),
      ethereum: ref('LandingAggregate'),
      top_contracts: obj({}, []),
      top_applications: obj({
        gainers: { ...ref('TypedTable'), description: 'Columns ["owner_project","txcount","prev_txcount","change"], largest rise first.' },
        losers: { ...ref('TypedTable'), description: 'Columns ["owner_project","txcount","prev_txcount","change"], largest fall first.' },
      }),
    }),
    last_updated_utc: ref('LastUpdatedUtc'),
  }),
};

export const landingPage: DocumentKind<'landing_page'> = {
  route: 'landing_page',
  path: LANDING_PAGE_PATH,
  matches: patternMatcher(LANDING_PAGE_PATH),
  scope: LANDING_PAGE_PATH,
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  description: 'Landing page: the chains table (users, cross-chain activity, ranks, top apps), all-L2 and Ethereum series, app gainers and losers.',
  openapi: {
    pathItem: documentPath({
      summary: 'Landing page',
      description:
        'Every PROD chain with its 7-day users, user share, cross-chain activity, ranks on the last complete day and top apps; the all-L2 and Ethereum daily series as 7-day trailing means; the applications whose 7-day txcount rose or fell most.',
      schema: 'LandingPage',
    }),
    schemas,
  },
  build: buildLandingPage,
};
