// The `prices` table: upserts (a newer version replaces the same asset, granularity and
// period), reads, the newest stored period.
import type { Granularity } from '../granularity.js';
import type { PriceRow } from '../prices.js';
import { putRows } from './replacing.js';
import type { SqlRunner } from './sql-runner.js';
import { sqlString } from './sql-text.js';

export async function writePrices(db: SqlRunner, rows: readonly PriceRow[]): Promise<void> {
  // One row per key within a write: the last one given wins, as with DuckDB's ON CONFLICT.
  const last = new Map<string, PriceRow>();
  for (const r of rows) last.set(`${r.asset}\u0000${r.granularity}\u0000${r.period_ms}`, r);
  await putRows(db, 'prices', [...last.values()].map((r) => ({ asset: r.asset, granularity: r.granularity, period_ms: r.period_ms, usd: r.usd })));
}

export async function readPrices(db: SqlRunner, asset: string, g: Granularity, fromMs: number, toMs: number): Promise<PriceRow[]> {
  const rows = await db.all<{ period_ms: string; usd: number }>(
    `SELECT period_ms, usd FROM prices FINAL WHERE asset = ${sqlString(asset)} AND granularity = ${sqlString(g)}
       AND period_ms >= ${clampMs(fromMs)} AND period_ms < ${clampMs(toMs)} ORDER BY period_ms`,
  );
  return rows.map((r) => ({ asset, granularity: g, period_ms: Number(r.period_ms), usd: r.usd }));
}

export async function latestPricePeriod(db: SqlRunner, asset: string, g: Granularity): Promise<number | null> {
  const rows = await db.all<{ p: string }>(
    `SELECT max(period_ms) AS p, count() AS n FROM prices FINAL WHERE asset = ${sqlString(asset)} AND granularity = ${sqlString(g)} HAVING n > 0`,
  );
  const p = rows[0]?.p;
  return p === undefined ? null : Number(p);
}

function clampMs(ms: number): number {
  // Int64 literals cannot be ±Infinity.
  return Math.trunc(Math.max(-8.64e15, Math.min(8.64e15, ms)));
}
