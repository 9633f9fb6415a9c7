// fees: the sum of the fees of all transactions, summed exactly in the gas token's wei
// (HUGEINT) and converted to ETH and USD with the period's prices afterwards.
import { moneyColumns, type ChainMetric, type FactAggregate } from '../definition.js';
import { eth, usd } from '../units.js';

export const FEES_PAID: FactAggregate = {
  key: 'fees_paid',
  unit: 'wei_sum',
  granularities: ['hourly', 'daily'],
  sql: { duckdb: () => 'coalesce(sum(t.fee_wei), 0::HUGEINT)' },
};

export const fees: ChainMetric = {
  table: 'chain',
  metric_id: 'fees',
  name: 'Fees Paid by Users',
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
  input: { kind: 'transactions', facts: [FEES_PAID] },
  dimension: 'chain',
  status: 'computed',
};
