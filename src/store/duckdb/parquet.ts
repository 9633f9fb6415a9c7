// Flat rows as an Apache Parquet file, written by DuckDB's own Parquet writer: the rows go into a
// temporary table of a private in-memory database and COPY writes the file, which is read back as
// bytes. A database of its own, not the store's: the rows are the published ones (whichever
// engine stores the facts), and a COPY here never waits behind, or holds up, the store's queue.
//
// One database per process, opened at the first file and kept: opening and closing one per file
// cost ~50 ms of CPU each (a build writes a dozen files), a connection ~5. Each file has a
// connection of its own, and a temporary table belongs to its connection, so files written at the
// same time never see each other's rows; closing the connection drops the table.
//
// One thread, so that the same rows always give the same bytes (the published-bytes manifest
// holds the files like every document): with several, row groups may be written in the order
// threads finish. With one, a query runs only on the thread that asked for it, however many
// connections run at once.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOUBLE, DuckDBInstance, VARCHAR } from '@duckdb/node-api';
import { appendRows, type Column } from './chunk-appender.js';
import { sqlString } from './sql-text.js';

/** One row of a flat export: the date as YYYY-MM-DD, written as a Parquet DATE. */
export interface ParquetRow {
  metric_key: string;
  origin_key: string;
  date: string;
  value: number | null;
}

// Appended in data chunks (chunk-appender.ts), 2048 rows a native call, not a call per value.
const COLUMNS: Column<ParquetRow>[] = [
  { type: VARCHAR, get: (r) => r.metric_key },
  { type: VARCHAR, get: (r) => r.origin_key },
  { type: VARCHAR, get: (r) => r.date },
  { type: DOUBLE, get: (r) => r.value },
];

/**
 * The rows, in the order given, as Parquet bytes with the columns metric_key (VARCHAR),
 * origin_key (VARCHAR), date (DATE) and value (DOUBLE, null kept), zstd-compressed (read by
 * DuckDB, pyarrow and pandas alike).
 */
export async function parquetOfRows(rows: readonly ParquetRow[]): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'chainlytics-parquet-'));
  const conn = await (await writer()).connect();
  try {
    await conn.run('CREATE TEMP TABLE flat_rows (metric_key VARCHAR NOT NULL, origin_key VARCHAR NOT NULL, date VARCHAR NOT NULL, value DOUBLE)');
    await appendRows(conn, 'flat_rows', COLUMNS, rows);
    const file = join(dir, 'rows.parquet');
    // The table keeps the appended order (DuckDB preserves insertion order), which is the
    // published order of the JSON and CSV rows.
    await conn.run(
      `COPY (SELECT metric_key, origin_key, CAST(date AS DATE) AS date, value FROM flat_rows) TO ${sqlString(file)} (FORMAT parquet, COMPRESSION zstd)`,
    );
    return await readFile(file);
  } finally {
    conn.closeSync();
    await rm(dir, { recursive: true, force: true });
  }
}

let instance: Promise<DuckDBInstance> | undefined;

/** The process's Parquet database; a failed open is not kept, so the next file tries again. */
function writer(): Promise<DuckDBInstance> {
  instance ??= DuckDBInstance.create(':memory:', { threads: '1' }).catch((err: unknown) => {
    instance = undefined;
    throw err;
  });
  return instance;
}
