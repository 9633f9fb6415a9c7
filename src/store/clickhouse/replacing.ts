// Writes and deletes on ReplacingMergeTree tables (schema.ts): rows are added with a version,
// removed by newer tombstones, and read back with FINAL.
import { columnsOf } from './schema.js';
import type { Row, SqlRunner } from './sql-runner.js';

/** Inserts `rows` (data columns only) with one fresh version. */
export function putRows(db: SqlRunner, table: string, rows: readonly Row[], version = db.version()): Promise<void> {
  return db.insert(table, rows.map((r) => ({ ...r, version, deleted: 0 })));
}

/**
 * Deletes every row of `table` matching `where` (over the table's columns) by inserting tombstones
 * (of `version`, by default a fresh one: rows written after it must have a newer one to count).
 */
export async function deleteWhere(db: SqlRunner, table: string, where: string, version = db.version()): Promise<void> {
  const cols = columnsOf(table).join(', ');
  await db.run(`INSERT INTO ${table} (${cols}, version, deleted) SELECT ${cols}, ${version}, 1 FROM ${table} FINAL WHERE ${where}`);
}

/** Inserts the rows a SELECT of the table's data columns returns, with one fresh version. */
export async function insertSelect(db: SqlRunner, table: string, select: string): Promise<void> {
  const cols = columnsOf(table).join(', ');
  await db.run(`INSERT INTO ${table} (${cols}, version, deleted) SELECT *, ${db.version()}, 0 FROM (${select})`);
}
