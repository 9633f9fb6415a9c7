// The raw contract facts of a list of contracts, as columns (store/contract-facts.ts), for the
// application documents that aggregate them in JavaScript. The shards return the listed
// contracts' facts; they are numbered and ordered here as DuckDB orders them (contract index,
// key index, daily before hourly, period), so both engines hand the builders the same arrays.
import type { ContractFactColumns, ContractFactsQuery } from '../contract-facts.js';
import { contractKey, loadContractGroups } from './contract-groups.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, stringList } from './sql-text.js';

type FactLine = { origin_key: string; entity: string; metric_key: string; granularity: string; period_ms: string; value: number | null };

export async function readContractFacts(db: SqlRunner, q: ContractFactsQuery): Promise<ContractFactColumns> {
  if (q.keys.length === 0 || q.contracts.length === 0) return emptyColumns();
  intList([q.days_until, q.hours_from, q.hours_until], 'contract fact bound');
  // One group per contract, named by its index: a group's number is the contract's index.
  const groups = loadContractGroups(q.contracts.map((c, i) => ({ group: String(i), contracts: [c] })));
  const keyIndex = new Map<string, number>();
  q.keys.forEach((k, i) => {
    if (!keyIndex.has(k)) keyIndex.set(k, i);
  });
  const lines = await db.all<FactLine>(
    `SELECT origin_key, entity, metric_key, granularity, period_ms, value FROM facts FINAL
     WHERE dimension = 'contract' AND metric_key IN (${stringList(q.keys)}) AND ${groups.memberSql('origin_key', 'entity')}
       AND ((granularity = 'daily' AND period_ms < ${q.days_until})
         OR (granularity = 'hourly' AND period_ms >= ${q.hours_from} AND period_ms < ${q.hours_until}))`,
  );
  const rows: Array<[number, number, number, number, number]> = [];
  for (const l of lines) {
    const k = keyIndex.get(l.metric_key)!;
    const h = l.granularity === 'hourly' ? 1 : 0;
    const p = Number(l.period_ms);
    const v = l.value === null ? NaN : Number(l.value);
    for (const grp of groups.groupsOf.get(contractKey(l.origin_key, l.entity)) ?? []) rows.push([grp, k, h, p, v]);
  }
  rows.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3]);
  const out = emptyColumns(rows.length);
  rows.forEach(([grp, k, h, p, v], i) => {
    out.contract[i] = grp;
    out.key[i] = k;
    out.hourly[i] = h;
    out.period_ms[i] = p;
    out.value[i] = v;
  });
  return out;
}

function emptyColumns(length = 0): ContractFactColumns {
  return {
    length,
    contract: new Float64Array(length),
    key: new Float64Array(length),
    hourly: new Float64Array(length),
    period_ms: new Float64Array(length),
    value: new Float64Array(length),
  };
}
