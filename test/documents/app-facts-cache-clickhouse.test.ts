// The application facts kept between builds (documents/apps/app-facts-cache.ts) on a fresh
// database of the run's 2-shard ClickHouse cluster: the cases of app-facts-cache-cases.ts, which
// app-facts-cache.test.ts runs on DuckDB beside this file.
import { bothEngines } from '../helpers/both-engines.js';
import { appFactsCacheCases } from './app-facts-cache-cases.js';

appFactsCacheCases('clickhouse', bothEngines().clickhouse);
