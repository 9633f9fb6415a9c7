// The nodes of a category comparison document (CONTRACT.md 11.3): a main category's node N, with
// one node S per sub-category that had transactions, each holding per chain the daily series, its
// 7-row rolling mean and the window figures with their shares of the chain's whole blockspace.
// Everything comes from the days the blockspace documents already loaded (metrics/
// blockspace-days.ts: facts only), so no raw transaction is read again.
import { DAY_MS } from '../../../clock.js';
import { isUsed, type BlockspaceFigures, type ChainBlockspace } from '../../../metrics/blockspace-days.js';
import { MAIN_CATEGORIES, type MainCategory } from '../../../registry/categories.js';
import { BLOCKSPACE_CONTRACT_TYPES, share, totalOf, windowSum, type Timeframe } from '../blockspace-object.js';
import { comparisonContracts } from './comparison-contracts.js';
import { COMPARISON_DAILY_TYPES, dailyRows, rollingRows } from './comparison-series.js';

/** Values of a chain in `aggregated[w].data`, in this order (the page reads them by `types.indexOf`). */
export const COMPARISON_VALUE_TYPES = ['gas_fees_absolute_eth', 'gas_fees_absolute_usd', 'gas_fees_share', 'txcount_absolute', 'txcount_share'] as const;
/** The page's timespans. */
export const COMPARISON_WINDOWS: readonly Timeframe[] = [
  { id: '7d', days: 7 },
  { id: '30d', days: 30 },
  { id: '180d', days: 180 },
  { id: 'max', days: null },
];

type Days = ReadonlyMap<number, BlockspaceFigures> | undefined;

/** A chain's window: its last N complete days, or all its stored history. */
const windowOf = (tf: Timeframe) => (chain: ChainBlockspace): [number, number] => [tf.days === null ? -Infinity : chain.days_until - tf.days * DAY_MS, chain.days_until];

/** What every node of one build divides by: each chain's total over all categories (unlabeled included) per window. */
export type ChainTotals = Map<string, Map<string, BlockspaceFigures>>;

export function chainTotals(chains: readonly ChainBlockspace[]): ChainTotals {
  const out: ChainTotals = new Map();
  for (const chain of chains) {
    const byWindow = new Map<string, BlockspaceFigures>();
    for (const tf of COMPARISON_WINDOWS) {
      const [from, until] = windowOf(tf)(chain);
      // Summed in master.json's category order, as the blockspace documents sum them: the same
      // shares to the last bit in both documents.
      byWindow.set(tf.id, totalOf(MAIN_CATEGORIES.map((m) => windowSum(chain.categories.get(m.id) ?? new Map<number, BlockspaceFigures>(), from, until))));
    }
    out.set(chain.origin_key, byWindow);
  }
  return out;
}

/** Whether a chain has a transaction in a category's days before `daysUntil`. */
const hasUse = (days: Days, daysUntil: number): boolean => [...(days ?? new Map<number, BlockspaceFigures>())].some(([day, f]) => day < daysUntil && isUsed(f));

/** The sub-categories of `main` (master.json mapping order) with a transaction on a compared chain. */
export function subcategoryList(main: MainCategory, chains: readonly ChainBlockspace[]): string[] {
  return main.sub.filter((sub) => chains.some((c) => hasUse(c.subcategories.get(sub), c.days_until)));
}

/** `daily` and `daily_7d_rolling`: `types`, then a key per chain with a transaction in the category. */
function series(chains: readonly ChainBlockspace[], daysOf: (c: ChainBlockspace) => Days): Record<string, Record<string, unknown>> {
  const daily: Record<string, unknown> = { types: [...COMPARISON_DAILY_TYPES] };
  const rolling: Record<string, unknown> = { types: [...COMPARISON_DAILY_TYPES] };
  for (const chain of chains) {
    const rows = dailyRows(daysOf(chain), chain.days_until);
    if (rows.length === 0) continue;
    daily[chain.origin_key] = rows;
    rolling[chain.origin_key] = rollingRows(rows);
  }
  return { daily, daily_7d_rolling: rolling };
}

/** `aggregated[w].data`: `types`, then per chain with a transaction in the window its values. */
function windowData(chains: readonly ChainBlockspace[], daysOf: (c: ChainBlockspace) => Days, tf: Timeframe, totals: ChainTotals): Record<string, unknown> {
  const data: Record<string, unknown> = { types: [...COMPARISON_VALUE_TYPES] };
  for (const chain of chains) {
    const days = daysOf(chain);
    if (!days) continue;
    const [from, until] = windowOf(tf)(chain);
    const f = windowSum(days, from, until);
    if (!f || !isUsed(f)) continue;
    const total = totals.get(chain.origin_key)!.get(tf.id)!;
    data[chain.origin_key] = [f.eth, f.usd, share(f.eth, total.eth), f.txcount, share(f.txcount, total.txcount)];
  }
  return data;
}

function subNode(sub: string, chains: readonly ChainBlockspace[], totals: ChainTotals): Record<string, unknown> {
  const daysOf = (c: ChainBlockspace) => c.subcategories.get(sub);
  return {
    type: 'sub_category',
    ...series(chains, daysOf),
    aggregated: Object.fromEntries(COMPARISON_WINDOWS.map((tf) => [tf.id, { data: windowData(chains, daysOf, tf, totals) }])),
  };
}

/** The node N of a main category; a category nothing used has `list: []` and empty tables. */
export function mainNode(main: MainCategory, chains: readonly ChainBlockspace[], totals: ChainTotals, projectNames: ReadonlyMap<string, string>): Record<string, unknown> {
  const daysOf = (c: ChainBlockspace) => c.categories.get(main.id);
  const list = subcategoryList(main, chains);
  const subcategories: Record<string, unknown> = { list };
  for (const sub of list) subcategories[sub] = subNode(sub, chains, totals);
  const aggregated: Record<string, unknown> = {};
  for (const tf of COMPARISON_WINDOWS) {
    aggregated[tf.id] = {
      data: windowData(chains, daysOf, tf, totals),
      contracts: { types: [...BLOCKSPACE_CONTRACT_TYPES], data: comparisonContracts(chains, main.id, windowOf(tf), projectNames) },
    };
  }
  return { type: 'main_category', subcategories, ...series(chains, daysOf), aggregated };
}
