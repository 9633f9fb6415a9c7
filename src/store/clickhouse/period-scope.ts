// The periods one facts write covers (DuckDB keeps them as temp tables; over HTTP without a
// session they are lists): the scope, every period whose rows are replaced, and of those the
// periods with stored blocks, which get new rows. A scoped period without blocks (rolled back)
// only loses its rows. The writes find the periods with blocks inside their own statement.
import { PERIOD_SECONDS, type Granularity } from '../granularity.js';
import { intList, sqlString } from './sql-text.js';

/** `t.block_time` restricted to the given periods (a range first, so the primary key helps). */
export function inPeriods(g: Granularity, periods: readonly number[]): string {
  const s = PERIOD_SECONDS[g];
  if (periods.length === 0) return '0';
  return `t.block_time >= ${Math.floor(periods[0]! / 1000)} AND t.block_time < ${Math.floor(periods[periods.length - 1]! / 1000) + s}
         AND intDiv(t.block_time, ${s}) * ${s * 1000} IN (${periods.join(', ')})`;
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
  return `${inPeriods(g, scope)}
         AND intDiv(t.block_time, ${s}) * ${s * 1000} GLOBAL IN (
           SELECT DISTINCT intDiv(block_time, ${s}) * ${s * 1000} FROM blocks FINAL
           WHERE origin_key = ${sqlString(originKey)} AND block_time >= ${lo} AND block_time < ${hi})`;
}
