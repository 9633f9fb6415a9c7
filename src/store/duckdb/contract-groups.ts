// The groups of contracts a read is about, as a temp table `contract_groups(grp, chain,
// origin_key, entity, multi)` joined to facts on (origin_key, entity): `grp` and `chain` are
// indexes into the returned name lists, so the reads group by integers and the caller maps
// them back to names once per result row. `multi` marks groups with contracts on several
// chains: only those need a separate all-chain aggregation (a one-chain group's total is its
// chain's row). Loaded as literal VALUES in chunks: a project list can name 20,000 contracts,
// and one statement per chunk keeps both the statement size and DuckDB's planning time small
// (bound parameters cost more, see sql-text.ts).
import type { ContractGroup } from '../contract-facts.js';
import type { SqlRunner } from './sql-runner.js';
import { sqlString } from './sql-text.js';

const CHUNK = 2_000;

export interface LoadedGroups {
  /** Group names by `grp`. */
  names: string[];
  /** Chain origin keys by `chain`. */
  chains: string[];
  /** Whether group `grp` has contracts on more than one chain. */
  multi: boolean[];
  /** (group, contract) rows loaded; a contract listed twice in a group (or a group named twice) counts once. */
  rows: number;
}

export async function loadContractGroups(db: SqlRunner, groups: readonly ContractGroup[]): Promise<LoadedGroups> {
  const out: LoadedGroups = { names: [], chains: [], multi: [], rows: 0 };
  const grpIds = new Map<string, number>();
  const chainIds = new Map<string, number>();
  const firstChain: number[] = [];
  const seen = new Set<string>();
  const rows: string[] = [];
  for (const g of groups) {
    let grp = grpIds.get(g.group);
    if (grp === undefined) {
      grp = out.names.push(g.group) - 1;
      grpIds.set(g.group, grp);
      out.multi.push(false);
      firstChain.push(-1);
    }
    for (const c of g.contracts) {
      const address = c.address.toLowerCase();
      const key = `${grp}\u0000${c.origin_key}\u0000${address}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let chain = chainIds.get(c.origin_key);
      if (chain === undefined) {
        chain = out.chains.push(c.origin_key) - 1;
        chainIds.set(c.origin_key, chain);
      }
      if (firstChain[grp] === -1) firstChain[grp] = chain;
      else if (firstChain[grp] !== chain) out.multi[grp] = true;
      rows.push(`(${grp}, ${chain}, ${sqlString(c.origin_key)}, ${sqlString(address)})`);
    }
  }
  await db.run('CREATE OR REPLACE TEMP TABLE contract_groups (grp INTEGER NOT NULL, chain INTEGER NOT NULL, origin_key VARCHAR NOT NULL, entity VARCHAR NOT NULL)');
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.run(`INSERT INTO contract_groups VALUES ${rows.slice(i, i + CHUNK).join(',')}`);
  }
  const multi = out.multi.flatMap((m, i) => (m ? [i] : []));
  // The flag as a column (not a long IN list) so that every read can filter on it.
  await db.run(
    `CREATE OR REPLACE TEMP TABLE contract_groups AS SELECT *, ${multi.length > 0 ? `grp IN (SELECT unnest([${multi.join(',')}]))` : 'false'} AS multi FROM contract_groups`,
  );
  out.rows = rows.length;
  return out;
}
