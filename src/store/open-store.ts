import type { EngineName } from '../registry/engines.js';
import type { Store } from './store.js';
import { DuckDbStore } from './duckdb/duckdb-store.js';

export interface StoreConfig {
  engine: EngineName;
  /** DuckDB file; default ./data/chainlytics.duckdb */
  path: string;
}

/** Opens the configured engine. A second engine (ClickHouse) is its name in ENGINE_NAMES and a case here. */
export async function openStore(cfg: StoreConfig): Promise<Store> {
  switch (cfg.engine) {
    case 'duckdb':
      return DuckDbStore.open({ path: cfg.path });
  }
}
