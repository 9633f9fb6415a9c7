// Prometheus metrics of the server. A registry per server (not prom-client's global one) so
// several servers in one process — tests, cluster primaries — never collide; the lead can register
// more collectors on `registry`. Label children are cached so the hot path does one Map lookup
// instead of prom-client's label hashing.
import { Counter, Gauge, Histogram, Registry, type LabelValues } from 'prom-client';
import type { Clock } from '../clock.js';
import type { DocumentHolder } from './document-holder.js';

type RouteLabels = 'route' | 'status';

export class ServerMetrics {
  readonly registry: Registry;
  readonly #requests: Counter<RouteLabels>;
  readonly #latency: Histogram<'route'>;
  readonly #counterChildren = new Map<string, { inc(): void }>();
  readonly #latencyChildren = new Map<string, { observe(v: number): void }>();

  constructor(holder: DocumentHolder, clock: Clock, registry = new Registry()) {
    this.registry = registry;
    this.#requests = new Counter({
      name: 'chainlytics_http_requests_total',
      help: 'HTTP responses by route class and status code.',
      labelNames: ['route', 'status'],
      registers: [registry],
    });
    this.#latency = new Histogram({
      name: 'chainlytics_http_request_duration_seconds',
      help: 'Time from request start to the response handed to the socket, by route class.',
      labelNames: ['route'],
      buckets: [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.05, 0.25],
      registers: [registry],
    });
    new Gauge({
      name: 'chainlytics_document_set_age_seconds',
      help: 'Seconds since the served document set was built; absent before the first set.',
      registers: [registry],
      collect() {
        const set = holder.current();
        this.reset();
        if (set) this.set((clock.now() - set.builtAt) / 1000);
      },
    });
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

  observe(route: string, status: number, seconds: number): void {
    const key = `${route}|${status}`;
    let c = this.#counterChildren.get(key);
    if (c === undefined) {
      c = this.#requests.labels({ route, status: String(status) } as LabelValues<RouteLabels>);
      this.#counterChildren.set(key, c);
    }
    c.inc();
    let h = this.#latencyChildren.get(route);
    if (h === undefined) {
      h = this.#latency.labels({ route });
      this.#latencyChildren.set(route, h);
    }
    h.observe(seconds);
  }
}
