// Fee table `txcosts_swap`: median fee of swap-sized transactions (150,000 ≤ gas used ≤
// 350,000), hourly (and daily, for the fee line chart). Gas used is the proxy: it needs no
// labels and matches a typical AMM swap.
import { feeColumns, type FactAggregate, type FeeMetric } from '../../definition.js';
import { eth, usd } from '../../units.js';
import { medianIf } from '../../../store/clickhouse/sql-text.js';

export const TXCOSTS_SWAP: FactAggregate = {
  key: 'txcosts_swap',
  unit: 'wei',
  granularities: ['hourly', 'daily'],
  sql: {
    duckdb: () => 'quantile_cont(CAST(t.fee_wei AS DOUBLE), 0.5) FILTER (WHERE t.fee_wei > 0 AND t.gas_used BETWEEN 150000 AND 350000)',
    clickhouse: () => medianIf('t.fee_wei > 0 AND t.gas_used BETWEEN 150000 AND 350000'),
  },
};

export const txcostsSwap: FeeMetric = {
  table: 'fee',
  metric: 'txcosts_swap',
  name: 'Swap Fee',
  name_short: 'Swap Fee',
  units: { usd: usd(4, false), eth: eth(8, false) },
  category: 'Fees',
  ...feeColumns(TXCOSTS_SWAP),
  priority: 3,
  invert_normalization: false,
  input: { kind: 'transactions', facts: [TXCOSTS_SWAP] },
  requires: ['fee_table'],
  dimension: 'chain',
  status: 'computed',
};
