// bench:engine's reference for the write path: the same rows that went through Store.writeBatch,
// put into fresh tables of the same definition by the engine's own fastest bulk insert, so that
// writeBatch's rows/s can be compared with what the engine takes at best in the same run (issue
// 21: at least half). bench/engine.ts runs it before and after the writeBatch phase, so that both
// see the same load from whatever else the machine runs. Per chain, its rows are generated first
// (not timed), then inserted:
//   DuckDB      one appender per table (chunk-appender.ts, DuckDB data chunks) into a fresh
//               database file beside the store's (removed after), tables created by the store's DDL;
//               then the same rows again by `INSERT … SELECT` from Parquet files (written from
//               the first copy, not timed) into a second fresh file, one insert per table and
//               chain: the engine's own reader, with no JavaScript value crossing into it
//   ClickHouse  one INSERT … FORMAT RowBinary per table (the fastest input format the client can
//               send) into `bulk_<table>` Distributed tables over `bulk_<table>_local`
//               ReplacingMergeTree tables on every node, sharded like the store's tables
// The fresh tables are dropped afterwards, so nothing else in the run sees them.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { NodeConnection } from '../src/store/clickhouse/connection.js';
import { BLOCK_COLUMNS, insertColumns, rowBinary, TX_COLUMNS } from '../src/store/clickhouse/raw-row-binary.js';
import { TABLES } from '../src/store/clickhouse/schema.js';
import { appendBlocks, appendTransactions } from '../src/store/duckdb/chunk-appender.js';
import { DUCKDB_SCHEMA } from '../src/store/duckdb/schema.js';
import type { NormalizedBatch } from '../src/store/rows.js';

export interface BulkResult {
  rows: number;
  seconds: number;
  /** DuckDB only: the same rows' `INSERT … SELECT` from Parquet, seconds (null for ClickHouse). */
  parquet_seconds: number | null;
}

/**
 * Inserts each batch `rowsOf(c)` gives (one per chain) with DuckDB's appender into a fresh file in
 * `dir`, then the same rows from Parquet files by `INSERT … SELECT` into another fresh file.
 */
export async function duckdbBulk(dir: string, chains: number, rowsOf: (c: number) => NormalizedBatch): Promise<BulkResult> {
  const appended = join(dir, 'bulk-same-rows.duckdb');
  const fromParquet = join(dir, 'bulk-parquet.duckdb');
  const parquet = (table: string, c: number): string => join(dir, `bulk-${table}-${c}.parquet`);
  const files = [appended, fromParquet].flatMap((p) => [p, `${p}.wal`]);
  const remove = (): void => {
    for (const f of files) rmSync(f, { force: true });
    for (let c = 0; c < chains; c++) for (const t of ['transactions', 'blocks']) rmSync(parquet(t, c), { force: true });
  };
  remove();
  try {
    let rows = 0;
    let ms = 0;
    await withFreshTables(appended, async (conn) => {
      for (let c = 0; c < chains; c++) {
        const b = rowsOf(c);
        const t = performance.now();
        // As writeBatch orders them: transactions, then their blocks.
        await appendTransactions(conn, b.txs);
        await appendBlocks(conn, b.blocks);
        ms += performance.now() - t;
        rows += b.txs.length;
        // The chain's rows as Parquet, for the second reference (not timed).
        for (const t of ['transactions', 'blocks']) {
          await conn.run(`COPY (SELECT * FROM ${t} WHERE origin_key = '${b.txs[0]?.origin_key ?? b.blocks[0]?.origin_key}') TO '${parquet(t, c)}' (FORMAT parquet)`);
        }
      }
    });
    let parquetMs = 0;
    await withFreshTables(fromParquet, async (conn) => {
      for (let c = 0; c < chains; c++) {
        const t = performance.now();
        for (const table of ['transactions', 'blocks']) await conn.run(`INSERT INTO ${table} SELECT * FROM read_parquet('${parquet(table, c)}')`);
        parquetMs += performance.now() - t;
      }
    });
    return { rows, seconds: ms / 1000, parquet_seconds: parquetMs / 1000 };
  } finally {
    remove();
  }
}

/** Runs `f` on a new DuckDB file at `path` holding empty `blocks` and `transactions` tables of the store's definition. */
async function withFreshTables(path: string, f: (conn: DuckDBConnection) => Promise<void>): Promise<void> {
  const instance = await DuckDBInstance.create(path);
  const conn = await instance.connect();
  try {
    for (const ddl of DUCKDB_SCHEMA.filter((d) => /CREATE TABLE IF NOT EXISTS (blocks|transactions) \(/.test(d))) await conn.run(ddl);
    await f(conn);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/**
 * The same with one RowBinary INSERT per table and chain through `entry` (the node the store
 * writes through), into `bulk_` tables created on each of `nodes` and dropped at the end.
 */
export async function clickhouseBulk(entry: NodeConnection, nodes: readonly NodeConnection[], cluster: string, chains: number, rowsOf: (c: number) => NormalizedBatch): Promise<BulkResult> {
  const names = ['transactions', 'blocks'];
  const drop = async (): Promise<void> => {
    for (const t of names) await entry.run(`DROP TABLE IF EXISTS bulk_${t}`);
    for (const n of nodes) for (const t of names) await n.run(`DROP TABLE IF EXISTS bulk_${t}_local`);
  };
  await drop();
  for (const n of nodes) for (const t of names) await n.run(`CREATE TABLE bulk_${t}_local AS ${t}_local`);
  for (const t of names) {
    const shardBy = TABLES.find((x) => x.name === t)!.shardBy;
    await entry.run(`CREATE TABLE bulk_${t} AS ${t}_local ENGINE = Distributed(${cluster}, currentDatabase(), bulk_${t}_local, ${shardBy})`);
  }
  try {
    let rows = 0;
    let ms = 0;
    for (let c = 0; c < chains; c++) {
      const b = rowsOf(c);
      const t = performance.now();
      await entry.insertBinary('bulk_transactions', insertColumns(TX_COLUMNS), rowBinary(TX_COLUMNS, b.txs, entry.version()));
      await entry.insertBinary('bulk_blocks', insertColumns(BLOCK_COLUMNS), rowBinary(BLOCK_COLUMNS, b.blocks, entry.version()));
      ms += performance.now() - t;
      rows += b.txs.length;
    }
    return { rows, seconds: ms / 1000, parquet_seconds: null };
  } finally {
    await drop();
  }
}
