// Exact distinct addresses per hour over the union of several chains, read from the raw
// transactions: address sets are kept per day only, so an hour's union can only come from the
// transactions themselves. Each chain's own count comes back too, so the caller can tell an
// hour whose raw transactions were pruned (retention) from a real answer.
import type { HourlyDistinctRequest, HourlyDistinctRow } from '../facts.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

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
