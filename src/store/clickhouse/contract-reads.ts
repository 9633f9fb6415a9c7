// Reads over groups of contracts (store/contract-facts.ts): contracts with stored facts, sums
// over groups of contracts per period and per window, and exact distinct senders over the
// union of a group's per-day sets (counted by store/group-distinct-count.ts, as DuckDB counts them).
//
// The shards filter and return the groups' contract rows; the sums are added here, in the
// order DuckDB's ordered aggregates add them (per chain by contract address, then the chains
// of a group in their index order; windows by chain, contract and day), because a sum of
// doubles depends on its order and both engines must publish the same bytes. Distinct counts
// are exact sets either way.
import type {
  ContractActivity,
  DayWindows,
  GroupDistinctManyQuery,
  GroupDistinctQuery,
  GroupDistinctResult,
  GroupFactRow,
  GroupFactsQuery,
  GroupWindowQuery,
  GroupWindowRow,
} from '../contract-facts.js';
import type { Granularity } from '../granularity.js';
import { type ContractSetRows, countGroupings, planGroupings } from '../grouping-distinct.js';
import { uniqueWindows } from '../unique-windows.js';
import { contractKey, loadContractGroups, type LoadedGroups } from './contract-groups.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString, stringList } from './sql-text.js';

/** Calls `emit` for a chain's result, and again as the total when the group is on one chain only. */
function forEachLevel(groups: LoadedGroups, grp: number, chain: number | null, emit: (origin: string | null) => void): void {
  if (chain === null) return emit(null);
  emit(groups.chains[chain]!);
  if (!groups.multi[grp]) emit(null);
}

/** Sum in the given order; null when any value is null (a USD value without a price). */
function orderedSum(values: ReadonlyArray<number | null>): number | null {
  let s = 0;
  for (const v of values) {
    if (v === null) return null;
    s += v;
  }
  return s;
}

export async function contractsWithFacts(db: SqlRunner, metricKey: string, originKeys?: readonly string[]): Promise<ContractActivity[]> {
  if (originKeys && originKeys.length === 0) return [];
  const chains = originKeys ? `AND origin_key IN (${stringList(originKeys)})` : '';
  const rows = await db.all<{ origin_key: string; entity: string; lo: string; hi: string }>(
    `SELECT origin_key, entity, min(period_ms) AS lo, max(period_ms) AS hi FROM facts FINAL
     WHERE dimension = 'contract' AND granularity = 'daily' AND metric_key = ${sqlString(metricKey)} ${chains}
     GROUP BY origin_key, entity ORDER BY origin_key, entity`,
  );
  return rows.map((r) => ({ origin_key: r.origin_key, address: r.entity, first_day_ms: Number(r.lo), last_day_ms: Number(r.hi) }));
}

type FactLine = {
  origin_key: string;
  entity: string;
  metric_key: string;
  granularity: Granularity;
  period_ms: string;
  value: number | null;
};

async function groupFacts(db: SqlRunner, groups: LoadedGroups, keys: readonly string[], bounds: string): Promise<FactLine[]> {
  return db.all<FactLine>(
    `SELECT origin_key, entity, metric_key, granularity, period_ms, value FROM facts FINAL
     WHERE dimension = 'contract' AND metric_key IN (${stringList(keys)}) AND ${groups.memberSql('origin_key', 'entity')} AND (${bounds})
     ORDER BY origin_key, entity, period_ms`,
  );
}

export async function sumContractFacts(db: SqlRunner, q: GroupFactsQuery): Promise<GroupFactRow[]> {
  if (q.keys.length === 0) return [];
  const groups = loadContractGroups(q.groups);
  if (groups.rows === 0) return [];
  intList([q.days_until, q.hours_from, q.hours_until], 'contract fact bound');
  const lines = await groupFacts(
    db,
    groups,
    q.keys,
    `(granularity = 'daily' AND period_ms < ${q.days_until}) OR (granularity = 'hourly' AND period_ms >= ${q.hours_from} AND period_ms < ${q.hours_until})`,
  );
  // Per (group, chain, key, granularity, period): values in contract order (lines are sorted by entity within a chain).
  const perChain = new Map<string, { grp: number; chain: number; metric_key: string; granularity: Granularity; period_ms: number; values: Array<number | null> }>();
  for (const l of lines) {
    for (const grp of groups.groupsOf.get(contractKey(l.origin_key, l.entity)) ?? []) {
      const chain = groups.chains.indexOf(l.origin_key);
      const k = `${grp}|${chain}|${l.metric_key}|${l.granularity}|${l.period_ms}`;
      let e = perChain.get(k);
      if (!e) {
        e = { grp, chain, metric_key: l.metric_key, granularity: l.granularity, period_ms: Number(l.period_ms), values: [] };
        perChain.set(k, e);
      }
      e.values.push(l.value);
    }
  }
  const out: GroupFactRow[] = [];
  const totals = new Map<string, { grp: number; metric_key: string; granularity: Granularity; period_ms: number; parts: Array<{ chain: number; v: number | null }> }>();
  for (const e of perChain.values()) {
    const value = orderedSum(e.values);
    const group = groups.names[e.grp]!;
    forEachLevel(groups, e.grp, e.chain, (origin_key) => out.push({ group, origin_key, metric_key: e.metric_key, granularity: e.granularity, period_ms: e.period_ms, value }));
    if (groups.multi[e.grp]) {
      const k = `${e.grp}|${e.metric_key}|${e.granularity}|${e.period_ms}`;
      let t = totals.get(k);
      if (!t) {
        t = { grp: e.grp, metric_key: e.metric_key, granularity: e.granularity, period_ms: e.period_ms, parts: [] };
        totals.set(k, t);
      }
      t.parts.push({ chain: e.chain, v: value });
    }
  }
  for (const t of totals.values()) {
    const value = orderedSum(t.parts.sort((a, b) => a.chain - b.chain).map((p) => p.v));
    out.push({ group: groups.names[t.grp]!, origin_key: null, metric_key: t.metric_key, granularity: t.granularity, period_ms: t.period_ms, value });
  }
  return out;
}

export async function sumContractFactsOverWindows(db: SqlRunner, q: GroupWindowQuery): Promise<GroupWindowRow[]> {
  if (q.keys.length === 0 || q.windows.length === 0) return [];
  const groups = loadContractGroups(q.groups);
  if (groups.rows === 0) return [];
  const { unique, of } = uniqueWindows(q.windows);
  const lo = Math.min(...unique.map((w) => w[0]));
  const hi = Math.max(...unique.map((w) => w[1]));
  const lines = await groupFacts(db, groups, q.keys, `granularity = 'daily' AND period_ms BETWEEN ${lo} AND ${hi}`);
  // Per (group, level, key) the facts in (chain, contract, day) order; lines come sorted so.
  const lists = new Map<string, { grp: number; chain: number | null; metric_key: string; xs: Array<{ p: number; v: number | null }> }>();
  const add = (grp: number, chain: number | null, l: FactLine) => {
    const k = `${grp}|${chain}|${l.metric_key}`;
    let e = lists.get(k);
    if (!e) {
      e = { grp, chain, metric_key: l.metric_key, xs: [] };
      lists.set(k, e);
    }
    e.xs.push({ p: Number(l.period_ms), v: l.value });
  };
  for (const l of lines) {
    for (const grp of groups.groupsOf.get(contractKey(l.origin_key, l.entity)) ?? []) {
      add(grp, groups.chains.indexOf(l.origin_key), l);
      if (groups.multi[grp]) add(grp, null, l);
    }
  }
  const out: GroupWindowRow[] = [];
  for (const e of lists.values()) {
    const sums = unique.map(([a, b]) => {
      const inWindow = e.xs.filter((x) => x.p >= a && x.p <= b);
      return { n: inWindow.length, v: orderedSum(inWindow.map((x) => x.v)) };
    });
    const group = groups.names[e.grp]!;
    forEachLevel(groups, e.grp, e.chain, (origin_key) => {
      of.forEach((u, window) => {
        if (sums[u]!.n > 0) out.push({ group, origin_key, metric_key: e.metric_key, window, value: sums[u]!.v });
      });
    });
  }
  return out;
}

export async function distinctOverContracts(db: SqlRunner, q: GroupDistinctQuery): Promise<GroupDistinctResult> {
  return (await distinctOverGroupings(db, { set_key: q.set_key, groupings: [q] }))[0]!;
}

export async function distinctOverGroupings(db: SqlRunner, q: GroupDistinctManyQuery): Promise<GroupDistinctResult[]> {
  const plan = planGroupings(q.groupings);
  if (plan.contracts.length === 0) return countGroupings({ length: 0, contract: new Int32Array(0), day_ms: new Float64Array(0), address: new Float64Array(0) }, plan, q.groupings);
  // Contract i of the plan as group i: the sets of every grouping's contracts read once.
  const contracts = loadContractGroups(plan.contracts.map((c, i) => ({ group: String(i), contracts: [c] })));
  const rows = await db.all<{ origin_key: string; contract: string; day_ms: string; address: string }>(
    `SELECT origin_key, contract, day_ms, address FROM contract_address_sets FINAL
     WHERE set_key = ${sqlString(q.set_key)} AND day_ms BETWEEN ${plan.from} AND ${plan.until} AND ${contracts.memberSql('origin_key', 'contract')}`,
  );
  // Addresses as numbers in order of first appearance (counted as DuckDB counts its address ids).
  const ids = new Map<string, number>();
  const out: ContractSetRows = { length: rows.length, contract: new Int32Array(rows.length), day_ms: new Float64Array(rows.length), address: new Float64Array(rows.length) };
  rows.forEach((r, j) => {
    let id = ids.get(r.address);
    if (id === undefined) ids.set(r.address, (id = ids.size));
    out.contract[j] = contracts.groupsOf.get(contractKey(r.origin_key, r.contract))![0]!;
    out.day_ms[j] = Number(r.day_ms);
    out.address[j] = id;
  });
  return countGroupings(out, plan, q.groupings);
}
