// Fee table: median fee of native transfers (empty input, a recipient), hourly.
import type { MetricDefinition } from '../definition.js';

export const txcostsNativeMedian: MetricDefinition = {
  id: 'txcosts_native_median',
  facts: [
    {
      key: 'txcosts_native_median',
      unit: 'wei',
      granularities: ['hourly'],
      sql: {
        duckdb: () => 'quantile_cont(CAST(t.fee_wei AS DOUBLE), 0.5) FILTER (WHERE t.fee_wei > 0 AND t.input_empty AND t.to_address IS NOT NULL)',
      },
    },
  ],
};
