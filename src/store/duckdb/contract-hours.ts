// The contracts with hourly rows in a range of hours (store/contract-changes.ts): the hourly
// contract facts and the raw contract transactions, the two tables the app's hourly reads join.
import type { ContractRef } from '../contract-facts.js';
import type { ContractHoursQuery } from '../contract-changes.js';
import { CONTRACT_TX } from './contract-facts.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

export async function contractsInHours(db: SqlRunner, q: ContractHoursQuery): Promise<ContractRef[]> {
  intList([q.hours_from, q.hours_until], 'hour bound');
  if (q.hours_until <= q.hours_from) return [];
  const keys = q.keys.length > 0 ? q.keys.map(sqlString).join(', ') : 'NULL';
  const rows = await db.all<{ origin_key: string; address: string }>(
    `SELECT origin_key, entity AS address FROM facts
     WHERE dimension = 'contract' AND granularity = 'hourly' AND metric_key IN (${keys}) AND period_ms >= ${q.hours_from} AND period_ms < ${q.hours_until}
     UNION
     SELECT t.origin_key, t.to_address FROM transactions t
     WHERE t.block_time >= ${Math.floor(q.hours_from / 1000)} AND t.block_time < ${Math.floor(q.hours_until / 1000)} AND ${CONTRACT_TX}`,
  );
  return rows.map((r) => ({ origin_key: r.origin_key, address: r.address }));
}
