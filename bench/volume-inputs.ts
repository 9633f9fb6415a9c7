// What bench:volume's store holds beside the raw rows, as the service's sources would have
// written it: prices of the gas tokens (so every money fact converts, with no price gap to
// re-convert at each run), OLI-style labels of each chain's most called contracts and the project
// directory they belong to, so that the application documents are built at the scale of bench:apps
// (1,000 projects), and are part of "every document" of the measured hour.
import { DAY_MS, HOUR_MS } from '../src/clock.js';
import type { LabelRow } from '../src/store/labels.js';
import { syntheticProjects } from './synthetic-projects.js';
import type { PriceRow } from '../src/store/prices.js';
import type { Store } from '../src/store/store.js';
import { contractAddress } from './volume-addresses.js';
import { GAS_ASSETS } from './volume-chains.js';
import type { VolumeWorkload } from './volume-workload.js';

export const PROJECTS = 1_000;
/** Labeled contracts per chain: its most called ones (ranks 0 …), fewer where the chain has fewer. */
const LABELED_PER_CHAIN = 400;
const CATEGORIES = ['dex', 'lending', 'fungible_tokens', 'nft_marketplace', 'gaming', 'bridge', 'stablecoin', 'oracle'];
const USD: Record<(typeof GAS_ASSETS)[number], number> = { ethereum: 3000, mantle: 0.8, celo: 0.5, metis: 20 };

/** Prices of every gas token for the days and hours of [fromMs, toMs), labels and projects. */
export async function writeVolumeInputs(store: Store, w: VolumeWorkload, fromMs: number, toMs: number): Promise<void> {
  const prices: PriceRow[] = [];
  for (const asset of GAS_ASSETS) {
    const usd = (ms: number) => USD[asset] * (1 + ((ms / HOUR_MS) % 50) / 500);
    for (let d = fromMs; d < toMs; d += DAY_MS) prices.push({ asset, granularity: 'daily', period_ms: d, usd: usd(d) });
    for (let h = fromMs; h < toMs; h += HOUR_MS) prices.push({ asset, granularity: 'hourly', period_ms: h, usd: usd(h) });
  }
  await store.writePrices(prices);
  await store.replaceLabels(labelRows(w));
  await store.replaceProjects(syntheticProjects(PROJECTS, 'Synthetic project of bench:volume'));
}

/** Contract rank r of chain c belongs to project (r + 37·c) mod 1,000: most projects are on several chains. */
function labelRows(w: VolumeWorkload): LabelRow[] {
  return w.chains.flatMap((s) =>
    Array.from({ length: Math.min(LABELED_PER_CHAIN, s.contracts) }, (_, r) => ({
      origin_key: s.origin_key,
      address: contractAddress(s.c, r),
      contract_name: r % 7 === 0 ? null : `Contract ${r}`,
      owner_project: `project_${(r + 37 * s.c) % PROJECTS}`,
      usage_category: CATEGORIES[(r * 31 + s.c) % CATEGORIES.length]!,
      verified: r % 3 === 0,
    })),
  );
}

