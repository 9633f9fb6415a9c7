// Fee table `txcosts_native_median`: median fee of native transfers (empty input, a recipient),
// hourly (and daily, for the fee line chart).
import { feeColumns, type FactAggregate, type FeeMetric } from '../../definition.js';
import { eth, usd } from '../../units.js';
import { medianIf } from '../../../store/clickhouse/sql-text.js';

export const TXCOSTS_NATIVE_MEDIAN: FactAggregate = {
  key: 'txcosts_native_median',
  unit: 'wei',
  granularities: ['hourly', 'daily'],
  sql: {
    duckdb: () => 'quantile_cont(CAST(t.fee_wei AS DOUBLE), 0.5) FILTER (WHERE t.fee_wei > 0 AND t.input_empty AND t.to_address IS NOT NULL)',
    clickhouse: () => medianIf('t.fee_wei > 0 AND t.input_empty AND t.to_address IS NOT NULL'),
  },
};

export const txcostsNativeMedian: FeeMetric = {
  table: 'fee',
  metric: 'txcosts_native_median',
  name: 'Transfer ETH Fee',
  name_short: 'Transfer ETH',
  units: { usd: usd(4, false), eth: eth(8, false) },
  category: 'Fees',
  ...feeColumns(TXCOSTS_NATIVE_MEDIAN),
  priority: 2,
  invert_normalization: false,
  input: { kind: 'transactions', facts: [TXCOSTS_NATIVE_MEDIAN] },
  requires: ['fee_table'],
  dimension: 'chain',
  status: 'computed',
};
