// Blob transactions (EIP-4844) of a layer-1 chain kept per day, for the data-availability
// documents (CONTRACT.md 11.2). Raw rows are pruned by retention; these per-day rows are not, so
// the documents' history outlives the raw transactions and an hour's update rescans only the
// days it touched. Two kinds of rows, both in the fact tables:
// - per sender and day, the blob gas (= blob bytes) it posted: facts of dimension
//   BLOB_SENDER_DIMENSION, entity = the sender (lower case). Which chain a sender posts for is
//   decided at build time from the registry's batch addresses, so a registry change needs no
//   recomputation;
// - per day, the chain's blob fees (Σ blob_gas_used × blob_gas_price_wei, execution gas not
//   included) as the chain's own native (wei) fact, which the money step converts like any other.

/** The dimension of per-sender blob facts: apart from 'chain', 'contract' and 'project', so no other read sees them. */
export const BLOB_SENDER_DIMENSION = 'blob_sender';

/**
 * Replace the blob facts of `days` (day starts, unix ms): for every day with blocks, the fee
 * fact (0 without blob transactions) and one gas fact per sender of a blob transaction; a listed
 * day without blocks (rolled back) is left without any.
 */
export interface BlobFactsRequest {
  origin_key: string;
  days: readonly number[];
  /** Key of the per-sender blob gas facts. */
  gas_key: string;
  /** Key of the chain's native blob fee fact. */
  fee_key: string;
}

export interface BlobSenderDay {
  day_ms: number;
  /** Lower-case address. */
  sender: string;
  /** Σ blob_gas_used of its blob transactions that day: the bytes it posted. */
  blob_gas: number;
}

export interface BlobStore {
  writeBlobFacts(req: BlobFactsRequest): Promise<void>;
  /** Every per-sender blob gas fact of the chain before `daysUntil`, ordered by day then sender. */
  blobSenderDays(originKey: string, gasKey: string, daysUntil: number): Promise<BlobSenderDay[]>;
}
