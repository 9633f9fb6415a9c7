// One chain's live window (CONTRACT.md 12.6): the newest blocks as ingestion wrote them, each
// with the fees of its priced transactions. W is the newest n blocks, n the smallest number >= 3
// whose span (newest − oldest timestamp) is at least 12 s, n <= 10,000. The window keeps W and a
// few blocks before it, so that a reorg that removes the newest blocks still leaves a W.

export const MIN_SPAN_S = 12;
export const MIN_BLOCKS = 3;
export const MAX_BLOCKS = 10_000;
/** Blocks kept beyond W, for a reorg that removes the newest ones. */
const SPARE_BLOCKS = 64;

/** A block as the window holds it. */
export interface WindowBlock {
  number: number;
  /** Unix seconds. */
  time_s: number;
  tx_count: number;
  /** Wall-clock ms when it was written (or, replayed at start, its own time). */
  ingested_ms: number;
  /** gas_used and fee (wei) of each transaction with an effective gas price > 0, in block order. */
  gas: readonly number[];
  fees: readonly number[];
}

/** The blocks of W, oldest first, with its span. */
export interface WindowView {
  blocks: readonly WindowBlock[];
  span_s: number;
  /**
   * W as CONTRACT.md 12.6 defines it: some n >= 3 spans 12 s (or n reached 10,000). A short
   * window (fewer blocks, as when the feed or the cold-start replay has only begun, or after a
   * rollback) still gives figures, but its oldest block's transactions were gathered over an
   * interval the window does not see: it sets no high and no history point.
   */
  complete: boolean;
}

export class ChainWindow {
  private blocks: WindowBlock[] = [];
  /** Bumped by every change; the tick samples a chain only when it moved. */
  version = 0;

  /** Adds blocks in ascending order; a block at or below the newest held replaces it and everything after (a reorg). */
  add(incoming: readonly WindowBlock[]): void {
    if (incoming.length === 0) return;
    this.dropFrom(incoming[0].number);
    for (const b of incoming) {
      const last = this.blocks[this.blocks.length - 1];
      if (last !== undefined && b.number <= last.number) this.dropFrom(b.number);
      this.blocks.push(b);
    }
    this.trim();
    this.version++;
  }

  /** Removes every block >= fromBlock (a rollback of the store). */
  rollback(fromBlock: number): void {
    const before = this.blocks.length;
    this.dropFrom(fromBlock);
    if (this.blocks.length !== before) this.version++;
  }

  /** W, or null when the chain has fewer than 2 blocks or they share one timestamp. */
  view(): WindowView | null {
    const n = this.windowSize();
    if (n < 2) return null;
    const blocks = this.blocks.slice(this.blocks.length - n);
    const span = blocks[blocks.length - 1].time_s - blocks[0].time_s;
    return span > 0 ? { blocks, span_s: span, complete: n === MAX_BLOCKS || (n >= MIN_BLOCKS && span >= MIN_SPAN_S) } : null;
  }

  /** The newest block held, if any. */
  newest(): WindowBlock | undefined {
    return this.blocks[this.blocks.length - 1];
  }

  get size(): number {
    return this.blocks.length;
  }

  /** How many of the newest blocks W holds (all of them when no n meets the span). */
  private windowSize(): number {
    const len = this.blocks.length;
    if (len === 0) return 0;
    const newest = this.blocks[len - 1].time_s;
    const max = Math.min(len, MAX_BLOCKS);
    for (let n = MIN_BLOCKS; n <= max; n++) if (newest - this.blocks[len - n].time_s >= MIN_SPAN_S) return n;
    return max;
  }

  private dropFrom(fromBlock: number): void {
    let i = this.blocks.length;
    while (i > 0 && this.blocks[i - 1].number >= fromBlock) i--;
    if (i < this.blocks.length) this.blocks.length = i;
  }

  private trim(): void {
    const keep = this.windowSize() + SPARE_BLOCKS;
    if (this.blocks.length > keep) this.blocks.splice(0, this.blocks.length - keep);
  }
}
