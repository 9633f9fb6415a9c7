// fees: the sum of the fees of all transactions, summed exactly in the gas token's wei
// (HUGEINT) and converted to ETH and USD with the period's prices afterwards.
import type { MetricDefinition } from '../definition.js';

export const fees: MetricDefinition = {
  id: 'fees',
  facts: [
    {
      key: 'fees_paid',
      unit: 'wei_sum',
      granularities: ['hourly', 'daily'],
      sql: { duckdb: () => 'coalesce(sum(t.fee_wei), 0::HUGEINT)' },
    },
  ],
};
