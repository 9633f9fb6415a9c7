// Exact distinct senders per (group of contracts, chain, hour) from the raw transactions, for the
// hourly daa of the app details: sender sets are kept per day, so the union of a project's
// contracts within one hour exists only in the transactions. Every group in one query, joined
// through the same `contract_groups` temp table as the other group reads.
import type { GroupHourlySendersQuery, GroupHourlySendersRow } from '../contract-facts.js';
import { CONTRACT_TX } from './contract-facts.js';
import { loadContractGroups } from './contract-groups.js';
import type { SqlRunner } from './sql-runner.js';
import { intList } from './sql-text.js';


export async function hourlySendersOverContracts(db: SqlRunner, q: GroupHourlySendersQuery): Promise<GroupHourlySendersRow[]> {
  if (q.hours_until <= q.hours_from) return [];
  const groups = await loadContractGroups(db, q.groups);
  if (groups.rows === 0) return [];
  intList([q.hours_from, q.hours_until], 'hour bound');
  const fromS = Math.floor(q.hours_from / 1000);
  const untilS = Math.floor(q.hours_until / 1000);
  const rows = await db.all<{ grp: number; origin_key: string; hour_ms: bigint; txcount: bigint; senders: bigint }>(
    `SELECT g.grp, t.origin_key, t.block_time // 3600 * 3600000 AS hour_ms, count(*) AS txcount, count(DISTINCT ${q.address_sql}) AS senders
     FROM transactions t JOIN contract_groups g ON g.origin_key = t.origin_key AND g.entity = t.to_address
     WHERE t.block_time >= ${fromS} AND t.block_time < ${untilS} AND ${CONTRACT_TX}
     GROUP BY 1, 2, 3`,
  );
  return rows.map((r) => ({ group: groups.names[r.grp]!, origin_key: r.origin_key, hour_ms: Number(r.hour_ms), txcount: Number(r.txcount), senders: Number(r.senders) }));
}
