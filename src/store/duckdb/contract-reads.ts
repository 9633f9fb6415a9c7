// What application documents read from contract facts: which contracts have facts (to resolve
// their labels), sums over groups of contracts per period and per window, and exact distinct
// senders over the union of a group's per-day sets. Totals over all chains come from the same
// query as the per-chain rows (GROUPING SETS), so both always agree.
import type {
  ContractActivity,
  GroupDistinctQuery,
  GroupDistinctResult,
  GroupFactRow,
  GroupFactsQuery,
  GroupWindowQuery,
  GroupWindowRow,
  DayWindows,
} from '../contract-facts.js';
import type { Granularity } from '../granularity.js';
import { loadContractGroups } from './contract-groups.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

/**
 * A sum that is NULL when any summand is (a USD value without a price), instead of skipping it.
 * Summed in a fixed order: a parallel sum of doubles rounds differently from run to run, and
 * published bytes must not change without a change in the data.
 */
const NULL_AWARE_SUM = 'CASE WHEN count(f.value) < count(*) THEN NULL ELSE sum(f.value ORDER BY f.origin_key, f.entity, f.period_ms) END';

const GROUP_JOIN = 'JOIN contract_groups g ON g.origin_key = f.origin_key AND g.entity = f.entity';

export async function contractsWithFacts(db: SqlRunner, metricKey: string, originKeys?: readonly string[]): Promise<ContractActivity[]> {
  if (originKeys && originKeys.length === 0) return [];
  const chains = originKeys ? `AND origin_key IN (${originKeys.map(sqlString).join(', ')})` : '';
  const rows = await db.all<{ origin_key: string; entity: string; lo: bigint; hi: bigint }>(
    `SELECT origin_key, entity, min(period_ms) AS lo, max(period_ms) AS hi FROM facts
     WHERE dimension = 'contract' AND granularity = 'daily' AND metric_key = $1 ${chains}
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [metricKey],
  );
  return rows.map((r) => ({ origin_key: r.origin_key, address: r.entity, first_day_ms: Number(r.lo), last_day_ms: Number(r.hi) }));
}

export async function sumContractFacts(db: SqlRunner, q: GroupFactsQuery): Promise<GroupFactRow[]> {
  if (q.keys.length === 0 || (await loadContractGroups(db, q.groups)) === 0) return [];
  intList([q.days_until, q.hours_from, q.hours_until], 'contract fact bound');
  const rows = await db.all<{ grp: string; origin_key: string | null; metric_key: string; granularity: Granularity; period_ms: bigint; value: number | null }>(
    `SELECT g.grp, f.origin_key, f.metric_key, f.granularity, f.period_ms, ${NULL_AWARE_SUM} AS value
     FROM facts f ${GROUP_JOIN}
     WHERE f.dimension = 'contract' AND f.metric_key IN (${q.keys.map(sqlString).join(', ')})
       AND ((f.granularity = 'daily' AND f.period_ms < ${q.days_until})
         OR (f.granularity = 'hourly' AND f.period_ms >= ${q.hours_from} AND f.period_ms < ${q.hours_until}))
     GROUP BY GROUPING SETS ((g.grp, f.metric_key, f.granularity, f.period_ms), (g.grp, f.origin_key, f.metric_key, f.granularity, f.period_ms))`,
  );
  return rows.map((r) => ({ group: r.grp, origin_key: r.origin_key, metric_key: r.metric_key, granularity: r.granularity, period_ms: Number(r.period_ms), value: r.value }));
}

function windowValues(windows: DayWindows): string {
  return windows
    .map(([lo, hi], i) => {
      intList([lo, hi], 'day window');
      return `(${i}, ${lo}, ${hi})`;
    })
    .join(', ');
}

export async function sumContractFactsOverWindows(db: SqlRunner, q: GroupWindowQuery): Promise<GroupWindowRow[]> {
  if (q.keys.length === 0 || q.windows.length === 0 || (await loadContractGroups(db, q.groups)) === 0) return [];
  // A handful of windows (1d … max): one range join is simpler than a scan per window here,
  // since daily facts are few next to address sets.
  const rows = await db.all<{ grp: string; origin_key: string | null; metric_key: string; id: number; value: number | null }>(
    `WITH w(id, lo, hi) AS (VALUES ${windowValues(q.windows)})
     SELECT g.grp, f.origin_key, f.metric_key, w.id, ${NULL_AWARE_SUM} AS value
     FROM facts f ${GROUP_JOIN} JOIN w ON f.period_ms BETWEEN w.lo AND w.hi
     WHERE f.dimension = 'contract' AND f.granularity = 'daily' AND f.metric_key IN (${q.keys.map(sqlString).join(', ')})
     GROUP BY GROUPING SETS ((g.grp, f.metric_key, w.id), (g.grp, f.origin_key, f.metric_key, w.id))`,
  );
  return rows.map((r) => ({ group: r.grp, origin_key: r.origin_key, metric_key: r.metric_key, window: Number(r.id), value: r.value }));
}

export async function distinctOverContracts(db: SqlRunner, q: GroupDistinctQuery): Promise<GroupDistinctResult> {
  const out: GroupDistinctResult = { daily: [], windows: [] };
  const wantDays = q.days_until > q.days_from;
  if ((!wantDays && q.windows.length === 0) || (await loadContractGroups(db, q.groups)) === 0) return out;
  // The sets of the groups' contracts, once: every count below reads this instead of the
  // whole address_sets table.
  await db.run(
    `CREATE OR REPLACE TEMP TABLE group_addresses AS
     SELECT g.grp, f.origin_key, f.day_ms, f.address
     FROM address_sets f ${GROUP_JOIN}
     WHERE f.set_key = ${sqlString(q.set_key)} AND f.dimension = 'contract'`,
  );
  const perChainAndTotal = (key: string) => `GROUPING SETS ((grp, ${key}), (grp, origin_key, ${key}))`;
  if (wantDays) {
    intList([q.days_from, q.days_until], 'day bound');
    const rows = await db.all<{ grp: string; origin_key: string | null; day_ms: bigint; n: bigint }>(
      `SELECT grp, origin_key, day_ms, count(DISTINCT address) AS n FROM group_addresses
       WHERE day_ms >= ${q.days_from} AND day_ms < ${q.days_until}
       GROUP BY ${perChainAndTotal('day_ms')}`,
    );
    out.daily = rows.map((r) => ({ group: r.grp, origin_key: r.origin_key, day_ms: Number(r.day_ms), n: Number(r.n) }));
  }
  if (q.windows.length > 0) {
    // One filtered scan per window (UNION ALL): a range join would repeat every address row
    // once per window it falls in before counting.
    const parts = q.windows.map(([lo, hi], i) => {
      intList([lo, hi], 'day window');
      return `SELECT ${i} AS id, grp, origin_key, count(DISTINCT address) AS n FROM group_addresses
              WHERE day_ms BETWEEN ${lo} AND ${hi} GROUP BY GROUPING SETS ((grp), (grp, origin_key))`;
    });
    const rows = await db.all<{ id: number; grp: string; origin_key: string | null; n: bigint }>(parts.join(' UNION ALL '));
    out.windows = rows.map((r) => ({ group: r.grp, origin_key: r.origin_key, window: Number(r.id), n: Number(r.n) }));
  }
  return out;
}
