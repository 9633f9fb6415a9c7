// The sums of the application documents, folded in one pass over the raw contract facts
// (store.readContractFacts, ordered by contract, key, granularity, period): per project, chain
// and period; per project and all chains; per window of days for projects, chains and single
// contracts. Doing it here rather than in SQL avoids DuckDB's ordered aggregates over millions
// of tiny groups, which were most of a 1,000-project build.
//
// Published bytes must not change, so every float is added in the order of the store's SQL group
// reads (sumContractFacts, sumContractFactsOverWindows: sum(... ORDER BY ...) and list_sum, a left
// fold starting at 0), which test/documents/app-fact-sums.test.ts compares with this bit for bit:
// - a period of a project on one chain: its contracts by address;
// - a period over all chains: the chains' sums in the order the chains first appear when the
//   projects are walked in order (the integer chain ids of contract-groups.ts);
// - a window on one chain: its contracts by address, each contract's days ascending;
// - a window over all chains: contracts by (origin_key, address), days ascending;
// - a window of one contract: its days ascending.
// Any NULL summand (a USD figure without a price) makes the sum NULL; a project on one chain has
// its chain's figures as its totals.
//
// Period sums accumulate in typed arrays indexed by period (store/dense-periods.ts), one per
// (chain, key, granularity) of the project, reused from project to project, and each becomes its
// Map once at the end: a Map get and set per fact was most of this pass for 8 million facts.
import { DAY_MS, HOUR_MS } from '../../clock.js';
import type { ContractFactColumns } from '../../store/contract-facts.js';
import { densePeriods, type DensePeriods } from '../../store/dense-periods.js';
import { ALL_CHAINS, contractKey, type AppFacts, type PeriodFacts, type ProjectFacts } from './app-fact-shapes.js';

/** A sum being folded: undefined before its first summand, null once a NULL was added. */
export type Sum = number | null | undefined;

export interface Contract {
  origin_key: string;
  address: string;
  owner_project: string;
}

/**
 * Fills the projects' daily, hourly and window sums and the contracts' window sums of `out`
 * (whose entries exist already) from `facts`, read for `contracts` (in that order, sorted by
 * chain and address) and `keys`.
 */
export function sumAppFacts(out: AppFacts, contracts: readonly Contract[], facts: ContractFactColumns, keys: readonly string[]): void {
  // Facts are ordered by contract index: contract i's are [start[i], start[i + 1]).
  const start = new Int32Array(contracts.length + 1);
  for (let j = 0; j < facts.length; j++) start[facts.contract[j]! + 1]!++;
  for (let i = 0; i < contracts.length; i++) start[i + 1]! += start[i]!;

  const byProject = new Map<string, number[]>();
  for (let i = 0; i < contracts.length; i++) {
    const list = byProject.get(contracts[i]!.owner_project);
    if (list) list.push(i);
    else byProject.set(contracts[i]!.owner_project, [i]);
  }
  const chainRank = new Map<string, number>();
  for (const list of byProject.values()) for (const i of list) if (!chainRank.has(contracts[i]!.origin_key)) chainRank.set(contracts[i]!.origin_key, chainRank.size);

  const periods = [densePeriods(facts.period_ms, DAY_MS, (j) => facts.hourly[j] === 0), densePeriods(facts.period_ms, HOUR_MS, (j) => facts.hourly[j] === 1)] as const;
  const index = new Int32Array(facts.length);
  for (let j = 0; j < facts.length; j++) index[j] = periods[facts.hourly[j]!]!.indexOf(facts.period_ms[j]!);
  const series = new SeriesPool(periods);

  const windows = out.windows;
  for (const [project, list] of byProject) {
    const pf = out.projects.get(project)!;
    const chains = [...new Set(list.map((i) => contracts[i]!.origin_key))];
    const multi = chains.length > 1;
    const total = new Map<string, Sum[]>();
    // Series of chain c, key k, granularity h: slot (c * keys + k) * 2 + h; the totals after the chains.
    const slot = (c: number, k: number, h: number) => (c * keys.length + k) * 2 + h;
    for (const i of list) {
      const c = contracts[i]!;
      const cl = chains.indexOf(c.origin_key);
      const own = out.contracts.get(contractKey(c.origin_key, c.address))!.windows;
      for (let j = start[i]!; j < start[i + 1]!; ) {
        // One run of (key, granularity): its periods ascending.
        const k = facts.key[j]!;
        const h = facts.hourly[j]!;
        let end = j;
        while (end < start[i + 1]! && facts.key[end] === k && facts.hourly[end] === h) end++;
        const acc = series.open(slot(cl, k, h), h);
        for (let x = j; x < end; x++) acc.add(index[x]!, facts.value[x]!);
        if (h === 0) {
          const key = keys[k]!;
          const slots = [windowSlot(own, key, windows.length), windowSlot(chainWindows(pf, c.origin_key), key, windows.length), ...(multi ? [windowSlot(total, key, windows.length)] : [])];
          for (let w = 0; w < windows.length; w++) {
            // The run's days in the window: a contiguous part, the run being ascending.
            const [lo, hi] = windows[w]!;
            let a = j;
            while (a < end && facts.period_ms[a]! < lo) a++;
            let b = a;
            while (b < end && facts.period_ms[b]! <= hi) b++;
            if (a < b) for (const s of slots) foldInto(s, w, facts.value, a, b);
          }
        }
        j = end;
      }
    }
    const ranked = [...chains].sort((a, b) => chainRank.get(a)! - chainRank.get(b)!).map((ok) => chains.indexOf(ok));
    for (let k = 0; k < keys.length; k++) {
      for (const h of [0, 1] as const) {
        const into = h === 0 ? pf.daily : pf.hourly;
        if (multi) {
          const sum = series.open(slot(chains.length, k, h), h);
          for (const cl of ranked) sum.addSeries(series.at(slot(cl, k, h)));
          if (sum.used) periodMap(into, ALL_CHAINS).set(keys[k]!, sum.take());
        }
        chains.forEach((ok, cl) => {
          const acc = series.at(slot(cl, k, h));
          if (acc?.used) periodMap(into, ok).set(keys[k]!, acc.take());
        });
      }
    }
    if (multi) {
      pf.windows.set(ALL_CHAINS, total);
    } else {
      // One chain: its figures are the totals (shared, never changed after this).
      for (const into of [pf.daily, pf.hourly]) if (into.has(chains[0]!)) into.set(ALL_CHAINS, into.get(chains[0]!)!);
      if (pf.windows.has(chains[0]!)) pf.windows.set(ALL_CHAINS, pf.windows.get(chains[0]!)!);
    }
  }
}

/** s[w] plus values[a], ..., values[b - 1] in this order (undefined: nothing added yet, starting at 0; NaN = NULL, which makes the sum NULL). */
export function foldInto(s: Sum[], w: number, values: Float64Array, a: number, b: number): void {
  const acc = s[w];
  if (acc === null) return;
  let sum = acc ?? 0;
  for (let x = a; x < b; x++) {
    const v = values[x]!;
    if (Number.isNaN(v)) {
      s[w] = null;
      return;
    }
    sum += v;
  }
  s[w] = sum;
}

/**
 * The sum of one (chain, key, granularity) per period index: `add` folds a fact in (NaN = NULL,
 * which makes the period's sum NULL for good), `take` returns the periods with any fact as a Map
 * in ascending order and clears it for the next project.
 */
class PeriodSeries {
  readonly sums: Float64Array;
  /** 0: no fact yet, 1: a sum, 2: NULL. */
  readonly state: Uint8Array;
  used = false;

  constructor(private readonly periods: DensePeriods) {
    this.sums = new Float64Array(periods.values.length);
    this.state = new Uint8Array(periods.values.length);
  }

  add(i: number, v: number): void {
    this.used = true;
    if (this.state[i] === 2) return;
    if (Number.isNaN(v)) {
      this.state[i] = 2;
      return;
    }
    this.sums[i] = this.sums[i]! + v;
    this.state[i] = 1;
  }

  /** Adds another series period by period (the all-chain total over the chains in rank order). */
  addSeries(other: PeriodSeries | undefined): void {
    if (!other?.used) return;
    for (let i = 0; i < other.state.length; i++) {
      if (other.state[i] === 0) continue;
      this.add(i, other.state[i] === 2 ? NaN : other.sums[i]!);
    }
  }

  take(): Map<number, number | null> {
    const m = new Map<number, number | null>();
    for (let i = 0; i < this.state.length; i++) if (this.state[i] !== 0) m.set(this.periods.values[i]!, this.state[i] === 2 ? null : this.sums[i]!);
    this.sums.fill(0);
    this.state.fill(0);
    this.used = false;
    return m;
  }
}

/** PeriodSeries by slot, allocated once and reused by every project (each taken clears it). */
class SeriesPool {
  private readonly slots: PeriodSeries[] = [];

  constructor(private readonly periods: readonly [DensePeriods, DensePeriods]) {}

  open(slot: number, hourly: number): PeriodSeries {
    let s = this.slots[slot];
    if (!s) this.slots[slot] = s = new PeriodSeries(this.periods[hourly]!);
    return s;
  }

  at(slot: number): PeriodSeries | undefined {
    return this.slots[slot];
  }
}

function periodMap(into: PeriodFacts, ok: string): Map<string, Map<number, number | null>> {
  let byKey = into.get(ok);
  if (!byKey) into.set(ok, (byKey = new Map()));
  return byKey;
}

function chainWindows(pf: ProjectFacts, ok: string): Map<string, Sum[]> {
  let m = pf.windows.get(ok);
  if (!m) pf.windows.set(ok, (m = new Map()));
  return m;
}

function windowSlot(m: Map<string, Sum[]>, key: string, n: number): Sum[] {
  let s = m.get(key);
  if (!s) m.set(key, (s = new Array<Sum>(n).fill(undefined)));
  return s;
}
