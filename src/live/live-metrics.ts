// The live stream on /metrics (CONTRACT.md 12.8): open streams per kind, updates skipped for
// slow clients and streams closed per reason, read from the registry's plain fields at scrape time.
import type { Registry } from 'prom-client';
import { scrapeMetric } from '../server/scrape-metric.js';
import type { StreamRegistry } from './stream-registry.js';

export function registerLiveMetrics(registry: Registry, streams: StreamRegistry): void {
  registry.registerMetric(
    scrapeMetric('chainlytics_live_streams', 'Open live event streams by kind (events, chain, documents).', 'gauge', () =>
      Object.entries(streams.byKind).map(([kind, value]) => ({ labels: { kind }, value })),
    ),
  );
  registry.registerMetric(
    scrapeMetric('chainlytics_live_updates_skipped_total', 'Live updates not written to a stream that had more than the skip threshold unflushed.', 'counter', () => [
      { labels: {}, value: streams.updatesSkipped },
    ]),
  );
  registry.registerMetric(
    scrapeMetric('chainlytics_live_streams_closed_total', 'Live streams closed, by reason (client, slow, stalled, lifetime, shutdown).', 'counter', () =>
      Object.entries(streams.closed).map(([reason, value]) => ({ labels: { reason }, value })),
    ),
  );
  registry.registerMetric(
    scrapeMetric('chainlytics_live_streams_refused_total', 'Live streams refused at a cap: busy (all streams) or address (one client address).', 'counter', () =>
      Object.entries(streams.refused).map(([cap, value]) => ({ labels: { cap }, value })),
    ),
  );
}
