// Contract facts in DuckDB: one scan per granularity of a chain's contract transactions,
// grouped by period and contract, unpivoted into `facts` and `native_facts` with dimension
// 'contract'; the per-day sender sets per contract; and the pruning of old hours.
import { DAY_MS } from '../../clock.js';
import type { ContractAddressSetsRequest, ContractFactsRequest } from '../contract-facts.js';
import { PERIOD_SECONDS } from '../granularity.js';
import { inFactPeriods, loadPeriodScope } from './period-scope.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, keyColumn, sqlString } from './sql-text.js';

/** METRICS.md section 4: the transactions that count for applications, the contract being `to`. */
/** METRICS.md section 4: the transactions application metrics count (contract = `to`). */
export const CONTRACT_TX = 'NOT t.input_empty AND t.fee_wei > 0 AND t.to_address IS NOT NULL';

export async function writeContractFacts(db: SqlRunner, req: ContractFactsRequest): Promise<void> {
  const { granularity: g, plain, wei } = req;
  const ok = sqlString(req.origin_key);
  const aggs = [...plain, ...wei];
  if (req.periods.length === 0 || aggs.length === 0) return;
  await loadPeriodScope(db, req.origin_key, g, req.periods);
  const scoped = `USING fact_scope s WHERE f.origin_key = ${ok} AND f.dimension = 'contract' AND f.granularity = '${g}' AND f.period_ms = s.period_ms`;
  if (plain.length > 0) await db.run(`DELETE FROM facts f ${scoped} AND f.metric_key IN (${plain.map((a) => sqlString(a.key)).join(', ')})`);
  if (wei.length > 0) await db.run(`DELETE FROM native_facts f ${scoped} AND f.metric_key IN (${wei.map((a) => sqlString(a.key)).join(', ')})`);

  const s = PERIOD_SECONDS[g];
  // Only (period, contract) pairs with transactions get rows: a project's zero days are filled
  // by the documents, and storing zeros for every labeled contract would multiply the table.
  await db.run(
    `CREATE OR REPLACE TEMP TABLE contract_agg AS
     SELECT t.block_time // ${s} * ${s * 1000} AS period_ms, t.to_address AS entity, ${aggs.map((a) => `${a.sql} AS ${keyColumn(a.key)}`).join(', ')}
     FROM transactions t
     WHERE t.origin_key = ${ok} AND ${inFactPeriods(g)} AND ${CONTRACT_TX}
     GROUP BY 1, 2`,
  );
  if (plain.length > 0) {
    await db.run(
      `INSERT INTO facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value) ${plain
        .map((a) => `SELECT ${ok}, 'contract', entity, ${sqlString(a.key)}, '${g}', period_ms, CAST(${keyColumn(a.key)} AS DOUBLE) FROM contract_agg`)
        .join(' UNION ALL ')}`,
    );
  }
  if (wei.length > 0) {
    await db.run(
      `INSERT INTO native_facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value, exact_wei) ${wei
        .map(
          (a) =>
            `SELECT ${ok}, 'contract', entity, ${sqlString(a.key)}, '${g}', period_ms, CAST(${keyColumn(a.key)} AS DOUBLE), ${a.exact ? `CAST(${keyColumn(a.key)} AS HUGEINT)` : 'NULL'} FROM contract_agg`,
        )
        .join(' UNION ALL ')}`,
    );
  }
}

export async function writeContractAddressSets(db: SqlRunner, req: ContractAddressSetsRequest): Promise<void> {
  if (req.days.length === 0 || req.sets.length === 0) return;
  const ok = sqlString(req.origin_key);
  await loadPeriodScope(db, req.origin_key, 'daily', req.days);
  await db.run(
    `DELETE FROM contract_address_sets f USING fact_scope s
     WHERE f.origin_key = ${ok} AND f.day_ms = s.period_ms
       AND f.set_key IN (${req.sets.map((x) => sqlString(x.key)).join(', ')})`,
  );
  for (const set of req.sets) {
    await db.run(
      `CREATE OR REPLACE TEMP TABLE contract_set_rows AS
       SELECT DISTINCT t.to_address AS entity, t.block_time // 86400 * ${DAY_MS} AS day_ms, ${set.sql} AS address FROM transactions t
       WHERE t.origin_key = ${ok} AND ${inFactPeriods('daily')} AND ${CONTRACT_TX}`,
    );
    await internAddresses(db, 'SELECT entity FROM contract_set_rows UNION SELECT address FROM contract_set_rows');
    await db.run(
      `INSERT INTO contract_address_sets (set_key, origin_key, contract_id, day_ms, address_id)
       SELECT ${sqlString(set.key)}, ${ok}, c.id, r.day_ms, a.id FROM contract_set_rows r
       JOIN address_ids c ON c.address = r.entity JOIN address_ids a ON a.address = r.address`,
    );
  }
  await db.run('DROP TABLE IF EXISTS contract_set_rows');
}

/** Gives every address the query returns that has no id yet the next free ids (the store's one connection serializes writers). */
export async function internAddresses(db: SqlRunner, addresses: string): Promise<void> {
  await db.run(
    `INSERT INTO address_ids (address, id)
     SELECT n.address, (SELECT coalesce(max(id), 0) FROM address_ids) + row_number() OVER (ORDER BY n.address)
     FROM (${addresses}) n(address) ANTI JOIN address_ids a ON a.address = n.address`,
  );
}

export async function pruneContractHours(db: SqlRunner, originKey: string, beforeMs: number): Promise<void> {
  intList([beforeMs], 'contract hour bound');
  for (const table of ['facts', 'native_facts']) {
    await db.run(`DELETE FROM ${table} WHERE origin_key = $1 AND dimension = 'contract' AND granularity = 'hourly' AND period_ms < ${beforeMs}`, [originKey]);
  }
}
