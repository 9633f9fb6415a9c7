// Groups of contracts as integers, assigned the same way on both engines: `grp` and `chain` are
// indexes into name lists in order of first appearance, so reads that add or count per chain do
// it in the same order everywhere. The engines' group loaders build on it (DuckDB's temp table,
// ClickHouse's SQL fragments), and so does the read that counts several groupings of contracts
// from one read of their sets (grouping-distinct.ts).
import type { ContractGroup } from './contract-facts.js';

export interface GroupMember {
  grp: number;
  chain: number;
  origin_key: string;
  /** Lower-case address. */
  entity: string;
}

export interface ContractGroupIndex {
  /** Group names by `grp`. */
  names: string[];
  /** Chain origin keys by `chain`. */
  chains: string[];
  /** Whether group `grp` has contracts on more than one chain. */
  multi: boolean[];
  /** (group, contract) pairs; a contract listed twice in a group (or a group named twice) once. */
  members: GroupMember[];
}

export function indexContractGroups(groups: readonly ContractGroup[]): ContractGroupIndex {
  const out: ContractGroupIndex = { names: [], chains: [], multi: [], members: [] };
  const grpIds = new Map<string, number>();
  const chainIds = new Map<string, number>();
  const firstChain: number[] = [];
  const seen = new Set<string>();
  for (const g of groups) {
    let grp = grpIds.get(g.group);
    if (grp === undefined) {
      grp = out.names.push(g.group) - 1;
      grpIds.set(g.group, grp);
      out.multi.push(false);
      firstChain.push(-1);
    }
    for (const c of g.contracts) {
      const entity = c.address.toLowerCase();
      const key = `${grp}\u0000${c.origin_key}\u0000${entity}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let chain = chainIds.get(c.origin_key);
      if (chain === undefined) {
        chain = out.chains.push(c.origin_key) - 1;
        chainIds.set(c.origin_key, chain);
      }
      if (firstChain[grp] === -1) firstChain[grp] = chain;
      else if (firstChain[grp] !== chain) out.multi[grp] = true;
      out.members.push({ grp, chain, origin_key: c.origin_key, entity });
    }
  }
  return out;
}
