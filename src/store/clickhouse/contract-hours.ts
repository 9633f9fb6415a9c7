// The contracts with hourly rows in a range of hours (store/contract-changes.ts): the hourly
// contract facts and the raw contract transactions as the reads see them (FINAL).
import type { ContractRef } from '../contract-facts.js';
import type { ContractHoursQuery } from '../contract-changes.js';
import { CONTRACT_TX } from './contract-facts.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, stringList } from './sql-text.js';

export async function contractsInHours(db: SqlRunner, q: ContractHoursQuery): Promise<ContractRef[]> {
  intList([q.hours_from, q.hours_until], 'hour bound');
  if (q.hours_until <= q.hours_from || q.keys.length === 0) return [];
  const facts = await db.all<{ origin_key: string; address: string }>(
    `SELECT DISTINCT origin_key, entity AS address FROM facts FINAL
     WHERE dimension = 'contract' AND granularity = 'hourly' AND metric_key IN (${stringList(q.keys)}) AND period_ms >= ${q.hours_from} AND period_ms < ${q.hours_until}`,
  );
  const txs = await db.all<{ origin_key: string; address: string }>(
    `SELECT DISTINCT t.origin_key AS origin_key, assumeNotNull(t.to_address) AS address FROM transactions AS t FINAL
     WHERE t.block_time >= ${Math.floor(q.hours_from / 1000)} AND t.block_time < ${Math.floor(q.hours_until / 1000)} AND ${CONTRACT_TX}`,
  );
  const seen = new Map([...facts, ...txs].map((r) => [`${r.origin_key}\u0000${r.address}`, { origin_key: r.origin_key, address: r.address }]));
  return [...seen.values()];
}
