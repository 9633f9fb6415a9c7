// Contract facts in ClickHouse: one scan per granularity of a chain's contract transactions,
// grouped by period and contract, unpivoted into `facts` and `native_facts` with dimension
// 'contract'; the per-day sender sets per contract; and the pruning of old hours.
import { DAY_MS } from '../../clock.js';
import type { ContractAddressSetsRequest, ContractFactsRequest } from '../contract-facts.js';
import { PERIOD_SECONDS } from '../granularity.js';
import { aggregateColumns, unpivot } from './facts.js';
import { inPeriods, loadPeriodScope } from './period-scope.js';
import { deleteWhere, insertSelect, putRows } from './replacing.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, keyColumn, sqlString, stringList } from './sql-text.js';

/** METRICS.md section 4: the transactions application metrics count (contract = `to`). */
export const CONTRACT_TX = 'NOT t.input_empty AND t.fee_wei > 0 AND t.to_address IS NOT NULL';

export async function writeContractFacts(db: SqlRunner, req: ContractFactsRequest): Promise<void> {
  const { granularity: g, plain, wei } = req;
  const ok = sqlString(req.origin_key);
  const aggs = [...plain, ...wei];
  if (req.periods.length === 0 || aggs.length === 0) return;
  const { scope, withBlocks } = await loadPeriodScope(db, req.origin_key, g, req.periods);
  const scoped = `origin_key = ${ok} AND dimension = 'contract' AND granularity = '${g}' AND period_ms IN (${intList(scope, 'period')})`;
  if (plain.length > 0) await deleteWhere(db, 'facts', `${scoped} AND metric_key IN (${stringList(plain.map((a) => a.key))})`);
  if (wei.length > 0) await deleteWhere(db, 'native_facts', `${scoped} AND metric_key IN (${stringList(wei.map((a) => a.key))})`);
  if (withBlocks.length === 0) return;

  const s = PERIOD_SECONDS[g];
  // Only (period, contract) pairs with transactions get rows: a project's zero days are filled
  // by the documents, and storing zeros for every labeled contract would multiply the table.
  const agg = await db.all(
    `SELECT period_ms, entity, ${aggregateColumns(plain, wei)} FROM (
       SELECT intDiv(t.block_time, ${s}) * ${s * 1000} AS period_ms, assumeNotNull(t.to_address) AS entity, ${aggs.map((a) => `${a.sql} AS ${keyColumn(a.key)}`).join(', ')}
       FROM transactions AS t FINAL
       WHERE t.origin_key = ${ok} AND ${inPeriods(g, withBlocks)} AND ${CONTRACT_TX}
       GROUP BY period_ms, entity)`,
  );
  const rows = unpivot(agg, (r) => ({ origin_key: req.origin_key, dimension: 'contract', entity: String(r.entity) }), g, plain, wei);
  const version = db.version();
  await putRows(db, 'facts', rows.facts, version);
  await putRows(db, 'native_facts', rows.native, version);
}

export async function writeContractAddressSets(db: SqlRunner, req: ContractAddressSetsRequest): Promise<void> {
  if (req.days.length === 0 || req.sets.length === 0) return;
  const ok = sqlString(req.origin_key);
  const { scope, withBlocks } = await loadPeriodScope(db, req.origin_key, 'daily', req.days);
  await deleteWhere(db, 'contract_address_sets', `origin_key = ${ok} AND day_ms IN (${intList(scope, 'day')}) AND set_key IN (${stringList(req.sets.map((x) => x.key))})`);
  if (withBlocks.length === 0) return;
  for (const set of req.sets) {
    await insertSelect(
      db,
      'contract_address_sets',
      `SELECT DISTINCT ${sqlString(set.key)}, ${ok}, assumeNotNull(t.to_address), intDiv(t.block_time, 86400) * ${DAY_MS}, ${set.sql} FROM transactions AS t FINAL
       WHERE t.origin_key = ${ok} AND ${inPeriods('daily', withBlocks)} AND ${CONTRACT_TX}`,
    );
  }
}

export async function pruneContractHours(db: SqlRunner, originKey: string, beforeMs: number): Promise<void> {
  intList([beforeMs], 'contract hour bound');
  for (const table of ['facts', 'native_facts']) {
    await deleteWhere(db, table, `origin_key = ${sqlString(originKey)} AND dimension = 'contract' AND granularity = 'hourly' AND period_ms < ${beforeMs}`);
  }
}
