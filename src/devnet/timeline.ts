// Block numbers ↔ timestamps of one chain. History is sparse (one block every
// `historyBlockInterval` seconds from genesis to `liveSince`), then blocks follow at the live
// block time. Both directions are closed-form, so any block's time (and the block at any time)
// is known without generating anything.

export class Timeline {
  /** Unix seconds of block 0. */
  readonly genesis: number;
  /** Number of history blocks: blocks [0, historyBlocks) are sparse, block historyBlocks is at liveSince. */
  readonly historyBlocks: number;

  constructor(
    readonly liveSince: number,
    historyDays: number,
    readonly historyInterval: number,
    readonly blockTime: number,
  ) {
    const span = Math.round(historyDays * 86400);
    this.genesis = liveSince - span;
    this.historyBlocks = Math.ceil(span / historyInterval);
  }

  /** Unix seconds of block n (n >= 0). */
  timestamp(n: number): number {
    return n < this.historyBlocks ? this.genesis + n * this.historyInterval : this.liveSince + (n - this.historyBlocks) * this.blockTime;
  }

  /** The last block with timestamp <= t; -1 before genesis. */
  blockAt(t: number): number {
    if (t < this.genesis) return -1;
    if (t < this.liveSince) return Math.floor((t - this.genesis) / this.historyInterval);
    return this.historyBlocks + Math.floor((t - this.liveSince) / this.blockTime);
  }

  /** Seconds of traffic block n carries: the time since the previous block (0 for genesis). */
  interval(n: number): number {
    return n === 0 ? 0 : this.timestamp(n) - this.timestamp(n - 1);
  }
}
