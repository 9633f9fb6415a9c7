// bench:engine's reference for the write path: the same rows that went through Store.writeBatch,
// put into fresh tables of the same definition by the engine's own fastest bulk insert, so that
// writeBatch's rows/s can be compared with what the engine takes at best in the same run (issue
// 21: at least half). bench/engine.ts runs it before and after the writeBatch phase, so that both
// see the same load from whatever else the machine runs. Per chain, its rows are generated first
// (not timed), then inserted:
//   DuckDB      one appender per table (chunk-appender.ts, DuckDB data chunks) into a fresh
//               database file beside the store's (removed after), tables created by the store's DDL
//   ClickHouse  one INSERT … FORMAT RowBinary per table (the fastest input format the client can
//               send) into `bulk_<table>` Distributed tables over `bulk_<table>_local`
//               ReplacingMergeTree tables on every node, sharded like the store's tables
// The fresh tables are dropped afterwards, so nothing else in the run sees them.
import { DuckDBInstance } from '@duckdb/node-api';
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
}

/** Inserts each batch `rowsOf(c)` gives (one per chain) with DuckDB's appender into a fresh file in `dir`. */
export async function duckdbBulk(dir: string, chains: number, rowsOf: (c: number) => NormalizedBatch): Promise<BulkResult> {
  const path = join(dir, 'bulk-same-rows.duckdb');
  rmSync(path, { force: true });
  rmSync(`${path}.wal`, { force: true });
  const instance = await DuckDBInstance.create(path);
  const conn = await instance.connect();
  try {
    for (const ddl of DUCKDB_SCHEMA.filter((d) => /CREATE TABLE IF NOT EXISTS (blocks|transactions) \(/.test(d))) await conn.run(ddl);
    let rows = 0;
    let ms = 0;
    for (let c = 0; c < chains; c++) {
      const b = rowsOf(c);
      const t = performance.now();
      // As writeBatch orders them: transactions, then their blocks.
      await appendTransactions(conn, b.txs);
      await appendBlocks(conn, b.blocks);
      ms += performance.now() - t;
      rows += b.txs.length;
    }
    return { rows, seconds: ms / 1000 };
  } finally {
    conn.closeSync();
    instance.closeSync();
    rmSync(path, { force: true });
    rmSync(`${path}.wal`, { force: true });
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
    return { rows, seconds: ms / 1000 };
  } finally {
    await drop();
  }
}
