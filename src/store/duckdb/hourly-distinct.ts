// Exact distinct addresses per hour over the union of several chains, read from the raw
// transactions: address sets are kept per day only, so an hour's union can only come from the
// transactions themselves. Each chain's own count comes back too, so the caller can tell an
// hour whose raw transactions were pruned (retention) from a real answer.
import type { HourFingerprint, HourFingerprintRequest, HourlyDistinctRequest, HourlyDistinctRow } from '../facts.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

export async function hourlyDistinctOverChains(db: SqlRunner, req: HourlyDistinctRequest): Promise<HourlyDistinctRow[]> {
  if (req.chains.length === 0 || req.hours_until <= req.hours_from) return [];
  intList([req.hours_from, req.hours_until], 'hour bound');
  const fromS = Math.floor(req.hours_from / 1000);
  const untilS = Math.floor(req.hours_until / 1000);
  const scans = req.chains.map(
    (c) =>
      `SELECT ${sqlString(c.origin_key)} AS origin_key, t.block_time // 3600 * 3600000 AS hour_ms, ${c.sql} AS address
       FROM transactions t WHERE t.origin_key = ${sqlString(c.origin_key)} AND t.block_time >= ${fromS} AND t.block_time < ${untilS}`,
  );
  const rows = await db.all<{ hour_ms: bigint; origin_key: string | null; n: bigint }>(
    `SELECT hour_ms, origin_key, count(DISTINCT address) AS n FROM (${scans.join(' UNION ALL ')})
     GROUP BY GROUPING SETS ((hour_ms), (hour_ms, origin_key))`,
  );
  return rows.map((r) => ({ hour_ms: Number(r.hour_ms), origin_key: r.origin_key, n: Number(r.n) }));
}

/** The digest of each chain-hour's blocks and its transaction count (facts.ts, HourFingerprint). */
export async function hourFingerprints(db: SqlRunner, req: HourFingerprintRequest): Promise<HourFingerprint[]> {
  if (req.origin_keys.length === 0 || req.hours_until <= req.hours_from) return [];
  intList([req.hours_from, req.hours_until], 'hour bound');
  const where = `origin_key IN (${req.origin_keys.map(sqlString).join(', ')}) AND block_time >= ${Math.floor(req.hours_from / 1000)} AND block_time < ${Math.floor(req.hours_until / 1000)}`;
  const rows = await db.all<{ origin_key: string; hour_ms: bigint; fp: string }>(
    `SELECT b.origin_key, b.hour_ms, b.fp || '/' || coalesce(t.n, 0)::VARCHAR AS fp FROM
       (SELECT origin_key, block_time // 3600 * 3600000 AS hour_ms,
               count(*)::VARCHAR || '/' || bit_xor(h)::VARCHAR || '/' || sum(h)::VARCHAR AS fp
        FROM (SELECT origin_key, block_time, hash(block_number, block_hash, tx_count) AS h FROM blocks WHERE ${where})
        GROUP BY origin_key, hour_ms) b
     LEFT JOIN
       (SELECT origin_key, block_time // 3600 * 3600000 AS hour_ms, count(*) AS n FROM transactions WHERE ${where} GROUP BY origin_key, hour_ms) t
     USING (origin_key, hour_ms)`,
  );
  return rows.map((r) => ({ origin_key: r.origin_key, hour_ms: Number(r.hour_ms), fp: r.fp }));
}
