// Fee table: mean fee over transactions with fee > 0, hourly. The sum is exact (HUGEINT);
// only the division is floating point.
import type { MetricDefinition } from '../definition.js';

export const txcostsAvg: MetricDefinition = {
  id: 'txcosts_avg',
  facts: [
    {
      key: 'txcosts_avg',
      unit: 'wei',
      granularities: ['hourly'],
      sql: {
        duckdb: () =>
          'CAST(sum(t.fee_wei) FILTER (WHERE t.fee_wei > 0) AS DOUBLE) / nullif(count(t.tx_hash) FILTER (WHERE t.fee_wei > 0), 0)',
      },
    },
  ],
};
