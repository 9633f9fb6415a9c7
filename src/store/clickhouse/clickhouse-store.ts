import type { ClickHouseSettings } from '../../registry/store-settings.js';
import type { BlobFactsRequest, BlobSenderDay } from '../blobs.js';
import type { BlockspaceQuery, BlockspaceRow } from '../blockspace.js';
import type { BlockSpan } from '../block-span.js';
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
  GroupHourlySendersQuery,
  GroupHourlySendersRow,
  GroupWindowQuery,
  GroupWindowRow,
} from '../contract-facts.js';
import { checkBatch, checkLabelRows, checkMarketRows, checkPriceRows, checkProjectRows } from '../row-checks.js';
import type { ExternalValue, SampleGap, SupplySample } from '../samples.js';
import { copyRows, HistogramCache } from '../histogram-cache.js';
import * as addressSets from './address-sets.js';
import * as blobs from './blobs.js';
import * as blockspace from './blockspace.js';
import * as recent from './recent-blocks.js';
import type { RecentBlock, RecentFee } from '../recent-blocks.js';
import * as blockSpanSql from './block-span.js';
import * as bucketAggregates from './bucket-aggregates.js';
import type { BucketAggregateRow, BucketAggregateSetsQuery, BucketAggregatesQuery } from '../bucket-aggregates.js';
import * as chainValues from './chain-values.js';
import * as contractFactColumns from './contract-fact-columns.js';
import { NodeConnection, type ConnectionRuntime } from './connection.js';
import * as contractFacts from './contract-facts.js';
import * as contractReads from './contract-reads.js';
import * as factReads from './fact-reads.js';
import * as facts from './facts.js';
import * as hourlyDistinct from './hourly-distinct.js';
import * as hourlyGroupSenders from './hourly-group-senders.js';
import * as labels from './labels.js';
import * as money from './money.js';
import * as prices from './prices.js';
import * as samples from './samples.js';
import * as sharedAddresses from './shared-addresses.js';
import * as contractFingerprints from './contract-fingerprints.js';
import * as dailyFactFingerprints from './daily-fact-fingerprints.js';
import * as contractHours from './contract-hours.js';
import type { ContractFingerprintQuery, ContractFingerprints, ContractHoursQuery } from '../contract-changes.js';
import { BLOCK_COLUMNS, insertColumns, rowBinary, TX_COLUMNS } from './raw-row-binary.js';
import { deleteWhere, putRows } from './replacing.js';
import { nodeDdl } from './schema.js';
import { readChainBlocks, type ChainBlocks } from './period-scope.js';
import { settleAll } from '../../settle-all.js';
import type { Row, SqlRunner } from './sql-runner.js';
import { FlushFirst } from './flush-first.js';
import { InsertGroup } from './write-group.js';
import { intList, sqlString } from './sql-text.js';

const TX_INSERT_COLUMNS = insertColumns(TX_COLUMNS);
const BLOCK_INSERT_COLUMNS = insertColumns(BLOCK_COLUMNS);

/**
 * The store over a ClickHouse cluster, through one node's HTTP interface: that node's
 * Distributed tables spread writes over the shards and gather reads. Without multi-statement
 * transactions every method is idempotent on its own (schema.ts: versioned rows, tombstones),
 * so `transaction(fn)` runs `fn` as it is. Many processes may use the same cluster: ingest
 * processes for different chains and one builder (docs/scale.md).
 *
 * writeBatch holds appending batches in a group (write-group.ts) that is sent as one insert per
 * table once it holds `groupRows` transactions, before any other call of this store runs a
 * statement (`db` is a FlushFirst), and at `close`. Other processes see a group's rows once it is
 * sent; a crash loses the open group with its checkpoints, so ingestion fetches it again.
 */
export class ClickHouseStore implements Store {
  readonly engine = 'clickhouse' as const;
  /**
   * Per chain, a number never below the highest block stored in any version (replaced and
   * deleted rows included): a batch that starts above it replaces nothing, so writeBatch reads no
   * stored blocks first, which is the common case. It holds because a chain's blocks are written
   * by one ingest process (docs/scale.md) through one store, only by writeBatch and rollback;
   * `exec` of other SQL forgets it. Loaded per chain on first use, so a restarted process starts
   * from what is stored.
   */
  private readonly highest = new Map<string, number>();
  /** Per chain, its blocks read once for the facts writes inside withChainBlocks (period-scope.ts). */
  private readonly chainBlocks = new Map<string, ChainBlocks>();

  /** Every statement but the group's own inserts: each sends the open group first. */
  private readonly db: SqlRunner;
  /** The batches writeBatch holds, not sent yet. */
  private readonly group: InsertGroup;
  /** The last send of the group, which the next one waits for (sends go one at a time, in order). */
  private sending: Promise<void> = Promise.resolve();

  private constructor(
    /** The node connection; only the group's sends and writeBatch's own inserts use it directly. */
    private readonly conn: NodeConnection,
    /** Every node of the cluster, for DDL (tables are created on each). */
    readonly nodes: readonly string[],
    groupRows: number | undefined,
  ) {
    this.group = new InsertGroup(groupRows);
    this.db = new FlushFirst(conn, () => this.sendGroup());
  }

  /**
   * Connects, finds the cluster's nodes and creates the database and tables on each where
   * missing. A node is reached at its host from system.clusters and the HTTP port of `url`
   * (every node of the cluster serves HTTP on the same port).
   */
  static async open(cfg: ClickHouseSettings, runtime: ConnectionRuntime = {}, opts: { groupRows?: number } = {}): Promise<ClickHouseStore> {
    const entry = new URL(cfg.url);
    const boot = new NodeConnection({ url: cfg.url, user: cfg.user, password: cfg.password, database: 'system' }, runtime);
    let hosts: Array<{ host_address: string }>;
    try {
      await boot.ping();
      hosts = await boot.all<{ host_address: string }>(
        `SELECT DISTINCT host_address FROM system.clusters WHERE cluster = ${sqlString(cfg.cluster)} ORDER BY shard_num, replica_num`,
      );
    } finally {
      await boot.close();
    }
    if (hosts.length === 0) {
      throw new Error(`ClickHouse node ${entry.host} has no cluster ${cfg.cluster} in its remote_servers (SELECT DISTINCT cluster FROM system.clusters lists them)`);
    }
    const nodes = hosts.map((h) => `${entry.protocol}//${h.host_address.includes(':') ? `[${h.host_address}]` : h.host_address}:${entry.port || (entry.protocol === 'https:' ? 443 : 80)}`);
    // Every node at once, each stage's statements at once (schema.ts): the first failure, in
    // node order, is the error.
    await settleAll(
      nodes.map(async (url) => {
        const conn = new NodeConnection({ url, user: cfg.user, password: cfg.password, database: 'system' }, runtime);
        try {
          const { stages, added } = nodeDdl(cfg.database, cfg.cluster);
          for (const stage of stages) await settleAll(stage.map((ddl) => conn.run(ddl)));
          const present = await conn.all<{ table: string; name: string }>(
            `SELECT table, name FROM system.columns WHERE database = ${sqlString(cfg.database)} AND table IN (${[...new Set(added.map((a) => sqlString(a.table)))].join(', ')})`,
          );
          const has = new Set(present.map((c) => `${c.table}.${c.name}`));
          for (const a of added) if (!has.has(`${a.table}.${a.column}`)) await conn.run(a.ddl);
        } finally {
          await conn.close();
        }
      }),
    );
    return new ClickHouseStore(new NodeConnection({ url: cfg.url, user: cfg.user, password: cfg.password, database: cfg.database }, runtime), nodes, opts.groupRows);
  }

  /**
   * Any SQL, for tests and benchmarks that inspect tables (read the Distributed tables with
   * FINAL). Not part of the Store interface.
   */
  query<T extends Row = Row>(sql: string): Promise<T[]> {
    this.histograms.clear();
    return this.db.all<T>(sql);
  }

  /** Any statement (see query). It may write blocks and address sets, so what writeBatch knows of blocks and the cached histograms are forgotten. */
  async exec(sql: string): Promise<void> {
    this.highest.clear();
    this.histograms.clear();
    try {
      await this.db.run(sql);
    } finally {
      this.histograms.clear();
    }
  }

  /**
   * Distinct-count histograms (address-sets.ts), kept until a chain's sets change: this store is
   * their only writer (one builder per cluster, docs/scale.md), so every write passes here.
   */
  private readonly histograms = new HistogramCache();

  /** A write to a chain's address sets (see the DuckDB store's method of the same name). */
  private async changingSets<T>(originKey: string, writes: boolean, fn: () => Promise<T>): Promise<T> {
    if (!writes) return fn();
    this.histograms.clear(originKey);
    try {
      return await fn();
    } finally {
      this.histograms.clear(originKey);
    }
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  /**
   * A batch that only appends (it starts past the chain's highest stored block) joins the open
   * group, sent once the group is full or before any other call; one that replaces stored blocks
   * (a retry, a reorg) sends the group first and is written alone, as it always was, so its
   * tombstones and rows never wait in a group that could be lost after them.
   */
  async writeBatch(originKey: string, batch: NormalizedBatch, checkpoint: Checkpoint): Promise<void> {
    if (checkpoint.origin_key !== originKey) throw new Error(`writeBatch(${originKey}): checkpoint is for ${checkpoint.origin_key}`);
    if (!Number.isSafeInteger(checkpoint.block_number)) throw new Error(`checkpoint of ${originKey}: block_number must be an integer, got ${checkpoint.block_number}`);
    const { lo, hi, contiguous, hours } = checkBatch(originKey, batch);
    const start = batch.blocks.length > 0 ? lo : checkpoint.block_number + 1;
    // After a group that was being sent: a failure there decides whether this batch may follow it.
    await this.sending.catch(() => undefined);
    // A failed send may have stored part of the group, a chain's checkpoint included (the inserts
    // go in order, so then all its blocks too): a batch that starts right after that checkpoint
    // leaves no hole. Read only after a failure, for a batch past the first lost block.
    const lostFrom = this.group.lostFrom(originKey);
    const storedNext = lostFrom !== undefined && start > lostFrom ? ((await this.getCheckpoint(originKey))?.block_number ?? -1) + 1 : undefined;
    this.group.checkResume(originKey, start, storedNext);
    // Encoded first, so a value a column cannot hold is refused before anything is written; the
    // rows' version is taken after that of the tombstones below, which it must outrank.
    const tombstones = this.conn.version();
    const version = this.conn.version();
    const txs = batch.blocks.length > 0 ? rowBinary(TX_COLUMNS, batch.txs, version) : [];
    const blocks = batch.blocks.length > 0 ? rowBinary(BLOCK_COLUMNS, batch.blocks, version) : [];
    const highest = batch.blocks.length > 0 ? await this.highestBlock(originKey) : -1;
    if (batch.blocks.length === 0 || lo > highest) {
      // Raised when added: a send that fails part way may have stored some of these blocks.
      if (batch.blocks.length > 0) this.highest.set(originKey, Math.max(highest, hi));
      this.group.add(checkpoint, start, txs, blocks, batch.txs.length, hours, version);
      if (this.group.full) await this.sendGroup();
      return;
    }
    await this.sendGroup();
    const ok = sqlString(originKey);
    this.highest.set(originKey, Math.max(highest, hi));
    // Replace, never add: blocks already stored in the range with another hash (a reorg
    // written without a rollback) lose their transactions first; a retry of the same batch
    // writes rows of the same keys, which FINAL collapses into one.
    const inRange = contiguous ? `block_number BETWEEN ${lo} AND ${hi}` : `block_number IN (${intList(batch.blocks.map((b) => b.block_number), 'block')})`;
    const fresh = new Map(batch.blocks.map((b) => [b.block_number, b.block_hash]));
    const stored = await this.db.all<{ block_number: string; block_hash: string }>(`SELECT block_number, block_hash FROM blocks FINAL WHERE origin_key = ${ok} AND ${inRange}`);
    const replaced = stored.filter((r) => fresh.get(Number(r.block_number)) !== r.block_hash).map((r) => Number(r.block_number));
    if (replaced.length > 0) {
      const which = `origin_key = ${ok} AND block_number IN (${intList(replaced, 'block')})`;
      await deleteWhere(this.db, 'transactions', which, tombstones);
      await deleteWhere(this.db, 'blocks', which, tombstones);
    }
    // Transactions before their blocks: a block row is what marks its transactions as stored.
    await this.conn.insertBinary('transactions', TX_INSERT_COLUMNS, txs);
    await this.conn.insertBinary('blocks', BLOCK_INSERT_COLUMNS, blocks);
    await putRows(this.conn, 'dirty_hours', hours.map((h) => ({ origin_key: originKey, hour_ms: h })));
    await this.putCheckpoint(checkpoint);
  }

  flushWrites(): Promise<void> {
    return this.sendGroup();
  }

  /** Transactions writeBatch holds in the open group, not sent yet (for tests and benchmarks). */
  get uncommittedTransactions(): number {
    return this.group.pending;
  }

  /**
   * Sends the open group, after any send still under way: transactions, then the blocks that mark
   * them stored, then the dirty hours, then the checkpoints that cover them, each one insert. The
   * caller whose call sends a group that fails gets the error; the group's chains are then
   * refused past their first lost block (write-group.ts), and the next send starts afresh.
   */
  private sendGroup(): Promise<void> {
    const send = this.sending.catch(() => undefined).then(async () => {
      if (this.group.empty) return;
      const g = this.group.take();
      try {
        await this.conn.insertBinary('transactions', TX_INSERT_COLUMNS, g.txs);
        await this.conn.insertBinary('blocks', BLOCK_INSERT_COLUMNS, g.blocks);
        await putRows(this.conn, 'dirty_hours', g.dirtyHours, g.version);
        await putRows(this.conn, 'checkpoints', g.checkpoints.map((cp) => ({ origin_key: cp.origin_key, block_number: cp.block_number, block_hash: cp.block_hash })), g.version);
      } catch (err) {
        this.group.failed(g.firstBlocks, err);
        throw err;
      }
    });
    this.sending = send;
    return send;
  }

  /** See `highest`. Without FINAL: rows replaced or deleted count too, which only raises the bound. */
  private async highestBlock(originKey: string): Promise<number> {
    let h = this.highest.get(originKey);
    if (h === undefined) {
      // Past the group, which holds no batch of a chain not known here (adding one records it).
      const r = await this.conn.all<{ n: string }>(`SELECT ifNull(maxOrNull(block_number), -1) AS n FROM blocks WHERE origin_key = ${sqlString(originKey)}`);
      h = Number(r[0]?.n ?? -1);
      this.highest.set(originKey, h);
    }
    return h;
  }

  private putCheckpoint(cp: Checkpoint): Promise<void> {
    if (!Number.isSafeInteger(cp.block_number)) throw new Error(`checkpoint of ${cp.origin_key}: block_number must be an integer, got ${cp.block_number}`);
    return putRows(this.conn, 'checkpoints', [{ origin_key: cp.origin_key, block_number: cp.block_number, block_hash: cp.block_hash }]);
  }

  async getCheckpoint(originKey: string): Promise<Checkpoint | null> {
    const rows = await this.db.all<{ block_number: string; block_hash: string }>(
      `SELECT block_number, block_hash FROM checkpoints FINAL WHERE origin_key = ${sqlString(originKey)}`,
    );
    const r = rows[0];
    return r ? { origin_key: originKey, block_number: Number(r.block_number), block_hash: r.block_hash } : null;
  }

  async blockRefs(originKey: string, from: number, to: number): Promise<StoredBlockRef[]> {
    intList([from, to], 'block bound');
    const rows = await this.db.all<{ block_number: string; block_hash: string; parent_hash: string }>(
      `SELECT block_number, block_hash, parent_hash FROM blocks FINAL
       WHERE origin_key = ${sqlString(originKey)} AND block_number BETWEEN ${from} AND ${to} ORDER BY block_number`,
    );
    return rows.map((r) => ({ block_number: Number(r.block_number), block_hash: r.block_hash, parent_hash: r.parent_hash }));
  }

  async rollback(originKey: string, fromBlock: number, checkpoint: Checkpoint | null): Promise<void> {
    if (!Number.isSafeInteger(fromBlock)) throw new Error(`rollback(${originKey}): fromBlock must be an integer, got ${fromBlock}`);
    if (checkpoint && checkpoint.origin_key !== originKey) throw new Error(`rollback(${originKey}): checkpoint is for ${checkpoint.origin_key}`);
    const ok = sqlString(originKey);
    const hours = await this.db.all<{ h: string }>(`SELECT DISTINCT intDiv(block_time, 3600) * 3600000 AS h FROM blocks FINAL WHERE origin_key = ${ok} AND block_number >= ${fromBlock}`);
    // Dirty first: an interruption after it leaves hours to recompute, never a change unseen.
    await putRows(this.db, 'dirty_hours', hours.map((r) => ({ origin_key: originKey, hour_ms: Number(r.h) })));
    await deleteWhere(this.db, 'transactions', `origin_key = ${ok} AND block_number >= ${fromBlock}`);
    await deleteWhere(this.db, 'blocks', `origin_key = ${ok} AND block_number >= ${fromBlock}`);
    if (checkpoint) await this.putCheckpoint(checkpoint);
    else await deleteWhere(this.db, 'checkpoints', `origin_key = ${ok}`);
    // Only once every block from fromBlock on is deleted: a failure part way keeps the higher bound.
    const h = this.highest.get(originKey);
    if (h !== undefined) this.highest.set(originKey, Math.min(h, fromBlock - 1));
  }

  async pruneRaw(originKey: string, beforeUnixS: number): Promise<number> {
    intList([beforeUnixS], 'retention bound');
    const where = `origin_key = ${sqlString(originKey)} AND block_time < ${beforeUnixS}`;
    const n = await this.db.all<{ n: string }>(`SELECT count() AS n FROM transactions FINAL WHERE ${where}`);
    if (Number(n[0]?.n ?? 0) === 0) return 0;
    // The 10-minute buckets of the pruned time first (Store.pruneRaw): an interruption between
    // the two leaves transactions without buckets, which the fee line chart reads raw.
    await chainValues.pruneTenMinuteFacts(this.db, originKey, beforeUnixS * 1000);
    await deleteWhere(this.db, 'transactions', where);
    return Number(n[0]?.n ?? 0);
  }

  async markDirtyHours(originKey: string, hours: readonly number[]): Promise<void> {
    if (hours.length === 0) return;
    intList(hours, 'hour');
    await putRows(this.db, 'dirty_hours', hours.map((h) => ({ origin_key: originKey, hour_ms: h })));
  }

  async dirtyHours(originKey: string): Promise<number[]> {
    const rows = await this.db.all<{ hour_ms: string }>(`SELECT hour_ms FROM dirty_hours FINAL WHERE origin_key = ${sqlString(originKey)} ORDER BY hour_ms`);
    return rows.map((r) => Number(r.hour_ms));
  }

  async clearDirtyHours(originKey: string, hours: number[]): Promise<void> {
    if (hours.length === 0) return;
    await deleteWhere(this.db, 'dirty_hours', `origin_key = ${sqlString(originKey)} AND hour_ms IN (${intList(hours.map((h) => Math.trunc(h)), 'hour')})`);
  }

  // --- facts (facts.ts, address-sets.ts, fact-reads.ts) ---------------------------------------
  blockTimeAtOrBelow(originKey: string, blockNumber: number): Promise<number | null> {
    return facts.blockTimeAtOrBelow(this.db, originKey, blockNumber);
  }

  blockPeriods(originKey: string, granularity: Granularity, untilMs: number): Promise<number[]> {
    return facts.blockPeriods(this.db, originKey, granularity, untilMs);
  }

  async withChainBlocks<T>(originKey: string, fromMs: number, untilMs: number, fn: () => Promise<T>): Promise<T> {
    if (!(untilMs > fromMs)) return fn();
    const before = this.chainBlocks.get(originKey);
    this.chainBlocks.set(originKey, await readChainBlocks(this.db, originKey, fromMs, untilMs));
    try {
      return await fn();
    } finally {
      if (before) this.chainBlocks.set(originKey, before);
      else this.chainBlocks.delete(originKey);
    }
  }

  writeChainFacts(reqs: readonly ChainFactsRequest[]): Promise<void> {
    return facts.writeChainFacts(this.db, reqs, reqs[0] && this.chainBlocks.get(reqs[0].origin_key));
  }

  writeSettlementFacts(req: SettlementFactsRequest): Promise<void> {
    return chainValues.writeSettlementFacts(this.db, req, this.chainBlocks.get(req.origin_key));
  }

  replaceChainValues(req: ChainValuesRequest): Promise<void> {
    return chainValues.replaceChainValues(this.db, req);
  }

  replaceChainValueSets(reqs: readonly ChainValuesRequest[]): Promise<void> {
    return chainValues.replaceChainValueSets(this.db, reqs);
  }

  writeChainAddressSets(req: ChainAddressSetsRequest): Promise<void> {
    return this.changingSets(req.origin_key, req.days.length > 0 && req.sets.length > 0, () => addressSets.writeChainAddressSets(this.db, req, this.chainBlocks.get(req.origin_key)));
  }

  pruneTenMinuteFacts(originKey: string, beforeMs: number): Promise<void> {
    return chainValues.pruneTenMinuteFacts(this.db, originKey, beforeMs);
  }

  clearFacts(originKey: string): Promise<void> {
    return this.changingSets(originKey, true, () => facts.clearFacts(this.db, originKey));
  }

  pendingDays(originKey: string): Promise<number[]> {
    return factReads.pendingDays(this.db, originKey);
  }

  settlePendingDays(originKey: string, computed: readonly number[], pending: readonly number[]): Promise<number> {
    return factReads.settlePendingDays(this.db, originKey, computed, pending);
  }

  writeFactStatus(originKey: string, status: FactStatus): Promise<void> {
    return factReads.writeFactStatus(this.db, originKey, status);
  }

  factSet(originKey: string): Promise<string | null> {
    return factReads.factSet(this.db, originKey);
  }

  writeFactSet(originKey: string, signature: string): Promise<void> {
    return factReads.writeFactSet(this.db, originKey, signature);
  }

  firstRetainedDay(originKey: string): Promise<number | null> {
    return factReads.firstRetainedDay(this.db, originKey);
  }

  factStatus(): Promise<Map<string, FactStatus>> {
    return factReads.factStatus(this.db);
  }

  readFacts(q: FactQuery): Promise<FactRow[]> {
    return factReads.readFacts(this.db, q);
  }

  distinctCounts(setKey: string, subject: FactSubject, windows: ReadonlyArray<readonly [number, number]>): Promise<number[]> {
    return addressSets.distinctCountsOverUnion(this.db, setKey, [subject], windows, this.histograms);
  }

  distinctCountsOverUnion(setKey: string, subjects: readonly FactSubject[], windows: ReadonlyArray<readonly [number, number]>): Promise<number[]> {
    return addressSets.distinctCountsOverUnion(this.db, setKey, subjects, windows, this.histograms);
  }

  bucketAggregates(q: BucketAggregatesQuery): Promise<BucketAggregateRow[]> {
    return bucketAggregates.bucketAggregates(this.db, q);
  }

  bucketAggregateSets(q: BucketAggregateSetsQuery): Promise<BucketAggregateRow[][]> {
    return bucketAggregates.bucketAggregateSets(this.db, q);
  }

  hourlyDistinctOverChains(req: HourlyDistinctRequest): Promise<HourlyDistinctRow[]> {
    return hourlyDistinct.hourlyDistinctOverChains(this.db, req);
  }

  dailyFactFingerprints(req: DailyFactFingerprintRequest): Promise<Map<string, string>> {
    return dailyFactFingerprints.dailyFactFingerprints(this.db, req);
  }

  dailyFactFingerprintGroups(req: DailyFactFingerprintGroups): Promise<Array<Map<string, string>>> {
    return dailyFactFingerprints.dailyFactFingerprintGroups(this.db, req);
  }

  hourFingerprints(req: HourFingerprintRequest): Promise<HourFingerprint[]> {
    return hourlyDistinct.hourFingerprints(this.db, req);
  }

  sharedAddressCounts(setKey: string, originKeys: readonly string[], window: readonly [number, number]): Promise<SharedAddressCount[]> {
    // Kept until one of the chains' sets changes, as the histograms are: a window of complete days asked every hour. A copy each time: callers own their rows.
    const key = JSON.stringify(['sharedAddressCounts', setKey, [...originKeys].sort(), window]);
    return this.histograms.keep(key, originKeys, () => sharedAddresses.sharedAddressCounts(this.db, setKey, originKeys, window)).then(copyRows);
  }

  distinctTotals(setKey: string, originKeys: readonly string[], untilDay: number): Promise<Map<string, number>> {
    return sharedAddresses.distinctTotals(this.db, setKey, originKeys, untilDay);
  }

  hourlySendersOverContracts(q: GroupHourlySendersQuery): Promise<GroupHourlySendersRow[]> {
    return hourlyGroupSenders.hourlySendersOverContracts(this.db, q);
  }

  contractFingerprints(q: ContractFingerprintQuery): Promise<ContractFingerprints> {
    return contractFingerprints.contractFingerprints(this.db, q);
  }

  contractsInHours(q: ContractHoursQuery): Promise<ContractRef[]> {
    return contractHours.contractsInHours(this.db, q);
  }

  writeBlobFacts(req: BlobFactsRequest): Promise<void> {
    return blobs.writeBlobFacts(this.db, req);
  }

  blobSenderDays(originKey: string, gasKey: string, daysUntil: number): Promise<BlobSenderDay[]> {
    return blobs.blobSenderDays(this.db, originKey, gasKey, daysUntil);
  }

  recentBlocks(originKey: string, fromUnixS: number): Promise<RecentBlock[]> {
    return recent.recentBlocks(this.db, originKey, fromUnixS);
  }

  recentFees(originKey: string, fromBlock: number, limit: number): Promise<RecentFee[]> {
    return recent.recentFees(this.db, originKey, fromBlock, limit);
  }

  blockSpan(originKey: string, fromMs: number | null, untilMs: number | null): Promise<BlockSpan | null> {
    return blockSpanSql.blockSpan(this.db, originKey, fromMs, untilMs);
  }

  blockspaceCounts(q: BlockspaceQuery): Promise<BlockspaceRow[]> {
    return blockspace.blockspaceCounts(this.db, q);
  }

  // --- state samples and external series (samples.ts) ------------------------------------------
  writeExternalValues(rows: readonly ExternalValue[]): Promise<void> {
    return samples.writeExternalValues(this.db, rows);
  }

  readExternalValues(originKey: string, series: string): Promise<ExternalValue[]> {
    return samples.readExternalValues(this.db, originKey, series);
  }

  writeSupplySamples(rows: readonly SupplySample[]): Promise<void> {
    return samples.writeSupplySamples(this.db, rows);
  }

  readSupplySamples(originKey: string): Promise<SupplySample[]> {
    return samples.readSupplySamples(this.db, originKey);
  }

  writeSampleGaps(originKey: string, source: string, gaps: ReadonlyArray<{ day_ms: number; reason: string }>, cleared: readonly number[]): Promise<void> {
    return samples.writeSampleGaps(this.db, originKey, source, gaps, cleared);
  }

  readSampleGaps(originKeys: readonly string[]): Promise<SampleGap[]> {
    return samples.readSampleGaps(this.db, originKeys);
  }

  lastBlocksOfDays(originKey: string, days: readonly number[]): Promise<Map<number, number>> {
    return samples.lastBlocksOfDays(this.db, originKey, days);
  }

  // --- contract facts (contract-facts.ts, contract-reads.ts, contract-fact-columns.ts) ----------
  writeContractFacts(req: ContractFactsRequest): Promise<void> {
    return contractFacts.writeContractFacts(this.db, req, this.chainBlocks.get(req.origin_key));
  }

  writeContractAddressSets(req: ContractAddressSetsRequest): Promise<void> {
    return contractFacts.writeContractAddressSets(this.db, req, this.chainBlocks.get(req.origin_key));
  }

  contractsWithFacts(metricKey: string, originKeys?: readonly string[]): Promise<ContractActivity[]> {
    return contractReads.contractsWithFacts(this.db, metricKey, originKeys);
  }

  readContractFacts(q: ContractFactsQuery): Promise<ContractFactColumns> {
    return contractFactColumns.readContractFacts(this.db, q);
  }

  sumContractFacts(q: GroupFactsQuery): Promise<GroupFactRow[]> {
    return contractReads.sumContractFacts(this.db, q);
  }

  sumContractFactsOverWindows(q: GroupWindowQuery): Promise<GroupWindowRow[]> {
    return contractReads.sumContractFactsOverWindows(this.db, q);
  }

  distinctOverContracts(q: GroupDistinctQuery): Promise<GroupDistinctResult> {
    return contractReads.distinctOverContracts(this.db, q);
  }

  distinctOverGroupings(q: GroupDistinctManyQuery): Promise<GroupDistinctResult[]> {
    return contractReads.distinctOverGroupings(this.db, q);
  }

  // --- prices and money (prices.ts, money.ts) --------------------------------------------------
  async writePrices(rows: readonly PriceRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    checkPriceRows(rows);
    await prices.writePrices(this.db, rows);
    return rows.length;
  }

  readPrices(asset: string, granularity: Granularity, fromMs = -Infinity, toMs = Infinity): Promise<PriceRow[]> {
    return prices.readPrices(this.db, asset, granularity, fromMs, toMs);
  }

  latestPricePeriod(asset: string, granularity: Granularity): Promise<number | null> {
    return prices.latestPricePeriod(this.db, asset, granularity);
  }

  convertMoney(req: MoneyRequest): Promise<void> {
    return money.convertMoney(this.db, req);
  }

  priceStatus(originKey: string): Promise<PriceStatusRow[]> {
    return money.priceStatus(this.db, originKey);
  }

  priceStatusSummary(originKeys: readonly string[]): Promise<PriceStatusSummary[]> {
    return money.priceStatusSummary(this.db, originKeys);
  }

  // --- application metadata (labels.ts) --------------------------------------------------------
  async replaceLabels(rows: readonly LabelRow[]): Promise<void> {
    checkLabelRows(rows);
    await labels.replaceLabels(this.db, rows);
  }

  readLabels(): Promise<LabelRow[]> {
    return labels.readLabels(this.db);
  }

  async replaceProjects(rows: readonly ProjectRow[]): Promise<void> {
    checkProjectRows(rows);
    await labels.replaceProjects(this.db, rows);
  }

  readProjects(): Promise<ProjectRow[]> {
    return labels.readProjects(this.db);
  }

  async writeMarketData(rows: readonly MarketRow[]): Promise<void> {
    if (rows.length === 0) return;
    checkMarketRows(rows);
    await labels.writeMarketData(this.db, rows);
  }

  readMarketData(marketDataId: string): Promise<MarketRow[]> {
    return labels.readMarketDataFor(this.db, [marketDataId]);
  }

  readMarketDataFor(marketDataIds: readonly string[]): Promise<MarketRow[]> {
    return labels.readMarketDataFor(this.db, marketDataIds);
  }

  /** Sends the open group and closes; fails, after closing, when that send failed (its batches are then not stored). */
  async close(): Promise<void> {
    let failed: unknown = null;
    await this.sendGroup().catch((err: unknown) => (failed = err));
    await this.conn.close();
    if (failed !== null) throw failed;
  }
}
