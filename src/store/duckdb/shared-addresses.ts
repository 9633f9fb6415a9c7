// Addresses a chain shares with the other chains of a request over a window of days, exact, in
// one scan of the per-day chain sets (the landing page's cross_chain_activity).
import { chainSubject, type FactSubject, type SharedAddressCount } from '../facts.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

export async function sharedAddressCounts(
  db: SqlRunner,
  setKey: string,
  originKeys: readonly string[],
  window: readonly [number, number],
): Promise<SharedAddressCount[]> {
  if (originKeys.length === 0) return [];
  const [lo, hi] = window;
  intList([lo, hi], 'shared-address window');
  // Each (chain, address) once, then how many of the chains hold the address.
  const rows = await db.all<{ origin_key: string; addresses: bigint; shared: bigint }>(
    `WITH s AS (
       SELECT DISTINCT origin_key, address FROM address_sets
       WHERE set_key = ${sqlString(setKey)} AND dimension = 'chain' AND entity = ''
         AND origin_key IN (${originKeys.map(sqlString).join(', ')}) AND day_ms BETWEEN ${lo} AND ${hi}),
     c AS (SELECT origin_key, count(*) OVER (PARTITION BY address) AS chains FROM s)
     SELECT origin_key, count(*) AS addresses, count(*) FILTER (WHERE chains > 1) AS shared
     FROM c GROUP BY origin_key ORDER BY origin_key`,
  );
  return rows.map((r) => ({ origin_key: r.origin_key, addresses: Number(r.addresses), shared: Number(r.shared) }));
}

/**
 * All-history distinct addresses per chain, from the distinct-count histograms: a build's daa
 * documents have read the same chains' histograms already, and the store keeps them until the
 * sets change, so this costs no scan then.
 */
export async function distinctTotals(
  countsOf: (subject: FactSubject) => Promise<number>,
  originKeys: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const ok of originKeys) {
    const n = await countsOf(chainSubject(ok));
    if (n > 0) out.set(ok, n);
  }
  return out;
}
