// throughput: gas used per second of the period (published ÷1e6 as Mgas/s). Arbitrum's
// gas_used includes the L1 part (gasUsedForL1), which is not L2 execution: it is subtracted.
// Also the fee table's `throughput` metric (per hour).
import type { MetricDefinition } from '../definition.js';

export const throughput: MetricDefinition = {
  id: 'throughput',
  facts: [
    {
      key: 'gas_per_second',
      unit: 'plain',
      granularities: ['hourly', 'daily'],
      sql: {
        duckdb: ({ family, seconds }) => {
          const gas = family === 'arbitrum' ? 't.gas_used - t.l1_gas_used' : 't.gas_used';
          return `CAST(coalesce(sum(${gas}), 0) AS DOUBLE) / ${seconds}`;
        },
      },
    },
  ],
};
