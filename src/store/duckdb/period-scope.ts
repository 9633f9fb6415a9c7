// The periods one facts write covers, as two temp tables on the store's connection:
//   fact_scope(period_ms)   every period whose rows are replaced
//   fact_periods(period_ms) those of them with stored blocks, which get new rows
// A scoped period without blocks (rolled back) only loses its rows.
import { PERIOD_SECONDS, type Granularity } from '../granularity.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

export async function loadPeriodScope(db: SqlRunner, originKey: string, g: Granularity, periods: readonly number[]): Promise<void> {
  const s = PERIOD_SECONDS[g];
  intList(periods, `${g} period of ${originKey}`);
  const values = periods.length > 0 ? `VALUES ${periods.map((p) => `(${p})`).join(',')}` : 'SELECT NULL::BIGINT WHERE false';
  await db.run(`CREATE OR REPLACE TEMP TABLE fact_scope AS SELECT DISTINCT CAST(col0 AS BIGINT) AS period_ms FROM (${values}) v(col0)`);
  await db.run(
    `CREATE OR REPLACE TEMP TABLE fact_periods AS
     SELECT p AS period_ms FROM (
       SELECT DISTINCT block_time // ${s} * ${s * 1000} AS p FROM blocks
       WHERE origin_key = ${sqlString(originKey)}
         AND block_time >= (SELECT min(period_ms) // 1000 FROM fact_scope)
         AND block_time < (SELECT max(period_ms) // 1000 + ${s} FROM fact_scope))
     WHERE p IN (SELECT period_ms FROM fact_scope)`,
  );
}

/** `t.block_time` restricted to the periods of fact_periods (a range first, for zone maps). */
export function inFactPeriods(g: Granularity): string {
  const s = PERIOD_SECONDS[g];
  return `t.block_time >= (SELECT min(period_ms) // 1000 FROM fact_periods)
         AND t.block_time < (SELECT max(period_ms) // 1000 + ${s} FROM fact_periods)
         AND t.block_time // ${s} * ${s * 1000} IN (SELECT period_ms FROM fact_periods)`;
}
