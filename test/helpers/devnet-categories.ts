// The ground truth of which main category a devnet contract counts under, derived by the tests
// from the devnet's own label rows (not from the code under test): the chain's own label, else
// the other chains' labels when they all agree (METRICS.md 4), else 'unlabeled'.
import { DEVNET_LABELS } from '../../src/devnet/index.js';
import { MAIN_CATEGORIES } from '../../src/registry/categories.js';

export function devnetCategories(chains: readonly string[]) {
  const mainOf = new Map(MAIN_CATEGORIES.flatMap((m) => m.sub.map((s) => [s, m.id] as const)));
  const labels = DEVNET_LABELS.filter((l) => chains.includes(l.origin_key));
  const categoryOf = (ok: string, address: string): string => {
    const rows = labels.filter((l) => l.address === address);
    const own = rows.find((l) => l.origin_key === ok);
    if (own) return mainOf.get(own.usage_category)!;
    if (rows.length > 0 && rows.every((l) => l.owner_project === rows[0]!.owner_project && l.usage_category === rows[0]!.usage_category)) return mainOf.get(rows[0]!.usage_category)!;
    return 'unlabeled';
  };
  return { labels, categoryOf };
}
