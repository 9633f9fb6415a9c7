// The raw contract facts of a list of contracts, as columns (store/contract-facts.ts), for the
// application documents that aggregate them in JavaScript, in DuckDB's order (contract index,
// key index, daily before hourly, period) so both engines hand the builders the same arrays.
//
// A build reads millions of these (every contract's days and last 14 days of hours, four keys:
// 5 million at 3,000 contracts), so the shards number and sort them and they arrive as compact
// numeric rows streamed into typed arrays: read as one object per fact and sorted here, they
// took several times DuckDB's time and a gigabyte of heap.
import type { ContractFactColumns, ContractFactsQuery } from '../contract-facts.js';
import { loadContractGroups } from './contract-groups.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString, stringList } from './sql-text.js';

export async function readContractFacts(db: SqlRunner, q: ContractFactsQuery): Promise<ContractFactColumns> {
  if (q.keys.length === 0 || q.contracts.length === 0) return new ColumnsBuilder().done();
  intList([q.days_until, q.hours_from, q.hours_until], 'contract fact bound');
  // One group per contract, named by its index: a group's number is the contract's index.
  const groups = loadContractGroups(q.contracts.map((c, i) => ({ group: String(i), contracts: [c] })));
  // Distinct contracts in order of first appearance; the SQL numbers each by its place here.
  const distinct = [...groups.groupsOf.keys()];
  const groupsOf = distinct.map((k) => groups.groupsOf.get(k)!);
  const keys = [...new Set(q.keys)];
  const u32 = (xs: readonly number[]) => `CAST([${xs.join(', ')}] AS Array(UInt32))`;
  const contractSql = `transform(concat(origin_key, '|', entity), [${stringList(distinct.map((k) => k.replace('\u0000', '|')))}], ${u32(distinct.map((_, i) => i))}, toUInt32(0))`;
  const keySql = `transform(metric_key, [${keys.map(sqlString).join(', ')}], ${u32(keys.map((k) => q.keys.indexOf(k)))}, toUInt32(0))`;
  const cols = new ColumnsBuilder();
  await db.each(
    `SELECT ${contractSql} AS c, ${keySql} AS k, granularity = 'hourly' AS h, toFloat64(period_ms) AS p, value AS v FROM facts FINAL
     WHERE dimension = 'contract' AND metric_key IN (${stringList(q.keys)}) AND ${groups.memberSql('origin_key', 'entity')}
       AND ((granularity = 'daily' AND period_ms < ${q.days_until})
         OR (granularity = 'hourly' AND period_ms >= ${q.hours_from} AND period_ms < ${q.hours_until}))
     ORDER BY c, k, h, p`,
    () => cols.clear(),
    (r) => cols.push(Number(r[0]), Number(r[1]), Number(r[2]), Number(r[3]), r[4] === null ? NaN : Number(r[4])),
  );
  const out = cols.done();
  // A contract listed once (the usual case): its number's order is its index's order.
  if (groupsOf.every((g) => g.length === 1)) {
    for (let i = 0; i < out.length; i++) out.contract[i] = groupsOf[out.contract[i]!]![0]!;
    return out;
  }
  // A contract listed twice has its facts at each of its indexes.
  const order: number[][] = [];
  for (let i = 0; i < out.length; i++) for (const grp of groupsOf[out.contract[i]!]!) order.push([grp, i]);
  order.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  const expanded = new ColumnsBuilder();
  for (const [grp, i] of order) expanded.push(grp!, out.key[i!]!, out.hourly[i!]!, out.period_ms[i!]!, out.value[i!]!);
  return expanded.done();
}

/** Columns of unknown length: typed arrays that double as they fill. */
class ColumnsBuilder {
  private cols = ColumnsBuilder.alloc(1024);
  private n = 0;

  private static alloc(capacity: number): Float64Array[] {
    return Array.from({ length: 5 }, () => new Float64Array(capacity));
  }

  clear(): void {
    this.n = 0;
  }

  push(contract: number, key: number, hourly: number, period: number, value: number): void {
    if (this.n === this.cols[0]!.length) {
      const bigger = ColumnsBuilder.alloc(this.n * 2);
      bigger.forEach((c, j) => c.set(this.cols[j]!));
      this.cols = bigger;
    }
    const i = this.n++;
    this.cols[0]![i] = contract;
    this.cols[1]![i] = key;
    this.cols[2]![i] = hourly;
    this.cols[3]![i] = period;
    this.cols[4]![i] = value;
  }

  done(): ContractFactColumns {
    const [contract, key, hourly, period_ms, value] = this.cols.map((c) => c.subarray(0, this.n));
    return { length: this.n, contract: contract!, key: key!, hourly: hourly!, period_ms: period_ms!, value: value! };
  }
}
