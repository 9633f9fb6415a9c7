// Per-day address sets (one table for every set key and subject) and exact distinct counts
// over windows of days read from them.
import { DAY_MS } from '../../clock.js';
import type { ChainAddressSetsRequest, FactSubject } from '../facts.js';
import { inFactPeriods, loadPeriodScope } from './period-scope.js';
import type { SqlRunner } from './sql-runner.js';
import { chainFilter, intList, sqlString } from './sql-text.js';

export async function writeChainAddressSets(db: SqlRunner, req: ChainAddressSetsRequest): Promise<void> {
  if (req.days.length === 0 || req.sets.length === 0) return;
  const ok = sqlString(req.origin_key);
  await loadPeriodScope(db, req.origin_key, 'daily', req.days);
  await db.run(
    `DELETE FROM address_sets f USING fact_scope s
     WHERE f.origin_key = ${ok} AND ${chainFilter('f')} AND f.day_ms = s.period_ms
       AND f.set_key IN (${req.sets.map((x) => sqlString(x.key)).join(', ')})`,
  );
  for (const set of req.sets) {
    await db.run(
      `INSERT INTO address_sets (set_key, origin_key, dimension, entity, day_ms, address)
       SELECT DISTINCT ${sqlString(set.key)}, ${ok}, 'chain', '', t.block_time // 86400 * ${DAY_MS}, ${set.sql} FROM transactions t
       WHERE t.origin_key = ${ok} AND ${inFactPeriods('daily')}`,
    );
  }
}

/** Exact distinct addresses of one subject's set over each window of days. */
export function distinctCounts(db: SqlRunner, setKey: string, subject: FactSubject, windows: ReadonlyArray<readonly [number, number]>): Promise<number[]> {
  return distinctCountsOverUnion(db, setKey, [subject], windows);
}

/**
 * Exact distinct addresses over the union of several subjects' sets (an address in two sets
 * counts once), per window of days. One filtered scan per window, batched with UNION ALL: each
 * scan prunes to its days by zone maps, which is several times faster than one range join over
 * all windows.
 */
export async function distinctCountsOverUnion(
  db: SqlRunner,
  setKey: string,
  subjects: readonly FactSubject[],
  windows: ReadonlyArray<readonly [number, number]>,
): Promise<number[]> {
  const out = new Array<number>(windows.length).fill(0);
  if (subjects.length === 0 || windows.length === 0) return out;
  const who = subjects
    .map((s) => `(origin_key = ${sqlString(s.origin_key)} AND dimension = ${sqlString(s.dimension)} AND entity = ${sqlString(s.entity)})`)
    .join(' OR ');
  const where = `set_key = ${sqlString(setKey)} AND (${who})`;
  const BATCH = 64;
  for (let i0 = 0; i0 < windows.length; i0 += BATCH) {
    const parts = windows.slice(i0, i0 + BATCH).map(([lo, hi], k) => {
      intList([lo, hi], 'distinct-count window');
      return `SELECT ${i0 + k} AS id, count(DISTINCT address) AS n FROM address_sets WHERE ${where} AND day_ms BETWEEN ${lo} AND ${hi}`;
    });
    const rows = await db.all<{ id: number; n: bigint }>(parts.join(' UNION ALL '));
    for (const r of rows) out[Number(r.id)] = Number(r.n);
  }
  return out;
}
