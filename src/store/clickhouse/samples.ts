// SampleStore on ClickHouse: supply samples, the days that could not be sampled and external
// series, each a ReplacingMergeTree keyed like DuckDB's primary key, so an upsert is an insert
// of a newer version and a forgotten gap a tombstone.
import type { ExternalValue, SampleGap, SupplySample } from '../samples.js';
import { deleteWhere, putRows } from './replacing.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString, stringList } from './sql-text.js';

export async function writeExternalValues(db: SqlRunner, rows: readonly ExternalValue[]): Promise<void> {
  for (const r of rows) {
    if (!Number.isFinite(r.usd)) throw new Error(`${r.series} of ${r.origin_key} is not finite: ${r.usd}`);
    intList([r.day_ms], 'day');
  }
  await putRows(db, 'external_values', rows.map((r) => ({ origin_key: r.origin_key, series: r.series, day_ms: r.day_ms, usd: r.usd })));
}

export async function readExternalValues(db: SqlRunner, originKey: string, series: string): Promise<ExternalValue[]> {
  const rows = await db.all<{ day_ms: string; usd: number }>(
    `SELECT day_ms, usd FROM external_values FINAL WHERE origin_key = ${sqlString(originKey)} AND series = ${sqlString(series)} ORDER BY day_ms`,
  );
  return rows.map((r) => ({ origin_key: originKey, series, day_ms: Number(r.day_ms), usd: Number(r.usd) }));
}

export async function writeSupplySamples(db: SqlRunner, rows: readonly SupplySample[]): Promise<void> {
  for (const r of rows) {
    if (!Number.isFinite(r.supply)) throw new Error(`supply of ${r.address} on ${r.origin_key} is not finite: ${r.supply}`);
    intList([r.day_ms, r.block_number], 'sample');
  }
  await putRows(
    db,
    'supply_samples',
    rows.map((r) => ({ origin_key: r.origin_key, address: r.address, day_ms: r.day_ms, block_number: r.block_number, supply: r.supply })),
  );
}

export async function readSupplySamples(db: SqlRunner, originKey: string): Promise<SupplySample[]> {
  const rows = await db.all<{ address: string; day_ms: string; block_number: string; supply: number }>(
    `SELECT address, day_ms, block_number, supply FROM supply_samples FINAL WHERE origin_key = ${sqlString(originKey)} ORDER BY day_ms, address`,
  );
  return rows.map((r) => ({ origin_key: originKey, address: r.address, day_ms: Number(r.day_ms), block_number: Number(r.block_number), supply: Number(r.supply) }));
}

export async function writeSampleGaps(db: SqlRunner, originKey: string, source: string, gaps: ReadonlyArray<{ day_ms: number; reason: string }>, cleared: readonly number[]): Promise<void> {
  if (cleared.length > 0) {
    await deleteWhere(db, 'sample_gaps', `origin_key = ${sqlString(originKey)} AND source = ${sqlString(source)} AND day_ms IN (${intList(cleared, 'cleared day')})`);
  }
  intList(gaps.map((g) => g.day_ms), 'gap day');
  await putRows(db, 'sample_gaps', gaps.map((g) => ({ origin_key: originKey, source, day_ms: g.day_ms, reason: g.reason })));
}

export async function readSampleGaps(db: SqlRunner, originKeys: readonly string[]): Promise<SampleGap[]> {
  if (originKeys.length === 0) return [];
  const rows = await db.all<{ origin_key: string; source: string; day_ms: string; reason: string }>(
    `SELECT origin_key, source, day_ms, reason FROM sample_gaps FINAL WHERE origin_key IN (${stringList(originKeys)}) ORDER BY origin_key, source, day_ms`,
  );
  return rows.map((r) => ({ origin_key: r.origin_key, source: r.source, day_ms: Number(r.day_ms), reason: r.reason }));
}

/** One grouped scan of the chain's blocks over the asked days, the completeness test after it. */
export async function lastBlocksOfDays(db: SqlRunner, originKey: string, days: readonly number[]): Promise<Map<number, number>> {
  if (days.length === 0) return new Map();
  intList(days, 'day');
  const ok = sqlString(originKey);
  const top = await db.all<{ t: string; n: string }>(`SELECT max(block_time) AS t, count() AS n FROM blocks FINAL WHERE origin_key = ${ok}`);
  if (Number(top[0]?.n ?? 0) === 0) return new Map();
  const lastTime = Number(top[0]!.t);
  const rows = await db.all<{ day_ms: string; n: string }>(
    `SELECT intDiv(block_time, 86400) * 86400000 AS day_ms, max(block_number) AS n FROM blocks FINAL
     WHERE origin_key = ${ok} AND intDiv(block_time, 86400) * 86400000 IN (${days.join(', ')})
     GROUP BY day_ms`,
  );
  const asked = new Set(days);
  const out = new Map<number, number>();
  for (const r of rows) {
    const day = Number(r.day_ms);
    // Complete when a block after the day's end is stored.
    if (asked.has(day) && lastTime >= day / 1000 + 86_400) out.set(day, Number(r.n));
  }
  return out;
}
