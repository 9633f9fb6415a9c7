// Metric aggregates per fixed bucket over a chain's raw transactions (store/bucket-aggregates.ts).
import { checkBucketQuery, type BucketAggregateRow, type BucketAggregatesQuery } from '../bucket-aggregates.js';
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

// Doubles arrive as JSON numbers, or as strings for nan/inf; an aggregate over no matching rows is null.
function toNumber(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}
