// fees: the sum of the fees of all transactions, summed exactly in the gas token's wei
// (HUGEINT) and converted to ETH and USD with the period's prices afterwards.
import { moneyColumns, type ChainMetric, type FactAggregate } from '../definition.js';
import { eth, usd } from '../units.js';
import { SYNTHETIC_FEE_FACTS } from '../blockspace-facts.js';

export const FEES_PAID: FactAggregate = {
  key: 'fees_paid',
  unit: 'wei_sum',
  granularities: ['hourly', 'daily'],
  sql: { duckdb: () => 'coalesce(sum(t.fee_wei), 0::HUGEINT)', clickhouse: () => 'sum(t.fee_wei)' },
};

export const fees: ChainMetric = {
  table: 'chain',
  metric_id: 'fees',
  name: 'Fees Paid by Users',
  description: 'Everything users paid in transaction fees: execution fees plus, on rollups, the L1 data fee.',
  icon: 'metrics-feespaidbyusers',
  url_path: '/fundamentals/fees-paid-by-users',
  all_l2s_aggregate: 'sum',
  ranking_landing: true,
  ...moneyColumns(FEES_PAID),
  units: { usd: usd(2, true), eth: eth(4, true) },
  avg: true,
  monthly_agg: 'sum',
  hourly_available: true,
  ranking_bubble: true,
  category: 'economics',
  source_names: ['RPC', 'Price feed'],
  empty_value: 0,
  rank_order: 'desc',
  // With the daily split the blockspace documents read (native transfers, deployments).
  input: { kind: 'transactions', facts: [FEES_PAID, ...SYNTHETIC_FEE_FACTS] },
  requires: [],
  dimension: 'chain',
  status: 'computed',
};
