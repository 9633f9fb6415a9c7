// The chain overview's blockspace table (CONTRACT.md section 3, METRICS.md "Categories"): a
// chain's user transactions of a range per main category. Native transfers and contract
// deployments are categories of the transaction itself (store/blockspace.ts); a contract call
// takes the usage_category of the called contract's label, resolved as the application documents
// do (the chain's own label, else the agreeing labels of other chains); a call to a contract
// without one, or whose label has no usage_category, is `unlabeled`.
import { mainCategoryOf } from '../registry/categories.js';
import { resolveLabels } from '../sources/labels/resolve.js';
import type { BlockspaceRow } from '../store/blockspace.js';
import type { LabelRow } from '../store/labels.js';

export const BLOCKSPACE_COLUMNS = ['main_category_id', 'txcount', 'pct_share'] as const;
export type BlockspaceTableRow = [string, number, number];

const UNLABELED = 'unlabeled';

/** Rows `[main_category_id, txcount, pct_share]`, txcount descending (then id), shares in percent with 2 decimals. */
export function blockspaceTable(originKey: string, rows: readonly BlockspaceRow[], labels: readonly LabelRow[]): BlockspaceTableRow[] {
  const calls = rows.filter((r) => r.kind === 'call' && r.address !== null);
  const categoryOf = new Map<string, string>();
  for (const l of resolveLabels(labels, calls.map((r) => ({ origin_key: originKey, address: r.address! })))) {
    const main = l.usage_category === null ? undefined : mainCategoryOf(l.usage_category);
    if (main) categoryOf.set(l.address, main);
  }
  const counts = new Map<string, number>();
  for (const r of rows) {
    const main = r.kind === 'call' ? (categoryOf.get(r.address ?? '') ?? UNLABELED) : mainCategoryOf(r.kind)!;
    counts.set(main, (counts.get(main) ?? 0) + r.txcount);
  }
  let total = 0;
  for (const n of counts.values()) total += n;
  return [...counts.entries()]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([id, n]) => [id, n, Math.round((n / total) * 10000) / 100]);
}
