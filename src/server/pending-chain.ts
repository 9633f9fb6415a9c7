// A configured chain the served set leaves out because its first complete day is not stored yet
// (app/chain-readiness.ts). Its documents answer 503 not_ready with this progress, not a 404:
// they exist soon.
import { errorBody } from './errors.js';

export interface PendingChain {
  blocks_done: number;
  blocks_total: number;
  /** Seconds until ingestion catches up at the current rate; null when unknown. */
  eta_s: number | null;
}

/** Shortest and longest Retry-After for a pending chain: its ETA, within these bounds. */
const MIN_RETRY_S = 5;
const MAX_RETRY_S = 300;

export function pendingRetryAfter(p: PendingChain): number {
  return Math.min(MAX_RETRY_S, Math.max(MIN_RETRY_S, p.eta_s ?? 60));
}

export function pendingChainBody(originKey: string, p: PendingChain): Buffer {
  const share = p.blocks_total > 0 ? ` (${((100 * p.blocks_done) / p.blocks_total).toFixed(1)} % of its blocks: ${p.blocks_done} of ${p.blocks_total}${p.eta_s !== null ? `, about ${p.eta_s} s left` : ''})` : '';
  return errorBody(
    503,
    'not_ready',
    `Chain ${originKey} is still catching up${share}: its documents are published once its first complete day is stored.`,
    'Retry after the number of seconds in the Retry-After header; /healthz shows the progress.',
  );
}
