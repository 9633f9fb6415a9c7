// txcosts: the median (continuous, 0.5) fee over transactions with fee > 0. Also the fee
// table's `txcosts_median` (METRICS.md section 3): the same figure per hour.
import type { MetricDefinition } from '../definition.js';

export const txcosts: MetricDefinition = {
  id: 'txcosts',
  facts: [
    {
      key: 'txcosts_median',
      unit: 'wei',
      granularities: ['hourly', 'daily'],
      sql: { duckdb: () => 'quantile_cont(CAST(t.fee_wei AS DOUBLE), 0.5) FILTER (WHERE t.fee_wei > 0)' },
    },
  ],
};
