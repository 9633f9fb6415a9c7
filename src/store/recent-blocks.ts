// What the live stream reads once, at start (CONTRACT.md 12.6, "Cold start"): a chain's stored
// blocks of the last minutes and the fees of its newest priced transactions, replayed through
// the same computation the blocks written later go through. Nothing reads these per request.

/** A stored block as the live window holds it. */
export interface RecentBlock {
  block_number: number;
  block_hash: string;
  /** Unix seconds. */
  block_time: number;
  tx_count: number;
}

/** A transaction with an effective gas price above 0: gas_used and its fee without the blob fee, wei. */
export interface RecentFee {
  block_number: number;
  gas_used: number;
  /** gas_used × effective gas price + l1_fee (wei, as a double). */
  fee_wei: number;
}

export interface RecentBlocksStore {
  /** Blocks of a chain with block_time >= fromUnixS, ascending by number. */
  recentBlocks(originKey: string, fromUnixS: number): Promise<RecentBlock[]>;
  /** The newest `limit` priced transactions of blocks >= fromBlock, ascending by block and index. */
  recentFees(originKey: string, fromBlock: number, limit: number): Promise<RecentFee[]>;
}
