// Chain facts: the one scan per granularity that runs every metric's aggregate expression over
// a chain's transactions, unpivoted into `facts` (numbers) and `native_facts` (wei).
import { PERIOD_SECONDS, type Granularity } from '../granularity.js';
import type { ChainFactsRequest } from '../facts.js';
import { inPeriods, loadPeriodScope } from './period-scope.js';
import { deleteWhere, putRows } from './replacing.js';
import type { Row, SqlRunner } from './sql-runner.js';
import { intList, keyColumn, sqlString, stringList, wideToDouble } from './sql-text.js';

/** Chain facts (dimension 'chain', entity ''), unqualified: deleteWhere reads one table. */
export const CHAIN = "dimension = 'chain' AND entity = ''";

/** How the aggregates of a scan are read back: doubles as numbers, exact wei sums also as decimal text. */
export function aggregateColumns(plain: readonly { key: string }[], wei: readonly { key: string; exact: boolean }[]): string {
  return [
    ...plain.map((a) => `toFloat64(${keyColumn(a.key)}) AS v_${keyColumn(a.key)}`),
    ...wei.map((a) =>
      a.exact
        ? `${wideToDouble(keyColumn(a.key))} AS v_${keyColumn(a.key)}, toString(${keyColumn(a.key)}) AS x_${keyColumn(a.key)}`
        : `toFloat64(${keyColumn(a.key)}) AS v_${keyColumn(a.key)}`,
    ),
  ].join(', ');
}

/** Rows of `facts` and `native_facts` from aggregate rows (see aggregateColumns). */
export function unpivot(
  agg: readonly Row[],
  subject: (r: Row) => { origin_key: string; dimension: string; entity: string },
  g: Granularity,
  plain: readonly { key: string }[],
  wei: readonly { key: string; exact: boolean }[],
): { facts: Row[]; native: Row[] } {
  const facts: Row[] = [];
  const native: Row[] = [];
  for (const r of agg) {
    const base = { ...subject(r), granularity: g, period_ms: Number(r.period_ms) };
    for (const a of plain) facts.push({ ...base, metric_key: a.key, value: r[`v_${keyColumn(a.key)}`] ?? null });
    for (const a of wei) native.push({ ...base, metric_key: a.key, value: r[`v_${keyColumn(a.key)}`] ?? null, exact_wei: a.exact ? (r[`x_${keyColumn(a.key)}`] ?? null) : null });
  }
  return { facts, native };
}

export async function writeChainFacts(db: SqlRunner, req: ChainFactsRequest): Promise<void> {
  const { granularity: g, plain, wei } = req;
  const ok = sqlString(req.origin_key);
  const aggs = [...plain, ...wei];
  if (req.periods.length === 0 || aggs.length === 0) return;
  const { scope, withBlocks } = await loadPeriodScope(db, req.origin_key, g, req.periods);
  const s = PERIOD_SECONDS[g];
  // Every period with blocks gets a row of every key below, with a newer version than the rows
  // it replaces: only the periods that lost their blocks (a rollback) need tombstones. On a
  // facts run that is usually none, which saves two statements a granularity.
  const kept = new Set(withBlocks);
  const emptied = scope.filter((p) => !kept.has(p));
  if (emptied.length > 0) {
    const scoped = `origin_key = ${ok} AND ${CHAIN} AND granularity = '${g}' AND period_ms IN (${intList(emptied, 'period')})`;
    if (plain.length > 0) await deleteWhere(db, 'facts', `${scoped} AND metric_key IN (${stringList(plain.map((a) => a.key))})`);
    if (wei.length > 0) await deleteWhere(db, 'native_facts', `${scoped} AND metric_key IN (${stringList(wei.map((a) => a.key))})`);
  }
  if (withBlocks.length === 0) return;

  const exprs = aggs.map((a) => `${a.sql} AS ${keyColumn(a.key)}`).join(', ');
  const out = aggregateColumns(plain, wei);
  // Periods with blocks but no transactions take the aggregates' value over no rows (count 0,
  // median NULL): the one-row aggregate without GROUP BY over an empty selection.
  const agg = await db.all(
    `SELECT period_ms, ${out} FROM (
       SELECT intDiv(t.block_time, ${s}) * ${s * 1000} AS period_ms, ${exprs}
       FROM transactions AS t FINAL
       WHERE t.origin_key = ${ok} AND ${inPeriods(g, withBlocks)}
       GROUP BY period_ms)`,
  );
  const seen = new Set(agg.map((r) => Number(r.period_ms)));
  const missing = withBlocks.filter((p) => !seen.has(p));
  if (missing.length > 0) {
    const none = await db.all(`SELECT 0 AS period_ms, ${out} FROM (SELECT ${exprs} FROM transactions AS t WHERE 0)`);
    for (const p of missing) agg.push({ ...none[0], period_ms: p });
  }
  const rows = unpivot(agg, () => ({ origin_key: req.origin_key, dimension: 'chain', entity: '' }), g, plain, wei);
  const version = db.version();
  await putRows(db, 'facts', rows.facts, version);
  await putRows(db, 'native_facts', rows.native, version);
}

export async function blockPeriods(db: SqlRunner, originKey: string, g: Granularity, untilMs: number): Promise<number[]> {
  const s = PERIOD_SECONDS[g];
  const rows = await db.all<{ p: string }>(
    `SELECT DISTINCT intDiv(block_time, ${s}) * ${s * 1000} AS p FROM blocks FINAL
     WHERE origin_key = ${sqlString(originKey)} AND block_time < ${intList([Math.floor(untilMs / 1000)], 'bound')} ORDER BY p`,
  );
  return rows.map((r) => Number(r.p));
}

export async function blockTimeAtOrBelow(db: SqlRunner, originKey: string, blockNumber: number): Promise<number | null> {
  intList([blockNumber], 'block');
  const rows = await db.all<{ t: string | null }>(
    `SELECT max(block_time) AS t, count() AS n FROM blocks FINAL WHERE origin_key = ${sqlString(originKey)} AND block_number <= ${blockNumber} HAVING n > 0`,
  );
  const t = rows[0]?.t;
  return t === null || t === undefined ? null : Number(t);
}

export async function clearFacts(db: SqlRunner, originKey: string): Promise<void> {
  for (const table of ['facts', 'native_facts', 'address_sets', 'contract_address_sets', 'price_status', 'pending_days']) {
    await deleteWhere(db, table, `origin_key = ${sqlString(originKey)}`);
  }
}
