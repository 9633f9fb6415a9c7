// The resolved `store:` section: which engine holds the data and how to reach it. Defined in the
// registry (which imports no stage) so that the store can type its engines' options with it.
/** DuckDB's file is AppConfig.duckdb_path (<data_dir>/chainlytics.duckdb), which commands may move. */
export interface DuckDbSettings {
  engine: 'duckdb';
}

export interface ClickHouseSettings {
  engine: 'clickhouse';
  /** HTTP interface of one node of the cluster, e.g. http://ch1.internal:8123 (no credentials). */
  url: string;
  database: string;
  /** The remote_servers cluster whose shards hold the tables. */
  cluster: string;
  user: string;
  /** Name of the environment variable holding the password, or null for none. */
  password_env: string | null;
  /** That variable's value at load time; null when none. Never log it. */
  password: string | null;
}

export type StoreSettings = DuckDbSettings | ClickHouseSettings;

export const CLICKHOUSE_DEFAULTS = { database: 'chainlytics', user: 'default' } as const satisfies Partial<ClickHouseSettings>;

/** A ClickHouse database or cluster name written without quoting. */
export const CLICKHOUSE_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
