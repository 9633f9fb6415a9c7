// Blockspace of every chain — /v1/blockspace/overview.json (CONTRACT.md section 10.5): the chain
// object of each chain with a blockspace document plus the all_l2s aggregate (section 8: the PROD
// L2s' days summed), over the timeframes 7d, 30d, 90d, 180d, 365d and max. `daily` holds only its
// types, and only all_l2s lists contracts (its top 100 per category and timeframe, any L2's).
// Built right after the per-chain documents, from the data they loaded (ctx.blockspace). As the
// contract shows it, without last_updated_utc: its bytes then change only when a day completes,
// so the hourly rounds in between reuse its compressed copies (document-set.ts).
import { mergeChains, type ChainBlockspace } from '../../metrics/blockspace-days.js';
import { ALL_L2S, isAllL2sMember } from '../metric-detail/all-l2s.js';
import { chainObject, OVERVIEW_TIMEFRAMES } from './blockspace-object.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { chainOrder } from '../master/master-chains.js';
import { documentPath, mapOf, obj, ref, type OpenApiSchema } from '../openapi-components.js';

export const BLOCKSPACE_OVERVIEW_PATH = '/v1/blockspace/overview.json';
/** Contracts the all_l2s entry lists per category and timeframe. */
export const ALL_L2S_TOP_CONTRACTS = 100;

function buildBlockspaceOverview(ctx: BuildContext): DocumentInput[] {
  const loaded = ctx.blockspace ?? new Map<string, ChainBlockspace>();
  if (loaded.size === 0) {
    ctx.report.skipped.push({ path: BLOCKSPACE_OVERVIEW_PATH, reason: 'no chain has a blockspace document yet' });
    return [];
  }
  const names = new Map(ctx.chains.map((c) => [c.chain.origin_key, c.chain.name]));
  const objects = new Map<string, unknown>();
  for (const [ok, data] of loaded) objects.set(ok, chainObject(names.get(ok)!, data, { timeframes: OVERVIEW_TIMEFRAMES, dailyRows: false, topContracts: 0 }));
  // A configured chain named all_l2s keeps its own entry; the aggregate is then left out (as the metric details do).
  const members = ctx.chains.filter((c) => isAllL2sMember(c.chain) && loaded.has(c.chain.origin_key)).map((c) => loaded.get(c.chain.origin_key)!);
  if (members.length > 0 && !objects.has(ALL_L2S)) {
    objects.set(ALL_L2S, chainObject('All L2s', mergeChains(ALL_L2S, members), { timeframes: OVERVIEW_TIMEFRAMES, dailyRows: false, topContracts: ALL_L2S_TOP_CONTRACTS }));
  }
  const chains = Object.fromEntries(chainOrder(objects.keys()).map((ok) => [ok, objects.get(ok)]));
  return [{ path: BLOCKSPACE_OVERVIEW_PATH, json: { data: { metric_id: 'overview', chains } }, freshness: 'daily' }];
}

const schemas: Record<string, OpenApiSchema> = {
  BlockspaceOverview: obj({
    data: obj({
      metric_id: { type: 'string', enum: ['overview'] },
      chains: mapOf(ref('BlockspaceChain'), 'Keyed by origin_key, plus all_l2s; daily holds only its types, contracts only under all_l2s (top 100).'),
    }),
  }),
};

export const blockspaceOverview: DocumentKind<'blockspace_overview'> = {
  route: 'blockspace_overview',
  path: BLOCKSPACE_OVERVIEW_PATH,
  matches: patternMatcher(BLOCKSPACE_OVERVIEW_PATH),
  scope: BLOCKSPACE_OVERVIEW_PATH,
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  description: 'Blockspace of every chain and all L2s: fees and transactions per main category over 7d to max.',
  openapi: {
    pathItem: documentPath({
      summary: 'Blockspace overview',
      description:
        'Per chain with a blockspace document, and all_l2s, the chain object of /chains/blockspace/{origin_key}.json over the timeframes 7d, 30d, 90d, 180d, 365d and max, without daily rows; all_l2s lists the top 100 contracts per category and timeframe.',
      schema: 'BlockspaceOverview',
    }),
    schemas,
  },
  build: buildBlockspaceOverview,
};
