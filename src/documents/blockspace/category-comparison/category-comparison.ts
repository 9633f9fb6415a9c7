// Category comparison — /v1/blockspace/category_comparison/index.json and
// /v1/blockspace/category_comparison/{main_category}.json (CONTRACT.md 11.3): every main category
// of master.json compared across the PROD chains with blockspace (ethereum included, all_l2s
// not). The index lists each main category's sub-categories; the reference page loads it first,
// then the one category file it shows. Built right after the per-chain blockspace documents, from
// the days they loaded (ctx.blockspace), so this costs no store read beyond the project names.
import { formatUtc } from '../../../metrics/calendar.js';
import type { ChainBlockspace } from '../../../metrics/blockspace-days.js';
import { MAIN_CATEGORIES } from '../../../registry/categories.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../../document-kind.js';
import type { DocumentInput } from '../../document-set.js';
import { chainOrder } from '../../master/master-chains.js';
import { arrayOf, documentPath, mapOf, obj, ref, str, type OpenApiSchema } from '../../openapi-components.js';
import { BLOCKSPACE_CONTRACT_TYPES } from '../blockspace-object.js';
import { TOP_BY_CATEGORY, TOP_PER_SUB_AND_CHAIN } from './comparison-contracts.js';
import { chainTotals, COMPARISON_VALUE_TYPES, COMPARISON_WINDOWS, mainNode, subcategoryList } from './comparison-node.js';
import { COMPARISON_DAILY_TYPES } from './comparison-series.js';

export const COMPARISON_FOLDER = '/v1/blockspace/category_comparison/';
export const COMPARISON_INDEX_PATH = `${COMPARISON_FOLDER}index.json`;
export const COMPARISON_CATEGORY_PATH = `${COMPARISON_FOLDER}{main_category}.json`;

export function comparisonCategoryPath(main: string): string {
  return `${COMPARISON_FOLDER}${main}.json`;
}

/** The compared chains: PROD chains with a blockspace document in this build, in master.json's chain order. */
function comparedChains(ctx: BuildContext): ChainBlockspace[] {
  const loaded = ctx.blockspace ?? new Map<string, ChainBlockspace>();
  const prod = new Set(ctx.chains.filter((c) => c.chain.deployment === 'PROD' && loaded.has(c.chain.origin_key)).map((c) => c.chain.origin_key));
  return chainOrder(prod).map((ok) => loaded.get(ok)!);
}

const NOTHING = 'no PROD chain has a blockspace document yet';

function buildIndex(ctx: BuildContext): DocumentInput[] {
  const chains = comparedChains(ctx);
  if (chains.length === 0) {
    ctx.report.skipped.push({ path: COMPARISON_INDEX_PATH, reason: NOTHING });
    return [];
  }
  // The same list as each category file's `subcategories.list`: the page builds its sub-category
  // selection from this array and then reads each selected sub's node unguarded.
  const data = Object.fromEntries(MAIN_CATEGORIES.map((m) => [m.id, { type: 'main_category', subcategories: subcategoryList(m, chains) }]));
  return [{ path: COMPARISON_INDEX_PATH, json: { data, last_updated_utc: formatUtc(ctx.builtAt) }, freshness: 'daily' }];
}

async function buildCategories(ctx: BuildContext): Promise<DocumentInput[]> {
  const chains = comparedChains(ctx);
  if (chains.length === 0) {
    ctx.report.skipped.push({ path: COMPARISON_CATEGORY_PATH, reason: NOTHING });
    return [];
  }
  const projects = ctx.apps?.projects ?? (await ctx.store.readProjects());
  const names = new Map(projects.map((p) => [p.owner_project, p.display_name]));
  const totals = chainTotals(chains);
  const updated = formatUtc(ctx.builtAt);
  // One document per main category, each shaped only when the set reads it (one node graph alive at a time).
  return MAIN_CATEGORIES.map((m) => ({
    path: comparisonCategoryPath(m.id),
    get json() {
      return { data: { [m.id]: mainNode(m, chains, totals, names) }, last_updated_utc: updated };
    },
    freshness: 'daily' as const,
  }));
}

const columns = (names: readonly string[]) => ({ type: 'array', items: str, description: `Exactly ${JSON.stringify(names)}.` }) as OpenApiSchema;
const chainRows = (description: string): OpenApiSchema => mapOf({ type: 'array', items: { type: 'array', items: ref('Value') } }, description);
const SERIES = obj({ types: columns(COMPARISON_DAILY_TYPES) }, ['types'], {
  additionalProperties: { type: 'array', items: { type: 'array', items: ref('Value') } },
  description:
    'Keyed by origin_key (chains with a transaction in the category): rows [unix, eth, usd, txcount] ascending. daily: every day from the chain\'s first day in the category to its last complete day, days without transactions as zeros. daily_7d_rolling: from the 7th row, the mean of that row and the 6 before it.',
});
const WINDOW_DATA = obj({ types: columns(COMPARISON_VALUE_TYPES) }, ['types'], {
  additionalProperties: { type: 'array', items: ref('Value'), minItems: 5, maxItems: 5 },
  description: "Keyed by origin_key (chains with a transaction in the category and window): the window's sums and shares (fractions 0..1 of the chain's whole blockspace over the window, unlabeled included; the gas share on ETH).",
});
const windows = (entry: OpenApiSchema) => obj(Object.fromEntries(COMPARISON_WINDOWS.map((w) => [w.id, entry])));

const schemas: Record<string, OpenApiSchema> = {
  CategoryComparisonIndex: obj({
    data: mapOf(
      obj({ type: { type: 'string', enum: ['main_category'] }, subcategories: { ...arrayOf(str), description: "The category's sub-categories with a transaction in the stored history (its file's subcategories.list)." } }),
      'Keyed by every main category of master.json blockspace_categories, in that order.',
    ),
    last_updated_utc: ref('LastUpdatedUtc'),
  }),
  CategoryComparisonSub: obj({
    type: { type: 'string', enum: ['sub_category'] },
    daily: SERIES,
    daily_7d_rolling: SERIES,
    aggregated: windows(obj({ data: WINDOW_DATA })),
  }),
  CategoryComparison: obj({
    data: mapOf(
      obj({
        type: { type: 'string', enum: ['main_category'] },
        subcategories: obj({ list: { ...arrayOf(str), description: 'master.json mapping[main] order; each listed sub-category is a key of this object.' } }, ['list'], {
          additionalProperties: ref('CategoryComparisonSub'),
        }),
        daily: SERIES,
        daily_7d_rolling: SERIES,
        aggregated: windows(
          obj({
            data: WINDOW_DATA,
            contracts: {
              ...ref('TypedTable'),
              description: `Columns ${JSON.stringify(BLOCKSPACE_CONTRACT_TYPES)}: the union of the window's top ${TOP_BY_CATEGORY} contracts of the category by ETH fees and, per (sub-category, chain), the top ${TOP_PER_SUB_AND_CHAIN} by fees and the top ${TOP_PER_SUB_AND_CHAIN} by txcount; fees descending. address EIP-55, project_name the project's display name or null.`,
            },
          }),
        ),
      }),
      'One key: the main category of the path.',
    ),
    last_updated_utc: ref('LastUpdatedUtc'),
  }),
};

export const categoryComparisonIndex: DocumentKind<'category_comparison'> = {
  route: 'category_comparison',
  path: COMPARISON_INDEX_PATH,
  matches: patternMatcher(COMPARISON_INDEX_PATH),
  scope: COMPARISON_INDEX_PATH,
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  description: 'Category comparison index: every main category with its sub-categories that have transactions.',
  openapi: {
    pathItem: documentPath({
      summary: 'Category comparison index',
      description: 'Every main category of master.json blockspace_categories, in that order, with the array of its sub-categories that had a transaction on a PROD chain.',
      schema: 'CategoryComparisonIndex',
    }),
    schemas: { CategoryComparisonIndex: schemas.CategoryComparisonIndex! },
  },
  build: buildIndex,
};

const matchesCategory = patternMatcher(COMPARISON_CATEGORY_PATH);

export const categoryComparison: DocumentKind<'category_comparison'> = {
  route: 'category_comparison',
  path: COMPARISON_CATEGORY_PATH,
  // index.json is the other kind's, though its name fits the pattern.
  matches: (path) => path !== COMPARISON_INDEX_PATH && matchesCategory(path),
  scope: COMPARISON_FOLDER,
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  description: 'One main category compared across the PROD chains: daily fees and transactions, window sums and shares, per sub-category, and top contracts.',
  openapi: {
    pathItem: documentPath({
      summary: 'Category comparison',
      description:
        'The main category compared across every PROD chain with blockspace (ethereum included, all_l2s not): per chain the daily series and its 7-row rolling mean, the 7d, 30d, 180d and max sums with shares of the chain\'s blockspace, the same per sub-category, and the top contracts of each window.',
      schema: 'CategoryComparison',
      params: ['main_category'],
    }),
    schemas: { CategoryComparisonSub: schemas.CategoryComparisonSub!, CategoryComparison: schemas.CategoryComparison! },
  },
  build: buildCategories,
};
