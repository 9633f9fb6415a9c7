// The raw contract facts of a list of contracts, as columns, for callers that aggregate them in
// JavaScript (the application documents: documents/apps/app-fact-sums.ts). One scan with integer ids
// (contract index, key index) instead of strings, every column a DOUBLE so that the chunks are
// copied into typed arrays as blocks (double-columns.ts), contract, key and granularity as one
// number (copying a column out costs about what scanning it does), and no ORDER BY: the columns are put in
// order in JavaScript (contract-fact-order.ts), which costs a fraction of DuckDB's sort of
// 8 million facts for 20,000 contracts on four columns.
import { orderContractFacts } from '../contract-fact-order.js';
import type { ContractFactColumns, ContractFactsQuery } from '../contract-facts.js';
import { loadContractGroups } from './contract-groups.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

/** readFactColumns' columns in order: the half the store runs after it releases the connection (a read queued behind runs meanwhile). */
export function orderFactColumns(q: ContractFactsQuery, read: { rows: number; columns: Float64Array[] }): ContractFactColumns {
  if (q.keys.length === 0 || q.contracts.length === 0) return orderContractFacts(0, [], 0, 0);
  return orderContractFacts(read.rows, read.columns, q.contracts.length, q.keys.length);
}

/** The store's readContractFacts, its half on the connection: the facts as unordered columns (combined contract-key-granularity id, period, value). */
export async function readFactColumns(db: SqlRunner, q: ContractFactsQuery): Promise<{ rows: number; columns: Float64Array[] }> {
  if (q.keys.length === 0 || q.contracts.length === 0) return { rows: 0, columns: [] };
  intList([q.days_until, q.hours_from, q.hours_until], 'contract fact bound');
  // One group per contract, named by its index: `grp` is then the contract's index in the list.
  await loadContractGroups(
    db,
    q.contracts.map((c, i) => ({ group: String(i), contracts: [c] })),
  );
  const keys = q.keys.map(sqlString).join(', ');
  return db.numericColumns(
    `SELECT ((g.grp * ${q.keys.length} + list_position([${keys}], f.metric_key) - 1) * 2 + (f.granularity = 'hourly')::INTEGER)::DOUBLE, f.period_ms::DOUBLE, f.value
     FROM facts f JOIN contract_groups g ON g.origin_key = f.origin_key AND g.entity = f.entity
     WHERE f.dimension = 'contract' AND f.metric_key IN (${keys})
       AND ((f.granularity = 'daily' AND f.period_ms < ${q.days_until})
         OR (f.granularity = 'hourly' AND f.period_ms >= ${q.hours_from} AND f.period_ms < ${q.hours_until}))`,
  );
}
