// The ClickHouse store's group commit: consecutive writeBatch calls that only append are held here,
// already encoded, and sent as one insert per table (transactions, blocks, dirty hours,
// checkpoints) once the group holds enough rows or before any other call of the store. Each insert
// costs a round trip through the entry node and its shards whatever it holds, so a batch of a
// thousand rows spent most of its time waiting (docs/scale.md, "The write path").
//
// This class holds only what the group is; ClickHouseStore sends it. A group whose inserts fail
// may have stored some of its rows but never its checkpoints (they go last), so the stored
// checkpoint of each chain still covers only stored blocks. Its chains are remembered with the
// first block they lost, so that a later writeBatch of such a chain that starts past that block
// (a caller that did not read its checkpoint again) fails instead of leaving a hole.
import { LostBatches } from '../lost-batches.js';
import type { Checkpoint } from '../store.js';

/** Transactions after which a group is sent: large inserts are what the cluster takes fastest. */
export const GROUP_ROWS = 100_000;
/** Encoded bytes after which a group is sent whatever its rows, so memory stays bounded. */
export const GROUP_BYTES = 64 * 1024 * 1024;

/** What one send writes: the group's contents, taken out of it whole. */
export interface GroupContents {
  txs: Buffer[];
  blocks: Buffer[];
  dirtyHours: Array<{ origin_key: string; hour_ms: number }>;
  checkpoints: Checkpoint[];
  /** Per chain, the first block its batches in the group start at. */
  firstBlocks: Map<string, number>;
  txRows: number;
  /**
   * The version the dirty hours and checkpoints are sent with: that of the last batch added, as
   * if each batch had written them itself. Not a version taken at the send: another store call
   * takes its version (a tombstone of dirty hours, a rollback's checkpoint) before its first
   * statement sends the group, and rows versioned at the send would outrank what it wrote after
   * the batches.
   */
  version: number;
}

export class InsertGroup {
  private txs: Buffer[] = [];
  private blocks: Buffer[] = [];
  private bytes = 0;
  private txRows = 0;
  private readonly hours = new Map<string, Set<number>>();
  /** The last checkpoint per chain: a later batch's covers the earlier ones'. */
  private readonly checkpoints = new Map<string, Checkpoint>();
  private readonly firstBlocks = new Map<string, number>();
  private version = 0;
  /** Per chain, what a failed send lost (kept until a batch of the chain starts where it may). */
  private readonly lost = new LostBatches('failed to store');

  /** @param rows transactions after which the group is sent (tests use a few). */
  constructor(readonly rows: number = GROUP_ROWS) {
    if (!(Number.isSafeInteger(rows) && rows > 0)) throw new Error(`write group: rows must be a positive integer, got ${rows}`);
  }

  /** Transactions held, not sent yet. */
  get pending(): number {
    return this.txRows;
  }

  get empty(): boolean {
    return this.checkpoints.size === 0 && this.firstBlocks.size === 0;
  }

  get full(): boolean {
    return this.txRows >= this.rows || this.bytes >= GROUP_BYTES;
  }

  /** The first block a failed group lost of this chain, if one did. */
  lostFrom(originKey: string): number | undefined {
    return this.lost.from(originKey);
  }

  /**
   * Refuses a batch of a chain whose earlier batches a failed group lost, unless it starts at or
   * before the first lost block or the block after the stored checkpoint (`storedNext`: the
   * failed send stored that much): whoever writes it has read the checkpoint again (or rolled
   * back below it), so nothing is skipped, and the chain is forgotten here.
   */
  checkResume(originKey: string, start: number, storedNext?: number): void {
    this.lost.checkResume(originKey, start, storedNext);
  }

  /** One batch, encoded: its rows, dirty hours and checkpoint; `start` is its first block. */
  add(checkpoint: Checkpoint, start: number, txs: Buffer[], blocks: Buffer[], txRows: number, hours: readonly number[], version: number): void {
    const key = checkpoint.origin_key;
    this.version = Math.max(this.version, version);
    if (!this.firstBlocks.has(key)) this.firstBlocks.set(key, start);
    for (const b of txs) this.txs.push(b), (this.bytes += b.length);
    for (const b of blocks) this.blocks.push(b), (this.bytes += b.length);
    this.txRows += txRows;
    let set = this.hours.get(key);
    if (!set) this.hours.set(key, (set = new Set()));
    for (const h of hours) set.add(h);
    this.checkpoints.set(key, checkpoint);
  }

  /** Empties the group and returns what it held, to be sent. */
  take(): GroupContents {
    const out: GroupContents = {
      txs: this.txs,
      blocks: this.blocks,
      dirtyHours: [...this.hours].flatMap(([origin_key, hs]) => [...hs].map((hour_ms) => ({ origin_key, hour_ms }))),
      checkpoints: [...this.checkpoints.values()],
      firstBlocks: new Map(this.firstBlocks),
      txRows: this.txRows,
      version: this.version,
    };
    this.txs = [];
    this.blocks = [];
    this.bytes = 0;
    this.txRows = 0;
    this.hours.clear();
    this.checkpoints.clear();
    this.firstBlocks.clear();
    return out;
  }

  /** A taken group failed to store: every chain it held lost its batches from its first block. */
  failed(firstBlocks: ReadonlyMap<string, number>, error: unknown): void {
    this.lost.record(firstBlocks, error);
  }
}
