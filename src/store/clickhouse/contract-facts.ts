// Contract facts in ClickHouse: one scan per granularity of a chain's contract transactions,
// grouped by period and contract, unpivoted into `facts` and `native_facts` with dimension
// 'contract'; the per-day sender sets per contract; and the pruning of old hours.
import { DAY_MS } from '../../clock.js';
import type { ContractAddressSetsRequest, ContractFactsRequest } from '../contract-facts.js';
import { PERIOD_SECONDS } from '../granularity.js';
import { inPeriodsWithBlocks, periodBlocks, type ChainBlocks } from './period-scope.js';
import { deleteWhere, replaceWhere } from './replacing.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, keyColumn, sqlString, stringList, wideToDouble } from './sql-text.js';

/** METRICS.md section 4: the transactions application metrics count (contract = `to`). */
export const CONTRACT_TX = 'NOT t.input_empty AND t.fee_wei > 0 AND t.to_address IS NOT NULL';

export async function writeContractFacts(db: SqlRunner, req: ContractFactsRequest, known?: ChainBlocks): Promise<void> {
  const { granularity: g, plain, wei } = req;
  const ok = sqlString(req.origin_key);
  const aggs = [...plain, ...wei];
  // The hours leaving the kept window go in the same statements as the new hours: the
  // tombstones' read of the chain's contract facts (the sorting key has the contract before the
  // period, so any period condition reads them all) is then made once per table, not twice.
  const before = g === 'hourly' ? req.hours_before : undefined;
  if (before !== undefined) intList([before], 'contract hour bound');
  const leaving = (table: string) =>
    before === undefined ? [] : [{ table, where: `origin_key = ${ok} AND dimension = 'contract' AND granularity = 'hourly' AND period_ms < ${before}` }];
  if (req.periods.length === 0 || aggs.length === 0) {
    for (const p of [...leaving('facts'), ...leaving('native_facts')]) await deleteWhere(db, p.table, p.where);
    return;
  }
  const { scope, blocks } = await periodBlocks(db, known, req.origin_key, g, req.periods);
  const scoped = `origin_key = ${ok} AND dimension = 'contract' AND granularity = '${g}' AND period_ms IN (${intList(scope, 'period')})`;
  const s = PERIOD_SECONDS[g];
  // Only (period, contract) pairs with transactions get rows: a project's zero days are filled
  // by the documents, and storing zeros for every labeled contract would multiply the table.
  // The aggregates stay on the shards: each table gets one statement that tombstones the
  // scope's old rows and unpivots the new ones (ARRAY JOIN), instead of reading every row back
  // and sending it again (the full build's contract facts are most of its rows).
  const scan = `SELECT intDiv(t.block_time, ${s}) * ${s * 1000} AS period_ms, assumeNotNull(t.to_address) AS entity, ${aggs.map((a) => `${a.sql} AS ${keyColumn(a.key)}`).join(', ')}
       FROM transactions AS t FINAL
       WHERE t.origin_key = ${ok} AND ${inPeriodsWithBlocks(blocks)} AND ${CONTRACT_TX}
       GROUP BY period_ms, entity`;
  // Without periods with blocks the old rows only go.
  const any = blocks.with_blocks.length > 0;
  const unpivoted = (pairs: string, values: string) =>
    `SELECT ${ok} AS origin_key, 'contract' AS dimension, entity, kv.1 AS metric_key, '${g}' AS granularity, period_ms, ${values}
     FROM (${scan}) ARRAY JOIN [${pairs}] AS kv`;
  // The scope's rows of the keys written, and (hourly) every key's rows of the hours leaving.
  const replaced = (table: string, keys: readonly string[]) => {
    const own = `${scoped} AND metric_key IN (${stringList(keys)})`;
    const gone = leaving(table)[0];
    return gone ? `(${own}) OR (${gone.where})` : own;
  };
  if (plain.length > 0) {
    const pairs = plain.map((a) => `(${sqlString(a.key)}, toNullable(toFloat64(${keyColumn(a.key)})))`).join(', ');
    await replaceWhere(db, 'facts', replaced('facts', plain.map((a) => a.key)), any ? [unpivoted(pairs, 'kv.2 AS value')] : []);
  } else for (const p of leaving('facts')) await deleteWhere(db, p.table, p.where);
  if (wei.length > 0) {
    const pairs = wei
      .map((a) => {
        const c = keyColumn(a.key);
        const value = a.exact ? wideToDouble(c) : `toFloat64(${c})`;
        return `(${sqlString(a.key)}, toNullable(${value}), ${a.exact ? `CAST(${c} AS Nullable(UInt256))` : 'CAST(NULL AS Nullable(UInt256))'})`;
      })
      .join(', ');
    await replaceWhere(db, 'native_facts', replaced('native_facts', wei.map((a) => a.key)), any ? [unpivoted(pairs, 'kv.2 AS value, kv.3 AS exact_wei')] : []);
  } else for (const p of leaving('native_facts')) await deleteWhere(db, p.table, p.where);
}

export async function writeContractAddressSets(db: SqlRunner, req: ContractAddressSetsRequest, known?: ChainBlocks): Promise<void> {
  if (req.days.length === 0 || req.sets.length === 0) return;
  const ok = sqlString(req.origin_key);
  const { scope, blocks } = await periodBlocks(db, known, req.origin_key, 'daily', req.days);
  // One statement: the requested days' old sets out, the days with blocks' new sets in.
  await replaceWhere(
    db,
    'contract_address_sets',
    `origin_key = ${ok} AND day_ms IN (${intList(scope, 'day')}) AND set_key IN (${stringList(req.sets.map((x) => x.key))})`,
    blocks.with_blocks.length === 0
      ? []
      : req.sets.map(
          (set) =>
            `SELECT DISTINCT ${sqlString(set.key)} AS set_key, ${ok} AS origin_key, assumeNotNull(t.to_address) AS contract, intDiv(t.block_time, 86400) * ${DAY_MS} AS day_ms, ${set.sql} AS address
             FROM transactions AS t FINAL
             WHERE t.origin_key = ${ok} AND ${inPeriodsWithBlocks(blocks)} AND ${CONTRACT_TX}`,
        ),
  );
}

