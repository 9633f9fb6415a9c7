// One chain's ingestion round: verify the node, re-check the unfinalized tail for reorgs,
// then fetch from the checkpoint to the head with many fetches in flight while writing in
// block order (each write moves the checkpoint atomically with its rows; on DuckDB durably when
// the store's write group commits, so a failed write fails the round and the next one starts
// from the stored checkpoint), then prune old raw rows.
import type { Logger } from 'pino';
import { DAY_MS, dayStart, type Clock } from '../clock.js';
import type { Chain } from '../registry/types.js';
import { ChainIdMismatchError, NoEndpointError, publicMessage } from '../rpc/errors.js';
import type { RpcClient } from '../rpc/client.js';
import type { Checkpoint, Store } from '../store/store.js';
import type { BlockFetcher } from './block-fetcher.js';
import type { NormalizedBlockData } from './normalize.js';
import type { NormalizedBatch } from '../store/rows.js';
import type { ProgressTracker } from './progress.js';
import { resolveStartBlock } from './start-block.js';

export interface ChainSyncTuning {
  /** Block fetches (one HTTP batch each) in flight ahead of the writer. */
  maxInFlight: number;
  /** A write (one transaction) is started once this many blocks or txs are pending... */
  writeMaxBlocks: number;
  writeMaxTxs: number;
  /** ...or this long after the previous write started, so checkpoints advance steadily. */
  writeMaxMs: number;
  /** How many times a broken parent link is resolved within one round before giving up. */
  maxForkPasses: number;
}

export const DEFAULT_TUNING: ChainSyncTuning = {
  // Each fetch holds up to 25 parsed blocks; 8 kept the bench as fast as 16 with less memory.
  maxInFlight: 8,
  writeMaxBlocks: 5_000,
  writeMaxTxs: 25_000,
  writeMaxMs: 1_000,
  maxForkPasses: 10,
};

export interface ChainSyncResult {
  origin_key: string;
  ok: boolean;
  error: string | null;
  head: number | null;
  /** The checkpoint after the round. */
  last_block: number | null;
  blocks_written: number;
  txs_written: number;
  /** Reorgs found this round and how many stored blocks they removed. */
  reorgs: number;
  rolled_back_blocks: number;
  pruned_txs: number;
}

/** A round's result before anything happened (also what a failed round reports). */
export function emptyResult(originKey: string, error: string | null = null): ChainSyncResult {
  return {
    origin_key: originKey,
    ok: error === null,
    error,
    head: null,
    last_block: null,
    blocks_written: 0,
    txs_written: 0,
    reorgs: 0,
    rolled_back_blocks: 0,
    pruned_txs: 0,
  };
}

interface Tip {
  number: number;
  /** null only before the first block of the range: nothing to link to. */
  hash: string | null;
}

export interface ChainSyncDeps {
  chain: Chain;
  store: Store;
  rpc: RpcClient;
  fetcher: BlockFetcher;
  progress: ProgressTracker;
  clock: Clock;
  monotonic: () => number;
  logger: Logger;
  retentionDays: number | null;
  tuning: ChainSyncTuning;
  /** Told of every batch once stored and of every rollback (the live stream's windows). */
  blocks?: BlockListener;
}

/**
 * Who hears of blocks as they are stored (CONTRACT.md 12.6: the live windows are fed by
 * ingestion, not by the store). Called synchronously after the write or rollback succeeded; a
 * listener that throws is logged and does not fail ingestion.
 */
export interface BlockListener {
  written(originKey: string, batch: NormalizedBatch): void;
  rolledBack(originKey: string, fromBlock: number): void;
}

export class ChainSync {
  private startBlock: number | null = null;
  private verified = false;
  private prunedBefore = -Infinity;
  private readonly ok: string;

  constructor(private readonly d: ChainSyncDeps) {
    this.ok = d.chain.origin_key;
  }

  /** Catch up to the node's current head once. Throws on failure (the caller records it). */
  async syncOnce(signal?: AbortSignal): Promise<ChainSyncResult> {
    const { store, fetcher, progress } = this.d;
    const result = emptyResult(this.ok);
    if (!this.verified) await this.verifyChainIds(signal);
    const head = await fetcher.head(signal);
    result.head = head;
    const cp = await store.getCheckpoint(this.ok);
    if (this.startBlock === null) {
      const start = await resolveStartBlock(this.d.chain.start, this.ok, head, (n) => fetcher.timestampOf(n, signal));
      // A start date after the head resolves to head + 1 for now; it is searched again next
      // round, because blocks still to come before that date must not be ingested.
      if (start <= head || cp) this.startBlock = start;
      else {
        progress.update({ start_block: start, head, state: 'following', error: null });
        return result;
      }
    }
    let tip: Tip = cp ? { number: cp.block_number, hash: cp.block_hash } : { number: this.startBlock - 1, hash: null };
    progress.update({ start_block: this.startBlock, head, last_block: cp ? cp.block_number : null, state: tip.number < head ? 'syncing' : 'following', error: null });

    if (cp) tip = await this.recheckTail(tip, head, result, signal);
    for (let pass = 0; ; pass++) {
      const r = await this.catchUp(tip, head, result, signal);
      tip = r.tip;
      if (r.brokenAt === null) break;
      if (pass >= this.d.tuning.maxForkPasses) {
        throw new Error(`chain ${this.ok}: block ${r.brokenAt} does not link to stored block ${r.brokenAt - 1} after ${pass + 1} attempts to resolve the fork`);
      }
      tip = await this.resolveFork(tip, result, signal);
    }
    result.last_block = tip.number >= this.startBlock ? tip.number : null;
    // The round's blocks reach the store for every process, not only this one (a held group).
    await store.flushWrites?.();
    result.pruned_txs = await this.prune();
    progress.update({ state: signal?.aborted ? 'stopped' : tip.number >= head ? 'following' : 'syncing', receipts_mode: fetcher.receiptsMode });
    return result;
  }

  private async verifyChainIds(signal?: AbortSignal): Promise<void> {
    const { rpc, logger, chain } = this.d;
    const report = await rpc.verifyChainIds(signal);
    signal?.throwIfAborted();
    for (const r of report) {
      if (r.error && !(r.error instanceof ChainIdMismatchError)) {
        logger.warn({ chain: chain.origin_key, endpoint: r.endpoint, err: r.error.message }, 'could not check eth_chainId now; checked again before first use');
      }
    }
    if (!rpc.hasUsableEndpoint()) {
      // Both texts: the log gets each endpoint's full reason, /healthz only the public ones.
      const failed = report.flatMap((r) => (r.error ? [r.error] : []));
      throw new NoEndpointError(failed.map((e) => e.message).join('; '), null, failed.map(publicMessage).join('; '));
    }
    this.verified = true;
  }

  /**
   * Blocks within finality_lag of the head may still change: compare their stored hashes with
   * the node's. A difference means a reorg; roll back to the last common block.
   */
  private async recheckTail(tip: Tip, head: number, result: ChainSyncResult, signal?: AbortSignal): Promise<Tip> {
    const lo = Math.max(this.startBlock!, head - this.d.chain.finality_lag + 1);
    const hi = Math.min(tip.number, head);
    if (hi < lo) return tip;
    const [stored, node] = await Promise.all([this.d.store.blockRefs(this.ok, lo, hi), this.d.fetcher.headers(lo, hi, signal)]);
    const nodeHash = new Map(node.map((h) => [h.number, h.hash]));
    const mismatch = stored.find((s) => nodeHash.get(s.block_number) !== s.block_hash);
    if (!mismatch) return tip;
    return this.rollbackTo(await this.findCommonAncestor(mismatch.block_number - 1, signal), tip, result);
  }

  /** A fetched block did not link to the stored tip: find where the chains diverge. */
  private async resolveFork(tip: Tip, result: ChainSyncResult, signal?: AbortSignal): Promise<Tip> {
    const ancestor = await this.findCommonAncestor(tip.number, signal);
    if (ancestor && ancestor.number === tip.number) return tip; // the node changed its mind mid-fetch, not our data
    return this.rollbackTo(ancestor, tip, result);
  }

  /** Highest stored block <= from whose hash the node agrees with; null when none is. */
  private async findCommonAncestor(from: number, signal?: AbortSignal): Promise<Tip | null> {
    const floor = this.startBlock!;
    const WINDOW = 64;
    for (let hi = from; hi >= floor; hi -= WINDOW) {
      const lo = Math.max(floor, hi - WINDOW + 1);
      const [stored, node] = await Promise.all([this.d.store.blockRefs(this.ok, lo, hi), this.d.fetcher.headers(lo, hi, signal)]);
      const nodeHash = new Map(node.map((h) => [h.number, h.hash]));
      for (let i = stored.length - 1; i >= 0; i--) {
        if (nodeHash.get(stored[i].block_number) === stored[i].block_hash) return { number: stored[i].block_number, hash: stored[i].block_hash };
      }
    }
    return null;
  }

  private async rollbackTo(ancestor: Tip | null, tip: Tip, result: ChainSyncResult): Promise<Tip> {
    const fromBlock = ancestor ? ancestor.number + 1 : this.startBlock!;
    const cp: Checkpoint | null = ancestor ? { origin_key: this.ok, block_number: ancestor.number, block_hash: ancestor.hash! } : null;
    this.d.logger.warn({ chain: this.ok, from_block: fromBlock, depth: tip.number - fromBlock + 1 }, 'reorg: rolling back to the last common block');
    await this.d.store.rollback(this.ok, fromBlock, cp);
    this.tell((l) => l.rolledBack(this.ok, fromBlock));
    result.reorgs++;
    result.rolled_back_blocks += Math.max(0, tip.number - fromBlock + 1);
    this.d.progress.recordReorg(ancestor ? ancestor.number : null);
    return ancestor ?? { number: this.startBlock! - 1, hash: null };
  }

  /**
   * Fetch (tip, head] with up to maxInFlight fetches ahead; check parent links in order;
   * write in block order with at most one write in flight. Stops at the first broken link
   * (after writing everything before it) and reports where.
   */
  private async catchUp(tip: Tip, head: number, result: ChainSyncResult, signal?: AbortSignal): Promise<{ tip: Tip; brokenAt: number | null }> {
    const { fetcher, tuning, store, progress, monotonic } = this.d;
    if (tip.number >= head) return { tip, brokenAt: null };
    const per = fetcher.blocksPerFetch;
    const inflight: Array<Promise<NormalizedBlockData[]>> = [];
    let nextFetch = tip.number + 1;
    const fill = (): void => {
      while (inflight.length < tuning.maxInFlight && nextFetch <= head && !signal?.aborted) {
        const from = nextFetch;
        const to = Math.min(head, from + per - 1);
        nextFetch = to + 1;
        const p = fetcher.fetchRange(from, to, signal);
        p.catch(() => undefined); // observed when its turn comes; never an unhandled rejection
        inflight.push(p);
      }
    };

    let written: Tip = tip;
    let linkedHash = tip.hash;
    let pending: NormalizedBatch = { blocks: [], txs: [] };
    let writing: Promise<void> = Promise.resolve();
    let lastWriteStart = monotonic();
    const flush = async (): Promise<void> => {
      if (pending.blocks.length === 0) return;
      const batch = pending;
      pending = { blocks: [], txs: [] };
      const last = batch.blocks[batch.blocks.length - 1];
      await writing; // at most one write in flight: backpressure when the store is the bottleneck
      lastWriteStart = monotonic();
      writing = store.writeBatch(this.ok, batch, { origin_key: this.ok, block_number: last.block_number, block_hash: last.block_hash }).then(() => {
        written = { number: last.block_number, hash: last.block_hash };
        result.blocks_written += batch.blocks.length;
        result.txs_written += batch.txs.length;
        progress.recordWrite(batch.blocks.length, batch.txs.length, last.block_number, last.block_time);
        this.tell((l) => l.written(this.ok, batch));
      });
      writing.catch(() => undefined);
    };

    let brokenAt: number | null = null;
    try {
      fill();
      while (inflight.length > 0 && brokenAt === null) {
        const fetched = await inflight.shift()!;
        fill();
        for (const fb of fetched) {
          if (linkedHash !== null && fb.block.parent_hash !== linkedHash) {
            brokenAt = fb.block.block_number;
            break;
          }
          linkedHash = fb.block.block_hash;
          pending.blocks.push(fb.block);
          for (const t of fb.txs) pending.txs.push(t);
        }
        if (pending.blocks.length >= tuning.writeMaxBlocks || pending.txs.length >= tuning.writeMaxTxs || monotonic() - lastWriteStart >= tuning.writeMaxMs) {
          await flush();
        }
        if (signal?.aborted) break;
      }
      await flush();
    } finally {
      // Whatever happened, the write in flight finishes (or fails) before we return.
      await writing;
    }
    if (brokenAt !== null) this.d.logger.warn({ chain: this.ok, block: brokenAt }, 'parent hash does not link to the previous block: reorg');
    return { tip: written, brokenAt };
  }

  private tell(call: (l: BlockListener) => void): void {
    if (this.d.blocks === undefined) return;
    try {
      call(this.d.blocks);
    } catch (err) {
      this.d.logger.warn({ chain: this.ok, err: (err as Error).message }, 'a block listener failed');
    }
  }

  /**
   * Retention: delete raw transactions older than retention_days (whole UTC days), but never
   * rows of hours the metrics stage has not computed yet (they are still dirty).
   */
  private async prune(): Promise<number> {
    if (this.d.retentionDays === null) return 0;
    let before = dayStart(this.d.clock.now() - this.d.retentionDays * DAY_MS) / 1000;
    if (before <= this.prunedBefore) return 0;
    const dirty = await this.d.store.dirtyHours(this.ok);
    if (dirty.length > 0) before = Math.min(before, dirty[0] / 1000);
    if (before <= this.prunedBefore) return 0;
    const n = await this.d.store.pruneRaw(this.ok, before);
    this.prunedBefore = before;
    if (n > 0) this.d.logger.info({ chain: this.ok, before_unix_s: before, deleted: n }, 'pruned raw transactions past retention');
    return n;
  }
}
