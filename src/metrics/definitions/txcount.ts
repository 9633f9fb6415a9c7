// txcount: the number of user transactions (METRICS.md section 2). System and deposit
// transactions (gas price 0; Arbitrum: gas used 0) are not user transactions; the flag is set
// at normalization (`is_user_tx`).
import type { MetricDefinition } from '../definition.js';

export const txcount: MetricDefinition = {
  id: 'txcount',
  facts: [
    {
      key: 'txcount',
      unit: 'plain',
      granularities: ['hourly', 'daily'],
      sql: { duckdb: () => 'count(t.tx_hash) FILTER (WHERE t.is_user_tx)' },
    },
  ],
};
