// The blockspace split of a chain's user transactions over a range (store/blockspace.ts), the
// same rule as DuckDB's: no `to` is a contract deployment, an empty input with a `to` a native
// transfer, anything else a call of the contract at `to`. The shards count their days' rows.
import type { BlockspaceQuery, BlockspaceRow } from '../blockspace.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

export async function blockspaceCounts(db: SqlRunner, q: BlockspaceQuery): Promise<BlockspaceRow[]> {
  if (q.until_ms <= q.from_ms) return [];
  const fromS = Math.floor(q.from_ms / 1000);
  const untilS = Math.floor(q.until_ms / 1000);
  intList([fromS, untilS], 'blockspace bound');
  const rows = await db.all<{ kind: BlockspaceRow['kind']; address: string | null; n: string }>(
    `SELECT kind, address, count() AS n FROM (
       SELECT multiIf(to_address IS NULL, 'contract_deployment', input_empty, 'native_transfer', 'call') AS kind,
              if(to_address IS NOT NULL AND NOT input_empty, lower(assumeNotNull(to_address)), NULL) AS address
       FROM transactions FINAL
       WHERE origin_key = ${sqlString(q.origin_key)} AND is_user_tx AND block_time >= ${fromS} AND block_time < ${untilS})
     GROUP BY kind, address`,
  );
  return rows.map((r) => ({ kind: r.kind, address: r.address, txcount: Number(r.n) }));
}
