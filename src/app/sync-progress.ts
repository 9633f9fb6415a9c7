// A chain's ingestion progress as /healthz publishes it (and, reduced to a backfill, as
// /provenance.json does): the same snapshot the terminal bars
// draw, reduced to numbers that agree with each other (percent and ETA are derived from the
// published done, total and rate, so a client can check them and a test can recompute them).
import type { ChainProgress } from '../ingest/ingestor.js';
import type { SyncProgress } from '../server/health.js';
import type { Backfill } from '../documents/provenance/provenance-inputs.js';

export function syncProgress(p: ChainProgress): SyncProgress {
  const done = p.blocks_done;
  const total = p.blocks_total;
  const left = Math.max(0, total - done);
  const rate = Math.round(p.blocks_per_s * 100) / 100;
  return {
    state: p.state,
    blocks_done: done,
    blocks_total: total,
    // Rounded down: 99.96 % of a backfill is not "100.0".
    percent: total > 0 ? Math.floor((done / total) * 1000) / 10 : null,
    blocks_per_second: rate,
    eta_seconds: total > 0 && left === 0 ? 0 : rate > 0 ? Math.round(left / rate) : null,
  };
}

/**
 * The backfill provenance reports (CONTRACT.md section 13): the blocks stored of the range while
 * the chain is more than its finality lag behind the node's head, else null. A chain that follows
 * the head is briefly a few blocks behind at every poll; that is not a backfill.
 */
export function backfillOf(p: ChainProgress, finalityLag: number): Backfill | null {
  const behind = p.blocks_total - p.blocks_done;
  return p.state === 'syncing' && p.blocks_total > 0 && behind > finalityLag ? { done: p.blocks_done, total: p.blocks_total } : null;
}
