// Compares stored data between runs: SQL aggregates plus an md5 over every row in key order,
// so "equal" means equal row by row, not just equal counts.
import type { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';

export interface StoreDigest {
  blocks: number;
  txs: number;
  fee_sum: string;
  blocks_md5: string;
  txs_md5: string;
  checkpoints: string;
}

export async function storeDigest(store: DuckDbStore, originKey?: string): Promise<StoreDigest> {
  const where = originKey ? `WHERE origin_key = '${originKey.replace(/'/g, "''")}'` : '';
  const [b] = await store.query(`SELECT count(*) AS n, coalesce(md5(string_agg(t::VARCHAR, chr(10) ORDER BY origin_key, block_number)), '') AS h FROM blocks t ${where}`);
  const [x] = await store.query(
    `SELECT count(*) AS n, coalesce(sum(fee_wei), 0)::VARCHAR AS fees, coalesce(md5(string_agg(t::VARCHAR, chr(10) ORDER BY origin_key, block_number, tx_index)), '') AS h FROM transactions t ${where}`,
  );
  const cps = await store.query(`SELECT origin_key, block_number, block_hash FROM checkpoints ${where} ORDER BY origin_key`);
  return {
    blocks: Number(b.n),
    txs: Number(x.n),
    fee_sum: String(x.fees),
    blocks_md5: String(b.h),
    txs_md5: String(x.h),
    checkpoints: cps.map((c) => `${c.origin_key}:${c.block_number}:${c.block_hash}`).join(','),
  };
}
