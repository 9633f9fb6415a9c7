// One block and its transactions after normalization (METRICS.md section 1): what ingestion
// writes and every engine persists. It lives with the store so that ingest → store is the only
// direction of import.
// Money is kept as bigint wei; nothing here is a float.

export interface NormalizedBlock {
  origin_key: string;
  block_number: number;
  block_hash: string; // 0x-prefixed, lower case
  parent_hash: string;
  block_time: number; // unix seconds, UTC
  gas_used: bigint;
  base_fee_wei: bigint | null;
  tx_count: number;
}

export interface NormalizedTx {
  origin_key: string;
  block_number: number;
  block_hash: string;
  block_time: number; // unix seconds, UTC
  tx_hash: string;
  tx_index: number;
  tx_type: number;
  nonce: bigint;
  from_address: string; // lower case
  to_address: string | null; // null for a contract creation
  created_contract: string | null;
  input_empty: boolean;
  selector: string | null; // first 4 bytes of input, 0x-prefixed, null when input is empty
  value_wei: bigint;
  gas_limit: bigint;
  gas_used: bigint;
  status: number; // 1 success, 0 failure
  gas_price_wei: bigint;
  l1_fee_wei: bigint;
  l1_gas_used: bigint;
  /** EIP-4844 (type 3): receipt blobGasUsed and blobGasPrice; 0 for every other transaction. */
  blob_gas_used: bigint;
  blob_gas_price_wei: bigint;
  /** Includes the blob fee, blob_gas_used × blob_gas_price_wei (METRICS.md section 1). */
  fee_wei: bigint;
  /** METRICS.md: gas_price_wei > 0 (Arbitrum family: gas_used > 0). */
  is_user_tx: boolean;
}

export interface NormalizedBatch {
  blocks: NormalizedBlock[];
  txs: NormalizedTx[];
}
