// Chain facts: the one scan per granularity that runs every metric's aggregate expression over
// a chain's transactions, unpivoted into `facts` (numbers) and `native_facts` (wei).
import { PERIOD_SECONDS, type Granularity } from '../granularity.js';
import type { ChainFactsRequest } from '../facts.js';
import { inPeriodsWithBlocks, periodBlocks, type ChainBlocks } from './period-scope.js';
import { deleteWhere, replaceRows } from './replacing.js';
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

export async function writeChainFacts(db: SqlRunner, req: ChainFactsRequest, known?: ChainBlocks): Promise<void> {
  const { granularity: g, plain, wei } = req;
  const ok = sqlString(req.origin_key);
  const aggs = [...plain, ...wei];
  if (req.periods.length === 0 || aggs.length === 0) return;
  const s = PERIOD_SECONDS[g];
  const { scope, blocks } = await periodBlocks(db, known, req.origin_key, g, req.periods);
  const withBlocks = new Set(blocks.with_blocks);
  let agg: Row[] = [];
  if (withBlocks.size > 0) {
    const exprs = aggs.map((a) => `${a.sql} AS ${keyColumn(a.key)}`).join(', ');
    const out = aggregateColumns(plain, wei);
    // One round trip reads the aggregates of the periods with transactions and the aggregates
    // over no rows (count 0, median NULL: what a period with blocks but no transactions gets).
    const parts = await db.all(
      `SELECT 'tx' AS part, period_ms, ${out} FROM (
         SELECT intDiv(t.block_time, ${s}) * ${s * 1000} AS period_ms, ${exprs}
         FROM transactions AS t FINAL
         WHERE t.origin_key = ${ok} AND ${inPeriodsWithBlocks(blocks)}
         GROUP BY period_ms)
       UNION ALL
       SELECT 'none' AS part, 0 AS period_ms, ${out} FROM (SELECT ${exprs} FROM transactions AS t WHERE 0)`,
    );
    agg = parts.filter((r) => r.part === 'tx' && withBlocks.has(Number(r.period_ms)));
    const seen = new Set(agg.map((r) => Number(r.period_ms)));
    const none = parts.find((r) => r.part === 'none')!;
    for (const p of withBlocks) if (!seen.has(p)) agg.push({ ...none, period_ms: p });
  }
  const rows = unpivot(agg, () => ({ origin_key: req.origin_key, dimension: 'chain', entity: '' }), g, plain, wei);
  // Every period with blocks gets a row of every key, newer than the rows it replaces: only
  // the periods that lost their blocks (a rollback) need tombstones, sent with the rows.
  const emptied = scope.filter((p) => !withBlocks.has(p));
  const gone = (keys: readonly { key: string }[]) =>
    emptied.flatMap((p) => keys.map((a) => ({ origin_key: req.origin_key, dimension: 'chain', entity: '', metric_key: a.key, granularity: g, period_ms: p })));
  if (plain.length > 0) await replaceRows(db, 'facts', gone(plain), rows.facts);
  if (wei.length > 0) await replaceRows(db, 'native_facts', gone(wei), rows.native);
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
