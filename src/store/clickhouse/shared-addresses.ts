// Addresses a chain shares with the other chains of a request over a window of days, exact, in
// one scan of the per-day chain sets (duckdb/shared-addresses.ts). A chain's days may sit on
// different shards, so the chains of each address are gathered first, then expanded per chain.
import type { SharedAddressCount } from '../facts.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString, stringList } from './sql-text.js';

export async function sharedAddressCounts(
  db: SqlRunner,
  setKey: string,
  originKeys: readonly string[],
  window: readonly [number, number],
): Promise<SharedAddressCount[]> {
  if (originKeys.length === 0) return [];
  const [lo, hi] = window;
  intList([lo, hi], 'shared-address window');
  const rows = await db.all<{ origin_key: string; addresses: string; shared: string }>(
    `SELECT ok AS origin_key, count() AS addresses, countIf(length(oks) > 1) AS shared FROM (
       SELECT groupUniqArray(origin_key) AS oks FROM address_sets FINAL
       WHERE set_key = ${sqlString(setKey)} AND dimension = 'chain' AND entity = ''
         AND origin_key IN (${stringList(originKeys)}) AND day_ms BETWEEN ${lo} AND ${hi}
       GROUP BY address)
     ARRAY JOIN oks AS ok GROUP BY ok ORDER BY ok`,
  );
  return rows.map((r) => ({ origin_key: r.origin_key, addresses: Number(r.addresses), shared: Number(r.shared) }));
}

/**
 * All-history distinct addresses per chain: one aggregate over every chain's sets (no histogram
 * cache on this engine, and a count is cheaper than the per-address day arrays a histogram needs).
 */
export async function distinctTotals(db: SqlRunner, setKey: string, originKeys: readonly string[], untilDay: number): Promise<Map<string, number>> {
  intList([untilDay], 'distinct totals');
  if (originKeys.length === 0) return new Map();
  const rows = await db.all<{ origin_key: string; n: string }>(
    `SELECT origin_key, uniqExact(address) AS n FROM address_sets FINAL
     WHERE set_key = ${sqlString(setKey)} AND dimension = 'chain' AND entity = ''
       AND origin_key IN (${stringList(originKeys)}) AND day_ms <= ${untilDay}
     GROUP BY origin_key`,
  );
  return new Map(rows.map((r) => [r.origin_key, Number(r.n)]));
}
