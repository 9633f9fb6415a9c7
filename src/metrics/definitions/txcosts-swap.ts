// Fee table: median fee of swap-sized transactions (150,000 ≤ gas used ≤ 350,000), hourly.
// Gas used is the proxy: it needs no labels and matches a typical AMM swap's cost.
import type { MetricDefinition } from '../definition.js';

export const txcostsSwap: MetricDefinition = {
  id: 'txcosts_swap',
  facts: [
    {
      key: 'txcosts_swap',
      unit: 'wei',
      granularities: ['hourly'],
      sql: {
        duckdb: () => 'quantile_cont(CAST(t.fee_wei AS DOUBLE), 0.5) FILTER (WHERE t.fee_wei > 0 AND t.gas_used BETWEEN 150000 AND 350000)',
      },
    },
  ],
};
