// The groups of contracts a read is about. DuckDB loads them into a temp table; over HTTP
// without a session they stay in code: `grp` and `chain` are indexes into name lists assigned
// in the same order as DuckDB's (first appearance), so sums that add per chain add in the same
// order on both engines, and SQL fragments select the groups' contracts.
import type { ContractGroup } from '../contract-facts.js';
import { sqlString } from './sql-text.js';

export interface GroupMember {
  grp: number;
  chain: number;
  origin_key: string;
  entity: string;
}

export interface LoadedGroups {
  /** Group names by `grp`. */
  names: string[];
  /** Chain origin keys by `chain`. */
  chains: string[];
  /** Whether group `grp` has contracts on more than one chain. */
  multi: boolean[];
  /** (group, contract) pairs, a contract listed twice in a group (or a group named twice) once. */
  members: GroupMember[];
  rows: number;
  /** The groups (indexes) a contract is in, by `origin_key\0address`. */
  groupsOf: Map<string, number[]>;
  /** SQL: whether (origin, address) is a contract of some group. */
  memberSql(origin: string, address: string): string;
  /** SQL: the Array(UInt32) of groups (origin, address) is in. */
  groupsOfSql(origin: string, address: string): string;
}

export const contractKey = (originKey: string, address: string): string => `${originKey}\u0000${address}`;

export function loadContractGroups(groups: readonly ContractGroup[]): LoadedGroups {
  const names: string[] = [];
  const chains: string[] = [];
  const multi: boolean[] = [];
  const members: GroupMember[] = [];
  const grpIds = new Map<string, number>();
  const chainIds = new Map<string, number>();
  const firstChain: number[] = [];
  const seen = new Set<string>();
  const groupsOf = new Map<string, number[]>();
  for (const g of groups) {
    let grp = grpIds.get(g.group);
    if (grp === undefined) {
      grp = names.push(g.group) - 1;
      grpIds.set(g.group, grp);
      multi.push(false);
      firstChain.push(-1);
    }
    for (const c of g.contracts) {
      const address = c.address.toLowerCase();
      const key = `${grp}\u0000${c.origin_key}\u0000${address}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let chain = chainIds.get(c.origin_key);
      if (chain === undefined) {
        chain = chains.push(c.origin_key) - 1;
        chainIds.set(c.origin_key, chain);
      }
      if (firstChain[grp] === -1) firstChain[grp] = chain;
      else if (firstChain[grp] !== chain) multi[grp] = true;
      members.push({ grp, chain, origin_key: c.origin_key, entity: address });
      const ck = contractKey(c.origin_key, address);
      const list = groupsOf.get(ck);
      if (list) list.push(grp);
      else groupsOf.set(ck, [grp]);
    }
  }
  const keys = [...groupsOf.keys()];
  const tuples = () => keys.map((k) => `(${k.split('\u0000').map(sqlString).join(', ')})`).join(', ');
  const keyText = (origin: string, address: string) => `concat(${origin}, '|', assumeNotNull(${address}))`;
  return {
    names,
    chains,
    multi,
    members,
    rows: members.length,
    groupsOf,
    memberSql: (origin, address) => (keys.length === 0 ? '0' : `(${origin}, assumeNotNull(${address})) IN (${tuples()})`),
    groupsOfSql: (origin, address) =>
      `mapFromArrays([${keys.map((k) => sqlString(k.replace('\u0000', '|'))).join(', ')}], [${keys.map((k) => `[${groupsOf.get(k)!.join(', ')}]::Array(UInt32)`).join(', ')}])[${keyText(origin, address)}]`,
  };
}
