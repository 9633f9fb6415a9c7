// app_revenue: fees earned by the chain's applications, from an external file. Planned: no
// such source yet.
import { moneyColumns, type ChainMetric, type SourceFact } from '../definition.js';
import { eth, usd } from '../units.js';

export const APP_FEES: SourceFact = { key: 'app_fees', unit: 'money', granularities: ['daily'] };

export const appRevenue: ChainMetric = {
  table: 'chain',
  metric_id: 'app_revenue',
  name: 'App Revenue',
  description: 'Fees that applications on the chain earned, supplied by the operator.',
  icon: 'metrics-apprevenue',
  url_path: '/fundamentals/app-revenue',
  all_l2s_aggregate: 'sum',
  ranking_landing: false,
  ...moneyColumns(APP_FEES),
  units: { usd: usd(2, true), eth: eth(4, true) },
  avg: true,
  monthly_agg: 'sum',
  hourly_available: false,
  ranking_bubble: false,
  category: 'economics',
  source_names: ['External'],
  empty_value: 0,
  rank_order: 'desc',
  input: { kind: 'source', source: { from: 'external_file', reads: 'application fees per chain and day' }, facts: [APP_FEES] },
  dimension: 'chain',
  status: 'planned',
};
