// market_cap: the chain token's price × circulating supply: the market-data source's
// market_caps of the day for the registry's token (market-facts.ts).
import { moneyColumns, type ChainMetric, type SourceFact } from '../definition.js';
import { eth, usd } from '../units.js';

export const MARKET_CAP: SourceFact = { key: 'market_cap', unit: 'money', granularities: ['daily'] };

export const marketCap: ChainMetric = {
  table: 'chain',
  metric_id: 'market_cap',
  name: 'Market Cap',
  description: "The chain token's price times its circulating supply.",
  icon: 'metrics-marketcap',
  url_path: '/fundamentals/market-cap',
  // CONTRACT.md section 8 builds no all_l2s for market metrics; the field may not be null, and
  // market values of different chains add up, so it says how they would combine.
  all_l2s_aggregate: 'sum',
  ranking_landing: true,
  ...moneyColumns(MARKET_CAP),
  units: { usd: usd(0, true), eth: eth(2, true) },
  avg: false,
  monthly_agg: 'avg',
  hourly_available: false,
  ranking_bubble: true,
  category: 'market',
  source_names: ['Market data'],
  empty_value: null,
  rank_order: 'desc',
  input: { kind: 'source', source: { from: 'market_data', field: 'market_cap' }, facts: [MARKET_CAP] },
  requires: ['market_data_id'],
  dimension: 'chain',
  status: 'computed',
};
