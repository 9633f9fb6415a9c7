// The Store is the only place data rests between stages. Ingestion writes raw blocks and
// transactions; the metrics stage reads them and writes facts; document builders read facts.
// Engines (DuckDB now, ClickHouse later) implement this interface; engine-specific SQL lives
// next to the metric that needs it and is run through `query`.
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

/** A SQL value as the engines exchange it: bigint for integers wider than 53 bits. */
export type SqlValue = string | number | bigint | boolean | null;
export type Row = Record<string, SqlValue>;

export interface Store {
  readonly engine: EngineName;

  /** Run SQL that returns rows. `params` bind to `$1, $2, ...`. */
  query<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]>;
  /** Run SQL that returns nothing (DDL, bulk INSERT ... SELECT, DELETE). */
  exec(sql: string, params?: SqlValue[]): Promise<void>;
  /** Run `fn` in one transaction; everything it wrote is rolled back if it throws. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;

  // --- ingestion ---------------------------------------------------------------------------
  /**
   * Write blocks and their transactions and move the checkpoint, atomically. Idempotent:
   * rows of the same (origin_key, block_number) are replaced, so a retry after a crash
   * never doubles data. Records the touched hours as dirty for the metrics stage.
   */
  writeBatch(originKey: string, batch: NormalizedBatch, checkpoint: Checkpoint): Promise<void>;
  getCheckpoint(originKey: string): Promise<Checkpoint | null>;
  /** Stored block refs in [from, to], ascending; used to detect reorgs by parent hash. */
  blockRefs(originKey: string, from: number, to: number): Promise<StoredBlockRef[]>;
  /** Delete every block >= fromBlock (a reorg), mark their hours dirty, move the checkpoint back. */
  rollback(originKey: string, fromBlock: number, checkpoint: Checkpoint | null): Promise<void>;
  /** Delete raw transactions older than `beforeUnixS` (retention); facts are kept forever. */
  pruneRaw(originKey: string, beforeUnixS: number): Promise<number>;

  // --- incremental recomputation ------------------------------------------------------------
  /** Hours (unix ms, hour start) touched by writes or rollbacks and not yet cleared, ascending. */
  dirtyHours(originKey: string): Promise<number[]>;
  /** Forget dirty hours once their facts are written (after, never before: a crash recomputes). */
  clearDirtyHours(originKey: string, hours: number[]): Promise<void>;

  close(): Promise<void>;
}
