// Progress of one chain as plain data: the terminal bar, the log lines and the server's
// /healthz all read the same snapshot. Rates come from a sliding window of recent writes.

export type ChainState = 'starting' | 'syncing' | 'following' | 'error' | 'stopped';

export interface ChainProgress {
  origin_key: string;
  state: ChainState;
  /** First block of the configured range (null until resolved). */
  start_block: number | null;
  /** Latest head seen on the node. */
  head: number | null;
  /** Highest block stored (the checkpoint). */
  last_block: number | null;
  /** Timestamp (unix s) of the highest stored block. */
  last_block_time: number | null;
  blocks_done: number;
  blocks_total: number;
  blocks_per_s: number;
  tx_per_s: number;
  /** Seconds until caught up at the current rate; null when unknown or idle. */
  eta_s: number | null;
  /** Since the process started. */
  blocks_written: number;
  txs_written: number;
  reorgs: number;
  receipts_mode: 'block' | 'per-tx';
  error: string | null;
  /** Wall-clock ms (from the injected clock) of the last change. */
  updated_ms: number;
}

const WINDOW_MS = 10_000;

export class ProgressTracker {
  private readonly p: ChainProgress;
  /** (monotonic ms, cumulative blocks, cumulative txs), oldest first. */
  private samples: Array<[number, number, number]> = [];

  constructor(
    originKey: string,
    private readonly wallNow: () => number,
    private readonly monoNow: () => number,
    private readonly onChange: (p: ChainProgress) => void,
  ) {
    this.p = {
      origin_key: originKey,
      state: 'starting',
      start_block: null,
      head: null,
      last_block: null,
      last_block_time: null,
      blocks_done: 0,
      blocks_total: 0,
      blocks_per_s: 0,
      tx_per_s: 0,
      eta_s: null,
      blocks_written: 0,
      txs_written: 0,
      reorgs: 0,
      receipts_mode: 'block',
      error: null,
      updated_ms: wallNow(),
    };
    this.samples.push([monoNow(), 0, 0]);
  }

  snapshot(): ChainProgress {
    return { ...this.p };
  }

  update(fields: Partial<Pick<ChainProgress, 'state' | 'start_block' | 'head' | 'last_block' | 'last_block_time' | 'error' | 'receipts_mode'>>): void {
    Object.assign(this.p, fields);
    this.recompute();
  }

  recordWrite(blocks: number, txs: number, lastBlock: number, lastBlockTime: number): void {
    this.p.blocks_written += blocks;
    this.p.txs_written += txs;
    this.p.last_block = lastBlock;
    this.p.last_block_time = lastBlockTime;
    const now = this.monoNow();
    this.samples.push([now, this.p.blocks_written, this.p.txs_written]);
    // Keep one sample older than the window as the rate's anchor.
    while (this.samples.length > 2 && this.samples[1][0] < now - WINDOW_MS) this.samples.shift();
    this.recompute();
  }

  recordReorg(lastBlock: number | null): void {
    this.p.reorgs++;
    this.p.last_block = lastBlock;
    this.recompute();
  }

  private recompute(): void {
    const p = this.p;
    const now = this.monoNow();
    const [t0, b0, x0] = this.samples[0];
    const dt = (now - t0) / 1000;
    if (dt > 0 && now - t0 <= WINDOW_MS * 3) {
      p.blocks_per_s = (p.blocks_written - b0) / dt;
      p.tx_per_s = (p.txs_written - x0) / dt;
    } else {
      p.blocks_per_s = 0;
      p.tx_per_s = 0;
    }
    if (p.start_block !== null && p.head !== null) {
      p.blocks_total = Math.max(0, p.head - p.start_block + 1);
      p.blocks_done = p.last_block === null ? 0 : Math.min(p.blocks_total, Math.max(0, p.last_block - p.start_block + 1));
    }
    const left = p.blocks_total - p.blocks_done;
    p.eta_s = left <= 0 ? 0 : p.blocks_per_s > 0 ? Math.round(left / p.blocks_per_s) : null;
    p.updated_ms = this.wallNow();
    this.onChange(this.snapshot());
  }
}
