// Per-day address sets (one table for every set key and subject) and exact distinct counts
// over windows of days read from them.
import { DAY_MS } from '../../clock.js';
import type { ChainAddressSetsRequest, FactSubject } from '../facts.js';
import { inFactPeriods, loadPeriodScope } from './period-scope.js';
import { countWindows, type DayHistogram } from '../day-histogram.js';
import type { HistogramCache } from '../histogram-cache.js';
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
export function distinctCounts(
  db: SqlRunner,
  setKey: string,
  subject: FactSubject,
  windows: ReadonlyArray<readonly [number, number]>,
  cache?: HistogramCache,
): Promise<number[]> {
  return distinctCountsOverUnion(db, setKey, [subject], windows, cache);
}

export async function dayHistogram(db: SqlRunner, setKey: string, subjects: readonly FactSubject[]): Promise<DayHistogram> {
  const who = subjects
    .map((s) => `(origin_key = ${sqlString(s.origin_key)} AND dimension = ${sqlString(s.dimension)} AND entity = ${sqlString(s.entity)})`)
    .join(' OR ');
  // One subject's set holds an address at most once per day; a union needs the DISTINCT.
  const rows = `SELECT ${subjects.length === 1 ? '' : 'DISTINCT'} address, day_ms FROM address_sets WHERE set_key = ${sqlString(setKey)} AND (${who})`;
  const hist = await db.all<{ day_ms: bigint; prev: bigint | null; n: bigint }>(
    `WITH days AS (${rows}),
     points AS (SELECT day_ms, lag(day_ms) OVER (PARTITION BY address ORDER BY day_ms) AS prev FROM days)
     SELECT day_ms, prev, count(*) AS n FROM points GROUP BY ALL ORDER BY day_ms`,
  );
  const out: DayHistogram = { day: new Float64Array(hist.length), prev: new Float64Array(hist.length), n: new Float64Array(hist.length) };
  hist.forEach((r, i) => {
    out.day[i] = Number(r.day_ms);
    out.prev[i] = r.prev === null ? -Infinity : Number(r.prev);
    out.n[i] = Number(r.n);
  });
  return out;
}

/** Exact distinct addresses over the union of several subjects' sets (an address in two sets counts once), per window of days. */
export async function distinctCountsOverUnion(
  db: SqlRunner,
  setKey: string,
  subjects: readonly FactSubject[],
  windows: ReadonlyArray<readonly [number, number]>,
  cache?: HistogramCache,
): Promise<number[]> {
  if (subjects.length === 0 || windows.length === 0) return new Array<number>(windows.length).fill(0);
  for (const w of windows) intList([w[0], w[1]], 'distinct-count window');
  const load = (): Promise<DayHistogram> => dayHistogram(db, setKey, subjects);
  const h = await (cache ? cache.get(setKey, subjects, load) : load());
  return countWindows(h, windows);
}
