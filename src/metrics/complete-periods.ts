// Which periods of a chain are complete. A period is published only once it is over by the
// clock AND the chain is ingested past its end: the stored head block (the checkpoint, the
// highest block stored contiguously) has a time at or after the period's end, so no block of
// the period can still arrive (block times never decrease).
import { DAY_MS, HOUR_MS, dayStart, hourStart, type Clock } from '../clock.js';
import type { ChainStart } from '../registry/types.js';
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

/** The first hour and day start a chain publishes (periods before them are never computed). */
export interface FirstWholePeriods {
  hourly: number;
  daily: number;
}

/**
 * Ingestion from `start: {block: N}` (N > 0) usually begins inside an hour and a day: the
 * blocks before N are not stored, so that first hour and day would be published as complete
 * periods holding only part of their transactions. The first whole hour and day are the ones
 * after block N's. (Block N - 1 may lie in an earlier period, making N's period whole, but
 * nothing stored says so; a period is left out rather than published short.) A `{date}` start
 * begins at the first block of a UTC day, and genesis is where the chain begins: both whole.
 */
export async function firstWholePeriods(store: Store, originKey: string, start: ChainStart | undefined): Promise<FirstWholePeriods | null> {
  if (!start || !('block' in start) || start.block === 0) return null;
  const t = await store.blockTimeAtOrBelow(originKey, start.block);
  if (t === null) return null;
  return { hourly: hourStart(t * 1000) + HOUR_MS, daily: dayStart(t * 1000) + DAY_MS };
}
