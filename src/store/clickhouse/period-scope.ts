// The periods one facts write covers (DuckDB keeps them as temp tables; over HTTP without a
// session they are lists): the scope, every period whose rows are replaced, and of those the
// periods with stored blocks, which get new rows. A scoped period without blocks (rolled back)
// only loses its rows. The writes find the periods with blocks inside their own statement.
import { PERIOD_SECONDS, type Granularity } from '../granularity.js';
import { intList, sqlString } from './sql-text.js';

/**
 * `t.block_time` restricted to the given periods of a chain (a range first, then the periods).
 * The range is also given as block numbers, read from the chain's blocks: transactions are
 * sorted by block number, not time, so only that lets ClickHouse skip the rest of the chain's
 * history instead of merging all of it (FINAL) to find one hour.
 */
export function inPeriods(originKey: string, g: Granularity, periods: readonly number[]): string {
  const s = PERIOD_SECONDS[g];
  if (periods.length === 0) return '0';
  return `${inBlockTimes(originKey, Math.floor(periods[0]! / 1000), Math.floor(periods[periods.length - 1]! / 1000) + s)}
         AND intDiv(t.block_time, ${s}) * ${s * 1000} IN (${periods.join(', ')})`;
}

/**
 * The chain's transactions `t` with block_time in [fromS, untilS), whose blocks are stored in
 * that time: between the lowest and highest block number of those blocks (block times do not
 * fall as numbers rise, so the blocks of a time range are one run of numbers). Every version of
 * the blocks counts (no FINAL), which can only widen the range. A transaction whose block row is
 * not written yet (writeBatch writes it after them) is left out, as a block row is what marks
 * its transactions stored; its hour is marked dirty once it is.
 */
export function inBlockTimes(originKey: string, fromS: number, untilS: number): string {
  intList([fromS, untilS], `block time bound of ${originKey}`);
  // The same scalar subquery twice: ClickHouse computes it once per statement.
  const range = `(SELECT (ifNull(minOrNull(block_number), 0), ifNull(maxOrNull(block_number), -1))
           FROM blocks WHERE origin_key = ${sqlString(originKey)} AND block_time >= ${fromS} AND block_time < ${untilS})`;
  return `t.block_time >= ${fromS} AND t.block_time < ${untilS}
         AND t.block_number >= tupleElement(${range}, 1) AND t.block_number <= tupleElement(${range}, 2)`;
}

/**
 * `t.block_time` restricted to those of the given periods that have stored blocks, the
 * `withBlocks` of loadPeriodScope as a subquery: a statement that writes a period's rows finds
 * the periods itself instead of a round trip before it. GLOBAL: the entry node reads the blocks
 * once and sends the periods to the shards (a plain IN would have each shard read the
 * Distributed table again, which ClickHouse refuses).
 */
export function inPeriodsWithBlocks(originKey: string, g: Granularity, periods: readonly number[]): string {
  const s = PERIOD_SECONDS[g];
  const scope = [...new Set(periods)].sort((a, b) => a - b);
  intList(scope, `${g} period of ${originKey}`);
  if (scope.length === 0) return '0';
  const lo = Math.floor(scope[0]! / 1000);
  const hi = Math.floor(scope[scope.length - 1]! / 1000) + s;
  return `${inPeriods(originKey, g, scope)}
         AND intDiv(t.block_time, ${s}) * ${s * 1000} GLOBAL IN (
           SELECT DISTINCT intDiv(block_time, ${s}) * ${s * 1000} FROM blocks FINAL
           WHERE origin_key = ${sqlString(originKey)} AND block_time >= ${lo} AND block_time < ${hi})`;
}
