// The ground truth of which main category a devnet contract counts under, derived by the tests
// from the devnet's own label rows (not from the code under test): the chain's own label, else
// the other chains' labels when they all agree (METRICS.md 4), else 'unlabeled'.
import { DEVNET_LABELS } from '../../src/devnet/index.js';
import { MAIN_CATEGORIES } from '../../src/registry/categories.js';

type Label = (typeof DEVNET_LABELS)[number];

export function devnetCategories(chains: readonly string[], rows: readonly Label[] = DEVNET_LABELS) {
  const mainOf = new Map(MAIN_CATEGORIES.flatMap((m) => m.sub.map((s) => [s, m.id] as const)));
  const labels = rows.filter((l) => chains.includes(l.origin_key));
  /** The label a contract counts under (a cross-chain one keeps a name only when every chain gives the same), or undefined. */
  const labelOf = (ok: string, address: string): { owner_project: string; usage_category: string; contract_name: string | null } | undefined => {
    const rows = labels.filter((l) => l.address === address);
    const own = rows.find((l) => l.origin_key === ok);
    if (own) return own;
    if (rows.length > 0 && rows.every((l) => l.owner_project === rows[0]!.owner_project && l.usage_category === rows[0]!.usage_category)) {
      return { ...rows[0]!, contract_name: rows.every((l) => l.contract_name === rows[0]!.contract_name) ? rows[0]!.contract_name : null };
    }
    return undefined;
  };
  const categoryOf = (ok: string, address: string): string => {
    const label = labelOf(ok, address);
    return label ? mainOf.get(label.usage_category)! : 'unlabeled';
  };
  /** The sub-category (usage category) a call counts under. */
  const subCategoryOf = (ok: string, address: string): string => labelOf(ok, address)?.usage_category ?? 'unlabeled';
  return { labels, labelOf, categoryOf, subCategoryOf };
}
