// Fee table `txcosts_avg`: mean fee over transactions with fee > 0, hourly (and daily, for
// the fee line chart). The sum is exact (HUGEINT); only the division is floating point.
import { feeColumns, type FactAggregate, type FeeMetric } from '../../definition.js';
import { eth, usd } from '../../units.js';
import { wideToDouble } from '../../../store/clickhouse/sql-text.js';

export const TXCOSTS_AVG: FactAggregate = {
  key: 'txcosts_avg',
  unit: 'wei',
  granularities: ['hourly', 'daily'],
  sql: {
    duckdb: () => 'CAST(sum(t.fee_wei) FILTER (WHERE t.fee_wei > 0) AS DOUBLE) / nullif(count(t.tx_hash) FILTER (WHERE t.fee_wei > 0), 0)',
    clickhouse: () => `${wideToDouble('sumIf(t.fee_wei, t.fee_wei > 0)')} / nullIf(countIf(t.fee_wei > 0), 0)`,
  },
};

export const txcostsAvg: FeeMetric = {
  table: 'fee',
  metric: 'txcosts_avg',
  name: 'Average Fee',
  name_short: 'Average Fee',
  units: { usd: usd(4, false), eth: eth(8, false) },
  category: 'Fees',
  ...feeColumns(TXCOSTS_AVG),
  priority: 4,
  invert_normalization: false,
  input: { kind: 'transactions', facts: [TXCOSTS_AVG] },
  requires: ['fee_table'],
  dimension: 'chain',
  status: 'computed',
};
