import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import type { NormalizedBatch } from '../../ingest/normalized.js';
import type { Checkpoint, Row, SqlValue, Store, StoredBlockRef } from '../store.js';
import { DUCKDB_SCHEMA } from './schema.js';

export interface DuckDbStoreOptions {
  /** File path, or ':memory:'. The parent directory is created. */
  path: string;
  /** Extra DDL run at open (later stages add their tables this way). */
  extraSchema?: string[];
}

/**
 * The embedded engine. One connection, and every statement goes through one queue: DuckDB
 * transactions belong to a connection, so interleaving two async callers on it would mix
 * their transactions. Calls made inside `transaction(fn)` run directly (they already hold it).
 */
export class DuckDbStore implements Store {
  readonly engine = 'duckdb' as const;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly inTx = new AsyncLocalStorage<boolean>();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly conn: DuckDBConnection,
  ) {}

  static async open(opts: DuckDbStoreOptions): Promise<DuckDbStore> {
    if (opts.path !== ':memory:') mkdirSync(dirname(opts.path), { recursive: true });
    const instance = await DuckDBInstance.create(opts.path);
    const conn = await instance.connect();
    const store = new DuckDbStore(instance, conn);
    for (const ddl of [...DUCKDB_SCHEMA, ...(opts.extraSchema ?? [])]) await conn.run(ddl);
    return store;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inTx.getStore()) return fn();
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  query<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]> {
    return this.serial(async () => {
      const reader = await this.conn.runAndReadAll(sql, params as DuckDBValue[] | undefined);
      return reader.getRowObjectsJS() as unknown as T[];
    });
  }

  exec(sql: string, params?: SqlValue[]): Promise<void> {
    return this.serial(async () => {
      await this.conn.run(sql, params as DuckDBValue[] | undefined);
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
          await this.conn.run('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }),
    );
  }

  async writeBatch(originKey: string, batch: NormalizedBatch, checkpoint: Checkpoint): Promise<void> {
    if (batch.blocks.length === 0) {
      await this.transaction(() => this.putCheckpoint(checkpoint));
      return;
    }
    let lo = Infinity;
    let hi = -Infinity;
    for (const b of batch.blocks) {
      if (b.origin_key !== originKey) throw new Error(`writeBatch(${originKey}): block of ${b.origin_key}`);
      lo = Math.min(lo, b.block_number);
      hi = Math.max(hi, b.block_number);
    }
    const hours = new Set<number>();
    for (const b of batch.blocks) hours.add(Math.floor(b.block_time / 3600) * 3_600_000);
    await this.transaction(async () => {
      // Replace, never add: a batch retried after a crash overwrites its own earlier rows.
      await this.conn.run('DELETE FROM transactions WHERE origin_key = $1 AND block_number BETWEEN $2 AND $3', [originKey, lo, hi]);
      await this.conn.run('DELETE FROM blocks WHERE origin_key = $1 AND block_number BETWEEN $2 AND $3', [originKey, lo, hi]);
      const ba = await this.conn.createAppender('blocks');
      for (const b of batch.blocks) {
        ba.appendVarchar(b.origin_key);
        ba.appendBigInt(BigInt(b.block_number));
        ba.appendVarchar(b.block_hash);
        ba.appendVarchar(b.parent_hash);
        ba.appendBigInt(BigInt(b.block_time));
        ba.appendHugeInt(b.gas_used);
        if (b.base_fee_wei === null) ba.appendNull();
        else ba.appendHugeInt(b.base_fee_wei);
        ba.appendInteger(b.tx_count);
        ba.endRow();
      }
      ba.flushSync();
      ba.closeSync();
      const ta = await this.conn.createAppender('transactions');
      for (const t of batch.txs) {
        ta.appendVarchar(t.origin_key);
        ta.appendBigInt(BigInt(t.block_number));
        ta.appendVarchar(t.block_hash);
        ta.appendBigInt(BigInt(t.block_time));
        ta.appendVarchar(t.tx_hash);
        ta.appendInteger(t.tx_index);
        ta.appendInteger(t.tx_type);
        ta.appendHugeInt(t.nonce);
        ta.appendVarchar(t.from_address);
        if (t.to_address === null) ta.appendNull();
        else ta.appendVarchar(t.to_address);
        if (t.created_contract === null) ta.appendNull();
        else ta.appendVarchar(t.created_contract);
        ta.appendBoolean(t.input_empty);
        if (t.selector === null) ta.appendNull();
        else ta.appendVarchar(t.selector);
        ta.appendHugeInt(t.value_wei);
        ta.appendHugeInt(t.gas_limit);
        ta.appendHugeInt(t.gas_used);
        ta.appendTinyInt(t.status);
        ta.appendHugeInt(t.gas_price_wei);
        ta.appendHugeInt(t.l1_fee_wei);
        ta.appendHugeInt(t.l1_gas_used);
        ta.appendHugeInt(t.fee_wei);
        ta.appendBoolean(t.is_user_tx);
        ta.endRow();
      }
      ta.flushSync();
      ta.closeSync();
      await this.markDirty(originKey, [...hours]);
      await this.putCheckpoint(checkpoint);
    });
  }

  private async markDirty(originKey: string, hours: number[]): Promise<void> {
    if (hours.length === 0) return;
    const values = hours.map((h) => `('${originKey.replace(/'/g, "''")}', ${Math.trunc(h)})`).join(',');
    await this.conn.run(`INSERT INTO dirty_hours VALUES ${values} ON CONFLICT DO NOTHING`);
  }

  private async putCheckpoint(cp: Checkpoint): Promise<void> {
    await this.conn.run(
      `INSERT INTO checkpoints VALUES ($1, $2, $3)
       ON CONFLICT (origin_key) DO UPDATE SET block_number = excluded.block_number, block_hash = excluded.block_hash`,
      [cp.origin_key, cp.block_number, cp.block_hash],
    );
  }

  async getCheckpoint(originKey: string): Promise<Checkpoint | null> {
    const rows = await this.query<{ block_number: bigint; block_hash: string }>(
      'SELECT block_number, block_hash FROM checkpoints WHERE origin_key = $1',
      [originKey],
    );
    const r = rows[0];
    return r ? { origin_key: originKey, block_number: Number(r.block_number), block_hash: r.block_hash } : null;
  }

  async blockRefs(originKey: string, from: number, to: number): Promise<StoredBlockRef[]> {
    const rows = await this.query<{ block_number: bigint; block_hash: string; parent_hash: string }>(
      `SELECT block_number, block_hash, parent_hash FROM blocks
       WHERE origin_key = $1 AND block_number BETWEEN $2 AND $3 ORDER BY block_number`,
      [originKey, from, to],
    );
    return rows.map((r) => ({ block_number: Number(r.block_number), block_hash: r.block_hash, parent_hash: r.parent_hash }));
  }

  async rollback(originKey: string, fromBlock: number, checkpoint: Checkpoint | null): Promise<void> {
    await this.transaction(async () => {
      const hours = await this.query<{ h: bigint }>(
        'SELECT DISTINCT block_time // 3600 * 3600000 AS h FROM blocks WHERE origin_key = $1 AND block_number >= $2',
        [originKey, fromBlock],
      );
      await this.conn.run('DELETE FROM transactions WHERE origin_key = $1 AND block_number >= $2', [originKey, fromBlock]);
      await this.conn.run('DELETE FROM blocks WHERE origin_key = $1 AND block_number >= $2', [originKey, fromBlock]);
      await this.markDirty(originKey, hours.map((r) => Number(r.h)));
      if (checkpoint) await this.putCheckpoint(checkpoint);
      else await this.conn.run('DELETE FROM checkpoints WHERE origin_key = $1', [originKey]);
    });
  }

  async pruneRaw(originKey: string, beforeUnixS: number): Promise<number> {
    const rows = await this.query<{ n: bigint }>(
      'SELECT count(*) AS n FROM transactions WHERE origin_key = $1 AND block_time < $2',
      [originKey, beforeUnixS],
    );
    await this.exec('DELETE FROM transactions WHERE origin_key = $1 AND block_time < $2', [originKey, beforeUnixS]);
    return Number(rows[0]?.n ?? 0);
  }

  async dirtyHours(originKey: string): Promise<number[]> {
    const rows = await this.query<{ hour_ms: bigint }>(
      'SELECT hour_ms FROM dirty_hours WHERE origin_key = $1 ORDER BY hour_ms',
      [originKey],
    );
    return rows.map((r) => Number(r.hour_ms));
  }

  async clearDirtyHours(originKey: string, hours: number[]): Promise<void> {
    if (hours.length === 0) return;
    await this.exec(
      `DELETE FROM dirty_hours WHERE origin_key = $1 AND hour_ms IN (${hours.map((h) => Math.trunc(h)).join(',')})`,
      [originKey],
    );
  }

  async close(): Promise<void> {
    await this.serial(async () => {
      this.conn.closeSync();
      this.instance.closeSync();
    });
  }
}
