// The ingestion stage's entry point: one RPC client, fetcher and sync loop per chain, all
// writing into one Store. `syncOnce` catches every chain up to its head; `run` follows heads
// until aborted. Progress is data (`progress()`, the 'progress' event, `onProgress`).
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { createLogger, type Logger } from '../log.js';
import type { Clock } from '../clock.js';
import type { Chain } from '../registry/types.js';
import { RpcClient, type RpcClientOptions, type RpcStats } from '../rpc/client.js';
import { publicMessage } from '../rpc/errors.js';
import type { Store } from '../store/store.js';
import { systemSleep, type Sleep } from '../timers.js';
import { BlockFetcher, type ReceiptsMode } from './block-fetcher.js';
import { ChainSync, DEFAULT_TUNING, emptyResult, type BlockListener, type ChainSyncResult, type ChainSyncTuning } from './chain-sync.js';
import { ProgressTracker, type ChainProgress } from './progress.js';

export type { ChainProgress } from './progress.js';
export type { BlockListener, ChainSyncResult } from './chain-sync.js';

export interface IngestorOptions {
  store: Store;
  chains: Chain[];
  clock: Clock;
  logger?: Logger;
  /** Keep raw transactions this many days (whole UTC days); null/undefined keeps all. */
  retentionDays?: number | null;
  /** JSON-RPC requests per HTTP batch. Default 50. */
  batchSize?: number;
  /** Poll interval of `run` when caught up, ms. Default 2000. */
  pollIntervalMs?: number;
  /** How `run` waits between rounds (the poll interval, the backoff after a failed round). Default systemSleep. */
  sleep?: Sleep;
  /** RPC client settings shared by all chains (timeouts, attempts, backoff, concurrency). */
  rpc?: Partial<Omit<RpcClientOptions, 'urls' | 'label' | 'expectedChainId' | 'logger' | 'clock'>>;
  /** Pipeline sizes; defaults suit both a local devnet and remote providers. */
  tuning?: Partial<ChainSyncTuning>;
  /** Start chains in per-transaction receipt mode (nodes known to lack eth_getBlockReceipts). */
  receiptsMode?: ReceiptsMode;
  onProgress?: (p: ChainProgress) => void;
  /**
   * Monotonic ms the ingestor measures intervals on: when a group of fetched blocks is written
   * (tuning.writeMaxMs) and the progress rates and ETA. Default performance.now; tests pass a
   * clock that moves only as they say, so what is written when, and the ETA, follow from it.
   */
  monotonic?: () => number;
  /** Told of every stored batch and rollback (the live stream, src/live). */
  blocks?: BlockListener;
}

export interface SyncResult {
  /** True when every chain caught up without error. */
  ok: boolean;
  chains: ChainSyncResult[];
}

interface ChainRunner {
  chain: Chain;
  rpc: RpcClient;
  fetcher: BlockFetcher;
  progress: ProgressTracker;
  sync: ChainSync;
  /** One round at a time per chain, even if syncOnce and run overlap. */
  busy: Promise<unknown>;
  /** At least one pass finished (ok or failed). */
  passed: boolean;
}

export class Ingestor extends EventEmitter<{ progress: [ChainProgress]; synced: [ChainSyncResult] }> {
  private readonly runners: ChainRunner[];
  private readonly logger: Logger;
  private readonly pollIntervalMs: number;
  private readonly sleep: Sleep;

  constructor(opts: IngestorOptions) {
    super();
    const retention = opts.retentionDays ?? null;
    if (retention !== null && !(Number.isInteger(retention) && retention >= 1)) {
      throw new Error(`retention_days must be a whole number of days >= 1, got ${retention}`);
    }
    const seen = new Set<string>();
    for (const c of opts.chains) {
      if (seen.has(c.origin_key)) throw new Error(`chain ${c.origin_key} is listed twice`);
      seen.add(c.origin_key);
      if (!(Number.isInteger(c.finality_lag) && c.finality_lag >= 0)) throw new Error(`chain ${c.origin_key}: finality_lag must be a non-negative integer, got ${c.finality_lag}`);
    }
    this.logger = opts.logger ?? createLogger('silent');
    this.pollIntervalMs = opts.pollIntervalMs ?? 2_000;
    this.sleep = opts.sleep ?? systemSleep;
    const monotonic = opts.monotonic ?? ((): number => performance.now());
    const tuning = { ...DEFAULT_TUNING, ...opts.tuning };
    this.runners = opts.chains.map((chain) => {
      const rpc = new RpcClient({
        ...opts.rpc,
        batchSize: opts.batchSize ?? opts.rpc?.batchSize,
        urls: chain.rpc_urls,
        label: chain.origin_key,
        expectedChainId: chain.evm_chain_id,
        clock: opts.clock,
        logger: this.logger,
      });
      const fetcher = new BlockFetcher(rpc, chain, { receiptsMode: opts.receiptsMode, logger: this.logger });
      const progress = new ProgressTracker(chain.origin_key, () => opts.clock.now(), monotonic, (p) => {
        // A failing progress listener (a display) must not fail the write that reported it.
        try {
          opts.onProgress?.(p);
          this.emit('progress', p);
        } catch (err) {
          this.logger.warn({ chain: p.origin_key, err: (err as Error).message }, 'progress listener failed');
        }
      });
      const sync = new ChainSync({ chain, store: opts.store, rpc, fetcher, progress, clock: opts.clock, monotonic, logger: this.logger, retentionDays: retention, tuning, blocks: opts.blocks });
      return { chain, rpc, fetcher, progress, sync, busy: Promise.resolve(), passed: false };
    });
  }

  /**
   * Resolves once every chain has finished one pass (caught up, or failed), or when `signal`
   * aborts. A chain whose node never answers keeps this pending for as long as its RPC retries
   * last: callers race it against their own deadline.
   */
  firstPasses(signal?: AbortSignal): Promise<void> {
    const waiting = new Set(this.runners.filter((r) => !r.passed).map((r) => r.chain.origin_key));
    if (waiting.size === 0 || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        this.off('synced', onSynced);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const onSynced = (r: ChainSyncResult): void => {
        waiting.delete(r.origin_key);
        if (waiting.size === 0) done();
      };
      this.on('synced', onSynced);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** Chains that have not finished a first pass yet. */
  awaitingFirstPass(): string[] {
    return this.runners.filter((r) => !r.passed).map((r) => r.chain.origin_key);
  }

  /** Current progress of every chain (for /healthz). */
  progress(): ChainProgress[] {
    return this.runners.map((r) => r.progress.snapshot());
  }

  /** Each chain's RPC counters (for /metrics): exchanges and failures per endpoint. */
  rpcStats(): Array<{ chain: string; stats: RpcStats }> {
    return this.runners.map((r) => ({ chain: r.chain.origin_key, stats: r.rpc.stats() }));
  }

  /** Catch every chain up to its current head, chains in parallel. A failing chain does not stop the others. */
  async syncOnce(signal?: AbortSignal): Promise<SyncResult> {
    const chains = await Promise.all(this.runners.map((r) => this.round(r, signal)));
    return { ok: chains.every((c) => c.ok), chains };
  }

  /**
   * Follow the heads until `signal` aborts; failing chains are retried with backoff. Each chain
   * has its own loop: a chain whose node is slow or never answers holds back only itself.
   * Aborting cancels the RPC requests in flight, so this returns promptly.
   */
  async run(signal: AbortSignal): Promise<void> {
    await Promise.all(
      this.runners.map(async (r) => {
        let failures = 0;
        while (!signal.aborted) {
          const res = await this.round(r, signal);
          failures = res.ok ? 0 : failures + 1;
          const wait = res.ok ? this.pollIntervalMs : Math.min(60_000, this.pollIntervalMs * 2 ** Math.min(failures, 5));
          await this.sleep(wait, signal).catch(() => undefined);
        }
        r.progress.update({ state: 'stopped' });
      }),
    );
  }

  /** Close the RPC connection pools (the store belongs to the caller). */
  async close(): Promise<void> {
    await Promise.all(this.runners.map((r) => r.rpc.close()));
  }

  private round(r: ChainRunner, signal?: AbortSignal): Promise<ChainSyncResult> {
    const next = r.busy.then(async (): Promise<ChainSyncResult> => {
      try {
        return await r.sync.syncOnce(signal);
      } catch (err) {
        if (signal?.aborted) {
          // Shutdown cancelled the requests in flight: not a failure of the chain.
          r.progress.update({ state: 'stopped' });
          return emptyResult(r.chain.origin_key, 'stopped');
        }
        // /healthz and the CLI's progress lines show the progress: labels, no upstream bytes.
        // The result (for callers, like the log) keeps the full message: endpoints by
        // scheme://host:port, secrets scrubbed. The progress gets only the public text.
        const message = (err as Error).message;
        this.logger.error({ chain: r.chain.origin_key, err: message }, 'ingestion round failed');
        r.progress.update({ state: 'error', error: publicMessage(err) });
        return emptyResult(r.chain.origin_key, message);
      }
    });
    r.busy = next;
    return next.then((res) => {
      r.passed = true;
      this.emit('synced', res);
      return res;
    });
  }
}
