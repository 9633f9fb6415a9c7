// The periods one facts write covers (DuckDB keeps them as temp tables; over HTTP without a
// session they are lists): `scope`, every period whose rows are replaced, and `withBlocks`,
// those of them with stored blocks, which get new rows. A scoped period without blocks
// (rolled back) only loses its rows.
import { PERIOD_SECONDS, type Granularity } from '../granularity.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

export interface PeriodScope {
  scope: number[];
  withBlocks: number[];
}

export async function loadPeriodScope(db: SqlRunner, originKey: string, g: Granularity, periods: readonly number[]): Promise<PeriodScope> {
  const s = PERIOD_SECONDS[g];
  const scope = [...new Set(periods)].sort((a, b) => a - b);
  intList(scope, `${g} period of ${originKey}`);
  if (scope.length === 0) return { scope, withBlocks: [] };
  const rows = await db.all<{ p: string }>(
    `SELECT DISTINCT intDiv(block_time, ${s}) * ${s * 1000} AS p FROM blocks FINAL
     WHERE origin_key = ${sqlString(originKey)} AND block_time >= ${Math.floor(scope[0]! / 1000)} AND block_time < ${Math.floor(scope[scope.length - 1]! / 1000) + s}
     ORDER BY p`,
  );
  const wanted = new Set(scope);
  return { scope, withBlocks: rows.map((r) => Number(r.p)).filter((p) => wanted.has(p)) };
}

/** `t.block_time` restricted to the given periods (a range first, so the primary key helps). */
export function inPeriods(g: Granularity, periods: readonly number[]): string {
  const s = PERIOD_SECONDS[g];
  if (periods.length === 0) return '0';
  return `t.block_time >= ${Math.floor(periods[0]! / 1000)} AND t.block_time < ${Math.floor(periods[periods.length - 1]! / 1000) + s}
         AND intDiv(t.block_time, ${s}) * ${s * 1000} IN (${periods.join(', ')})`;
}
