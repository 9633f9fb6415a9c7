// The contracts table of a main category's window (CONTRACT.md 11.3): the union of the category's
// top 50 contracts by fees over every compared chain and, per (sub-category, chain), the top 20
// by fees and the top 20 by transactions, so that a chain or sub-category drowned out by the
// biggest payers still shows its own leaders; ordered by fees descending. Fees are ETH fees, as
// in the blockspace documents' tables; unknown fees (no price) rank last.
import type { BlockspaceContract, BlockspaceFigures, ChainBlockspace } from '../../../metrics/blockspace-days.js';
import { isUsed } from '../../../metrics/blockspace-days.js';
import { checksumAddress } from '../../apps/checksum-address.js';
import { cmp, windowSum } from '../blockspace-object.js';

export const TOP_BY_CATEGORY = 50;
export const TOP_PER_SUB_AND_CHAIN = 20;

interface Candidate {
  c: BlockspaceContract;
  f: BlockspaceFigures;
}

const byFees = (a: Candidate, b: Candidate): number =>
  (b.f.eth ?? -1) - (a.f.eth ?? -1) || b.f.txcount - a.f.txcount || cmp(a.c.origin_key, b.c.origin_key) || cmp(a.c.address, b.c.address);
const byTxcount = (a: Candidate, b: Candidate): number => b.f.txcount - a.f.txcount || byFees(a, b);

/**
 * Rows `[address (EIP-55), project display name | null, contract name | null, main, sub, chain,
 * eth, usd, txcount]` of the contracts of `main` with transactions in each chain's window
 * (`window(chain)`: [from, until) in ms).
 */
export function comparisonContracts(
  chains: readonly ChainBlockspace[],
  main: string,
  window: (chain: ChainBlockspace) => [number, number],
  projectNames: ReadonlyMap<string, string>,
): Array<Array<string | number | null>> {
  const candidates: Candidate[] = [];
  for (const chain of chains) {
    const [from, until] = window(chain);
    for (const c of chain.contracts) {
      if (c.main_category !== main) continue;
      const f = windowSum(c.days, from, until);
      if (f && isUsed(f)) candidates.push({ c, f });
    }
  }
  candidates.sort(byFees);
  const chosen = new Set(candidates.slice(0, TOP_BY_CATEGORY));
  const groups = new Map<string, Candidate[]>();
  for (const x of candidates) {
    const key = `${x.c.usage_category}\u0000${x.c.origin_key}`;
    const group = groups.get(key);
    if (group) group.push(x);
    else groups.set(key, [x]);
  }
  for (const group of groups.values()) {
    // Each group is in fee order already (a subsequence of the sorted candidates).
    for (const x of group.slice(0, TOP_PER_SUB_AND_CHAIN)) chosen.add(x);
    for (const x of [...group].sort(byTxcount).slice(0, TOP_PER_SUB_AND_CHAIN)) chosen.add(x);
  }
  return [...chosen]
    .sort(byFees)
    .map(({ c, f }) => [
      checksumAddress(c.address),
      c.owner_project === null ? null : (projectNames.get(c.owner_project) ?? null),
      c.contract_name,
      c.main_category,
      c.usage_category,
      c.origin_key,
      f.eth,
      f.usd,
      f.txcount,
    ]);
}
