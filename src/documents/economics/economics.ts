// Economics — /v1/economics.json (CONTRACT.md 11.1): per Ethereum-DA L2 with batch txs, what
// users paid it (revenue = fees), what it paid Ethereum (costs = rent_paid, split into blob fees
// and the rest) and the difference, over seven windows and day by day; the total of those chains;
// and the all_l2s carousel over the last 720 days. Read from facts only (economics-days.ts).
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { economicsChains, economicsKeys } from './economics-days.js';
import { economicsJson } from './economics-json.js';
import { economicsSchemas } from './economics-schema.js';
import { documentPath } from '../openapi-components.js';

export const ECONOMICS_PATH = '/v1/economics.json';

function buildEconomics(ctx: BuildContext): DocumentInput[] {
  const keys = economicsKeys(ctx.metrics);
  const metric = (id: string) => ctx.catalog.find((m) => m.metric_id === id);
  const fees = metric('fees');
  const rentPaid = metric('rent_paid');
  const profit = metric('profit');
  if (!keys || !fees || !rentPaid || !profit) {
    ctx.report.skipped.push({ path: ECONOMICS_PATH, reason: 'fees or rent_paid is not computed' });
    return [];
  }
  const chains = economicsChains(ctx.chains, keys);
  if (chains.length === 0) {
    ctx.report.skipped.push({ path: ECONOMICS_PATH, reason: 'no PROD L2 posting its data to Ethereum has batch transactions yet' });
    return [];
  }
  return [{ path: ECONOMICS_PATH, json: economicsJson(chains, { fees, rent_paid: rentPaid, profit }, ctx.builtAt), freshness: 'daily' }];
}

export const economics: DocumentKind<'economics'> = {
  route: 'economics',
  path: ECONOMICS_PATH,
  matches: patternMatcher(ECONOMICS_PATH),
  scope: ECONOMICS_PATH,
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  description: 'Economics: per L2 posting to Ethereum, fees earned, rent paid to Ethereum (L1 and blobs), profit, margin and blob bytes per window and day.',
  openapi: {
    pathItem: documentPath({
      summary: 'Economics of the Ethereum-DA L2s',
      description:
        'Every PROD L2 whose da_layer names Ethereum blobs or calldata and that has batch transactions: revenue (fees), costs (rent_paid, with its blob fees apart), profit, profit margin and blob bytes per window, daily and monthly rows from its first day with rent, their totals, and the all_l2s carousel over the last 720 days. Absent (404) when no chain qualifies.',
      schema: 'Economics',
    }),
    schemas: economicsSchemas,
  },
  build: buildEconomics,
};
