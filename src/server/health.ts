// /healthz: liveness plus data freshness. The server knows only its document set; the rest
// (chain heads, ingestion progress) comes from the lead's `() => HealthInfo` callback, called per
// request so the answer is current. 200 while a set is served (even when degraded: the documents
// are still valid, only aging), 503 before the first set.
import type { DocumentSet } from '../documents/document-set.js';

export interface ChainHealth {
  origin_key: string;
  /** Newest block the chain's RPC reported; null when unknown. */
  head_block: number | null;
  /** Newest block written to the store. */
  last_ingested_block: number | null;
  /** Timestamp of that block, unix ms. */
  last_ingested_block_time: number | null;
  /** now − last_ingested_block_time in seconds. */
  lag_seconds: number | null;
  status: 'ok' | 'degraded';
  /** Why the chain is degraded, for humans. */
  message?: string;
  /**
   * Days a metric could not be read for (a node without archive state for stables_mcap): those
   * days are null in its documents, never 0. Present only when there are some.
   */
  data_gaps?: DataGap[];
  /** Where the chain's ingestion stands (a backfill's blocks done of total, its rate and ETA). */
  progress?: SyncProgress;
}

/**
 * Blocks of the configured range (its first block to the head) stored so far. `percent` is
 * rounded down to 0.1 (100 only when done); `eta_seconds` is the blocks left at
 * `blocks_per_second`, null while no rate is known (nothing written recently), 0 when caught up.
 */
export interface SyncProgress {
  state: 'starting' | 'syncing' | 'following' | 'error' | 'stopped';
  blocks_done: number;
  blocks_total: number;
  /** null while the head or the first block is not known yet. */
  percent: number | null;
  blocks_per_second: number;
  eta_seconds: number | null;
}

export interface DataGap {
  metric: string;
  days: number;
  first_day: string;
  last_day: string;
  reason: string;
}

/**
 * The store refused writes in the last publishing round (a full disk, a read-only mount, files it
 * may not write, an I/O error): the set served is the last one built before, and rounds retry.
 */
export interface StoreFault {
  /** `no_space`, `read_only`, `permission` or `io`. */
  kind: string;
  /** What happened and what to do, naming the store file or ClickHouse node. */
  message: string;
  /** When the rounds started failing so (unix ms). */
  since: number;
}

export interface HealthInfo {
  chains: ChainHealth[];
  /** When the last document build finished (unix ms), if known to the caller. */
  last_build_at?: number | null;
  /** Set when the store file cannot be read: what is wrong and what to do. */
  store_error?: string;
  store_fault?: StoreFault;
}

export interface HealthReport {
  status: 'ok' | 'degraded' | 'not_ready';
  now: number;
  document_set: { loaded: false } | { loaded: true; built_at: number; age_seconds: number; documents: number };
  last_build_at: number | null;
  chains: ChainHealth[];
  error?: string;
  store_fault?: StoreFault;
}

export function healthReport(set: DocumentSet | null, now: number, health: (() => HealthInfo) | undefined): HealthReport {
  let info: HealthInfo = { chains: [] };
  let error: string | undefined;
  try {
    if (health) info = health();
  } catch (e) {
    // The callback failing is itself a health signal, not a reason to fail liveness.
    error = `health callback failed: ${e instanceof Error ? e.message : String(e)}`;
  }
  // A damaged store is reported as the error: the chains' states say nothing about it.
  if (info.store_error !== undefined) error = info.store_error;
  const degraded = error !== undefined || info.store_fault !== undefined || info.chains.some((c) => c.status !== 'ok');
  const report: HealthReport = {
    status: set === null ? 'not_ready' : degraded ? 'degraded' : 'ok',
    now,
    document_set:
      set === null
        ? { loaded: false }
        : { loaded: true, built_at: set.builtAt, age_seconds: Math.max(0, Math.round((now - set.builtAt) / 1000)), documents: set.entries.size },
    last_build_at: info.last_build_at ?? set?.builtAt ?? null,
    chains: info.chains,
  };
  if (error !== undefined) report.error = error;
  if (info.store_fault !== undefined) report.store_fault = info.store_fault;
  return report;
}
