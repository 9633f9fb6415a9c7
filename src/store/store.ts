// The Store is the only place data rests between stages. Ingestion writes raw blocks and
// transactions; the metrics stage reads them and writes facts; document builders read facts.
// Every statement lives behind a typed method, implemented once per engine in store/<engine>/;
// the only SQL that comes from outside is a metric's own aggregate expression, which the
// facts methods receive as text in the engine's dialect.
import type { BlobStore } from './blobs.js';
import type { BlockSpanStore } from './block-span.js';
import type { BlockspaceStore } from './blockspace.js';
import type { BucketAggregateStore } from './bucket-aggregates.js';
import type { FactStore } from './facts.js';
import type { LabelStore } from './labels.js';
import type { PriceStore } from './prices.js';
import type { RecentBlocksStore } from './recent-blocks.js';
import type { SampleStore } from './samples.js';
import type { EngineName } from '../registry/engines.js';
import type { NormalizedBatch } from './rows.js';

export type { EngineName };

export interface Checkpoint {
  origin_key: string;
  /** Highest block stored contiguously from the start block. */
  block_number: number;
  block_hash: string;
}

export interface StoredBlockRef {
  block_number: number;
  block_hash: string;
  parent_hash: string;
}

export interface Store extends FactStore, PriceStore, LabelStore, BlockspaceStore, SampleStore, BucketAggregateStore, BlobStore, RecentBlocksStore, BlockSpanStore {
  readonly engine: EngineName;

  /**
   * Run `fn` so that its writes become visible together and no other writer interleaves;
   * with DuckDB everything it wrote is rolled back if it throws. An engine without
   * multi-statement transactions (ClickHouse) runs `fn` as it is: each method is idempotent
   * (a period's rows are replaced, never added to), and callers order their writes so that an
   * interruption leaves work to redo, never work lost; the facts stage clears dirty hours last.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;

  // --- ingestion ---------------------------------------------------------------------------
  /**
   * Write blocks and their transactions and move the checkpoint, atomically. Idempotent:
   * rows of the same (origin_key, block_number) are replaced, so a retry after a crash
   * never doubles data. Records the touched hours as dirty for the metrics stage.
   *
   * DuckDB commits consecutive batches together (a group commit, store/duckdb/write-group.ts):
   * a batch is visible to every later call of the same store at once, but durable, with its
   * checkpoint, only when its group commits (a row group of rows, the next call that is not a
   * writeBatch, or close). A crash before that leaves the previous checkpoint with exactly its
   * blocks. A group that fails to commit fails the call that committed it, and a later
   * writeBatch of a chain it held fails too unless it starts at or before the first block that
   * chain lost: the writer reads its checkpoint again instead of leaving a hole.
   */
  writeBatch(originKey: string, batch: NormalizedBatch, checkpoint: Checkpoint): Promise<void>;
  /**
   * Stores what writeBatch still holds, for other processes to see: the ClickHouse store sends
   * its open group (store/clickhouse/write-group.ts), so a builder in another process sees an
   * ingestion round's blocks once the round ends. Ingestion calls it at the end of each chain's
   * round; a failure fails that round. Absent on DuckDB, which no other process reads while open.
   */
  flushWrites?(): Promise<void>;
  getCheckpoint(originKey: string): Promise<Checkpoint | null>;
  /** Stored block refs in [from, to], ascending; used to detect reorgs by parent hash. */
  blockRefs(originKey: string, from: number, to: number): Promise<StoredBlockRef[]>;
  /** Delete every block >= fromBlock (a reorg), mark their hours dirty, move the checkpoint back. */
  rollback(originKey: string, fromBlock: number, checkpoint: Checkpoint | null): Promise<void>;
  /**
   * Delete raw transactions older than `beforeUnixS` (retention), and the 10-minute fee buckets
   * (TEN_MINUTES facts) of that time, which stand for those transactions; other facts are kept
   * forever. Returns the transactions deleted.
   */
  pruneRaw(originKey: string, beforeUnixS: number): Promise<number>;

  // --- incremental recomputation ------------------------------------------------------------
  /** Hours (unix ms, hour start) touched by writes or rollbacks and not yet cleared, ascending. */
  dirtyHours(originKey: string): Promise<number[]>;
  /** Mark hours (unix ms, hour start) dirty, so the facts stage recomputes them (a changed fact set). */
  markDirtyHours(originKey: string, hours: readonly number[]): Promise<void>;
  /** Forget dirty hours once their facts are written (after, never before: a crash recomputes). */
  clearDirtyHours(originKey: string, hours: number[]): Promise<void>;

  close(): Promise<void>;
}
