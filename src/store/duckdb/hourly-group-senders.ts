// Exact distinct senders per (group of contracts, chain, hour) from the raw transactions, for the
// hourly daa of the app details: sender sets are kept per day, so the union of a project's
// contracts within one hour exists only in the transactions. Every group in one query, joined
// through the same `contract_groups` temp table as the other group reads.
import type { GroupHourlySendersQuery, GroupHourlySendersRow } from '../contract-facts.js';
import { loadContractGroups } from './contract-groups.js';
import type { SqlRunner } from './sql-runner.js';
import { intList } from './sql-text.js';

// METRICS.md section 4, the filter the contract facts are computed with (contract-facts.ts):
// repeated here because that file is not this one's to change. The counts are compared with the
// stored hourly txcount, so a drift between the two filters shows as null hours, not wrong ones.
const CONTRACT_TX = 'NOT t.input_empty AND t.fee_wei > 0 AND t.to_address IS NOT NULL';

export async function hourlySendersOverContracts(db: SqlRunner, q: GroupHourlySendersQuery): Promise<GroupHourlySendersRow[]> {
  if (q.hours_until <= q.hours_from || (await loadContractGroups(db, q.groups)) === 0) return [];
  intList([q.hours_from, q.hours_until], 'hour bound');
  const fromS = Math.floor(q.hours_from / 1000);
  const untilS = Math.floor(q.hours_until / 1000);
  const rows = await db.all<{ grp: string; origin_key: string; hour_ms: bigint; txcount: bigint; senders: bigint }>(
    `SELECT g.grp, t.origin_key, t.block_time // 3600 * 3600000 AS hour_ms, count(*) AS txcount, count(DISTINCT ${q.address_sql}) AS senders
     FROM transactions t JOIN contract_groups g ON g.origin_key = t.origin_key AND g.entity = t.to_address
     WHERE t.block_time >= ${fromS} AND t.block_time < ${untilS} AND ${CONTRACT_TX}
     GROUP BY 1, 2, 3`,
  );
  return rows.map((r) => ({ group: r.grp, origin_key: r.origin_key, hour_ms: Number(r.hour_ms), txcount: Number(r.txcount), senders: Number(r.senders) }));
}
