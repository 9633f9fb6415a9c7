// What the ClickHouse store's files run statements through: one client on one node's HTTP
// interface, with the settings every statement needs (see clickhouse-store.ts).

/** A result row as read with quoted 64-bit integers and decimals: wide numbers are strings. */
export type Row = Record<string, unknown>;

export interface SqlRunner {
  /** Statements that return rows (JSONEachRow). */
  all<T extends Row = Row>(sql: string): Promise<T[]>;
  /**
   * Rows as arrays (JSONCompactEachRow) handed to `row` as they arrive, for results too large to
   * hold as objects. A retried statement calls `restart` first, so no row is consumed twice.
   */
  each(sql: string, restart: () => void, row: (values: unknown[]) => void): Promise<void>;
  /** Statements that return nothing. */
  run(sql: string): Promise<void>;
  /** Rows into a (Distributed) table; the values of wide integers as decimal strings. */
  insert(table: string, rows: readonly Row[]): Promise<void>;
  /** A fresh version for ReplacingMergeTree rows: greater than every version this process gave before. */
  version(): number;
}
