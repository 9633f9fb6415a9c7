// Metric aggregates per fixed bucket over a chain's raw transactions (store/bucket-aggregates.ts).
import { checkBucketQuery, type BucketAggregateRow, type BucketAggregatesQuery } from '../bucket-aggregates.js';
import type { SqlRunner } from './sql-runner.js';
import { keyColumn, sqlString } from './sql-text.js';

export async function bucketAggregates(db: SqlRunner, q: BucketAggregatesQuery): Promise<BucketAggregateRow[]> {
  checkBucketQuery(q);
  if (q.until_ms <= q.from_ms || q.aggregates.length === 0) return [];
  const s = q.bucket_seconds;
  const exprs = q.aggregates.map((a) => `CAST(${a.sql} AS DOUBLE) AS ${keyColumn(a.key)}`).join(', ');
  const rows = await db.all(
    `SELECT t.block_time // ${s} * ${s * 1000} AS bucket_ms, ${exprs}
     FROM transactions t
     WHERE t.origin_key = ${sqlString(q.origin_key)} AND t.block_time >= ${q.from_ms / 1000} AND t.block_time < ${q.until_ms / 1000}
     GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((r) => ({
    bucket_ms: Number(r.bucket_ms),
    values: Object.fromEntries(q.aggregates.map((a) => [a.key, (r[keyColumn(a.key).slice(1, -1)] as number | null) ?? null])),
  }));
}
