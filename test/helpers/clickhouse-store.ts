// A 2-shard ClickHouse cluster for the store tests (support/clickhouse/cluster.ts) and fresh
// ClickHouse stores on it: each open gets its own database, so tests never see each other's rows.
import { startClickHouseCluster, type ClickHouseCluster } from '../../support/clickhouse/cluster.js';
import { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import type { ConnectionRuntime } from '../../src/store/clickhouse/connection.js';
import type { ClickHouseSettings } from '../../src/registry/store-settings.js';

export interface TestCluster {
  cluster: ClickHouseCluster;
  /** Settings of a store in `database` (default: a fresh name) through node 1. */
  settings(database?: string): ClickHouseSettings;
  /** `runtime`: the connection's sleep and version clock (tests record the retry delays). */
  open(database?: string, runtime?: ConnectionRuntime): Promise<ClickHouseStore>;
  stop(): Promise<void>;
}

let databases = 0;

export async function startTestCluster(): Promise<TestCluster> {
  const cluster = await startClickHouseCluster({ shards: 2 });
  const settings = (database = `t${process.pid}_${++databases}`): ClickHouseSettings => ({
    engine: 'clickhouse',
    url: cluster.nodes[0]!.url,
    database,
    cluster: cluster.name,
    user: 'default',
    password_env: null,
    password: null,
  });
  return {
    cluster,
    settings,
    open: (database, runtime) => ClickHouseStore.open(settings(database), runtime),
    stop: () => cluster.stop(),
  };
}
