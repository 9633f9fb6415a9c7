// The groups of contracts a read is about. DuckDB loads them into a temp table; over HTTP
// without a session they stay in code: `grp` and `chain` are indexes into name lists assigned
// by the same rule as DuckDB's (contract-group-index.ts), so sums that add per chain add in the same
// order on both engines, and SQL fragments select the groups' contracts.
import type { ContractGroup } from '../contract-facts.js';
import { type ContractGroupIndex, indexContractGroups } from '../contract-group-index.js';
import { sqlString } from './sql-text.js';

export interface LoadedGroups extends ContractGroupIndex {
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
  const { names, chains, multi, members } = indexContractGroups(groups);
  const groupsOf = new Map<string, number[]>();
  for (const m of members) {
    const ck = contractKey(m.origin_key, m.entity);
    const list = groupsOf.get(ck);
    if (list) list.push(m.grp);
    else groupsOf.set(ck, [m.grp]);
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
