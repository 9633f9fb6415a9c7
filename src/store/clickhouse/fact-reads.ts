// What document builders read, and the small per-chain bookkeeping of the facts stage
// (how far facts are complete, days waiting to complete).
import type { FactQuery, FactRow, FactStatus } from '../facts.js';
import { FOUR_HOURS, TEN_MINUTES, type FactGranularity } from '../granularity.js';
import { putRows, replaceRows } from './replacing.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString, stringList } from './sql-text.js';

/** The facts of a bucket granularity (4-hour, 10-minute) with period_ms in [from_ms, until_ms), as an OR term. */
function bucketClause(granularity: typeof FOUR_HOURS | typeof TEN_MINUTES, range: { from_ms: number; until_ms: number } | undefined): string {
  if (!range) return '';
  intList([range.from_ms, range.until_ms], `${granularity} bound`);
  return ` OR (granularity = '${granularity}' AND period_ms >= ${range.from_ms} AND period_ms < ${range.until_ms})`;
}

export async function readFacts(db: SqlRunner, q: FactQuery): Promise<FactRow[]> {
  if (q.keys.length === 0) return [];
  intList([q.days_until, q.hours_from, q.hours_until], 'fact bound');
  const buckets = bucketClause(FOUR_HOURS, q.four_hours) + bucketClause(TEN_MINUTES, q.ten_minutes);
  const rows = await db.all<{ metric_key: string; granularity: FactGranularity; period_ms: string; value: number | null }>(
    `SELECT metric_key, granularity, period_ms, value FROM facts FINAL
     WHERE origin_key = ${sqlString(q.subject.origin_key)} AND dimension = ${sqlString(q.subject.dimension)} AND entity = ${sqlString(q.subject.entity)}
       AND metric_key IN (${stringList(q.keys)})
       AND ((granularity = 'daily' AND period_ms < ${q.days_until}) OR (granularity = 'hourly' AND period_ms >= ${q.hours_from} AND period_ms < ${q.hours_until})${buckets})`,
  );
  return rows.map((r) => ({ metric_key: r.metric_key, granularity: r.granularity, period_ms: Number(r.period_ms), value: r.value }));
}

export async function factStatus(db: SqlRunner): Promise<Map<string, FactStatus>> {
  const rows = await db.all<{ origin_key: string; hours_until: string; days_until: string }>('SELECT origin_key, hours_until, days_until FROM fact_status FINAL');
  return new Map(rows.map((r) => [r.origin_key, { hours_until: Number(r.hours_until), days_until: Number(r.days_until) }]));
}

export async function writeFactStatus(db: SqlRunner, originKey: string, status: FactStatus): Promise<void> {
  intList([status.hours_until, status.days_until], 'fact status');
  await putRows(db, 'fact_status', [{ origin_key: originKey, hours_until: status.hours_until, days_until: status.days_until }]);
}

export async function factSet(db: SqlRunner, originKey: string): Promise<string | null> {
  const rows = await db.all<{ signature: string }>(`SELECT signature FROM fact_sets FINAL WHERE origin_key = ${sqlString(originKey)}`);
  return rows[0]?.signature ?? null;
}

export async function writeFactSet(db: SqlRunner, originKey: string, signature: string): Promise<void> {
  await putRows(db, 'fact_sets', [{ origin_key: originKey, signature }]);
}

export async function firstRetainedDay(db: SqlRunner, originKey: string): Promise<number | null> {
  // count() tells "no rows" apart from min()'s 0 over an empty set.
  const rows = await db.all<{ n: string; d: string }>(
    `SELECT count() AS n, intDiv(min(block_time), 86400) * 86400000 AS d FROM transactions FINAL WHERE origin_key = ${sqlString(originKey)}`,
  );
  const r = rows[0];
  return !r || Number(r.n) === 0 ? null : Number(r.d);
}

export async function pendingDays(db: SqlRunner, originKey: string): Promise<number[]> {
  const rows = await db.all<{ day_ms: string }>(`SELECT day_ms FROM pending_days FINAL WHERE origin_key = ${sqlString(originKey)} ORDER BY day_ms`);
  return rows.map((r) => Number(r.day_ms));
}

export async function settlePendingDays(db: SqlRunner, originKey: string, computed: readonly number[], pending: readonly number[]): Promise<number> {
  const ok = sqlString(originKey);
  // Remembered before forgotten: a day both computed and pending again stays pending.
  // One insert: tombstones for the days forgotten, rows for the days pending.
  const stillPending = new Set(pending);
  intList(computed, 'computed day');
  intList(pending, 'pending day');
  const day = (d: number) => ({ origin_key: originKey, day_ms: d });
  const forget = computed.filter((d) => !stillPending.has(d));
  if (forget.length > 0 || pending.length > 0) await replaceRows(db, 'pending_days', forget.map(day), [...stillPending].map(day));
  const rows = await db.all<{ n: string }>(`SELECT count() AS n FROM pending_days FINAL WHERE origin_key = ${ok}`);
  return Number(rows[0]?.n ?? 0);
}
