// Where a chain's ingestion begins: a configured block, or the first block at/after the start
// of a UTC date, found by binary search over block timestamps (timestamps never decrease).
import type { ChainStart } from '../registry/types.js';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Unix seconds of 00:00 UTC on `date` (YYYY-MM-DD); a clear error for anything else. */
export function dateToUnixS(date: string, originKey: string): number {
  const ms = DATE_RE.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms)) throw new Error(`chain ${originKey}: start.date ${JSON.stringify(date)} is not a YYYY-MM-DD date`);
  return ms / 1000;
}

/**
 * First block to ingest. For a date after the head's timestamp this is head + 1: nothing to
 * ingest yet, and the chain catches up once blocks of that date exist.
 */
export async function resolveStartBlock(
  start: ChainStart,
  originKey: string,
  head: number,
  timestampOf: (n: number) => Promise<number>,
): Promise<number> {
  if ('block' in start) {
    if (!Number.isSafeInteger(start.block) || start.block < 0) throw new Error(`chain ${originKey}: start.block must be a non-negative integer, got ${start.block}`);
    return start.block;
  }
  const target = dateToUnixS(start.date, originKey);
  if ((await timestampOf(head)) < target) return head + 1;
  // Invariant: ts(hi) >= target; the answer is in [lo, hi].
  let lo = 0;
  let hi = head;
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if ((await timestampOf(mid)) >= target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
