// What the DuckDB store's files run statements through: the store's one connection, already
// serialized by DuckDbStore (see its queue) and switched to its query threads.

/** A SQL value as DuckDB exchanges it: bigint for integers wider than 53 bits. */
export type SqlValue = string | number | bigint | boolean | null;
/** A result row; LIST columns come back as arrays. */
export type Row = Record<string, SqlValue | SqlValue[]>;

export interface SqlRunner {
  /** Statements that return rows; `params` bind to `$1, $2, ...`. */
  all<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]>;
  /**
   * A query whose columns are all numbers (or booleans), streamed chunk by chunk into one
   * Float64Array per column, NULL as NaN: millions of rows without a JavaScript value per cell.
   */
  numericColumns(sql: string): Promise<{ rows: number; columns: Float64Array[] }>;
  /** Statements that return nothing; resolves to the number of rows changed. */
  run(sql: string, params?: SqlValue[]): Promise<number>;
}
