// The application overview's sums over the days before each window (per project and chain) and
// its transactions per contract over each span, folded from the daily contract facts the
// application facts read anyway (store.readContractFacts), instead of two more group reads of the
// same facts (store.sumContractFactsOverWindows) at every day that completes: those reads cover
// the whole history ('365d' and 'max' spans), so their cost grew with the stored days.
//
// Published bytes must not change, so each sum is folded in the order of the store's group read,
// as app-fact-sums.ts folds the details' windows: a project's window on one chain adds its
// contracts by address (the order of the contract list, which is sorted by chain and address),
// each contract's days ascending, from 0; a NULL summand makes the sum NULL; a window without a
// fact has no row. test/documents/app-overview-sums.test.ts compares both, bit for bit.
import type { ContractFactColumns, GroupWindowRow } from '../../store/contract-facts.js';
import { contractKey } from './app-fact-shapes.js';
import { foldInto, type Contract, type Sum } from './app-fact-sums.js';

/**
 * Rows as sumContractFactsOverWindows gives them, per chain only (no all-chain rows): `prev` for
 * every project's contracts on each chain and every key of `keys`, `spans` for every contract and
 * `spanKey` alone. `facts` are the daily and hourly facts of `contracts` (in that order) and
 * `keys`, ordered by contract, key, granularity and period, as readContractFacts returns them.
 */
export function overviewWindowSums(
  facts: ContractFactColumns,
  contracts: readonly Contract[],
  keys: readonly string[],
  windows: { prev: ReadonlyArray<readonly [number, number]>; spans: ReadonlyArray<readonly [number, number]>; spanKey: string },
): { prevSums: GroupWindowRow[]; spanTx: GroupWindowRow[] } {
  const spanK = keys.indexOf(windows.spanKey);
  // project → chain → key index → one sum per prev window.
  const prev = new Map<string, Map<string, Sum[][]>>();
  const spanTx: GroupWindowRow[] = [];
  for (let j = 0; j < facts.length; ) {
    // One run of (contract, key, granularity): its periods ascending.
    const i = facts.contract[j]!;
    const k = facts.key[j]!;
    const h = facts.hourly[j]!;
    let end = j;
    while (end < facts.length && facts.contract[end] === i && facts.key[end] === k && facts.hourly[end] === h) end++;
    if (h === 0) {
      const c = contracts[i]!;
      if (windows.prev.length > 0) {
        let byChain = prev.get(c.owner_project);
        if (!byChain) prev.set(c.owner_project, (byChain = new Map()));
        let byKey = byChain.get(c.origin_key);
        if (!byKey) byChain.set(c.origin_key, (byKey = []));
        const sums = (byKey[k] ??= windows.prev.map(() => undefined));
        windows.prev.forEach((w, x) => fold(sums, x, facts, j, end, w));
      }
      if (k === spanK) {
        const own: Sum[] = windows.spans.map(() => undefined);
        windows.spans.forEach((w, x) => fold(own, x, facts, j, end, w));
        own.forEach((value, window) => {
          if (value !== undefined) spanTx.push({ group: contractKey(c.origin_key, c.address), origin_key: c.origin_key, metric_key: windows.spanKey, window, value });
        });
      }
    }
    j = end;
  }
  const prevSums: GroupWindowRow[] = [];
  for (const [group, byChain] of prev) {
    for (const [origin_key, byKey] of byChain) {
      byKey.forEach((sums, k) => {
        sums.forEach((value, window) => {
          if (value !== undefined) prevSums.push({ group, origin_key, metric_key: keys[k]!, window, value });
        });
      });
    }
  }
  return { prevSums, spanTx };
}

/** s[x] plus the run's values [a, b) whose day lies in the window, in order; nothing when none does. */
function fold(s: Sum[], x: number, facts: ContractFactColumns, a: number, b: number, [lo, hi]: readonly [number, number]): void {
  while (a < b && facts.period_ms[a]! < lo) a++;
  let end = a;
  while (end < b && facts.period_ms[end]! <= hi) end++;
  if (end > a) foldInto(s, x, facts.value, a, end);
}
