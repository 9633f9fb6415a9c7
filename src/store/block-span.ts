// Which stored blocks a time window holds: provenance (CONTRACT.md section 13) names the first
// and last block that a document's figures were computed from. The blocks table is kept whole by
// retention (only transactions are pruned), so these answers hold for the whole history.

/** One stored block: its number and time (unix s). */
export interface StoredBlock {
  block_number: number;
  block_time: number;
}

/** The first and the last stored block of a window. */
export interface BlockSpan {
  first: StoredBlock;
  last: StoredBlock;
}

export interface BlockSpanStore {
  /**
   * The first and last stored block of the chain with block_time in [fromMs, untilMs) (unix ms;
   * null: unbounded on that side); null when the window holds none. A bounded window reads only
   * its own blocks (they are stored in time order, so the engines skip the rest); an unbounded
   * one reads every block of the chain, which callers keep the answer of.
   */
  blockSpan(originKey: string, fromMs: number | null, untilMs: number | null): Promise<BlockSpan | null>;
}
