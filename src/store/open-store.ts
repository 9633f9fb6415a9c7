import type { ClickHouseSettings } from '../registry/store-settings.js';
import type { Store } from './store.js';
import { ClickHouseStore } from './clickhouse/clickhouse-store.js';
import { DuckDbStore } from './duckdb/duckdb-store.js';

/** DuckDB: its file (default ./data/chainlytics.duckdb); ClickHouse: how to reach the cluster. */
export type StoreConfig = { engine: 'duckdb'; path: string } | ClickHouseSettings;

/** Opens the configured engine. */
export async function openStore(cfg: StoreConfig): Promise<Store> {
  switch (cfg.engine) {
    case 'duckdb':
      return DuckDbStore.open({ path: cfg.path });
    case 'clickhouse':
      return ClickHouseStore.open(cfg);
  }
}
