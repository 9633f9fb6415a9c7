// Blocks and transactions as rows for JSONEachRow inserts (the counterpart of DuckDB's
// chunk-appender.ts): wide integers as decimal strings so that no wei amount passes a double.
import type { NormalizedBlock, NormalizedTx } from '../rows.js';
import type { Row } from './sql-runner.js';

export function blockRow(b: NormalizedBlock): Row {
  return {
    origin_key: b.origin_key,
    block_number: b.block_number,
    block_hash: b.block_hash,
    parent_hash: b.parent_hash,
    block_time: b.block_time,
    gas_used: b.gas_used.toString(),
    base_fee_wei: b.base_fee_wei === null ? null : b.base_fee_wei.toString(),
    tx_count: b.tx_count,
  };
}

export function txRow(t: NormalizedTx): Row {
  return {
    origin_key: t.origin_key,
    block_number: t.block_number,
    block_hash: t.block_hash,
    block_time: t.block_time,
    tx_hash: t.tx_hash,
    tx_index: t.tx_index,
    tx_type: t.tx_type,
    nonce: t.nonce.toString(),
    from_address: t.from_address,
    to_address: t.to_address,
    created_contract: t.created_contract,
    input_empty: t.input_empty,
    selector: t.selector,
    value_wei: t.value_wei.toString(),
    gas_limit: t.gas_limit.toString(),
    gas_used: t.gas_used.toString(),
    status: t.status,
    gas_price_wei: t.gas_price_wei.toString(),
    l1_fee_wei: t.l1_fee_wei.toString(),
    l1_gas_used: t.l1_gas_used.toString(),
    fee_wei: t.fee_wei.toString(),
    is_user_tx: t.is_user_tx,
    blob_gas_used: t.blob_gas_used.toString(),
    blob_gas_price_wei: t.blob_gas_price_wei.toString(),
  };
}
