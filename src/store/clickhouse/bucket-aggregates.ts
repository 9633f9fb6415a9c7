// Metric aggregates per fixed bucket over a chain's raw transactions (store/bucket-aggregates.ts).
import { checkBucketQuery, checkBucketSets, type BucketAggregateRow, type BucketAggregateSetsQuery, type BucketAggregatesQuery } from '../bucket-aggregates.js';
import { inBlockTimes } from './period-scope.js';
import type { SqlRunner } from './sql-runner.js';
import { keyColumn, sqlString } from './sql-text.js';

export async function bucketAggregates(db: SqlRunner, q: BucketAggregatesQuery): Promise<BucketAggregateRow[]> {
  checkBucketQuery(q);
  if (q.until_ms <= q.from_ms || q.aggregates.length === 0) return [];
  const s = q.bucket_seconds;
  const exprs = q.aggregates.map((a) => `toFloat64(${a.sql}) AS ${keyColumn(a.key)}`).join(', ');
  const rows = await db.all(
    `SELECT intDiv(t.block_time, ${s}) * ${s * 1000} AS bucket_ms, ${exprs}
     FROM transactions AS t FINAL
     WHERE t.origin_key = ${sqlString(q.origin_key)} AND ${inBlockTimes(q.origin_key, Math.ceil(q.from_ms / 1000), Math.ceil(q.until_ms / 1000))}
     GROUP BY bucket_ms ORDER BY bucket_ms`,
  );
  return rows.map((r) => ({
    bucket_ms: Number(r.bucket_ms),
    values: Object.fromEntries(q.aggregates.map((a) => [a.key, toNumber(r[keyColumn(a.key)])])),
  }));
}

/**
 * Every set of the query from one statement: one pass over the chain's transactions (FINAL, the
 * rows merged once), each row fanned out by ARRAY JOIN into the (set, bucket) pairs whose ranges
 * hold it, grouped by that pair. A row is aggregated only in the sets that cover it (GROUPING
 * SETS would aggregate every scanned row in every set, the ones outside a set's ranges into a
 * group thrown away), and an aggregate expression shared by several sets is one column. On
 * ClickHouse a scan costs per statement more than per row (the entry node plans it, runs its
 * part and merges the shards' states), so the facts stage's 4-hour and 10-minute buckets of a
 * chain cost one scan instead of one per width and range.
 */
export async function bucketAggregateSets(db: SqlRunner, q: BucketAggregateSetsQuery): Promise<BucketAggregateRow[][]> {
  checkBucketSets(q);
  const out: BucketAggregateRow[][] = q.sets.map(() => []);
  const live = q.sets
    .map((set, i) => ({ i, set, ranges: set.ranges.filter((r) => r.until_ms > r.from_ms) }))
    .filter((s) => s.ranges.length > 0 && s.set.aggregates.length > 0);
  if (live.length === 0) return out;

  // One column per distinct expression (the sets' widths differ only where an aggregate divides by the bucket's seconds).
  const columns: string[] = [];
  const index = new Map<string, number>();
  const columnOf = (sql: string): number => {
    let c = index.get(sql);
    if (c === undefined) index.set(sql, (c = columns.push(sql) - 1));
    return c;
  };
  const cols = live.map((s) => s.set.aggregates.map((a) => columnOf(a.sql)));

  const inRange = (r: { from_ms: number; until_ms: number }) => `(t.block_time >= ${Math.ceil(r.from_ms / 1000)} AND t.block_time < ${Math.ceil(r.until_ms / 1000)})`;
  const all = live.flatMap((s) => s.ranges);
  // Set j's pair of a row, or -1 when none of its ranges holds the row (dropped by arrayFilter).
  const pairs = live.map((s, j) => {
    const w = s.set.bucket_seconds;
    return `(toUInt32(${j}), if(${s.ranges.map(inRange).join(' OR ')}, toInt64(intDiv(t.block_time, ${w}) * ${w * 1000}), toInt64(-1)))`;
  });
  const rows = await db.all(
    `SELECT tupleElement(sb, 1) AS s, tupleElement(sb, 2) AS bucket_ms, ${columns.map((_, c) => `toFloat64(c${c}) AS v${c}`).join(', ')} FROM (
       SELECT sb, ${columns.map((sql, c) => `${sql} AS c${c}`).join(', ')}
       FROM transactions AS t FINAL
       ARRAY JOIN arrayFilter(p -> tupleElement(p, 2) >= 0, [${pairs.join(', ')}]) AS sb
       WHERE t.origin_key = ${sqlString(q.origin_key)}
         AND ${inBlockTimes(q.origin_key, Math.min(...all.map((r) => Math.ceil(r.from_ms / 1000))), Math.max(...all.map((r) => Math.ceil(r.until_ms / 1000))))}
         AND (${all.map(inRange).join(' OR ')})
       GROUP BY sb)
     ORDER BY s, bucket_ms`,
  );
  for (const r of rows) {
    const j = Number(r.s);
    const s = live[j]!;
    out[s.i]!.push({ bucket_ms: Number(r.bucket_ms), values: Object.fromEntries(s.set.aggregates.map((a, k) => [a.key, toNumber(r[`v${cols[j]![k]}`])])) });
  }
  return out;
}

// Doubles arrive as JSON numbers, or as strings for nan/inf; an aggregate over no matching rows is null.
function toNumber(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}
