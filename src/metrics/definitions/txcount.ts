// txcount: the number of user transactions (METRICS.md section 2). System and deposit
// transactions (gas price 0; Arbitrum: gas used 0) are not user transactions; the flag is set
// at normalization (`is_user_tx`).
import { valueColumn, type ChainMetric, type FactAggregate } from '../definition.js';
import { count } from '../units.js';
import { SYNTHETIC_TXCOUNT_FACTS } from '../blockspace-facts.js';

export const TXCOUNT: FactAggregate = {
  key: 'txcount',
  unit: 'plain',
  granularities: ['hourly', 'daily'],
  sql: { duckdb: () => 'count(t.tx_hash) FILTER (WHERE t.is_user_tx)', clickhouse: () => 'countIf(t.is_user_tx)' },
};

export const txcount: ChainMetric = {
  table: 'chain',
  metric_id: 'txcount',
  name: 'Transaction Count',
  description: 'Transactions sent by users per period; system transactions (deposits, internal bookkeeping) are left out.',
  icon: 'metrics-transactioncount',
  url_path: '/fundamentals/transaction-count',
  all_l2s_aggregate: 'sum',
  ranking_landing: true,
  ...valueColumn(TXCOUNT),
  units: { value: count },
  avg: true,
  monthly_agg: 'sum',
  hourly_available: true,
  ranking_bubble: true,
  category: 'activity',
  source_names: ['RPC'],
  empty_value: 0,
  rank_order: 'desc',
  // With the daily split the blockspace documents read (native transfers, deployments).
  input: { kind: 'transactions', facts: [TXCOUNT, ...SYNTHETIC_TXCOUNT_FACTS] },
  requires: [],
  dimension: 'chain',
  status: 'computed',
};
