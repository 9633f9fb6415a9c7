// Blocks and transactions as RowBinary (row-binary.ts) for the store's inserts, the counterpart of
// DuckDB's chunk-appender.ts. Each table's columns are listed with their ClickHouse type in the
// order written; the INSERT names them, and test/clickhouse/raw-row-binary.test.ts checks the list
// against schema.ts, so a column added there cannot be silently misaligned here. Wei amounts go
// from bigint to bytes without passing through a double.
import type { NormalizedBlock, NormalizedTx } from '../rows.js';
import { RowBinaryWriter } from './row-binary.js';

export interface BinaryColumn<R> {
  name: string;
  /** The ClickHouse type, exactly as schema.ts declares it. */
  type: string;
  write: (w: RowBinaryWriter, row: R) => void;
}

export const BLOCK_COLUMNS: ReadonlyArray<BinaryColumn<NormalizedBlock>> = [
  { name: 'origin_key', type: 'String', write: (w, b) => w.string(b.origin_key, 'origin_key') },
  { name: 'block_number', type: 'Int64', write: (w, b) => w.int64(b.block_number, 'block_number') },
  { name: 'block_hash', type: 'String', write: (w, b) => w.string(b.block_hash, 'block_hash') },
  { name: 'parent_hash', type: 'String', write: (w, b) => w.string(b.parent_hash, 'parent_hash') },
  { name: 'block_time', type: 'Int64', write: (w, b) => w.int64(b.block_time, 'block_time') },
  { name: 'gas_used', type: 'UInt256', write: (w, b) => w.uint256(b.gas_used, 'gas_used') },
  { name: 'base_fee_wei', type: 'Nullable(UInt256)', write: (w, b) => w.nullableUint256(b.base_fee_wei, 'base_fee_wei') },
  { name: 'tx_count', type: 'Int32', write: (w, b) => w.int32(b.tx_count, 'tx_count') },
];

export const TX_COLUMNS: ReadonlyArray<BinaryColumn<NormalizedTx>> = [
  { name: 'origin_key', type: 'String', write: (w, t) => w.string(t.origin_key, 'origin_key') },
  { name: 'block_number', type: 'Int64', write: (w, t) => w.int64(t.block_number, 'block_number') },
  { name: 'block_hash', type: 'String', write: (w, t) => w.string(t.block_hash, 'block_hash') },
  { name: 'block_time', type: 'Int64', write: (w, t) => w.int64(t.block_time, 'block_time') },
  { name: 'tx_hash', type: 'String', write: (w, t) => w.string(t.tx_hash, 'tx_hash') },
  { name: 'tx_index', type: 'Int32', write: (w, t) => w.int32(t.tx_index, 'tx_index') },
  { name: 'tx_type', type: 'Int32', write: (w, t) => w.int32(t.tx_type, 'tx_type') },
  { name: 'nonce', type: 'UInt256', write: (w, t) => w.uint256(t.nonce, 'nonce') },
  { name: 'from_address', type: 'String', write: (w, t) => w.string(t.from_address, 'from_address') },
  { name: 'to_address', type: 'Nullable(String)', write: (w, t) => w.nullableString(t.to_address, 'to_address') },
  { name: 'created_contract', type: 'Nullable(String)', write: (w, t) => w.nullableString(t.created_contract, 'created_contract') },
  { name: 'input_empty', type: 'Bool', write: (w, t) => w.bool(t.input_empty, 'input_empty') },
  { name: 'selector', type: 'Nullable(String)', write: (w, t) => w.nullableString(t.selector, 'selector') },
  { name: 'value_wei', type: 'UInt256', write: (w, t) => w.uint256(t.value_wei, 'value_wei') },
  { name: 'gas_limit', type: 'UInt256', write: (w, t) => w.uint256(t.gas_limit, 'gas_limit') },
  { name: 'gas_used', type: 'UInt256', write: (w, t) => w.uint256(t.gas_used, 'gas_used') },
  { name: 'status', type: 'UInt8', write: (w, t) => w.uint8(t.status, 'status') },
  { name: 'gas_price_wei', type: 'UInt256', write: (w, t) => w.uint256(t.gas_price_wei, 'gas_price_wei') },
  { name: 'l1_fee_wei', type: 'UInt256', write: (w, t) => w.uint256(t.l1_fee_wei, 'l1_fee_wei') },
  { name: 'l1_gas_used', type: 'UInt256', write: (w, t) => w.uint256(t.l1_gas_used, 'l1_gas_used') },
  { name: 'fee_wei', type: 'UInt256', write: (w, t) => w.uint256(t.fee_wei, 'fee_wei') },
  { name: 'is_user_tx', type: 'Bool', write: (w, t) => w.bool(t.is_user_tx, 'is_user_tx') },
  { name: 'blob_gas_used', type: 'UInt256', write: (w, t) => w.uint256(t.blob_gas_used, 'blob_gas_used') },
  { name: 'blob_gas_price_wei', type: 'UInt256', write: (w, t) => w.uint256(t.blob_gas_price_wei, 'blob_gas_price_wei') },
];

/** Rows in RowBinary for the columns `columns` plus version and deleted = 0 (a ReplacingMergeTree row). */
export function rowBinary<R>(columns: ReadonlyArray<BinaryColumn<R>>, rows: readonly R[], version: number): Buffer[] {
  const w = new RowBinaryWriter();
  for (const r of rows) {
    for (const c of columns) c.write(w, r);
    w.int64(version, 'version', true);
    w.uint8(0, 'deleted');
  }
  return w.finish();
}

/** The column list of an INSERT of rowBinary's output. */
export function insertColumns<R>(columns: ReadonlyArray<BinaryColumn<R>>): string {
  return [...columns.map((c) => c.name), 'version', 'deleted'].join(', ');
}
