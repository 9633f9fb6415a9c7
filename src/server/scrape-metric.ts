// A read-only Prometheus metric whose samples are computed when /metrics is scraped, in the shape
// prom-client's Registry formats. The server's request counters and the service's chain, RPC,
// round and source figures are all read this way: the numbers live in plain fields of the objects
// that own them, and prom-client never sits on a hot path.
import type { Metric } from 'prom-client';

export interface MetricValue {
  labels: Record<string, string | number>;
  value: number;
  /** For histograms: the sample's own name (`_bucket`, `_sum`, `_count`). */
  metricName?: string;
}

export function scrapeMetric(name: string, help: string, type: 'counter' | 'gauge' | 'histogram', values: () => MetricValue[]): Metric {
  const metric = {
    name,
    help,
    type,
    aggregator: 'sum',
    get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    reset: () => undefined,
  };
  return metric as unknown as Metric;
}
