// What provenance (CONTRACT.md section 13) needs beyond the store: what the running process knows
// of each chain's node and of its background sources. A service passes it to every build; a build
// without it (the tests' one-shot builds) publishes the store's figures with no backfill and no
// sync times.
import type { FirstBlockMemo } from './first-block-memo.js';

/** Blocks of a backfill in progress: stored of the range from the start block to the head. */
export interface Backfill {
  done: number;
  total: number;
}

/** The non-RPC sources a chain's figures can use, by the names /metrics gives them (`source` label). */
export const SOURCE_IDS = ['prices', 'market_data', 'stablecoins', 'labels', 'external'] as const;
export type SourceId = (typeof SOURCE_IDS)[number];

export interface ProvenanceInputs {
  /** Per origin_key: the node's head last seen (null before the first answer) and the backfill running now. */
  chains?: ReadonlyMap<string, { head: number | null; backfill: Backfill | null }>;
  /** Unix ms of each source's last successful sync; absent or null: none in this process. */
  sources?: Partial<Record<Exclude<SourceId, 'stablecoins'>, number | null>>;
  /** Sampling runs per chain (the stablecoin sampler keeps one per chain): origin_key → unix ms of the last successful one. */
  sampled?: ReadonlyMap<string, number>;
  /** The chains' first stored blocks kept between builds (a process that builds round after round). */
  firstBlocks?: FirstBlockMemo;
}
