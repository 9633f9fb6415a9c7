// Which periods of a chain are complete. A period is published only once it is over by the
// clock AND the chain is ingested past its end: the stored head block (the checkpoint, the
// highest block stored contiguously) has a time at or after the period's end, so no block of
// the period can still arrive (block times never decrease).
import { dayStart, hourStart, type Clock } from '../clock.js';
import type { Store } from '../store/store.js';

export interface CompleteBounds {
  /** Time of the stored head block, unix ms; null when nothing is stored. */
  head_time_ms: number | null;
  /** Exclusive end of the complete hours (an hour start), null when none. */
  hours_until: number | null;
  /** Exclusive end of the complete days (a day start), null when none. */
  days_until: number | null;
}

export async function headTimeMs(store: Store, originKey: string): Promise<number | null> {
  const cp = await store.getCheckpoint(originKey);
  if (!cp) return null;
  const t = await store.blockTimeAtOrBelow(originKey, cp.block_number);
  return t === null ? null : t * 1000;
}

export function completeBounds(headMs: number | null, clock: Clock): CompleteBounds {
  if (headMs === null) return { head_time_ms: null, hours_until: null, days_until: null };
  const upTo = Math.min(clock.now(), headMs);
  return { head_time_ms: headMs, hours_until: hourStart(upTo), days_until: dayStart(upTo) };
}
