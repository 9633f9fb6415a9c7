// txcosts: the median (continuous, 0.5) fee over transactions with fee > 0. The fee table's
// `txcosts_median` (fee-table/txcosts-median.ts) publishes the same fact per hour.
import { moneyColumns, type ChainMetric, type FactAggregate } from '../definition.js';
import { eth, usd } from '../units.js';
import { medianIf } from '../../store/clickhouse/sql-text.js';

export const TXCOSTS_MEDIAN: FactAggregate = {
  key: 'txcosts_median',
  unit: 'wei',
  granularities: ['hourly', 'daily'],
  sql: {
    duckdb: () => 'quantile_cont(CAST(t.fee_wei AS DOUBLE), 0.5) FILTER (WHERE t.fee_wei > 0)',
    clickhouse: () => medianIf('t.fee_wei > 0'),
  },
};

export const txcosts: ChainMetric = {
  table: 'chain',
  metric_id: 'txcosts',
  name: 'Transaction Costs',
  description: 'The median fee a user paid for one transaction.',
  icon: 'metrics-transactioncosts',
  url_path: '/fundamentals/transaction-costs',
  all_l2s_aggregate: 'weighted_mean',
  ranking_landing: true,
  ...moneyColumns(TXCOSTS_MEDIAN),
  units: { usd: usd(3, false), eth: eth(8, false) },
  // A median is a level, not a flow: smoothing it adds nothing the daily series lacks.
  avg: false,
  monthly_agg: 'avg',
  hourly_available: true,
  ranking_bubble: true,
  category: 'convenience',
  source_names: ['RPC', 'Price feed'],
  empty_value: null,
  rank_order: 'asc',
  input: { kind: 'transactions', facts: [TXCOSTS_MEDIAN] },
  requires: [],
  dimension: 'chain',
  status: 'computed',
};
