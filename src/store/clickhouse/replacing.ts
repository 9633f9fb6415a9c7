// Writes and deletes on ReplacingMergeTree tables (schema.ts): rows are added with a version,
// removed by newer tombstones, and read back with FINAL.
//
// On small data a statement costs about 20 ms of server CPU whatever it carries (docs/scale.md),
// so a replacement is one statement where it can be: `replaceRows` sends the tombstones of rows
// whose keys are known with the new rows in one insert (no read of the old rows at all), and
// `replaceWhere` selects the old rows' tombstones and the new rows in one INSERT … SELECT. The
// tombstones' version is older than the new rows', so a new row of an old key wins, and a retry
// of either statement (same text, same versions) writes rows that collapse into the first ones.
//
// The old rows whose tombstones a statement writes are found without FINAL when the condition
// reads only the table's key columns (`tombstonesOf`): every version of a key has the same key
// columns, so such a condition selects all versions of a key or none, and a tombstone newer than
// every stored version deletes the key whichever version is its current one. Reading every
// version can only add tombstones of keys already deleted, which delete nothing. FINAL merged all
// the rows the key's prefix selected (every contract fact of a chain, to replace one hour's).
import { columnTypesOf, columnsOf, keyColumnsOf } from './schema.js';
import type { Row, SqlRunner } from './sql-runner.js';
import { sqlString } from './sql-text.js';

/** The data columns of `table` that are not in its key. */
function nonKeyColumns(table: string): string[] {
  const key = new Set(keyColumnsOf(table));
  return columnsOf(table).filter((c) => !key.has(c));
}

/**
 * `SELECT <data columns>, version, deleted` of the rows of `table` matching `where` that a
 * tombstone must cover: every stored live version when `where` names no column outside the key
 * (string literals left out of the check), else the rows FINAL keeps.
 */
export function tombstonesOf(table: string, where: string, version: number): string {
  const cols = columnsOf(table).join(', ');
  const bare = where.replace(/'(?:[^'\\]|\\.)*'/g, "''");
  const keyOnly = !nonKeyColumns(table).some((c) => new RegExp(`\\b${c}\\b`).test(bare));
  return keyOnly
    ? // The inner SELECT's `deleted` is the column; in the outer one it is the tombstone's alias.
      `SELECT ${cols}, toUInt64(${version}) AS version, toUInt8(1) AS deleted FROM (SELECT ${cols} FROM ${table} WHERE (${where}) AND deleted = 0)`
    : `SELECT ${cols}, toUInt64(${version}) AS version, toUInt8(1) AS deleted FROM ${table} FINAL WHERE ${where}`;
}

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
  await db.run(`INSERT INTO ${table} (${cols}, version, deleted) ${tombstonesOf(table, where, version)}`);
}

/** Inserts the rows a SELECT of the table's data columns returns, with one fresh version. */
export async function insertSelect(db: SqlRunner, table: string, select: string): Promise<void> {
  const cols = columnsOf(table).join(', ');
  await db.run(`INSERT INTO ${table} (${cols}, version, deleted) SELECT *, ${db.version()}, 0 FROM (${select})`);
}

/**
 * One insert: a tombstone for each key of `gone` (the table's key columns; the other columns
 * take their defaults, a tombstone's are never read) and `rows`. A key both gone and among
 * `rows` is written, not deleted. A tombstone of a key that is not stored deletes nothing.
 */
export function replaceRows(db: SqlRunner, table: string, gone: readonly Row[], rows: readonly Row[]): Promise<void> {
  const key = keyColumnsOf(table);
  const keyOf = (r: Row) => JSON.stringify(key.map((k) => r[k]));
  const written = new Set(rows.map(keyOf));
  const version = db.version();
  const tombstones = gone
    .filter((g) => !written.has(keyOf(g)))
    .map((g) => ({ ...Object.fromEntries(key.map((k) => [k, g[k]])), version, deleted: 1 }));
  return db.insert(table, [...tombstones, ...rows.map((r) => ({ ...r, version, deleted: 0 }))]);
}

/**
 * One INSERT … SELECT that replaces every row of `table` matching `where` with the rows the
 * `selects` return (each names the table's data columns; they are cast to the columns' types,
 * so the parts of the UNION agree). With no selects it is deleteWhere.
 */
export async function replaceWhere(db: SqlRunner, table: string, where: string, selects: readonly string[]): Promise<void> {
  const cols = columnsOf(table).join(', ');
  const gone = db.version();
  const put = db.version();
  const cast = columnTypesOf(table).map((c) => `CAST(${c.name} AS ${c.type}) AS ${c.name}`).join(', ');
  const parts = [
    tombstonesOf(table, where, gone),
    ...selects.map((s) => `SELECT ${cast}, toUInt64(${put}) AS version, toUInt8(0) AS deleted FROM (${s})`),
  ];
  await db.run(`INSERT INTO ${table} (${cols}, version, deleted) ${parts.join('\n UNION ALL ')}`);
}

/** A SELECT of `rows` (the table's data columns) sent as JSON in the statement, for replaceWhere. */
export function rowsSelect(table: string, rows: readonly Row[]): string {
  const structure = columnTypesOf(table).map((c) => `${c.name} ${c.type}`).join(', ');
  return `SELECT * FROM format(JSONEachRow, ${sqlString(structure)}, ${sqlString(rows.map((r) => JSON.stringify(r)).join('\n'))})`;
}
