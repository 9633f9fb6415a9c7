// throughput: gas used per second of the period, published ÷1e6 as Mgas/s. Arbitrum's gas_used
// includes the L1 part (gasUsedForL1), which is not L2 execution: it is subtracted. The fee
// table's `throughput` (fee-table/throughput.ts) publishes the same fact per hour.
import { valueColumn, type ChainMetric, type FactAggregate } from '../definition.js';
import { mgasPerSecond } from '../units.js';
import { wideToDouble } from '../../store/clickhouse/sql-text.js';

export const GAS_PER_SECOND: FactAggregate = {
  key: 'gas_per_second',
  unit: 'plain',
  granularities: ['hourly', 'daily'],
  sql: {
    duckdb: ({ family, seconds }) => {
      const gas = family === 'arbitrum' ? 't.gas_used - t.l1_gas_used' : 't.gas_used';
      return `CAST(coalesce(sum(${gas}), 0) AS DOUBLE) / ${seconds}`;
    },
    clickhouse: ({ family, seconds }) => {
      const gas = family === 'arbitrum' ? '(sum(t.gas_used) - sum(t.l1_gas_used))' : 'sum(t.gas_used)';
      return `${wideToDouble(gas)} / ${seconds}`;
    },
  },
};

export const throughput: ChainMetric = {
  table: 'chain',
  metric_id: 'throughput',
  name: 'Throughput',
  description: 'Gas processed per second, in millions (Mgas/s): how much computation the chain handled.',
  icon: 'metrics-throughput',
  url_path: '/fundamentals/throughput',
  all_l2s_aggregate: 'sum',
  ranking_landing: true,
  ...valueColumn(GAS_PER_SECOND, 1e6),
  units: { value: mgasPerSecond },
  avg: true,
  monthly_agg: 'avg',
  hourly_available: true,
  ranking_bubble: true,
  category: 'activity',
  source_names: ['RPC'],
  empty_value: 0,
  rank_order: 'desc',
  input: { kind: 'transactions', facts: [GAS_PER_SECOND] },
  requires: [],
  dimension: 'chain',
  status: 'computed',
};
