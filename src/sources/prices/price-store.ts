// Reading and writing the `prices` table. Writes are upserts: a later fetch of the same
// period replaces the earlier value (feeds revise recent points).
import type { Store } from '../../store/store.js';
import type { PriceGranularity, PriceRow } from './types.js';

const CHUNK = 2000;

export async function writePrices(store: Store, rows: readonly PriceRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  for (const r of rows) {
    if (!Number.isFinite(r.usd) || !Number.isSafeInteger(r.period_ms)) throw new Error(`price of ${r.asset} at ${r.period_ms}: not a finite number (${r.usd})`);
  }
  await store.transaction(async () => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      // Literal VALUES: thousands of bound parameters make DuckDB's planner slow, and every
      // value here is a checked number or a quoted id.
      const tuples = rows.slice(i, i + CHUNK).map((r) => `('${r.asset.replace(/'/g, "''")}', '${r.granularity}', ${r.period_ms}, ${r.usd})`);
      await store.exec(
        `INSERT INTO prices (asset, granularity, period_ms, usd) VALUES ${tuples.join(',')}
         ON CONFLICT (asset, granularity, period_ms) DO UPDATE SET usd = excluded.usd`,
      );
    }
  });
  return rows.length;
}

export async function readPrices(store: Store, asset: string, granularity: PriceGranularity, fromMs = -Infinity, toMs = Infinity): Promise<PriceRow[]> {
  const rows = await store.query<{ period_ms: bigint; usd: number }>(
    `SELECT period_ms, usd FROM prices WHERE asset = $1 AND granularity = $2 AND period_ms >= $3 AND period_ms < $4 ORDER BY period_ms`,
    [asset, granularity, clampMs(fromMs), clampMs(toMs)],
  );
  return rows.map((r) => ({ asset, granularity, period_ms: Number(r.period_ms), usd: r.usd }));
}

/** Newest stored period of an asset, or null; lets a sync fetch only what is missing. */
export async function latestPricePeriod(store: Store, asset: string, granularity: PriceGranularity): Promise<number | null> {
  const rows = await store.query<{ p: bigint | null }>(
    'SELECT max(period_ms) AS p FROM prices WHERE asset = $1 AND granularity = $2',
    [asset, granularity],
  );
  const p = rows[0]?.p;
  return p === null || p === undefined ? null : Number(p);
}

function clampMs(ms: number): number {
  // BIGINT parameters cannot be ±Infinity.
  return Math.max(-8.64e15, Math.min(8.64e15, ms));
}
