// Chain facts: the one scan per granularity that runs every metric's aggregate expression over
// a chain's transactions, unpivoted into `facts` (numbers) and `native_facts` (wei).
import { PERIOD_SECONDS, type Granularity } from '../granularity.js';
import type { ChainFactsRequest } from '../facts.js';
import { inFactPeriods, loadPeriodScope } from './period-scope.js';
import type { SqlRunner } from './sql-runner.js';
import { chainFilter, keyColumn, sqlString } from './sql-text.js';

export async function writeChainFacts(db: SqlRunner, req: ChainFactsRequest): Promise<void> {
  const { granularity: g, plain, wei } = req;
  const ok = sqlString(req.origin_key);
  const aggs = [...plain, ...wei];
  if (req.periods.length === 0 || aggs.length === 0) return;
  await loadPeriodScope(db, req.origin_key, g, req.periods);
  const s = PERIOD_SECONDS[g];
  const scoped = `USING fact_scope s WHERE f.origin_key = ${ok} AND ${chainFilter('f')} AND f.granularity = '${g}' AND f.period_ms = s.period_ms`;
  if (plain.length > 0) await db.run(`DELETE FROM facts f ${scoped} AND f.metric_key IN (${plain.map((a) => sqlString(a.key)).join(', ')})`);
  if (wei.length > 0) await db.run(`DELETE FROM native_facts f ${scoped} AND f.metric_key IN (${wei.map((a) => sqlString(a.key)).join(', ')})`);

  const exprs = aggs.map((a) => `${a.sql} AS ${keyColumn(a.key)}`).join(', ');
  const period = `t.block_time // ${s} * ${s * 1000}`;
  // Transactions are aggregated by period directly (as fast as a bare GROUP BY); periods with
  // blocks but no transactions take the aggregates' value over no rows (count 0, median NULL).
  await db.run(
    `CREATE OR REPLACE TEMP TABLE fact_agg AS
     WITH agg AS (
       SELECT ${period} AS period_ms, ${exprs}
       FROM transactions t
       WHERE t.origin_key = ${ok} AND ${inFactPeriods(g)}
       GROUP BY 1),
     none AS (SELECT ${exprs} FROM transactions t WHERE false)
     SELECT p.period_ms, ${aggs.map((a) => `coalesce(agg.${keyColumn(a.key)}, none.${keyColumn(a.key)}) AS ${keyColumn(a.key)}`).join(', ')}
     FROM fact_periods p
     CROSS JOIN none
     LEFT JOIN agg ON agg.period_ms = p.period_ms`,
  );
  if (plain.length > 0) {
    await db.run(
      `INSERT INTO facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value) ${plain
        .map((a) => `SELECT ${ok}, 'chain', '', ${sqlString(a.key)}, '${g}', period_ms, CAST(${keyColumn(a.key)} AS DOUBLE) FROM fact_agg`)
        .join(' UNION ALL ')}`,
    );
  }
  if (wei.length > 0) {
    await db.run(
      `INSERT INTO native_facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value, exact_wei) ${wei
        .map(
          (a) =>
            `SELECT ${ok}, 'chain', '', ${sqlString(a.key)}, '${g}', period_ms, CAST(${keyColumn(a.key)} AS DOUBLE), ${a.exact ? `CAST(${keyColumn(a.key)} AS HUGEINT)` : 'NULL'} FROM fact_agg`,
        )
        .join(' UNION ALL ')}`,
    );
  }
}

export async function blockPeriods(db: SqlRunner, originKey: string, g: Granularity, untilMs: number): Promise<number[]> {
  const s = PERIOD_SECONDS[g];
  const rows = await db.all<{ p: bigint }>(
    `SELECT DISTINCT block_time // ${s} * ${s * 1000} AS p FROM blocks WHERE origin_key = $1 AND block_time < $2 ORDER BY p`,
    [originKey, Math.floor(untilMs / 1000)],
  );
  return rows.map((r) => Number(r.p));
}

export async function blockTimeAtOrBelow(db: SqlRunner, originKey: string, blockNumber: number): Promise<number | null> {
  // A primary-key lookup; the fallback covers a block that is not stored (e.g. a checkpoint set
  // at a start block before any block was written).
  let rows = await db.all<{ t: bigint | null }>('SELECT block_time AS t FROM blocks WHERE origin_key = $1 AND block_number = $2', [originKey, blockNumber]);
  if (rows.length === 0) {
    rows = await db.all('SELECT max(block_time) AS t FROM blocks WHERE origin_key = $1 AND block_number <= $2', [originKey, blockNumber]);
  }
  const t = rows[0]?.t;
  return t === null || t === undefined ? null : Number(t);
}

export async function clearFacts(db: SqlRunner, originKey: string): Promise<void> {
  for (const table of ['facts', 'native_facts', 'address_sets', 'contract_address_sets', 'price_status', 'pending_days']) {
    await db.run(`DELETE FROM ${table} WHERE origin_key = $1`, [originKey]);
  }
}
