// Compares stored data between runs: SQL aggregates plus an md5 over every row in key order,
// so "equal" means equal row by row, not just equal counts. On either engine (ClickHouse reads
// its Distributed tables with FINAL, i.e. the rows a reader sees); digests compare within one
// engine, since each prints rows its own way.
import { ClickHouseStore } from '../../../src/store/clickhouse/clickhouse-store.js';
import type { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';

export interface StoreDigest {
  blocks: number;
  txs: number;
  fee_sum: string;
  blocks_md5: string;
  txs_md5: string;
  checkpoints: string;
}

export async function storeDigest(store: DuckDbStore | ClickHouseStore, originKey?: string): Promise<StoreDigest> {
  if (store instanceof ClickHouseStore) return clickHouseDigest(store, originKey);
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

async function clickHouseDigest(store: ClickHouseStore, originKey?: string): Promise<StoreDigest> {
  const where = originKey ? `WHERE origin_key = '${originKey.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : '';
  // Every data column (not version, which differs between two writes of the same rows).
  const rowText = (cols: string) => `hex(MD5(arrayStringConcat(arrayMap(r -> toString(r), arraySort(groupArray(tuple(${cols})))), '\\n')))`;
  const [b] = await store.query(
    `SELECT count() AS n, ${rowText('origin_key, block_number, block_hash, parent_hash, block_time, gas_used, base_fee_wei, tx_count')} AS h FROM blocks FINAL ${where}`,
  );
  const [x] = await store.query(
    `SELECT count() AS n, toString(sum(fee_wei)) AS fees,
       ${rowText('origin_key, block_number, tx_index, block_hash, block_time, tx_hash, tx_type, nonce, from_address, to_address, created_contract, input_empty, selector, value_wei, gas_limit, gas_used, status, gas_price_wei, l1_fee_wei, l1_gas_used, fee_wei, is_user_tx')} AS h
     FROM transactions FINAL ${where}`,
  );
  const cps = await store.query(`SELECT origin_key, block_number, block_hash FROM checkpoints FINAL ${where} ORDER BY origin_key`);
  const n = (v: unknown) => Number(v);
  return {
    blocks: n(b!.n),
    txs: n(x!.n),
    fee_sum: String(x!.fees),
    blocks_md5: n(b!.n) === 0 ? '' : String(b!.h),
    txs_md5: n(x!.n) === 0 ? '' : String(x!.h),
    checkpoints: cps.map((c) => `${c.origin_key}:${c.block_number}:${c.block_hash}`).join(','),
  };
}
