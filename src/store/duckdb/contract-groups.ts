// The groups of contracts a read is about, as a temp table `contract_groups(grp, origin_key,
// entity)` joined to facts and address sets on (origin_key, entity). Loaded as literal VALUES
// in chunks: a project list can name 20,000 contracts, and one statement per chunk keeps both
// the statement size and DuckDB's planning time small (bound parameters cost more, see
// sql-text.ts).
import type { ContractGroup } from '../contract-facts.js';
import type { SqlRunner } from './sql-runner.js';
import { sqlString } from './sql-text.js';

const CHUNK = 2_000;

/** Returns the number of (group, contract) rows loaded; a contract listed twice in a group counts once. */
export async function loadContractGroups(db: SqlRunner, groups: readonly ContractGroup[]): Promise<number> {
  await db.run('CREATE OR REPLACE TEMP TABLE contract_groups (grp VARCHAR NOT NULL, origin_key VARCHAR NOT NULL, entity VARCHAR NOT NULL)');
  const rows: string[] = [];
  for (const g of groups) {
    for (const c of g.contracts) rows.push(`(${sqlString(g.group)}, ${sqlString(c.origin_key)}, ${sqlString(c.address.toLowerCase())})`);
  }
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.run(`INSERT INTO contract_groups VALUES ${rows.slice(i, i + CHUNK).join(',')}`);
  }
  if (rows.length > 0) await db.run('CREATE OR REPLACE TEMP TABLE contract_groups AS SELECT DISTINCT grp, origin_key, entity FROM contract_groups');
  return rows.length;
}
