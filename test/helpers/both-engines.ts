// The two engines a store test or golden test runs on: DuckDB in memory and a fresh database on a
// 2-shard ClickHouse cluster (the run's shared one, test/helpers/clickhouse-store.ts; the file's
// databases are dropped in its afterAll).
// Call it at the top level of a test file and iterate with describe.each(Object.keys(...)).
import { afterAll, beforeAll } from 'vitest';
import type { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { startTestCluster, type TestCluster } from './clickhouse-store.js';

export type EngineName = 'duckdb' | 'clickhouse';

export function bothEngines(): Record<EngineName, () => Promise<DuckDbStore | ClickHouseStore>> {
  let cluster: TestCluster | undefined;
  beforeAll(async () => {
    cluster = await startTestCluster();
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  return {
    duckdb: () => DuckDbStore.open({ path: ':memory:' }),
    clickhouse: () => cluster!.open(),
  };
}
