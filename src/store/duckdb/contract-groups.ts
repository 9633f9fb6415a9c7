// The groups of contracts a read is about, as a temp table `contract_groups(grp, chain,
// origin_key, entity, multi)` joined to facts on (origin_key, entity): `grp` and `chain` are
// indexes into the returned name lists, so the reads group by integers and the caller maps
// them back to names once per result row. `multi` marks groups with contracts on several
// chains: only those need a separate all-chain aggregation (a one-chain group's total is its
// chain's row). Loaded as literal VALUES in chunks: a project list can name 20,000 contracts,
// and one statement per chunk keeps both the statement size and DuckDB's planning time small
// (bound parameters cost more, see sql-text.ts).
import type { ContractGroup } from '../contract-facts.js';
import { indexContractGroups } from '../contract-group-index.js';
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
  const { names, chains, multi, members } = indexContractGroups(groups);
  const out: LoadedGroups = { names, chains, multi, rows: members.length };
  const rows = members.map((m) => `(${m.grp}, ${m.chain}, ${sqlString(m.origin_key)}, ${sqlString(m.entity)})`);
  await db.run('CREATE OR REPLACE TEMP TABLE contract_groups (grp INTEGER NOT NULL, chain INTEGER NOT NULL, origin_key VARCHAR NOT NULL, entity VARCHAR NOT NULL)');
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.run(`INSERT INTO contract_groups VALUES ${rows.slice(i, i + CHUNK).join(',')}`);
  }
  const several = multi.flatMap((m, i) => (m ? [i] : []));
  // The flag as a column (not a long IN list) so that every read can filter on it.
  await db.run(
    `CREATE OR REPLACE TEMP TABLE contract_groups AS SELECT *, ${several.length > 0 ? `grp IN (SELECT unnest([${several.join(',')}]))` : 'false'} AS multi FROM contract_groups`,
  );
  return out;
}
