// The engine-independent half of distinctOverGroupings: a build counts distinct senders per
// project and again per contract over the same contracts' sets, and reading those 6.6 million
// rows (1,000 projects, 20,000 contracts) twice cost more than counting them. Here the contracts
// every grouping names are listed once, the engine reads their sets once as (contract, day,
// address) rows, and each grouping's (group, chain, day, address) rows are made from those rows
// in typed arrays for group-distinct-count.ts, which counts exactly as a read of one grouping
// does (same group and chain indexes, contract-group-index.ts).
import type { ContractRef, GroupDistinctGrouping, GroupDistinctResult } from './contract-facts.js';
import { type ContractGroupIndex, indexContractGroups } from './contract-group-index.js';
import { countGroupDistinct, type GroupSetRows } from './group-distinct-count.js';
import { uniqueWindows } from './unique-windows.js';

/** One row per (contract, day, address) of the sets read: `contract` indexes GroupingsPlan.contracts. */
export interface ContractSetRows {
  length: number;
  contract: Int32Array;
  day_ms: Float64Array;
  address: Float64Array;
}

interface PlannedGrouping {
  index: ContractGroupIndex;
  /** Inclusive day range this grouping counts; none when the grouping asks for nothing. */
  range: { from: number; until: number } | null;
  /** Per contract c of the plan, its (grp, chain) pairs at start[c] .. start[c + 1] of grp and chain. */
  start: Int32Array;
  grp: Int32Array;
  chain: Int32Array;
}

export interface GroupingsPlan {
  /** Every contract some grouping counts, once (lower-case addresses), in first appearance order. */
  contracts: ContractRef[];
  /** Inclusive day range to read: the union of the groupings' ranges (meaningless without contracts). */
  from: number;
  until: number;
  groupings: PlannedGrouping[];
}

export function planGroupings(groupings: readonly GroupDistinctGrouping[]): GroupingsPlan {
  const contracts: ContractRef[] = [];
  const contractIds = new Map<string, number>();
  let from = Infinity;
  let until = -Infinity;
  // First every grouping's groups, range and contracts; the per-contract member lists once every contract is known.
  const indexed = groupings.map((q) => {
    const index = indexContractGroups(q.groups);
    const wantDays = q.days_until > q.days_from;
    if (wantDays) for (const v of [q.days_from, q.days_until]) if (!Number.isSafeInteger(v)) throw new Error(`day bound: not an integer: ${v}`);
    const { unique } = uniqueWindows(q.windows);
    if ((!wantDays && unique.length === 0) || index.members.length === 0) return { index, range: null, ids: [] };
    const range = {
      from: Math.min(...(wantDays ? [q.days_from] : []), ...unique.map((w) => w[0])),
      until: Math.max(...(wantDays ? [q.days_until - 1] : []), ...unique.map((w) => w[1])),
    };
    from = Math.min(from, range.from);
    until = Math.max(until, range.until);
    const ids = index.members.map((m) => {
      const key = `${m.origin_key}\u0000${m.entity}`;
      let id = contractIds.get(key);
      if (id === undefined) {
        id = contracts.push({ origin_key: m.origin_key, address: m.entity }) - 1;
        contractIds.set(key, id);
      }
      return id;
    });
    return { index, range, ids };
  });
  const planned = indexed.map(({ index, range, ids }) => ({ index, range, ...membersByContract(ids, index, contracts.length) }));
  return { contracts, from, until, groupings: planned };
}

/** The (grp, chain) pairs of each contract, ids[i] being the contract of members[i], grouped by contract. */
function membersByContract(ids: readonly number[], index: ContractGroupIndex, contracts: number): Pick<PlannedGrouping, 'start' | 'grp' | 'chain'> {
  const start = new Int32Array(contracts + 1);
  for (const id of ids) start[id + 1]!++;
  for (let c = 0; c < contracts; c++) start[c + 1]! += start[c]!;
  const next = start.slice(0, contracts);
  const grp = new Int32Array(ids.length);
  const chain = new Int32Array(ids.length);
  ids.forEach((id, i) => {
    const at = next[id]!++;
    grp[at] = index.members[i]!.grp;
    chain[at] = index.members[i]!.chain;
  });
  return { start, grp, chain };
}

/** Each grouping's counts from the rows of the plan's contracts' sets (GroupDistinctResult per grouping, in order). */
export function countGroupings(rows: ContractSetRows, plan: GroupingsPlan, groupings: readonly GroupDistinctGrouping[]): GroupDistinctResult[] {
  return plan.groupings.map((g, k) => (g.range ? countGroupDistinct(groupingRows(rows, g, g.range), g.index, groupings[k]!) : { daily: [], windows: [] }));
}

/**
 * A grouping's (group, chain, day, address) rows: a row per group the row's contract is in, days in
 * the grouping's range only. When every row stays and its contract is in exactly one group (the
 * projects partition their contracts; the per-contract grouping has one group each), the day and
 * address columns are the read's own: copying them was two arrays of 8 bytes a row per grouping,
 * about 105 MB each for the 6.6 million rows of 1,000 projects, fresh pages the kernel zeroes.
 * The counting only reads them.
 */
function groupingRows(rows: ContractSetRows, g: PlannedGrouping, range: { from: number; until: number }): GroupSetRows {
  const { contract, day_ms, address } = rows;
  const { start, grp, chain } = g;
  const { from, until } = range;
  // Two passes: the size (and whether each row is kept exactly once), then the rows.
  let n = 0;
  let onePerRow = true;
  for (let j = 0; j < rows.length; j++) {
    const d = day_ms[j]!;
    const c = contract[j]!;
    const members = start[c + 1]! - start[c]!;
    if (d >= from && d <= until) {
      n += members;
      if (members !== 1) onePerRow = false;
    } else onePerRow = false;
  }
  // Locals, not the result's fields: this loop writes tens of millions of cells.
  const outGrp = new Int32Array(n);
  const outChain = new Int32Array(n);
  if (onePerRow) {
    for (let j = 0; j < n; j++) {
      const m = start[contract[j]!]!;
      outGrp[j] = grp[m]!;
      outChain[j] = chain[m]!;
    }
    return { length: n, grp: outGrp, chain: outChain, day_ms: day_ms.subarray(0, n), address: address.subarray(0, n) };
  }
  const outDay = new Float64Array(n);
  const outAddress = new Float64Array(n);
  let at = 0;
  for (let j = 0; j < rows.length; j++) {
    const d = day_ms[j]!;
    if (d < from || d > until) continue;
    const c = contract[j]!;
    const a = address[j]!;
    for (let m = start[c]!, end = start[c + 1]!; m < end; m++) {
      outGrp[at] = grp[m]!;
      outChain[at] = chain[m]!;
      outDay[at] = d;
      outAddress[at] = a;
      at++;
    }
  }
  const out: GroupSetRows = { length: n, grp: outGrp, chain: outChain, day_ms: outDay, address: outAddress };
  return out;
}
