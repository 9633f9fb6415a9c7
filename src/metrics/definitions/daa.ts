// daa: distinct `from` addresses over all transactions of the period, exact (METRICS.md
// section 2). Per-day address sets are kept so weeks, months and any window count distinct
// addresses over the window instead of summing days.
import type { MetricDefinition } from '../definition.js';

export const daa: MetricDefinition = {
  id: 'daa',
  facts: [
    {
      key: 'daa',
      unit: 'plain',
      granularities: ['hourly', 'daily'],
      sql: { duckdb: () => 'count(DISTINCT t.from_address)' },
    },
  ],
  addressSet: { duckdb: () => 't.from_address' },
};
