// SampleStore in DuckDB: supply samples and the days that could not be sampled.
import type { ExternalValue, SampleGap, SupplySample } from '../samples.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlDouble, sqlString } from './sql-text.js';

export const SAMPLE_TABLES_DDL = [
  `CREATE TABLE IF NOT EXISTS supply_samples (
     origin_key VARCHAR NOT NULL,
     address VARCHAR NOT NULL,
     day_ms BIGINT NOT NULL,
     block_number BIGINT NOT NULL,
     supply DOUBLE NOT NULL,
     PRIMARY KEY (origin_key, address, day_ms))`,
  `CREATE TABLE IF NOT EXISTS sample_gaps (
     origin_key VARCHAR NOT NULL,
     source VARCHAR NOT NULL,
     day_ms BIGINT NOT NULL,
     reason VARCHAR NOT NULL,
     PRIMARY KEY (origin_key, source, day_ms))`,
  `CREATE TABLE IF NOT EXISTS external_values (
     origin_key VARCHAR NOT NULL,
     series VARCHAR NOT NULL,
     day_ms BIGINT NOT NULL,
     usd DOUBLE NOT NULL,
     PRIMARY KEY (origin_key, series, day_ms))`,
];

export async function writeExternalValues(db: SqlRunner, rows: readonly ExternalValue[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows.slice(i, i + 1000).map((r) => {
      if (!Number.isFinite(r.usd)) throw new Error(`${r.series} of ${r.origin_key} is not finite: ${r.usd}`);
      return `(${sqlString(r.origin_key)}, ${sqlString(r.series)}, ${intList([r.day_ms], 'day')}, ${sqlDouble(r.usd)})`;
    });
    await db.run(`INSERT OR REPLACE INTO external_values VALUES ${values.join(', ')}`);
  }
}

export async function readExternalValues(db: SqlRunner, originKey: string, series: string): Promise<ExternalValue[]> {
  const rows = await db.all<{ day_ms: bigint; usd: number }>('SELECT day_ms, usd FROM external_values WHERE origin_key = $1 AND series = $2 ORDER BY day_ms', [originKey, series]);
  return rows.map((r) => ({ origin_key: originKey, series, day_ms: Number(r.day_ms), usd: r.usd }));
}

export async function writeSupplySamples(db: SqlRunner, rows: readonly SupplySample[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows.slice(i, i + 1000).map((r) => {
      if (!Number.isFinite(r.supply)) throw new Error(`supply of ${r.address} on ${r.origin_key} is not finite: ${r.supply}`);
      return `(${sqlString(r.origin_key)}, ${sqlString(r.address)}, ${intList([r.day_ms, r.block_number], 'sample')}, ${sqlDouble(r.supply)})`;
    });
    await db.run(`INSERT OR REPLACE INTO supply_samples VALUES ${values.join(', ')}`);
  }
}

export async function readSupplySamples(db: SqlRunner, originKey: string): Promise<SupplySample[]> {
  const rows = await db.all<{ address: string; day_ms: bigint; block_number: bigint; supply: number }>(
    'SELECT address, day_ms, block_number, supply FROM supply_samples WHERE origin_key = $1 ORDER BY day_ms, address',
    [originKey],
  );
  return rows.map((r) => ({ origin_key: originKey, address: r.address, day_ms: Number(r.day_ms), block_number: Number(r.block_number), supply: r.supply }));
}

export async function writeSampleGaps(db: SqlRunner, originKey: string, source: string, gaps: ReadonlyArray<{ day_ms: number; reason: string }>, cleared: readonly number[]): Promise<void> {
  if (cleared.length > 0) {
    await db.run(`DELETE FROM sample_gaps WHERE origin_key = $1 AND source = $2 AND day_ms IN (${intList(cleared, 'cleared day')})`, [originKey, source]);
  }
  for (const g of gaps) {
    await db.run('INSERT OR REPLACE INTO sample_gaps VALUES ($1, $2, $3, $4)', [originKey, source, g.day_ms, g.reason]);
  }
}

export async function readSampleGaps(db: SqlRunner, originKeys: readonly string[]): Promise<SampleGap[]> {
  if (originKeys.length === 0) return [];
  const rows = await db.all<{ origin_key: string; source: string; day_ms: bigint; reason: string }>(
    `SELECT origin_key, source, day_ms, reason FROM sample_gaps WHERE origin_key IN (${originKeys.map(sqlString).join(', ')}) ORDER BY origin_key, source, day_ms`,
  );
  return rows.map((r) => ({ origin_key: r.origin_key, source: r.source, day_ms: Number(r.day_ms), reason: r.reason }));
}

function dayRows(days: readonly number[]): string {
  intList(days, 'day');
  return days.map((d) => `(${d})`).join(', ');
}

export async function lastBlocksOfDays(db: SqlRunner, originKey: string, days: readonly number[]): Promise<Map<number, number>> {
  if (days.length === 0) return new Map();
  const rows = await db.all<{ day_ms: bigint; n: bigint }>(
    `WITH d AS (SELECT CAST(col0 AS BIGINT) AS day_ms FROM (VALUES ${dayRows(days)}) v(col0))
     SELECT d.day_ms, (SELECT max(b.block_number) FROM blocks b WHERE b.origin_key = $1 AND b.block_time >= d.day_ms // 1000 AND b.block_time < d.day_ms // 1000 + 86400) AS n
     FROM d
     WHERE EXISTS (SELECT 1 FROM blocks b WHERE b.origin_key = $1 AND b.block_time >= d.day_ms // 1000 + 86400)`,
    [originKey],
  );
  return new Map(rows.filter((r) => r.n !== null).map((r) => [Number(r.day_ms), Number(r.n)]));
}
