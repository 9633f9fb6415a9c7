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
import type { ContractFactColumns } from '../store/contract-facts.js';
import { ALL_CHAINS, contractKey, type AppFacts, type PeriodFacts, type ProjectFacts } from './app-fact-shapes.js';

type Sum = number | null | undefined;

/** The NULL-propagating step of every fold: undefined = nothing added yet. */
const add = (acc: Sum, v: number | null): number | null => (acc === null || v === null ? null : (acc ?? 0) + v);

const valueAt = (facts: ContractFactColumns, i: number): number | null => (Number.isNaN(facts.value[i]) ? null : facts.value[i]!);

interface Contract {
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

  const windows = out.windows;
  for (const [project, list] of byProject) {
    const pf = out.projects.get(project)!;
    const chains = [...new Set(list.map((i) => contracts[i]!.origin_key))];
    const multi = chains.length > 1;
    const total = new Map<string, Sum[]>();
    for (const i of list) {
      const c = contracts[i]!;
      const own = out.contracts.get(contractKey(c.origin_key, c.address))!.windows;
      for (let j = start[i]!; j < start[i + 1]!; ) {
        // One run of (key, granularity): its periods ascending.
        const k = facts.key[j]!;
        const hourly = facts.hourly[j] === 1;
        let end = j;
        while (end < start[i + 1]! && facts.key[end] === k && facts.hourly[end] === facts.hourly[j]) end++;
        const key = keys[k]!;
        const periods = periodMap(hourly ? pf.hourly : pf.daily, c.origin_key, key);
        for (let x = j; x < end; x++) periods.set(facts.period_ms[x]!, add(periods.get(facts.period_ms[x]!), valueAt(facts, x)));
        if (!hourly) {
          const slots = [slot(own, key, windows.length), slot(chainWindows(pf, c.origin_key), key, windows.length), ...(multi ? [slot(total, key, windows.length)] : [])];
          for (let w = 0; w < windows.length; w++) {
            const [lo, hi] = windows[w]!;
            for (let x = j; x < end; x++) {
              const p = facts.period_ms[x]!;
              if (p < lo || p > hi) continue;
              const v = valueAt(facts, x);
              for (const s of slots) s[w] = add(s[w], v);
            }
          }
        }
        j = end;
      }
    }
    if (multi) {
      pf.windows.set(ALL_CHAINS, total);
      const ranked = [...chains].sort((a, b) => chainRank.get(a)! - chainRank.get(b)!);
      for (const into of [pf.daily, pf.hourly]) {
        for (const ok of ranked) {
          for (const [key, periods] of into.get(ok) ?? []) {
            const sums = periodMap(into, ALL_CHAINS, key);
            for (const [p, v] of periods) sums.set(p, add(sums.get(p), v));
          }
        }
      }
    } else {
      // One chain: its figures are the totals (shared, never changed after this).
      for (const into of [pf.daily, pf.hourly]) if (into.has(chains[0]!)) into.set(ALL_CHAINS, into.get(chains[0]!)!);
      if (pf.windows.has(chains[0]!)) pf.windows.set(ALL_CHAINS, pf.windows.get(chains[0]!)!);
    }
  }
}

function periodMap(into: PeriodFacts, ok: string, key: string): Map<number, number | null> {
  let byKey = into.get(ok);
  if (!byKey) into.set(ok, (byKey = new Map()));
  let periods = byKey.get(key);
  if (!periods) byKey.set(key, (periods = new Map()));
  return periods;
}

function chainWindows(pf: ProjectFacts, ok: string): Map<string, Sum[]> {
  let m = pf.windows.get(ok);
  if (!m) pf.windows.set(ok, (m = new Map()));
  return m;
}

function slot(m: Map<string, Sum[]>, key: string, n: number): Sum[] {
  let s = m.get(key);
  if (!s) m.set(key, (s = new Array<Sum>(n).fill(undefined)));
  return s;
}
