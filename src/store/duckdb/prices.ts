// The `prices` table: upserts, reads, the newest stored period.
import type { Granularity } from '../granularity.js';
import type { PriceRow } from '../prices.js';
export { checkPriceRows } from '../row-checks.js';
import type { SqlRunner } from './sql-runner.js';
import { sqlDouble, sqlString } from './sql-text.js';

const CHUNK = 2000;

/** Call inside a transaction: the chunks land together or not at all. */
export async function writePrices(db: SqlRunner, rows: readonly PriceRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Literal VALUES: thousands of bound parameters make DuckDB's planner slow, and every value
    // here is a checked number or a quoted id.
    const tuples = rows.slice(i, i + CHUNK).map((r) => `(${sqlString(r.asset)}, ${sqlString(r.granularity)}, ${r.period_ms}, ${sqlDouble(r.usd)})`);
    await db.run(
      `INSERT INTO prices (asset, granularity, period_ms, usd) VALUES ${tuples.join(',')}
       ON CONFLICT (asset, granularity, period_ms) DO UPDATE SET usd = excluded.usd`,
    );
  }
}

export async function readPrices(db: SqlRunner, asset: string, g: Granularity, fromMs: number, toMs: number): Promise<PriceRow[]> {
  const rows = await db.all<{ period_ms: bigint; usd: number }>(
    'SELECT period_ms, usd FROM prices WHERE asset = $1 AND granularity = $2 AND period_ms >= $3 AND period_ms < $4 ORDER BY period_ms',
    [asset, g, clampMs(fromMs), clampMs(toMs)],
  );
  return rows.map((r) => ({ asset, granularity: g, period_ms: Number(r.period_ms), usd: r.usd }));
}

export async function latestPricePeriod(db: SqlRunner, asset: string, g: Granularity): Promise<number | null> {
  const rows = await db.all<{ p: bigint | null }>('SELECT max(period_ms) AS p FROM prices WHERE asset = $1 AND granularity = $2', [asset, g]);
  const p = rows[0]?.p;
  return p === null || p === undefined ? null : Number(p);
}

function clampMs(ms: number): number {
  // BIGINT parameters cannot be ±Infinity.
  return Math.max(-8.64e15, Math.min(8.64e15, ms));
}
