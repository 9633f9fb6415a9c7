import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import type { ChainAddressSetsRequest, ChainFactsRequest, ChainValuesRequest, FactQuery, SettlementFactsRequest, FactRow, FactStatus, FactSubject, HourFingerprint,
  DailyFactFingerprintRequest, DailyFactFingerprintGroups, HourFingerprintRequest,
  HourlyDistinctRequest, HourlyDistinctRow, SharedAddressCount } from '../facts.js';
import type { Granularity } from '../granularity.js';
import type { LabelRow, MarketRow, ProjectRow } from '../labels.js';
import type { MoneyRequest, PriceRow, PriceStatusRow, PriceStatusSummary } from '../prices.js';
import type { NormalizedBatch } from '../rows.js';
import type { Checkpoint, Store, StoredBlockRef } from '../store.js';
import type {
  ContractActivity,
  ContractRef,
  ContractAddressSetsRequest,
  ContractFactColumns,
  ContractFactsQuery,
  ContractFactsRequest,
  GroupDistinctManyQuery,
  GroupDistinctQuery,
  GroupDistinctResult,
  GroupFactRow,
  GroupFactsQuery,
  GroupWindowQuery,
  GroupWindowRow,
} from '../contract-facts.js';
import type { BlobFactsRequest, BlobSenderDay } from '../blobs.js';
import type { BlockspaceQuery, BlockspaceRow } from '../blockspace.js';
import type { BlockSpan } from '../block-span.js';
import * as addressSets from './address-sets.js';
import * as blobs from './blobs.js';
import * as blockspace from './blockspace.js';
import * as recent from './recent-blocks.js';
import type { RecentBlock, RecentFee } from '../recent-blocks.js';
import * as blockSpanSql from './block-span.js';
import * as bucketAggregates from './bucket-aggregates.js';
import { bucketAggregateSetsOneByOne, type BucketAggregateRow, type BucketAggregateSetsQuery, type BucketAggregatesQuery } from '../bucket-aggregates.js';
import { copyRows, HistogramCache } from '../histogram-cache.js';
import * as chainValues from './chain-values.js';
import * as samples from './samples.js';
import * as sharedAddresses from './shared-addresses.js';
import type { ExternalValue, SampleGap, SupplySample } from '../samples.js';
import * as contractFactColumns from './contract-fact-columns.js';
import * as contractFacts from './contract-facts.js';
import * as contractReads from './contract-reads.js';
import { countGroupings } from '../grouping-distinct.js';
import { appendBlocks, appendTransactions } from './chunk-appender.js';
import { readNumericColumns } from './double-columns.js';
import * as factReads from './fact-reads.js';
import * as hourlyDistinct from './hourly-distinct.js';
import * as hourlyGroupSenders from './hourly-group-senders.js';
import type { GroupHourlySendersQuery, GroupHourlySendersRow } from '../contract-facts.js';
import * as labels from './labels.js';
import * as facts from './facts.js';
import type { ContractFingerprintQuery, ContractFingerprints, ContractHoursQuery } from '../contract-changes.js';
import * as contractFingerprints from './contract-fingerprints.js';
import * as dailyFactFingerprints from './daily-fact-fingerprints.js';
import * as contractHours from './contract-hours.js';
import { prepareSchema } from './migrate.js';
import * as money from './money.js';
import * as prices from './prices.js';
import { WriteBookkeeping } from './write-bookkeeping.js';
import { WriteGroup } from './write-group.js';
import { asStoreError, StoreUnreadableError } from '../store-unreadable.js';
import { StorageFaultError } from '../storage-fault.js';
import { checkBatch } from '../row-checks.js';
import type { Row, SqlRunner, SqlValue } from './sql-runner.js';
import { sqlString } from './sql-text.js';

export interface DuckDbStoreOptions {
  /** File path, or ':memory:'. The parent directory is created. */
  path: string;
  /**
   * Transactions consecutive writeBatch calls gather in one transaction before it commits
   * (write-group.ts); default DuckDB's row group, 122,880. Tests use a few.
   */
  groupRows?: number;
}

/**
 * The embedded engine. One connection, and every statement goes through one queue: DuckDB
 * transactions belong to a connection, so interleaving two async callers on it would mix
 * their transactions. Calls made inside `transaction(fn)` run directly (they already hold it).
 *
 * writeBatch leaves its transaction open for the next writeBatch until it holds a row group
 * (write-group.ts); the queue commits it before any other call runs (`serial`), and `close`
 * does too, so every other method sees every batch written before it.
 */
export class DuckDbStore implements Store {
  readonly engine = 'duckdb' as const;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly inTx = new AsyncLocalStorage<boolean>();
  /** Highest stored block per chain (see highestBlock). */
  private readonly highest = new Map<string, number>();
  /**
   * Distinct-count histograms per set and subjects (address-sets.ts), dropped by every call that
   * may change address sets: their writers, clearFacts, raw SQL, a rolled-back transaction.
   */
  private readonly histograms = new HistogramCache();
  /** Each chain's dirty hours and checkpoint as writeBatch last left them (write-bookkeeping.ts). */
  private readonly bookkeeping = new WriteBookkeeping();
  /** The transaction writeBatch calls share until it commits (write-group.ts). */
  private readonly group: WriteGroup;

  /** DuckDB's worker threads now, and for queries (its default: one per core). */
  private threadsNow: number;
  /** Set once the file proved damaged: every later call fails with it at once. */
  private damaged: StoreUnreadableError | null = null;
  /**
   * Set when a write the disk refused invalidated the database (DuckDB does that when a
   * checkpoint fails): the next call opens the file again, which is what DuckDB asks for.
   */
  private reopenNeeded = false;

  private constructor(
    private instance: DuckDBInstance,
    private conn: DuckDBConnection,
    private readonly queryThreads: number,
    private readonly path: string,
    groupRows: number | undefined,
  ) {
    this.threadsNow = queryThreads;
    this.group = new WriteGroup(groupRows);
  }

  static async open(opts: DuckDbStoreOptions): Promise<DuckDbStore> {
    let instance: DuckDBInstance | null = null;
    let conn: DuckDBConnection | null = null;
    try {
      // Inside the try: a directory on a read-only or full disk is reported like the file.
      if (opts.path !== ':memory:') makeDirs(dirname(opts.path));
      instance = await DuckDBInstance.create(opts.path);
      conn = await instance.connect();
      const threads = Number((await conn.runAndReadAll("SELECT current_setting('threads')")).getRows()[0][0]);
      await prepareSchema(conn, opts.path);
      return new DuckDbStore(instance, conn, threads, opts.path, opts.groupRows);
    } catch (err) {
      conn?.closeSync();
      instance?.closeSync();
      throw asStoreError(err, opts.path);
    }
  }

  /**
   * Raw writes (appends of whole blocks on one connection) gain nothing from DuckDB's worker
   * threads, but those threads cost CPU that fetching and parsing need on a small machine:
   * ingestion measured about 12 % less CPU per transaction and 4 % more tx/s with one thread
   * (bench:ingest, 2 cores). Queries (facts, documents) get every thread back. A switch happens
   * only when the kind of work changes, so rounds pay it twice.
   */
  private async useThreads(n: number): Promise<void> {
    if (this.threadsNow === n) return;
    await this.conn.run(`SET threads = ${n}`);
    this.threadsNow = n;
  }

  /**
   * Runs `fn` in turn with every other call. The one place that commits writeBatch's open group
   * before anything else runs, so no method can see the store without the batches written
   * before it (`keepGroup`: writeBatch itself, which adds to the group). A group that fails to
   * commit fails the call that committed it.
   */
  private serial<T>(fn: () => Promise<T>, keepGroup = false): Promise<T> {
    if (this.inTx.getStore()) return fn();
    const guarded = async (): Promise<T> => {
      if (this.damaged) throw this.damaged;
      if (this.reopenNeeded) await this.reopen();
      if (!keepGroup) await this.commitGroup();
      return fn();
    };
    const run = this.queue.then(guarded, guarded).catch((err: unknown) => {
      // A damaged file fails every statement that touches the damage, and DuckDB may then
      // invalidate the whole database: say so once, by file, instead of a raw IO error.
      const e = asStoreError(err, this.path);
      if (e instanceof StoreUnreadableError) this.damaged = e;
      // A refused write that invalidated the database: the file is intact (DuckDB wrote it
      // to the last commit), only this instance is unusable.
      else if (e instanceof StorageFaultError && INVALIDATED.test(String((err as Error)?.message ?? err))) this.reopenNeeded = true;
      throw e;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Opens the file again after DuckDB invalidated the instance. What this object remembers of
   * the tables is dropped: the writes the failure cut short were rolled back. Until the disk
   * takes writes again the reopening itself may fail (replaying the WAL checkpoints); it is
   * tried again on the next call.
   */
  private async reopen(): Promise<void> {
    try {
      this.conn.closeSync();
      this.instance.closeSync();
    } catch {
      // Closing an invalidated instance may fail; the new instance is what matters.
    }
    this.highest.clear();
    this.histograms.clear();
    this.bookkeeping.forget();
    // No write group survives an invalidation (its failure rolled it back); should one be open, it is lost here.
    if (this.group.open) this.group.failed(new Error(`${this.path} was opened again after DuckDB invalidated it`));
    this.instance = await DuckDBInstance.create(this.path);
    this.conn = await this.instance.connect();
    // The new connection starts at DuckDB's default thread count, which is the query count.
    this.threadsNow = this.queryThreads;
    this.reopenNeeded = false;
  }

  /** The connection as this folder's files use it, at query threads. Call inside `serial`. */
  private readonly db: SqlRunner = {
    all: async <T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]> => {
      await this.useThreads(this.queryThreads);
      const reader = await this.conn.runAndReadAll(sql, params as DuckDBValue[] | undefined);
      return reader.getRowObjectsJS() as unknown as T[];
    },
    numericColumns: async (sql: string): Promise<{ rows: number; columns: Float64Array[] }> => {
      await this.useThreads(this.queryThreads);
      return readNumericColumns(await this.conn.stream(sql));
    },
    run: async (sql: string, params?: SqlValue[]): Promise<number> => {
      await this.useThreads(this.queryThreads);
      return Number((await this.conn.run(sql, params as DuckDBValue[] | undefined)).rowsChanged);
    },
  };

  /**
   * A write to a chain's address sets: its cached histograms are dropped when it is called (later
   * reads see it) and again when it is done (a read queued before it may have cached the old
   * sets). `writes` false: the call changes no set, and the cache stays.
   */
  private async changingSets<T>(originKey: string, writes: boolean, fn: () => Promise<T>): Promise<T> {
    if (!writes) return fn();
    this.histograms.clear(originKey);
    try {
      return await fn();
    } finally {
      this.histograms.clear(originKey);
    }
  }

  /** Runs `fn` on the connection in turn with every other call. */
  private use<T>(fn: (db: SqlRunner) => Promise<T>): Promise<T> {
    return this.serial(() => fn(this.db));
  }

  /**
   * A read of this store's own, in turn with the other calls. Not `query`, which may be any SQL
   * and so drops the histograms and the write bookkeeping: getCheckpoint and dirtyHours, asked by
   * ingestion and by every facts run, dropped every chain's histograms each hour, so every hourly
   * build counted all history's address sets again.
   */
  private read<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]> {
    return this.use((db) => db.all<T>(sql, params));
  }

  /**
   * Any SQL, for tests and benchmarks that inspect tables. Not part of the Store interface:
   * code outside this folder goes through typed methods.
   */
  query<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]> {
    this.histograms.clear();
    return this.use(async (db) => {
      // In turn with the writes: one queued before this SQL must not keep what it read before it.
      this.bookkeeping.forget();
      return db.all<T>(sql, params);
    });
  }

  /** Any statement (see query). */
  exec(sql: string, params?: SqlValue[]): Promise<void> {
    // Arbitrary SQL may touch blocks: forget what writeBatch knows about them.
    this.highest.clear();
    this.histograms.clear();
    return this.use(async (db) => {
      this.bookkeeping.forget();
      await db.run(sql, params);
    });
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inTx.getStore()) return fn();
    return this.serial(() =>
      this.inTx.run(true, async () => {
        await this.conn.run('BEGIN TRANSACTION');
        try {
          const out = await fn();
          await this.conn.run('COMMIT');
          return out;
        } catch (err) {
          this.histograms.clear();
          this.bookkeeping.forget();
          // writeBatch inside fn may have raised it past what the rollback keeps.
          this.highest.clear();
          await this.conn.run('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }),
    );
  }

  /**
   * Writes the batch with its checkpoint and dirty hours in the open write group (begun if none
   * is), which commits once it holds a row group, or before any other call (`serial`). So the
   * rows and the checkpoint that covers them become durable together, and a crash before the
   * commit leaves the checkpoint of the last commit with exactly the blocks it covers.
   */
  async writeBatch(originKey: string, batch: NormalizedBatch, checkpoint: Checkpoint): Promise<void> {
    if (checkpoint.origin_key !== originKey) throw new Error(`writeBatch(${originKey}): checkpoint is for ${checkpoint.origin_key}`);
    const checked = checkBatch(originKey, batch);
    // Inside the caller's transaction (which committed any group when it began): written there.
    if (this.inTx.getStore()) return this.writeRows(originKey, batch, checkpoint, checked);
    const start = batch.blocks.length > 0 ? checked.lo : checkpoint.block_number + 1;
    return this.serial(async () => {
      this.group.checkResume(originKey, start);
      // A batch that replaces stored blocks (a retry, a reorg) commits the group first: if it
      // fails, it must not take the group's other batches with it.
      if (batch.blocks.length > 0 && checked.lo <= (await this.highestBlock(originKey))) await this.commitGroup();
      if (!this.group.open) {
        await this.conn.run('BEGIN TRANSACTION');
        this.group.began();
      }
      try {
        await this.writeRows(originKey, batch, checkpoint, checked);
      } catch (err) {
        await this.failGroup(err);
        throw err;
      }
      this.group.added(originKey, start, batch.txs.length);
      if (this.group.full) await this.commitGroup();
    }, true);
  }

  /** Transactions writeBatch has written in the open group, not committed yet (for tests and benchmarks). */
  get uncommittedTransactions(): number {
    return this.group.pending;
  }

  /** writeBatch's statements, in the transaction open on the connection. */
  private async writeRows(originKey: string, batch: NormalizedBatch, checkpoint: Checkpoint, { lo, hi, contiguous, hours }: ReturnType<typeof checkBatch>): Promise<void> {
    const ok = sqlString(originKey);
    await this.useThreads(1);
    // Statements here are literal SQL (values escaped or checked integers): a parameterised
    // statement costs several extra round trips to DuckDB's threads, and a write runs a few.
    if (batch.blocks.length > 0) {
      // Replace, never add: a batch retried after a crash overwrites its own earlier rows.
      // Appending past the highest stored block (the common case) needs no DELETE scan.
      const inRange = contiguous ? `block_number BETWEEN ${lo} AND ${hi}` : `block_number IN (${batch.blocks.map((b) => b.block_number).join(',')})`;
      if (lo <= (await this.highestBlock(originKey))) {
        await this.conn.run(`DELETE FROM transactions WHERE origin_key = ${ok} AND ${inRange}`);
        await this.conn.run(`DELETE FROM blocks WHERE origin_key = ${ok} AND ${inRange}`);
      }
      await appendBlocks(this.conn, batch.blocks);
      await appendTransactions(this.conn, batch.txs);
      // Includes rows not committed yet: a failed transaction clears it (failGroup, transaction).
      this.highest.set(originKey, Math.max(hi, this.highest.get(originKey) ?? -1));
    }
    const bookkeeping = await this.bookkeeping.batchSql(
      checkpoint,
      hours,
      async () => (await this.conn.runAndReadAll(`SELECT hour_ms FROM dirty_hours WHERE origin_key = ${ok}`)).getRows().map((r) => Number(r[0])),
      async () => (await this.conn.runAndReadAll(`SELECT 1 FROM checkpoints WHERE origin_key = ${ok}`)).getRows().length > 0,
    );
    await this.conn.run(bookkeeping);
  }

  /** Commits the open write group, if any. Call in turn (inside `serial` or `close`). */
  private async commitGroup(): Promise<void> {
    if (!this.group.open) return;
    try {
      await this.conn.run('COMMIT');
    } catch (err) {
      await this.failGroup(err);
      throw err;
    }
    this.group.committed();
  }

  /**
   * The open group is lost: roll it back and forget what the store remembered of its writes
   * (highest blocks, dirty hours and checkpoints), which the next calls read again from the
   * tables. Never COMMIT after a failed statement: DuckDB then ends the transaction without
   * writing anything and without an error.
   */
  private async failGroup(err: unknown): Promise<void> {
    this.highest.clear();
    this.bookkeeping.forget();
    this.group.failed(err);
    await this.conn.run('ROLLBACK').catch(() => undefined);
  }

  /**
   * Highest stored block of a chain, cached: blocks are written only through writeBatch and
   * removed only through rollback, which keep it current (`exec` of other SQL drops the cache).
   */
  private async highestBlock(originKey: string): Promise<number> {
    let h = this.highest.get(originKey);
    if (h === undefined) {
      const r = await this.conn.runAndReadAll(`SELECT coalesce(max(block_number), -1) FROM blocks WHERE origin_key = ${sqlString(originKey)}`);
      h = Number(r.getRows()[0][0]);
      this.highest.set(originKey, h);
    }
    return h;
  }

  async getCheckpoint(originKey: string): Promise<Checkpoint | null> {
    const rows = await this.read<{ block_number: bigint; block_hash: string }>(
      'SELECT block_number, block_hash FROM checkpoints WHERE origin_key = $1',
      [originKey],
    );
    const r = rows[0];
    return r ? { origin_key: originKey, block_number: Number(r.block_number), block_hash: r.block_hash } : null;
  }

  async blockRefs(originKey: string, from: number, to: number): Promise<StoredBlockRef[]> {
    const rows = await this.read<{ block_number: bigint; block_hash: string; parent_hash: string }>(
      `SELECT block_number, block_hash, parent_hash FROM blocks
       WHERE origin_key = $1 AND block_number BETWEEN $2 AND $3 ORDER BY block_number`,
      [originKey, from, to],
    );
    return rows.map((r) => ({ block_number: Number(r.block_number), block_hash: r.block_hash, parent_hash: r.parent_hash }));
  }

  async rollback(originKey: string, fromBlock: number, checkpoint: Checkpoint | null): Promise<void> {
    if (!Number.isSafeInteger(fromBlock)) throw new Error(`rollback(${originKey}): fromBlock must be an integer, got ${fromBlock}`);
    if (checkpoint && checkpoint.origin_key !== originKey) throw new Error(`rollback(${originKey}): checkpoint is for ${checkpoint.origin_key}`);
    const ok = sqlString(originKey);
    await this.transaction(async () => {
      const hours = await this.conn.runAndReadAll(`SELECT DISTINCT block_time // 3600 * 3600000 FROM blocks WHERE origin_key = ${ok} AND block_number >= ${fromBlock}`);
      await this.conn.run(`DELETE FROM transactions WHERE origin_key = ${ok} AND block_number >= ${fromBlock}`);
      await this.conn.run(`DELETE FROM blocks WHERE origin_key = ${ok} AND block_number >= ${fromBlock}`);
      this.bookkeeping.forget(originKey);
      const dirty = dirtySql(ok, hours.getRows().map((r) => Number(r[0])));
      await this.conn.run(`${dirty}${checkpoint ? checkpointSql(checkpoint) : `DELETE FROM checkpoints WHERE origin_key = ${ok};`}`);
    });
    this.highest.delete(originKey);
  }

  async pruneRaw(originKey: string, beforeUnixS: number): Promise<number> {
    return this.transaction(async () => {
      // The 10-minute buckets of the pruned time go with their transactions (Store.pruneRaw).
      await this.conn.run(chainValues.pruneTenMinuteFactsSql(originKey, beforeUnixS * 1000));
      const res = await this.conn.run('DELETE FROM transactions WHERE origin_key = $1 AND block_time < $2', [originKey, beforeUnixS]);
      return res.rowsChanged;
    });
  }

  async dirtyHours(originKey: string): Promise<number[]> {
    const rows = await this.read<{ hour_ms: bigint }>(
      'SELECT hour_ms FROM dirty_hours WHERE origin_key = $1 ORDER BY hour_ms',
      [originKey],
    );
    return rows.map((r) => Number(r.hour_ms));
  }

  async markDirtyHours(originKey: string, hours: readonly number[]): Promise<void> {
    if (hours.length === 0) return;
    await this.use((db) => {
      this.bookkeeping.forget(originKey);
      return db.run(dirtySql(sqlString(originKey), hours));
    });
  }

  async clearDirtyHours(originKey: string, hours: number[]): Promise<void> {
    if (hours.length === 0) return;
    await this.use((db) => {
      this.bookkeeping.forget(originKey);
      return db.run(`DELETE FROM dirty_hours WHERE origin_key = $1 AND hour_ms IN (${hours.map((h) => Math.trunc(h)).join(',')})`, [originKey]);
    });
  }

  // --- facts (facts.ts, address-sets.ts, fact-reads.ts) ---------------------------------------
  blockTimeAtOrBelow(originKey: string, blockNumber: number): Promise<number | null> {
    return this.use((db) => facts.blockTimeAtOrBelow(db, originKey, blockNumber));
  }

  blockPeriods(originKey: string, granularity: Granularity, untilMs: number): Promise<number[]> {
    return this.use((db) => facts.blockPeriods(db, originKey, granularity, untilMs));
  }

  /** DuckDB reads its blocks in-process for each write (period-scope.ts), so there is nothing to keep. */
  withChainBlocks<T>(_originKey: string, _fromMs: number, _untilMs: number, fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  // One transaction per granularity, as before the requests came together: DuckDB's scan costs
  // per row, not per statement, so one statement per granularity stays.
  async writeChainFacts(reqs: readonly ChainFactsRequest[]): Promise<void> {
    for (const req of reqs) await this.transaction(() => facts.writeChainFacts(this.db, req));
  }

  writeSettlementFacts(req: SettlementFactsRequest): Promise<void> {
    return this.transaction(() => chainValues.writeSettlementFacts(this.db, req));
  }

  replaceChainValues(req: ChainValuesRequest): Promise<void> {
    return this.transaction(() => chainValues.replaceChainValues(this.db, req));
  }

  /** One transaction per request, as separate replaceChainValues calls were. */
  async replaceChainValueSets(reqs: readonly ChainValuesRequest[]): Promise<void> {
    for (const req of reqs) await this.replaceChainValues(req);
  }

  writeChainAddressSets(req: ChainAddressSetsRequest): Promise<void> {
    return this.changingSets(req.origin_key, req.days.length > 0 && req.sets.length > 0, () => this.transaction(() => addressSets.writeChainAddressSets(this.db, req)));
  }

  pruneTenMinuteFacts(originKey: string, beforeMs: number): Promise<void> {
    return this.use((db) => db.run(chainValues.pruneTenMinuteFactsSql(originKey, beforeMs)).then(() => undefined));
  }

  clearFacts(originKey: string): Promise<void> {
    return this.changingSets(originKey, true, () => this.transaction(() => facts.clearFacts(this.db, originKey)));
  }

  pendingDays(originKey: string): Promise<number[]> {
    return this.use((db) => factReads.pendingDays(db, originKey));
  }

  settlePendingDays(originKey: string, computed: readonly number[], pending: readonly number[]): Promise<number> {
    return this.transaction(() => factReads.settlePendingDays(this.db, originKey, computed, pending));
  }

  writeFactStatus(originKey: string, status: FactStatus): Promise<void> {
    return this.use((db) => factReads.writeFactStatus(db, originKey, status));
  }

  factSet(originKey: string): Promise<string | null> {
    return this.use((db) => factReads.factSet(db, originKey));
  }

  writeFactSet(originKey: string, signature: string): Promise<void> {
    return this.use((db) => factReads.writeFactSet(db, originKey, signature));
  }

  firstRetainedDay(originKey: string): Promise<number | null> {
    return this.use((db) => factReads.firstRetainedDay(db, originKey));
  }

  factStatus(): Promise<Map<string, FactStatus>> {
    return this.use((db) => factReads.factStatus(db));
  }

  readFacts(q: FactQuery): Promise<FactRow[]> {
    return this.use((db) => factReads.readFacts(db, q));
  }

  distinctCounts(setKey: string, subject: FactSubject, windows: ReadonlyArray<readonly [number, number]>): Promise<number[]> {
    return this.use((db) => addressSets.distinctCounts(db, setKey, subject, windows, this.histograms));
  }

  distinctCountsOverUnion(setKey: string, subjects: readonly FactSubject[], windows: ReadonlyArray<readonly [number, number]>): Promise<number[]> {
    return this.use((db) => addressSets.distinctCountsOverUnion(db, setKey, subjects, windows, this.histograms));
  }

  bucketAggregates(q: BucketAggregatesQuery): Promise<BucketAggregateRow[]> {
    return this.use((db) => bucketAggregates.bucketAggregates(db, q));
  }

  /** One scan per range, as before: DuckDB's scans cost per row, not per statement. */
  bucketAggregateSets(q: BucketAggregateSetsQuery): Promise<BucketAggregateRow[][]> {
    return bucketAggregateSetsOneByOne((one) => this.bucketAggregates(one), q);
  }

  hourlyDistinctOverChains(req: HourlyDistinctRequest): Promise<HourlyDistinctRow[]> {
    return this.use((db) => hourlyDistinct.hourlyDistinctOverChains(db, req));
  }

  dailyFactFingerprints(req: DailyFactFingerprintRequest): Promise<Map<string, string>> {
    return this.use((db) => dailyFactFingerprints.dailyFactFingerprints(db, req));
  }

  dailyFactFingerprintGroups(req: DailyFactFingerprintGroups): Promise<Array<Map<string, string>>> {
    return this.use((db) => dailyFactFingerprints.dailyFactFingerprintGroups(db, req));
  }

  hourFingerprints(req: HourFingerprintRequest): Promise<HourFingerprint[]> {
    return this.use((db) => hourlyDistinct.hourFingerprints(db, req));
  }

  sharedAddressCounts(setKey: string, originKeys: readonly string[], window: readonly [number, number]): Promise<SharedAddressCount[]> {
    // Kept until one of the chains' sets changes, as the histograms are: a window of complete days asked every hour. A copy each time: callers own their rows.
    const key = JSON.stringify(['sharedAddressCounts', setKey, [...originKeys].sort(), window]);
    return this.use((db) => this.histograms.keep(key, originKeys, () => sharedAddresses.sharedAddressCounts(db, setKey, originKeys, window))).then(copyRows);
  }

  distinctTotals(setKey: string, originKeys: readonly string[], untilDay: number): Promise<Map<string, number>> {
    if (!Number.isSafeInteger(untilDay)) return Promise.reject(new Error(`distinct totals: not an integer: ${untilDay}`));
    return sharedAddresses.distinctTotals(async (subject) => (await this.distinctCounts(setKey, subject, [[0, untilDay]]))[0]!, originKeys);
  }

  writeBlobFacts(req: BlobFactsRequest): Promise<void> {
    return this.transaction(() => blobs.writeBlobFacts(this.db, req));
  }

  blobSenderDays(originKey: string, gasKey: string, daysUntil: number): Promise<BlobSenderDay[]> {
    return this.use((db) => blobs.blobSenderDays(db, originKey, gasKey, daysUntil));
  }

  recentBlocks(originKey: string, fromUnixS: number): Promise<RecentBlock[]> {
    return this.use((db) => recent.recentBlocks(db, originKey, fromUnixS));
  }

  recentFees(originKey: string, fromBlock: number, limit: number): Promise<RecentFee[]> {
    return this.use((db) => recent.recentFees(db, originKey, fromBlock, limit));
  }

  blockSpan(originKey: string, fromMs: number | null, untilMs: number | null): Promise<BlockSpan | null> {
    return this.use((db) => blockSpanSql.blockSpan(db, originKey, fromMs, untilMs));
  }

  blockspaceCounts(q: BlockspaceQuery): Promise<BlockspaceRow[]> {
    return this.use((db) => blockspace.blockspaceCounts(db, q));
  }

  hourlySendersOverContracts(q: GroupHourlySendersQuery): Promise<GroupHourlySendersRow[]> {
    return this.use((db) => hourlyGroupSenders.hourlySendersOverContracts(db, q));
  }

  contractFingerprints(q: ContractFingerprintQuery): Promise<ContractFingerprints> {
    return this.use((db) => contractFingerprints.contractFingerprints(db, q));
  }

  contractsInHours(q: ContractHoursQuery): Promise<ContractRef[]> {
    return this.use((db) => contractHours.contractsInHours(db, q));
  }

  // --- state samples (samples.ts) -------------------------------------------------------------
  writeExternalValues(rows: readonly ExternalValue[]): Promise<void> {
    return this.transaction(() => samples.writeExternalValues(this.db, rows));
  }

  readExternalValues(originKey: string, series: string): Promise<ExternalValue[]> {
    return this.use((db) => samples.readExternalValues(db, originKey, series));
  }

  writeSupplySamples(rows: readonly SupplySample[]): Promise<void> {
    return this.transaction(() => samples.writeSupplySamples(this.db, rows));
  }

  readSupplySamples(originKey: string): Promise<SupplySample[]> {
    return this.use((db) => samples.readSupplySamples(db, originKey));
  }

  writeSampleGaps(originKey: string, source: string, gaps: ReadonlyArray<{ day_ms: number; reason: string }>, cleared: readonly number[]): Promise<void> {
    return this.transaction(() => samples.writeSampleGaps(this.db, originKey, source, gaps, cleared));
  }

  readSampleGaps(originKeys: readonly string[]): Promise<SampleGap[]> {
    return this.use((db) => samples.readSampleGaps(db, originKeys));
  }

  lastBlocksOfDays(originKey: string, days: readonly number[]): Promise<Map<number, number>> {
    return this.use((db) => samples.lastBlocksOfDays(db, originKey, days));
  }

  // --- contract facts (contract-facts.ts, contract-reads.ts) -----------------------------------
  writeContractFacts(req: ContractFactsRequest): Promise<void> {
    return this.transaction(async () => {
      await contractFacts.writeContractFacts(this.db, req);
      if (req.granularity === 'hourly' && req.hours_before !== undefined) await contractFacts.pruneContractHours(this.db, req.origin_key, req.hours_before);
    });
  }

  writeContractAddressSets(req: ContractAddressSetsRequest): Promise<void> {
    // Contract sets have a table of their own, which no cached histogram reads.
    return this.transaction(() => contractFacts.writeContractAddressSets(this.db, req));
  }

  contractsWithFacts(metricKey: string, originKeys?: readonly string[]): Promise<ContractActivity[]> {
    return this.use((db) => contractReads.contractsWithFacts(db, metricKey, originKeys));
  }

  async readContractFacts(q: ContractFactsQuery): Promise<ContractFactColumns> {
    // Ordered after the connection is released: a read queued behind this one runs meanwhile.
    const read = await this.use((db) => contractFactColumns.readFactColumns(db, q));
    return contractFactColumns.orderFactColumns(q, read);
  }

  sumContractFacts(q: GroupFactsQuery): Promise<GroupFactRow[]> {
    return this.use((db) => contractReads.sumContractFacts(db, q));
  }

  sumContractFactsOverWindows(q: GroupWindowQuery): Promise<GroupWindowRow[]> {
    return this.use((db) => contractReads.sumContractFactsOverWindows(db, q));
  }

  distinctOverContracts(q: GroupDistinctQuery): Promise<GroupDistinctResult> {
    return this.use((db) => contractReads.distinctOverContracts(db, q));
  }

  async distinctOverGroupings(q: GroupDistinctManyQuery): Promise<GroupDistinctResult[]> {
    // Counted after the connection is released (millions of rows on this thread): a read queued behind this one runs meanwhile.
    const { plan, rows } = await this.use((db) => contractReads.readGroupingSets(db, q));
    return countGroupings(rows, plan, q.groupings);
  }

  // --- prices and money (prices.ts, money.ts) --------------------------------------------------
  async writePrices(rows: readonly PriceRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    prices.checkPriceRows(rows);
    await this.transaction(() => prices.writePrices(this.db, rows));
    return rows.length;
  }

  readPrices(asset: string, granularity: Granularity, fromMs = -Infinity, toMs = Infinity): Promise<PriceRow[]> {
    return this.use((db) => prices.readPrices(db, asset, granularity, fromMs, toMs));
  }

  latestPricePeriod(asset: string, granularity: Granularity): Promise<number | null> {
    return this.use((db) => prices.latestPricePeriod(db, asset, granularity));
  }

  convertMoney(req: MoneyRequest): Promise<void> {
    return this.transaction(() => money.convertMoney(this.db, req));
  }

  priceStatus(originKey: string): Promise<PriceStatusRow[]> {
    return this.use((db) => money.priceStatus(db, originKey));
  }

  priceStatusSummary(originKeys: readonly string[]): Promise<PriceStatusSummary[]> {
    return this.use((db) => money.priceStatusSummary(db, originKeys));
  }

  // --- application metadata (labels.ts) --------------------------------------------------------
  async replaceLabels(rows: readonly LabelRow[]): Promise<void> {
    labels.checkLabelRows(rows);
    return this.transaction(() => labels.replaceLabels(this.db, rows));
  }

  readLabels(): Promise<LabelRow[]> {
    return this.use((db) => labels.readLabels(db));
  }

  async replaceProjects(rows: readonly ProjectRow[]): Promise<void> {
    labels.checkProjectRows(rows);
    return this.transaction(() => labels.replaceProjects(this.db, rows));
  }

  readProjects(): Promise<ProjectRow[]> {
    return this.use((db) => labels.readProjects(db));
  }

  async writeMarketData(rows: readonly MarketRow[]): Promise<void> {
    if (rows.length === 0) return;
    labels.checkMarketRows(rows);
    await this.transaction(() => labels.writeMarketData(this.db, rows));
  }

  readMarketData(marketDataId: string): Promise<MarketRow[]> {
    return this.use((db) => labels.readMarketData(db, marketDataId));
  }

  readMarketDataFor(marketDataIds: readonly string[]): Promise<MarketRow[]> {
    return this.use((db) => labels.readMarketDataFor(db, marketDataIds));
  }

  /**
   * Commits the open write group and closes; fails, after closing, when that commit failed (the
   * group's batches are then not stored). Not through serial: a damaged store must still close
   * (and release its file).
   */
  async close(): Promise<void> {
    const close = async (): Promise<void> => {
      let failed: unknown = null;
      // After an invalidation no group is open (its failure rolled it back) and the instance may be gone.
      if (!this.damaged && !this.reopenNeeded) await this.commitGroup().catch((err: unknown) => (failed = asStoreError(err, this.path)));
      try {
        this.conn.closeSync();
        this.instance.closeSync();
      } catch (err) {
        // After a failed reopen both were closed already; anything else is worth hearing about.
        if (!this.reopenNeeded) throw err;
      }
      if (failed !== null) throw failed;
    };
    const run = this.queue.then(close, close);
    this.queue = run.catch(() => undefined);
    await run;
  }
}

/**
 * mkdir -p one level at a time: node's recursive mkdir reports ENOENT where the file system said
 * EROFS, which would hide a read-only disk behind "no such file or directory".
 */
function makeDirs(dir: string): void {
  if (existsSync(dir)) return;
  makeDirs(dirname(dir));
  try {
    mkdirSync(dir);
  } catch (err) {
    // Another process (a second ingester) made it meanwhile.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

/** DuckDB's words for an instance that a fatal error made unusable until it is opened again. */
const INVALIDATED = /^FATAL Error|database has been invalidated/m;

function dirtySql(ok: string, hours: readonly number[]): string {
  if (hours.length === 0) return '';
  return `INSERT INTO dirty_hours VALUES ${hours.map((h) => `(${ok}, ${Math.trunc(h)})`).join(',')} ON CONFLICT DO NOTHING;`;
}

function checkpointSql(cp: Checkpoint): string {
  if (!Number.isSafeInteger(cp.block_number)) throw new Error(`checkpoint of ${cp.origin_key}: block_number must be an integer, got ${cp.block_number}`);
  return `INSERT INTO checkpoints VALUES (${sqlString(cp.origin_key)}, ${cp.block_number}, ${sqlString(cp.block_hash)})
     ON CONFLICT (origin_key) DO UPDATE SET block_number = excluded.block_number, block_hash = excluded.block_hash;`;
}
