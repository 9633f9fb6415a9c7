// The blockspace split of a chain's user transactions over a range (store/blockspace.ts): one
// grouped scan of the raw transactions. The rule of the synthetic categories lives here and in
// docs/metrics.md: no `to` is a contract deployment, an empty input with a `to` is a native
// transfer, anything else calls the contract at `to`.
import type { BlockspaceQuery, BlockspaceRow } from '../blockspace.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

export async function blockspaceCounts(db: SqlRunner, q: BlockspaceQuery): Promise<BlockspaceRow[]> {
  if (q.until_ms <= q.from_ms) return [];
  const fromS = Math.floor(q.from_ms / 1000);
  const untilS = Math.floor(q.until_ms / 1000);
  intList([fromS, untilS], 'blockspace bound');
  const rows = await db.all<{ kind: BlockspaceRow['kind']; address: string | null; n: bigint }>(
    `SELECT kind, address, count(*) AS n FROM (
       SELECT CASE WHEN t.to_address IS NULL THEN 'contract_deployment'
                   WHEN t.input_empty THEN 'native_transfer'
                   ELSE 'call' END AS kind,
              CASE WHEN t.to_address IS NOT NULL AND NOT t.input_empty THEN lower(t.to_address) END AS address
       FROM transactions t
       WHERE t.origin_key = ${sqlString(q.origin_key)} AND t.is_user_tx AND t.block_time >= ${fromS} AND t.block_time < ${untilS})
     GROUP BY kind, address`,
  );
  return rows.map((r) => ({ kind: r.kind, address: r.address, txcount: Number(r.n) }));
}
