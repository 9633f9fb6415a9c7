// What document builders read, and the small per-chain bookkeeping of the facts stage
// (how far facts are complete, days waiting to complete).
import type { FactQuery, FactRow, FactStatus } from '../facts.js';
import { FOUR_HOURS, TEN_MINUTES, type FactGranularity } from '../granularity.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

/** The facts of a bucket granularity (4-hour, 10-minute) with period_ms in [from_ms, until_ms), as an OR term. */
function bucketClause(granularity: typeof FOUR_HOURS | typeof TEN_MINUTES, range: { from_ms: number; until_ms: number } | undefined): string {
  if (!range) return '';
  intList([range.from_ms, range.until_ms], `${granularity} bound`);
  return ` OR (granularity = '${granularity}' AND period_ms >= ${range.from_ms} AND period_ms < ${range.until_ms})`;
}

export async function readFacts(db: SqlRunner, q: FactQuery): Promise<FactRow[]> {
  if (q.keys.length === 0) return [];
  const buckets = bucketClause(FOUR_HOURS, q.four_hours) + bucketClause(TEN_MINUTES, q.ten_minutes);
  const rows = await db.all<{ metric_key: string; granularity: FactGranularity; period_ms: bigint; value: number | null }>(
    `SELECT metric_key, granularity, period_ms, value FROM facts
     WHERE origin_key = $1 AND dimension = $2 AND entity = $3 AND metric_key IN (${q.keys.map(sqlString).join(', ')})
       AND ((granularity = 'daily' AND period_ms < $4) OR (granularity = 'hourly' AND period_ms >= $5 AND period_ms < $6)${buckets})`,
    [q.subject.origin_key, q.subject.dimension, q.subject.entity, q.days_until, q.hours_from, q.hours_until],
  );
  return rows.map((r) => ({ metric_key: r.metric_key, granularity: r.granularity, period_ms: Number(r.period_ms), value: r.value }));
}

export async function factStatus(db: SqlRunner): Promise<Map<string, FactStatus>> {
  const rows = await db.all<{ origin_key: string; hours_until: bigint; days_until: bigint }>('SELECT origin_key, hours_until, days_until FROM fact_status');
  return new Map(rows.map((r) => [r.origin_key, { hours_until: Number(r.hours_until), days_until: Number(r.days_until) }]));
}

export async function writeFactStatus(db: SqlRunner, originKey: string, status: FactStatus): Promise<void> {
  await db.run(
    `INSERT INTO fact_status VALUES ($1, $2, $3)
     ON CONFLICT (origin_key) DO UPDATE SET hours_until = excluded.hours_until, days_until = excluded.days_until`,
    [originKey, status.hours_until, status.days_until],
  );
}

export async function factSet(db: SqlRunner, originKey: string): Promise<string | null> {
  const rows = await db.all<{ signature: string }>('SELECT signature FROM fact_sets WHERE origin_key = $1', [originKey]);
  return rows[0]?.signature ?? null;
}

export async function writeFactSet(db: SqlRunner, originKey: string, signature: string): Promise<void> {
  await db.run('INSERT INTO fact_sets VALUES ($1, $2) ON CONFLICT (origin_key) DO UPDATE SET signature = excluded.signature', [originKey, signature]);
}

export async function firstRetainedDay(db: SqlRunner, originKey: string): Promise<number | null> {
  const rows = await db.all<{ d: bigint | null }>('SELECT min(block_time) // 86400 * 86400000 AS d FROM transactions WHERE origin_key = $1', [originKey]);
  const d = rows[0]?.d;
  return d === null || d === undefined ? null : Number(d);
}

export async function pendingDays(db: SqlRunner, originKey: string): Promise<number[]> {
  const rows = await db.all<{ day_ms: bigint }>('SELECT day_ms FROM pending_days WHERE origin_key = $1 ORDER BY day_ms', [originKey]);
  return rows.map((r) => Number(r.day_ms));
}

export async function settlePendingDays(db: SqlRunner, originKey: string, computed: readonly number[], pending: readonly number[]): Promise<number> {
  const ok = sqlString(originKey);
  if (computed.length > 0) await db.run(`DELETE FROM pending_days WHERE origin_key = ${ok} AND day_ms IN (${intList(computed, 'computed day')})`);
  if (pending.length > 0) {
    intList(pending, 'pending day');
    await db.run(`INSERT INTO pending_days VALUES ${pending.map((d) => `(${ok}, ${d})`).join(',')} ON CONFLICT DO NOTHING`);
  }
  const rows = await db.all<{ n: bigint }>(`SELECT count(*) AS n FROM pending_days WHERE origin_key = ${ok}`);
  return Number(rows[0]?.n ?? 0);
}
