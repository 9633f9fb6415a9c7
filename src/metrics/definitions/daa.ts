// daa: distinct `from` addresses over all transactions of the period, exact (METRICS.md
// section 2). The metric declares the per-day address set it needs, so weeks, months and any
// window count distinct addresses over the window instead of summing days.
import { valueColumn, type AddressSetDecl, type ChainMetric, type FactAggregate } from '../definition.js';
import { count } from '../units.js';

export const DAA: FactAggregate = {
  key: 'daa',
  unit: 'plain',
  granularities: ['hourly', 'daily'],
  sql: { duckdb: () => 'count(DISTINCT t.from_address)', clickhouse: () => 'uniqExact(t.from_address)' },
};

export const DAA_ADDRESSES: AddressSetDecl = {
  key: 'daa',
  sql: { duckdb: () => 't.from_address', clickhouse: () => 't.from_address' },
};

export const daa: ChainMetric = {
  table: 'chain',
  metric_id: 'daa',
  name: 'Active Addresses',
  description: 'Distinct addresses that sent at least one transaction in the period, counted exactly over weeks and months too.',
  icon: 'metrics-dailyactiveaddresses',
  url_path: '/fundamentals/daily-active-addresses',
  all_l2s_aggregate: 'unique',
  ranking_landing: true,
  ...valueColumn(DAA),
  units: { value: count },
  avg: true,
  monthly_agg: 'unique',
  address_set: DAA_ADDRESSES,
  hourly_available: true,
  ranking_bubble: true,
  category: 'activity',
  source_names: ['RPC'],
  empty_value: 0,
  rank_order: 'desc',
  input: { kind: 'transactions', facts: [DAA] },
  requires: [],
  dimension: 'chain',
  status: 'computed',
};
