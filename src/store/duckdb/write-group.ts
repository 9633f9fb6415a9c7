// The DuckDB store's group commit: consecutive writeBatch calls share one open transaction until
// it holds a row group of transactions, so that DuckDB writes their rows straight to the database
// file instead of through the write-ahead log and again at the next checkpoint (a transaction
// per batch, at most 25,000 rows, never fills a row group: docs/scale.md, "Real density").
//
// This class holds only what the group is; DuckDbStore runs its statements. A group that fails
// (a batch's statement or the COMMIT) is rolled back whole, and with it every earlier batch it
// held, whose writeBatch calls had already returned. Their chains are remembered here with the
// first block they lost, so that a later writeBatch of such a chain that starts past that block
// (a caller that did not read its checkpoint again) fails instead of leaving a hole.

import { LostBatches } from '../lost-batches.js';

/** DuckDB's row group: a transaction appending this many rows to a table writes them to the file directly. */
export const ROW_GROUP_ROWS = 122_880;

export class WriteGroup {
  /** Transactions appended in the open transaction. */
  private txs = 0;
  /** Per chain in the open transaction, the first block its batches wrote. */
  private readonly firstBlocks = new Map<string, number>();
  private readonly lost = new LostBatches('failed to commit');
  private isOpen = false;

  /** @param rows transactions after which the group commits (tests use a few). */
  constructor(readonly rows: number = ROW_GROUP_ROWS) {
    if (!(Number.isSafeInteger(rows) && rows > 0)) throw new Error(`write group: rows must be a positive integer, got ${rows}`);
  }

  get open(): boolean {
    return this.isOpen;
  }

  /** Transactions written in the open transaction, not committed yet. */
  get pending(): number {
    return this.txs;
  }

  /** Whether the open transaction holds a row group's transactions (then it commits). */
  get full(): boolean {
    return this.txs >= this.rows;
  }

  /**
   * Refuses a batch of a chain whose earlier batches a failed group lost, unless it starts at or
   * before the first lost block: whoever writes it has read the checkpoint again (or rolled back
   * below it), so nothing is skipped, and the chain is forgotten here.
   */
  checkResume(originKey: string, start: number): void {
    this.lost.checkResume(originKey, start);
  }

  /** The transaction was begun. */
  began(): void {
    this.isOpen = true;
  }

  /** A batch of `txs` transactions starting at block `start` was written in the open transaction. */
  added(originKey: string, start: number, txs: number): void {
    if (!this.firstBlocks.has(originKey)) this.firstBlocks.set(originKey, start);
    this.txs += txs;
  }

  /** The open transaction committed. */
  committed(): void {
    this.reset();
  }

  /** The open transaction was rolled back: every chain with batches in it lost them from its first block. */
  failed(error: unknown): void {
    this.lost.record(this.firstBlocks, error);
    this.reset();
  }

  private reset(): void {
    this.isOpen = false;
    this.txs = 0;
    this.firstBlocks.clear();
  }
}
