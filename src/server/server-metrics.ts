// Prometheus metrics of the server. A registry per server (not prom-client's global one) so
// several servers in one process — tests, cluster workers — never collide; the lead can register
// more collectors on `registry`.
//
// Request counts and latencies are accumulated in plain numbers and handed to prom-client only
// when /metrics is scraped: prom-client validates and hashes label sets on every inc()/observe(),
// which would cost more than the rest of serving a cached document.
import { Gauge, Registry } from 'prom-client';
import type { Clock } from '../clock.js';
import { droppedLogLines } from '../log.js';
import type { DocumentHolder } from './document-holder.js';
import { scrapeMetric, type MetricValue } from './scrape-metric.js';

/** Upper bounds (seconds) of the latency histogram buckets. */
export const LATENCY_BUCKETS = [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.05, 0.25] as const;

interface RouteStats {
  statuses: Map<number, number>;
  /** Non-cumulative counts per bucket; the last slot is +Inf. */
  buckets: number[];
  sum: number;
  count: number;
}

export class ServerMetrics {
  readonly registry: Registry;
  readonly #routes = new Map<string, RouteStats>();

  constructor(holder: DocumentHolder, clock: Clock, registry = new Registry()) {
    this.registry = registry;
    registry.registerMetric(
      scrapeMetric('chainlytics_http_requests_total', 'HTTP responses by route class and status code.', 'counter', () =>
        [...this.#routes].flatMap(([route, s]) => [...s.statuses].map(([status, value]) => ({ labels: { route, status }, value }))),
      ),
    );
    registry.registerMetric(
      scrapeMetric(
        'chainlytics_http_request_duration_seconds',
        'Time from request start to the response handed to the socket, by route class.',
        'histogram',
        () =>
          [...this.#routes].flatMap(([route, s]) => {
            const out: MetricValue[] = [];
            let cumulative = 0;
            LATENCY_BUCKETS.forEach((le, i) => {
              cumulative += s.buckets[i];
              out.push({ metricName: 'chainlytics_http_request_duration_seconds_bucket', labels: { le, route }, value: cumulative });
            });
            out.push({ metricName: 'chainlytics_http_request_duration_seconds_bucket', labels: { le: '+Inf', route }, value: s.count });
            out.push({ metricName: 'chainlytics_http_request_duration_seconds_sum', labels: { route }, value: s.sum });
            out.push({ metricName: 'chainlytics_http_request_duration_seconds_count', labels: { route }, value: s.count });
            return out;
          }),
      ),
    );
    registry.registerMetric(
      scrapeMetric('chainlytics_log_lines_dropped_total', 'Log lines dropped: stdout (a pipe) did not keep up, or writes to a file failed (bounded log buffer).', 'counter', () => [
        { labels: {}, value: droppedLogLines() },
      ]),
    );
    // Not a prom-client Gauge: an unlabelled Gauge reports 0 after reset(), which reads as a
    // set built just now while none is loaded. Without a set there is no sample at all.
    registry.registerMetric(
      scrapeMetric('chainlytics_document_set_age_seconds', 'Seconds since the served document set was built; absent before the first set.', 'gauge', () => {
        const set = holder.current();
        return set ? [{ labels: {}, value: (clock.now() - set.builtAt) / 1000 }] : [];
      }),
    );
    new Gauge({
      name: 'chainlytics_documents',
      help: 'Documents in the served set.',
      registers: [registry],
      collect() {
        this.set(holder.current()?.entries.size ?? 0);
      },
    });
    new Gauge({
      name: 'chainlytics_document_set_swaps',
      help: 'Document sets swapped in since start.',
      registers: [registry],
      collect() {
        this.set(holder.swaps);
      },
    });
  }

  /** Records one response; called on every request, so it only touches plain numbers. */
  observe(route: string, status: number, seconds: number): void {
    let s = this.#routes.get(route);
    if (s === undefined) {
      s = { statuses: new Map(), buckets: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      this.#routes.set(route, s);
    }
    s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) i++;
    s.buckets[i]++;
    s.sum += seconds;
    s.count++;
  }
}
