// Chain facts: the one scan that runs every metric's aggregate expression over a chain's
// transactions, for every granularity asked, unpivoted into `facts` (numbers) and `native_facts` (wei).
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

/** How a column of the scan is read back (aggregateColumns): a double, or a double and the exact wei sum as text. */
type ReadForm = 'double' | 'exact';

/**
 * A chain's facts of every requested granularity from one statement: one pass over the chain's
 * transactions (FINAL, so the rows are merged once) with GROUPING SETS, one set per granularity,
 * each aggregate expression computed once however many granularities share it (only the ones
 * that divide by the period's seconds differ). On ClickHouse a scan costs per statement more
 * than per row (the entry node plans the 60-aggregate statement, runs its part and merges the
 * shards' states), so the hour that completes a day scans once instead of twice; a full build
 * too. The new rows of every granularity go in one insert per table (fewer parts to merge).
 */
export async function writeChainFacts(db: SqlRunner, reqs: readonly ChainFactsRequest[], known?: ChainBlocks): Promise<void> {
  const live = reqs.filter((r) => r.periods.length > 0 && r.plain.length + r.wei.length > 0);
  if (live.length === 0) return;
  const originKey = live[0]!.origin_key;
  if (live.some((r) => r.origin_key !== originKey)) throw new Error('writeChainFacts: every request must be of one chain');
  if (new Set(live.map((r) => r.granularity)).size !== live.length) throw new Error('writeChainFacts: one request per granularity');
  const ok = sqlString(originKey);

  // Columns of the scan, one per distinct (expression, read form).
  const columns: Array<{ sql: string; form: ReadForm }> = [];
  const index = new Map<string, number>();
  const column = (sql: string, form: ReadForm): number => {
    const id = `${form} ${sql}`;
    let i = index.get(id);
    if (i === undefined) {
      i = columns.push({ sql, form }) - 1;
      index.set(id, i);
    }
    return i;
  };
  const writes = [];
  for (const req of live) {
    const { scope, blocks } = await periodBlocks(db, known, originKey, req.granularity, req.periods);
    writes.push({
      req,
      scope,
      blocks,
      plain: req.plain.map((a) => column(a.sql, 'double')),
      wei: req.wei.map((a) => column(a.sql, a.exact ? 'exact' : 'double')),
    });
  }

  const scanned = writes.filter((w) => w.blocks.with_blocks.length > 0);
  let parts: Row[] = [];
  if (scanned.length > 0) {
    const period = (g: Granularity) => `p_${g}`;
    const keys = scanned.map((w) => `intDiv(t.block_time, ${PERIOD_SECONDS[w.req.granularity]}) * ${PERIOD_SECONDS[w.req.granularity] * 1000} AS ${period(w.req.granularity)}`);
    const exprs = columns.map((c, i) => `${c.sql} AS c${i}`).join(', ');
    const out = columns
      .map((c, i) => (c.form === 'exact' ? `${wideToDouble(`c${i}`)} AS v${i}, toString(c${i}) AS x${i}` : `toFloat64(c${i}) AS v${i}`))
      .join(', ');
    const periodsOut = scanned.map((w) => period(w.req.granularity)).join(', ');
    // With several sets, group_by_use_nulls leaves the keys of the other sets NULL, which is
    // how a row tells its granularity. A row of a set holds only transactions of its own
    // period; periods of a set that only the other sets' conditions brought in are dropped below.
    const groupBy =
      scanned.length === 1
        ? `GROUP BY ${periodsOut}`
        : `GROUP BY GROUPING SETS (${scanned.map((w) => `(${period(w.req.granularity)})`).join(', ')}) SETTINGS group_by_use_nulls = 1`;
    // One round trip also reads the aggregates over no rows (count 0, median NULL: what a period
    // with blocks but no transactions gets).
    parts = await db.all(
      `SELECT 'tx' AS part, ${periodsOut}, ${out} FROM (
         SELECT ${keys.join(', ')}, ${exprs}
         FROM transactions AS t FINAL
         WHERE t.origin_key = ${ok} AND (${scanned.map((w) => `(${inPeriodsWithBlocks(w.blocks)})`).join(' OR ')})
         ${groupBy})
       UNION ALL
       SELECT 'none' AS part, ${scanned.map((w) => `NULL AS ${period(w.req.granularity)}`).join(', ')}, ${out} FROM (SELECT ${exprs} FROM transactions AS t WHERE 0)`,
    );
  }
  const none = parts.find((r) => r.part === 'none');

  const facts: Row[] = [];
  const native: Row[] = [];
  const goneFacts: Row[] = [];
  const goneNative: Row[] = [];
  for (const w of writes) {
    const g = w.req.granularity;
    const withBlocks = new Set(w.blocks.with_blocks);
    // The scan's row of a period, under the column names unpivot reads.
    const asAggregate = (r: Row, periodMs: number): Row => {
      const a: Row = { period_ms: periodMs };
      w.req.plain.forEach((k, j) => (a[`v_${keyColumn(k.key)}`] = r[`v${w.plain[j]}`]));
      w.req.wei.forEach((k, j) => {
        a[`v_${keyColumn(k.key)}`] = r[`v${w.wei[j]}`];
        if (k.exact) a[`x_${keyColumn(k.key)}`] = r[`x${w.wei[j]}`];
      });
      return a;
    };
    const agg: Row[] = [];
    if (withBlocks.size > 0) {
      for (const r of parts) {
        const p = r[`p_${g}`];
        if (r.part === 'tx' && p !== null && p !== undefined && withBlocks.has(Number(p))) agg.push(asAggregate(r, Number(p)));
      }
      const seen = new Set(agg.map((r) => Number(r.period_ms)));
      for (const p of withBlocks) if (!seen.has(p)) agg.push(asAggregate(none!, p));
    }
    const rows = unpivot(agg, () => ({ origin_key: originKey, dimension: 'chain', entity: '' }), g, w.req.plain, w.req.wei);
    facts.push(...rows.facts);
    native.push(...rows.native);
    // Every period with blocks gets a row of every key, newer than the rows it replaces: only
    // the periods that lost their blocks (a rollback) need tombstones, sent with the rows.
    const emptied = w.scope.filter((p) => !withBlocks.has(p));
    const gone = (keys: readonly { key: string }[]) =>
      emptied.flatMap((p) => keys.map((a) => ({ origin_key: originKey, dimension: 'chain', entity: '', metric_key: a.key, granularity: g, period_ms: p })));
    goneFacts.push(...gone(w.req.plain));
    goneNative.push(...gone(w.req.wei));
  }
  if (live.some((r) => r.plain.length > 0)) await replaceRows(db, 'facts', goneFacts, facts);
  if (live.some((r) => r.wei.length > 0)) await replaceRows(db, 'native_facts', goneNative, native);
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
