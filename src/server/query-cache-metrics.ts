// The incremental pulls' answer cache (row-query-answers.ts, server.query_cache_mb) on /metrics:
// what it holds now and how often a pull found its answer kept. Read from the cache's plain
// fields at scrape time, like every other server metric (scrape-metric.ts).
import type { Registry } from 'prom-client';
import type { RowQueryAnswers } from './row-query-answers.js';
import { scrapeMetric } from './scrape-metric.js';

export function registerQueryCacheMetrics(registry: Registry, answers: RowQueryAnswers): void {
  const one = (value: () => number) => () => [{ labels: {}, value: value() }];
  registry.registerMetric(
    scrapeMetric('chainlytics_query_cache_bytes', 'Bytes the answers to incremental pulls (since, chains) hold now, compressed variants included; at most server.query_cache_mb.', 'gauge', one(() => answers.heldBytes())),
  );
  registry.registerMetric(scrapeMetric('chainlytics_query_cache_entries', 'Answers to incremental pulls kept now.', 'gauge', one(() => answers.size)));
  registry.registerMetric(scrapeMetric('chainlytics_query_cache_hits_total', 'Incremental pulls answered from a kept answer.', 'counter', one(() => answers.hits)));
  registry.registerMetric(
    scrapeMetric('chainlytics_query_cache_misses_total', 'Incremental pulls whose rows were filtered from the published set (no kept answer).', 'counter', one(() => answers.misses)),
  );
}
