// What writeBatch records besides the rows: the hours it touched, in dirty_hours, and the chain's
// checkpoint. Most batches touch hours an earlier batch already marked and move a checkpoint that
// exists, so the store keeps both per chain and sends only the change: a plain INSERT of the new
// hours (none most of the time) and a plain UPDATE. The statements they replace (INSERT … ON
// CONFLICT, or an anti-join against the table) cost 9–13 ms a batch where a plain INSERT costs 2
// and an UPDATE 1.5 (2026-11-27, 2 cores, one batch of one block at a time).
//
// What is kept is read from the tables, inside the write's transaction, the first time a chain
// writes, and changed only inside the store's queue. Anything else that may change these tables
// (clearDirtyHours, markDirtyHours, rollback, raw SQL) or a failed transaction forgets it, and
// the next write reads it again.
import type { Checkpoint } from '../store.js';
import { sqlString } from './sql-text.js';

export class WriteBookkeeping {
  /** Per chain, every hour dirty_hours holds (present only when read whole). */
  private readonly hours = new Map<string, Set<number>>();
  /** Chains whose checkpoint row exists. */
  private readonly checkpointed = new Set<string>();

  /**
   * The statements recording a batch's hours and checkpoint, remembered as done: call inside the
   * write's transaction, which forgets everything if it fails. `readHours` and `hasCheckpoint`
   * read a chain's stored state in that transaction.
   */
  async batchSql(
    cp: Checkpoint,
    hours: readonly number[],
    readHours: () => Promise<number[]>,
    hasCheckpoint: () => Promise<boolean>,
  ): Promise<string> {
    if (!Number.isSafeInteger(cp.block_number)) throw new Error(`checkpoint of ${cp.origin_key}: block_number must be an integer, got ${cp.block_number}`);
    const ok = sqlString(cp.origin_key);
    let stored = this.hours.get(cp.origin_key);
    if (!stored) {
      stored = new Set(await readHours());
      this.hours.set(cp.origin_key, stored);
    }
    const fresh = [...new Set(hours.map((h) => Math.trunc(h)))].filter((h) => !stored.has(h));
    for (const h of fresh) stored.add(h);
    const dirty = fresh.length > 0 ? `INSERT INTO dirty_hours VALUES ${fresh.map((h) => `(${ok}, ${h})`).join(',')};` : '';
    const hash = sqlString(cp.block_hash);
    if (!this.checkpointed.has(cp.origin_key) && !(await hasCheckpoint())) {
      this.checkpointed.add(cp.origin_key);
      return `${dirty}INSERT INTO checkpoints VALUES (${ok}, ${cp.block_number}, ${hash});`;
    }
    this.checkpointed.add(cp.origin_key);
    return `${dirty}UPDATE checkpoints SET block_number = ${cp.block_number}, block_hash = ${hash} WHERE origin_key = ${ok};`;
  }

  /** Forget one chain's state, or every chain's. */
  forget(originKey?: string): void {
    if (originKey === undefined) {
      this.hours.clear();
      this.checkpointed.clear();
    } else {
      this.hours.delete(originKey);
      this.checkpointed.delete(originKey);
    }
  }
}
