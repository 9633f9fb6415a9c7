// Exact distinct senders per (group of contracts, chain, hour) from the raw transactions, for the
// hourly daa of the app details: sender sets are kept per day, so the union of a project's
// contracts within one hour exists only in the transactions. One scan of the groups' contracts;
// a contract in several groups counts for each.
import type { GroupHourlySendersQuery, GroupHourlySendersRow } from '../contract-facts.js';
import { CONTRACT_TX } from './contract-facts.js';
import { loadContractGroups } from './contract-groups.js';
import type { SqlRunner } from './sql-runner.js';
import { intList } from './sql-text.js';

export async function hourlySendersOverContracts(db: SqlRunner, q: GroupHourlySendersQuery): Promise<GroupHourlySendersRow[]> {
  if (q.hours_until <= q.hours_from) return [];
  const groups = loadContractGroups(q.groups);
  if (groups.rows === 0) return [];
  intList([q.hours_from, q.hours_until], 'hour bound');
  const fromS = Math.floor(q.hours_from / 1000);
  const untilS = Math.floor(q.hours_until / 1000);
  // The group join as an array of the contract's group indexes, looked up per transaction.
  const rows = await db.all<{ grp: number; origin_key: string; hour_ms: string; txcount: string; senders: string }>(
    `SELECT grp, t.origin_key AS origin_key, intDiv(t.block_time, 3600) * 3600000 AS hour_ms, count() AS txcount, uniqExact(${q.address_sql}) AS senders
     FROM transactions AS t FINAL
     ARRAY JOIN ${groups.groupsOfSql('t.origin_key', 't.to_address')} AS grp
     WHERE t.block_time >= ${fromS} AND t.block_time < ${untilS} AND ${CONTRACT_TX} AND ${groups.memberSql('t.origin_key', 't.to_address')}
     GROUP BY grp, origin_key, hour_ms`,
  );
  return rows.map((r) => ({ group: groups.names[Number(r.grp)]!, origin_key: r.origin_key, hour_ms: Number(r.hour_ms), txcount: Number(r.txcount), senders: Number(r.senders) }));
}
