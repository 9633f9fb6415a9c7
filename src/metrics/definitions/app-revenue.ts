// app_revenue: fees earned by the chain's applications, in USD, from the external source
// (DefiLlama's per-chain fees overview or the operator's CSV files; external-facts.ts).
import { moneyColumns, type ChainMetric, type SourceFact } from '../definition.js';
import { eth, usd } from '../units.js';

export const APP_FEES: SourceFact = { key: 'app_fees', unit: 'money', granularities: ['daily'] };

export const appRevenue: ChainMetric = {
  table: 'chain',
  metric_id: 'app_revenue',
  name: 'App Revenue',
  description: 'Fees that applications on the chain earned, from DefiLlama or the operator.',
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
  input: { kind: 'source', source: { from: 'external', series: 'app_revenue' }, facts: [APP_FEES] },
  requires: ['app_revenue_source'],
  dimension: 'chain',
  status: 'computed',
};
