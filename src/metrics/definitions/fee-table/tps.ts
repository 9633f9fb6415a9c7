// Fee table `tps`: user transactions per second of the hour. Also kept per day, for the fee line
// chart's daily buckets (documents/fees/fee-linechart.ts); its other buckets run the same expression.
import { feeColumns, type FactAggregate, type FeeMetric } from '../../definition.js';
import { txPerSecond } from '../../units.js';

export const TPS: FactAggregate = {
  key: 'tps',
  unit: 'plain',
  granularities: ['hourly', 'daily'],
  sql: {
    duckdb: ({ seconds }) => `CAST(count(t.tx_hash) FILTER (WHERE t.is_user_tx) AS DOUBLE) / ${seconds}`,
    clickhouse: ({ seconds }) => `toFloat64(countIf(t.is_user_tx)) / ${seconds}`,
  },
};

export const tps: FeeMetric = {
  table: 'fee',
  metric: 'tps',
  name: 'Transactions per Second',
  name_short: 'TPS',
  units: { value: txPerSecond },
  category: 'Activity',
  ...feeColumns(TPS),
  priority: 6,
  invert_normalization: true,
  input: { kind: 'transactions', facts: [TPS] },
  requires: ['fee_table'],
  dimension: 'chain',
  status: 'computed',
};
