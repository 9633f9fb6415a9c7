// What application documents read from contract facts: which contracts have facts (to resolve
// their labels), sums over groups of contracts per period and per window, and exact distinct
// senders over the union of a group's per-day sets.
//
// Groups and chains are integers inside the queries (contract-groups.ts) and results come back
// as one row per group, chain and key holding lists (periods and values, or one value per
// window), expanded into the API's rows here: a 1,000-project build asks for millions of
// (group, chain, key, period) figures, and converting that many DuckDB rows one by one cost
// more than computing them. Totals over all chains are aggregated in SQL only for groups on
// several chains; a one-chain group's total is a copy of its chain's row.
import type {
  ContractActivity,
  GroupDistinctManyQuery,
  GroupDistinctQuery,
  GroupDistinctResult,
  GroupFactRow,
  GroupFactsQuery,
  GroupWindowQuery,
  GroupWindowRow,
  DayWindows,
} from '../contract-facts.js';
import type { Granularity } from '../granularity.js';
import { type ContractSetRows, countGroupings, type GroupingsPlan, planGroupings } from '../grouping-distinct.js';
import { uniqueWindows } from '../unique-windows.js';
import { type LoadedGroups, loadContractGroups } from './contract-groups.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

// A sum is NULL when any summand is (a USD value without a price), instead of skipping it.
// Every float sum here adds in a fixed order: a parallel sum of doubles rounds differently from
// run to run, and published bytes must not change without a change in the data.

const GROUP_JOIN = 'JOIN contract_groups g ON g.origin_key = f.origin_key AND g.entity = f.entity';

/** The chain column of a result row: -1 for the all-chain total. */
const TOTAL = -1;

/** Per chain for every group, plus the all-chain total for groups on several chains. */
function perChainAndTotal(select: (chain: string, where: string) => string): string {
  return `${select('g.chain', 'true')} UNION ALL ${select(`${TOTAL}`, 'g.multi')}`;
}

/** Calls `emit` for a result row with its chain, and again as the total when the group is on one chain only. */
function forEachLevel(groups: LoadedGroups, grp: number, chain: number, emit: (origin: string | null) => void): void {
  if (chain === TOTAL) return emit(null);
  emit(groups.chains[chain]!);
  if (!groups.multi[grp]) emit(null);
}

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
  if (q.keys.length === 0) return [];
  const groups = await loadContractGroups(db, q.groups);
  if (groups.rows === 0) return [];
  intList([q.days_until, q.hours_from, q.hours_until], 'contract fact bound');
  // The join and the per-chain sums once; a multi-chain group's total adds its chains' sums
  // (and counts, for the NULL rule) instead of joining and scanning the facts a second time.
  await db.run(
    `CREATE OR REPLACE TEMP TABLE group_sums AS
     SELECT g.grp, g.chain, any_value(g.multi) AS multi, f.metric_key, f.granularity, f.period_ms, count(f.value) AS nv, count(*) AS n, sum(f.value ORDER BY f.entity) AS v
     FROM facts f ${GROUP_JOIN}
     WHERE f.dimension = 'contract' AND f.metric_key IN (${q.keys.map(sqlString).join(', ')})
       AND ((f.granularity = 'daily' AND f.period_ms < ${q.days_until})
         OR (f.granularity = 'hourly' AND f.period_ms >= ${q.hours_from} AND f.period_ms < ${q.hours_until}))
     GROUP BY g.grp, g.chain, f.metric_key, f.granularity, f.period_ms`,
  );
  const rows = await db.all<{ grp: number; chain: number; metric_key: string; granularity: Granularity; p: number[]; v: Array<number | null> }>(
    `SELECT grp, chain, metric_key, granularity, list(period_ms::DOUBLE ORDER BY period_ms) AS p, list(CASE WHEN nv < n THEN NULL ELSE v END ORDER BY period_ms) AS v
     FROM (SELECT grp, chain, metric_key, granularity, period_ms, nv, n, v FROM group_sums
           UNION ALL
           SELECT grp, ${TOTAL}, metric_key, granularity, period_ms, sum(nv), sum(n), sum(v ORDER BY chain) FROM group_sums WHERE multi GROUP BY ALL)
     GROUP BY ALL`,
  );
  await db.run('DROP TABLE IF EXISTS group_sums');
  const out: GroupFactRow[] = [];
  for (const r of rows) {
    const group = groups.names[r.grp]!;
    forEachLevel(groups, r.grp, r.chain, (origin_key) => {
      for (let i = 0; i < r.p.length; i++) out.push({ group, origin_key, metric_key: r.metric_key, granularity: r.granularity, period_ms: r.p[i]!, value: r.v[i]! });
    });
  }
  return out;
}

export async function sumContractFactsOverWindows(db: SqlRunner, q: GroupWindowQuery): Promise<GroupWindowRow[]> {
  if (q.keys.length === 0 || q.windows.length === 0) return [];
  const groups = await loadContractGroups(db, q.groups);
  if (groups.rows === 0) return [];
  const { unique, of } = uniqueWindows(q.windows);
  // One pass that collects each (group, chain, key)'s facts once, in the fixed summation order,
  // then every window filters that list: an ordered aggregate per window (sum(... ORDER BY)
  // FILTER) buffered and sorted the rows once per window, about 14 GB for 1,000 projects and
  // their 20,000 contracts. list_sum adds the list's elements in list order, so the sums are the
  // ordered sums bit for bit.
  const inWindow = ([lo, hi]: readonly [number, number]) => `list_filter(xs, lambda x: x.p BETWEEN ${lo} AND ${hi})`;
  const values = (w: readonly [number, number]) => `list_transform(${inWindow(w)}, lambda x: x.v)`;
  const level = (chain: string, where: string) =>
    `SELECT grp, chain, metric_key,
       [${unique.map((w) => `len(${inWindow(w)})`).join(', ')}] AS n,
       [${unique.map((w) => `CASE WHEN list_count(${values(w)}) < len(${inWindow(w)}) THEN NULL ELSE list_sum(${values(w)}) END`).join(', ')}] AS v
     FROM (
       SELECT g.grp, ${chain} AS chain, f.metric_key, list({'p': f.period_ms, 'v': f.value} ORDER BY f.origin_key, f.entity, f.period_ms) AS xs
       FROM facts f ${GROUP_JOIN}
       WHERE ${where} AND f.dimension = 'contract' AND f.granularity = 'daily' AND f.metric_key IN (${q.keys.map(sqlString).join(', ')})
         AND f.period_ms BETWEEN ${Math.min(...unique.map((w) => w[0]))} AND ${Math.max(...unique.map((w) => w[1]))}
       GROUP BY ALL)`;
  const rows = await db.all<{ grp: number; chain: number; metric_key: string; n: Array<bigint | number>; v: Array<number | null> }>(perChainAndTotal(level));
  const out: GroupWindowRow[] = [];
  for (const r of rows) {
    const group = groups.names[r.grp]!;
    forEachLevel(groups, r.grp, r.chain, (origin_key) => {
      of.forEach((u, window) => {
        if (Number(r.n[u]) > 0) out.push({ group, origin_key, metric_key: r.metric_key, window, value: r.v[u]! });
      });
    });
  }
  return out;
}

export async function distinctOverContracts(db: SqlRunner, q: GroupDistinctQuery): Promise<GroupDistinctResult> {
  return (await distinctOverGroupings(db, { set_key: q.set_key, groupings: [q] }))[0]!;
}

/** Contracts up to this many are numbered in the high bits of the address id (a UINTEGER), one column instead of two. */
const PACKED_CONTRACTS = 2 ** 20;
const ADDRESS_UNIT = 2 ** 32;

export async function distinctOverGroupings(db: SqlRunner, q: GroupDistinctManyQuery): Promise<GroupDistinctResult[]> {
  const { plan, rows } = await readGroupingSets(db, q);
  return countGroupings(rows, plan, q.groupings);
}

/**
 * distinctOverGroupings' half on the connection: the planned contracts' set rows, to count with
 * countGroupings. The store counts after it releases the connection, so that a read queued behind
 * this one runs on DuckDB's threads while this thread counts.
 */
export async function readGroupingSets(db: SqlRunner, q: GroupDistinctManyQuery): Promise<{ plan: GroupingsPlan; rows: ContractSetRows }> {
  const plan = planGroupings(q.groupings);
  const none: ContractSetRows = { length: 0, contract: new Int32Array(0), day_ms: new Float64Array(0), address: new Float64Array(0) };
  if (plan.contracts.length === 0) return { plan, rows: none };
  // Contract i of the plan as group i, so that `grp` is its index.
  await loadContractGroups(
    db,
    plan.contracts.map((c, i) => ({ group: String(i), contracts: [c] })),
  );
  // The sets' rows as numbers (contract, day, address id), counted in JavaScript
  // (group-distinct-count.ts): DuckDB's count DISTINCT and per-address bit masks were four hash
  // aggregations of every row per grouping. Copying the rows out costs about as much per column
  // as the scan itself, so the contract rides in the address id's high bits when it fits.
  const packed = plan.contracts.length <= PACKED_CONTRACTS;
  const { rows, columns } = await db.numericColumns(
    `SELECT ${packed ? `(g.grp::BIGINT * ${ADDRESS_UNIT} + s.address_id)::DOUBLE` : 'g.grp::DOUBLE, s.address_id::DOUBLE'}, s.day_ms::DOUBLE
     FROM contract_address_sets s
     JOIN (SELECT g.grp, g.origin_key, c.id FROM contract_groups g JOIN address_ids c ON c.address = g.entity) g
       ON g.origin_key = s.origin_key AND g.id = s.contract_id
     WHERE s.set_key = ${sqlString(q.set_key)} AND s.day_ms BETWEEN ${plan.from} AND ${plan.until}`,
  );
  const contract = new Int32Array(rows);
  let address = columns[1]!;
  if (packed) {
    // The address replaces the packed key in place: a second array of 8 bytes a row was 53 MB of
    // fresh pages for 6.6 million rows, and the packed keys are not read again.
    address = columns[0]!;
    for (let j = 0; j < rows; j++) {
      const c = Math.floor(address[j]! / ADDRESS_UNIT);
      contract[j] = c;
      address[j] = address[j]! - c * ADDRESS_UNIT;
    }
  } else contract.set(columns[0]!);
  return { plan, rows: { length: rows, contract, day_ms: columns[packed ? 1 : 2]!, address } };
}
