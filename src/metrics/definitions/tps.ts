// Fee table: user transactions per second of the hour.
import type { MetricDefinition } from '../definition.js';

export const tps: MetricDefinition = {
  id: 'tps',
  facts: [
    {
      key: 'tps',
      unit: 'plain',
      granularities: ['hourly'],
      sql: { duckdb: ({ seconds }) => `CAST(count(t.tx_hash) FILTER (WHERE t.is_user_tx) AS DOUBLE) / ${seconds}` },
    },
  ],
};
