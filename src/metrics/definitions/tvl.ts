// tvl: value secured by the chain, in USD, from the external source (DefiLlama's per-chain
// historical TVL or the operator's CSV files, src/sources/external; external-facts.ts).
import { moneyColumns, type ChainMetric, type SourceFact } from '../definition.js';
import { eth, usd } from '../units.js';

export const TVL: SourceFact = { key: 'tvl', unit: 'usd', granularities: ['daily'] };

export const tvl: ChainMetric = {
  table: 'chain',
  metric_id: 'tvl',
  name: 'Total Value Secured',
  description: 'Value of the assets held on the chain, from DefiLlama or the operator.',
  icon: 'metrics-totalvaluesecured',
  url_path: '/fundamentals/total-value-secured',
  all_l2s_aggregate: 'sum',
  ranking_landing: false,
  ...moneyColumns(TVL),
  units: { usd: usd(0, true), eth: eth(2, true) },
  avg: false,
  monthly_agg: 'avg',
  hourly_available: false,
  ranking_bubble: true,
  category: 'value-locked',
  source_names: ['External'],
  empty_value: null,
  rank_order: 'desc',
  input: { kind: 'source', source: { from: 'external', series: 'tvl' }, facts: [TVL] },
  requires: ['tvl_source'],
  dimension: 'chain',
  status: 'computed',
};
