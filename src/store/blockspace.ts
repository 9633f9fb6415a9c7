// What the chain overview's blockspace table reads (CONTRACT.md section 3, DESIGN.md section 5):
// a chain's user transactions of a time range, split by what the transaction itself says
// (a deployment has no `to`, a native transfer has an empty input) and, for contract calls,
// by the called address. Labels are applied at build time (src/metrics/blockspace.ts), so a
// relabel needs no recomputation. Read from raw transactions: the range must lie within the
// raw retention (retention_days).

/** How a transaction uses blockspace before any label is looked at. */
export type BlockspaceKind = 'native_transfer' | 'contract_deployment' | 'call';

export interface BlockspaceQuery {
  origin_key: string;
  /** Inclusive start and exclusive end, unix ms. */
  from_ms: number;
  until_ms: number;
}

export interface BlockspaceRow {
  kind: BlockspaceKind;
  /** The called address (lower case) for `call`; null for the other kinds. */
  address: string | null;
  txcount: number;
}

export interface BlockspaceStore {
  /** User transactions (is_user_tx) of the range, per kind and, for calls, per called address. */
  blockspaceCounts(q: BlockspaceQuery): Promise<BlockspaceRow[]>;
}
