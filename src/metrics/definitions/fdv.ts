// fdv: the chain token's price of the day (market-data source) × its total supply from the
// registry (market-facts.ts).
import { moneyColumns, type ChainMetric, type SourceFact } from '../definition.js';
import { eth, usd } from '../units.js';

export const FDV: SourceFact = { key: 'fdv', unit: 'money', granularities: ['daily'] };

export const fdv: ChainMetric = {
  table: 'chain',
  metric_id: 'fdv',
  name: 'Fully Diluted Valuation',
  description: "The chain token's price times its maximum supply.",
  icon: 'metrics-fullydilutedvaluation',
  url_path: '/fundamentals/fully-diluted-valuation',
  // CONTRACT.md section 8 builds no all_l2s for market metrics; the field may not be null, and
  // market values of different chains add up, so it says how they would combine.
  all_l2s_aggregate: 'sum',
  ranking_landing: false,
  ...moneyColumns(FDV),
  units: { usd: usd(0, true), eth: eth(2, true) },
  avg: false,
  monthly_agg: 'avg',
  hourly_available: false,
  ranking_bubble: true,
  category: 'market',
  source_names: ['Market data'],
  empty_value: null,
  rank_order: 'desc',
  input: { kind: 'source', source: { from: 'market_data', field: 'fdv' }, facts: [FDV] },
  requires: ['market_data_id', 'total_supply'],
  dimension: 'chain',
  status: 'computed',
};
