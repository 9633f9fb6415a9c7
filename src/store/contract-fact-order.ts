// The order of ContractFactColumns (contract index, key index, daily before hourly, period
// ascending), established in JavaScript over the typed arrays of an unordered read: a counting
// sort on the run (contract, key, granularity) as one number, then each run by period, which the store's rows mostly
// arrive in already (facts are written period after period). DuckDB's ORDER BY on the four
// columns was more than half of the read for 8 million facts; this is two linear passes.
import type { ContractFactColumns } from './contract-facts.js';

/**
 * `columns` are run, period_ms and value, `length` rows in any order, where a row's run is
 * (contract index * keys + key index) * 2 + hourly (0/1), with contract indexes below `contracts`
 * and key indexes below `keys`: the reader computes it in SQL, one column copied out instead of three.
 */
export function orderContractFacts(length: number, columns: readonly Float64Array[], contracts: number, keys: number): ContractFactColumns {
  const [run, period, value] = columns as [Float64Array, Float64Array, Float64Array];
  const runs = contracts * keys * 2;
  const runOf = new Int32Array(length);
  const start = new Int32Array(runs + 1);
  for (let j = 0; j < length; j++) {
    const r = run[j]!;
    if (!(r >= 0 && r < runs && Number.isInteger(r))) throw new Error(`contract fact row ${j}: run ${r} out of range (${contracts} contracts, ${keys} keys)`);
    runOf[j] = r;
    start[r + 1]!++;
  }
  for (let r = 0; r < runs; r++) start[r + 1]! += start[r]!;
  const out: ContractFactColumns = {
    length,
    contract: new Float64Array(length),
    key: new Float64Array(length),
    hourly: new Float64Array(length),
    period_ms: new Float64Array(length),
    value: new Float64Array(length),
  };
  // Stable: a run keeps the order its rows came in.
  const next = start.slice(0, runs);
  for (let j = 0; j < length; j++) {
    const i = next[runOf[j]!]!++;
    out.period_ms[i] = period[j]!;
    out.value[i] = value[j]!;
  }
  for (let r = 0; r < runs; r++) {
    const from = start[r]!;
    const to = start[r + 1]!;
    if (from === to) continue;
    out.contract.fill(Math.floor(r / (2 * keys)), from, to);
    out.key.fill(Math.floor(r / 2) % keys, from, to);
    out.hourly.fill(r % 2, from, to);
    sortRun(out.period_ms, out.value, from, to);
  }
  return out;
}

/** Sorts [from, to) of both arrays by period, unless already ascending. */
function sortRun(period: Float64Array, value: Float64Array, from: number, to: number): void {
  let sorted = true;
  for (let i = from + 1; i < to && sorted; i++) sorted = period[i - 1]! <= period[i]!;
  if (sorted) return;
  const order = Array.from({ length: to - from }, (_, i) => from + i).sort((a, b) => period[a]! - period[b]!);
  const p = order.map((i) => period[i]!);
  const v = order.map((i) => value[i]!);
  period.set(p, from);
  value.set(v, from);
}
