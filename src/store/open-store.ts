import type { Store } from './store.js';
import { DuckDbStore } from './duckdb/duckdb-store.js';

export interface StoreConfig {
  engine: 'duckdb';
  /** DuckDB file; default ./data/chainlytics.duckdb */
  path: string;
}

/** Opens the configured engine. A second engine (ClickHouse) is a new case here and its folder. */
export async function openStore(cfg: StoreConfig): Promise<Store> {
  switch (cfg.engine) {
    case 'duckdb':
      return DuckDbStore.open({ path: cfg.path });
  }
}
