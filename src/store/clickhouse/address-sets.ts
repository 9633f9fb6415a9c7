// Per-day address sets (one table for every set key and subject) and exact distinct counts
// over windows of days read from them.
import { DAY_MS } from '../../clock.js';
import { countWindows, type DayHistogram } from '../day-histogram.js';
import type { ChainAddressSetsRequest, FactSubject } from '../facts.js';
import type { HistogramCache } from '../histogram-cache.js';
import { inPeriodsWithBlocks, periodBlocks, type ChainBlocks } from './period-scope.js';
import { replaceWhere } from './replacing.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString, stringList } from './sql-text.js';

export async function writeChainAddressSets(db: SqlRunner, req: ChainAddressSetsRequest, known?: ChainBlocks): Promise<void> {
  if (req.days.length === 0 || req.sets.length === 0) return;
  const ok = sqlString(req.origin_key);
  const { scope, blocks } = await periodBlocks(db, known, req.origin_key, 'daily', req.days);
  // One statement: the requested days' old sets out, the days with blocks' new sets in.
  await replaceWhere(
    db,
    'address_sets',
    `origin_key = ${ok} AND dimension = 'chain' AND entity = '' AND day_ms IN (${intList(scope, 'day')}) AND set_key IN (${stringList(req.sets.map((x) => x.key))})`,
    blocks.with_blocks.length === 0
      ? []
      : req.sets.map(
          (set) =>
            `SELECT DISTINCT ${sqlString(set.key)} AS set_key, ${ok} AS origin_key, 'chain' AS dimension, '' AS entity, intDiv(t.block_time, 86400) * ${DAY_MS} AS day_ms, ${set.sql} AS address
             FROM transactions AS t FINAL
             WHERE t.origin_key = ${ok} AND ${inPeriodsWithBlocks(blocks)}`,
        ),
  );
}

/**
 * The (day, previous active day) histogram of the union of some subjects' sets (see
 * day-histogram.ts): each address's sorted days, paired with the day before each.
 */
export async function dayHistogram(db: SqlRunner, setKey: string, subjects: readonly FactSubject[]): Promise<DayHistogram> {
  const who = subjects
    .map((s) => `(origin_key = ${sqlString(s.origin_key)} AND dimension = ${sqlString(s.dimension)} AND entity = ${sqlString(s.entity)})`)
    .join(' OR ');
  const hist = await db.all<{ day_ms: string; prev: string; n: string }>(
    `SELECT d AS day_ms, p AS prev, count() AS n FROM (
       SELECT arraySort(groupUniqArray(day_ms)) AS ds FROM address_sets FINAL
       WHERE set_key = ${sqlString(setKey)} AND (${who}) GROUP BY address)
     ARRAY JOIN ds AS d, arrayPushFront(arrayPopBack(ds), toInt64(-1)) AS p
     GROUP BY day_ms, prev ORDER BY day_ms, prev`,
  );
  const out: DayHistogram = { day: new Float64Array(hist.length), prev: new Float64Array(hist.length), n: new Float64Array(hist.length) };
  hist.forEach((r, i) => {
    out.day[i] = Number(r.day_ms);
    out.prev[i] = Number(r.prev) < 0 ? -Infinity : Number(r.prev);
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
  return countWindows(await (cache ? cache.get(setKey, subjects, load) : load()), windows);
}
