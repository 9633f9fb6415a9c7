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
  // Numbers only (the chain as its index in the loaded groups), copied out as blocks: a 14-day
  // read of 1,000 projects returns about 600,000 rows, and making a JavaScript object of each
  // (BigInt counts, an origin_key string per row) cost more CPU than the aggregation itself.
  const { rows, columns } = await db.numericColumns(
    `SELECT g.grp::DOUBLE, g.chain::DOUBLE, (t.block_time // 3600 * 3600000)::DOUBLE, count(*)::DOUBLE, count(DISTINCT ${q.address_sql})::DOUBLE
     FROM transactions t JOIN contract_groups g ON g.origin_key = t.origin_key AND g.entity = t.to_address
     WHERE t.block_time >= ${fromS} AND t.block_time < ${untilS} AND ${CONTRACT_TX}
     GROUP BY g.grp, g.chain, 3`,
  );
  const [grp, chain, hour, txcount, senders] = columns as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  const out = new Array<GroupHourlySendersRow>(rows);
  for (let j = 0; j < rows; j++) {
    out[j] = { group: groups.names[grp[j]!]!, origin_key: groups.chains[chain[j]!]!, hour_ms: hour[j]!, txcount: txcount[j]!, senders: senders[j]! };
  }
  return out;
}
