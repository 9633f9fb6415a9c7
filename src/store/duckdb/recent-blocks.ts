// The live stream's cold-start reads (store/recent-blocks.ts) on DuckDB.
import type { RecentBlock, RecentFee } from '../recent-blocks.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

export async function recentBlocks(db: SqlRunner, originKey: string, fromUnixS: number): Promise<RecentBlock[]> {
  intList([Math.floor(fromUnixS)], 'recent blocks bound');
  const rows = await db.all<{ block_number: bigint; block_hash: string; block_time: bigint; tx_count: number }>(
    `SELECT block_number, block_hash, block_time, tx_count FROM blocks
     WHERE origin_key = ${sqlString(originKey)} AND block_time >= ${Math.floor(fromUnixS)} ORDER BY block_number`,
  );
  return rows.map((r) => ({ block_number: Number(r.block_number), block_hash: r.block_hash, block_time: Number(r.block_time), tx_count: Number(r.tx_count) }));
}

export async function recentFees(db: SqlRunner, originKey: string, fromBlock: number, limit: number): Promise<RecentFee[]> {
  intList([fromBlock, limit], 'recent fees bound');
  const rows = await db.all<{ block_number: bigint; gas_used: number; fee_wei: number }>(
    `SELECT block_number, gas_used, fee_wei FROM (
       SELECT block_number, tx_index, CAST(gas_used AS DOUBLE) AS gas_used,
              CAST(gas_used AS DOUBLE) * CAST(gas_price_wei AS DOUBLE) + CAST(l1_fee_wei AS DOUBLE) AS fee_wei
       FROM transactions
       WHERE origin_key = ${sqlString(originKey)} AND block_number >= ${fromBlock} AND gas_price_wei > 0
       ORDER BY block_number DESC, tx_index DESC LIMIT ${limit})
     ORDER BY block_number, tx_index`,
  );
  return rows.map((r) => ({ block_number: Number(r.block_number), gas_used: Number(r.gas_used), fee_wei: Number(r.fee_wei) }));
}
