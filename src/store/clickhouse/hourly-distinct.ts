// Exact distinct addresses per hour over the union of several chains, read from the raw
// transactions: address sets are kept per day only, so an hour's union can only come from the
// transactions themselves. Each chain's own count comes back too, so the caller can tell an
// hour whose raw transactions were pruned (retention) from a real answer.
import type { HourFingerprint, HourFingerprintRequest, HourlyDistinctRequest, HourlyDistinctRow } from '../facts.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString, stringList } from './sql-text.js';

export async function hourlyDistinctOverChains(db: SqlRunner, req: HourlyDistinctRequest): Promise<HourlyDistinctRow[]> {
  if (req.chains.length === 0 || req.hours_until <= req.hours_from) return [];
  intList([req.hours_from, req.hours_until], 'hour bound');
  const fromS = Math.floor(req.hours_from / 1000);
  const untilS = Math.floor(req.hours_until / 1000);
  const scans = req.chains.map(
    (c) =>
      `SELECT ${sqlString(c.origin_key)} AS origin_key, intDiv(t.block_time, 3600) * 3600000 AS hour_ms, ${c.sql} AS address
       FROM transactions AS t FINAL WHERE t.origin_key = ${sqlString(c.origin_key)} AND t.block_time >= ${fromS} AND t.block_time < ${untilS}`,
  );
  // group_by_use_nulls: the union's rows carry origin_key NULL (ClickHouse's default is '').
  const rows = await db.all<{ hour_ms: string; origin_key: string | null; n: string }>(
    `SELECT hour_ms, origin_key, uniqExact(address) AS n FROM (${scans.join(' UNION ALL ')})
     GROUP BY GROUPING SETS ((hour_ms), (hour_ms, origin_key))
     SETTINGS group_by_use_nulls = 1`,
  );
  return rows.map((r) => ({ hour_ms: Number(r.hour_ms), origin_key: r.origin_key, n: Number(r.n) }));
}

/**
 * The digest of each chain-hour's blocks and its transaction count (facts.ts, HourFingerprint),
 * as the reads see them (FINAL: replaced and deleted rows left out).
 */
export async function hourFingerprints(db: SqlRunner, req: HourFingerprintRequest): Promise<HourFingerprint[]> {
  if (req.origin_keys.length === 0 || req.hours_until <= req.hours_from) return [];
  intList([req.hours_from, req.hours_until], 'hour bound');
  const where = `origin_key IN (${stringList(req.origin_keys)}) AND block_time >= ${Math.floor(req.hours_from / 1000)} AND block_time < ${Math.floor(req.hours_until / 1000)}`;
  const rows = await db.all<{ origin_key: string; hour_ms: string; fp: string }>(
    `SELECT b.origin_key AS origin_key, b.hour_ms AS hour_ms, concat(b.fp, '/', toString(t.n)) AS fp FROM
       (SELECT origin_key, intDiv(block_time, 3600) * 3600000 AS hour_ms,
               concat(toString(count()), '/', toString(groupBitXor(h)), '/', toString(sum(h))) AS fp
        FROM (SELECT origin_key, block_time, cityHash64(block_number, block_hash, tx_count) AS h FROM blocks FINAL WHERE ${where})
        GROUP BY origin_key, hour_ms) AS b
     LEFT JOIN
       (SELECT origin_key, intDiv(block_time, 3600) * 3600000 AS hour_ms, count() AS n FROM transactions FINAL WHERE ${where} GROUP BY origin_key, hour_ms) AS t
     USING (origin_key, hour_ms)`,
  );
  return rows.map((r) => ({ origin_key: r.origin_key, hour_ms: Number(r.hour_ms), fp: r.fp }));
}
