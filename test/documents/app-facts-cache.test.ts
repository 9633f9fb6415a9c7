// The application facts kept between builds (documents/apps/app-facts-cache.ts) on DuckDB in
// memory; the same cases on the ClickHouse cluster are app-facts-cache-clickhouse.test.ts, a file
// of their own so that the two engines' halves run on both workers (app-facts-cache-cases.ts).
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { appFactsCacheCases } from './app-facts-cache-cases.js';

appFactsCacheCases('duckdb', () => DuckDbStore.open({ path: ':memory:' }));
