// stables_mcap: Σ totalSupply of the chain's configured stablecoins at the day's last block,
// in USD (METRICS.md section 2): read by the stablecoin source (src/sources/stablecoins) with
// eth_call, summed per day by supply-facts.ts. Days the node cannot read are gaps (null).
import { moneyColumns, type ChainMetric, type SourceFact } from '../definition.js';
import { eth, usd } from '../units.js';

export const STABLES_MCAP: SourceFact = { key: 'stables_mcap', unit: 'usd', granularities: ['daily'] };

export const stablesMcap: ChainMetric = {
  table: 'chain',
  metric_id: 'stables_mcap',
  name: 'Stablecoin Market Cap',
  description: 'Total supply of the configured stablecoins on the chain at the end of each day.',
  icon: 'metrics-stablecoinmarketcap',
  url_path: '/fundamentals/stablecoin-market-cap',
  all_l2s_aggregate: 'sum',
  ranking_landing: true,
  ...moneyColumns(STABLES_MCAP),
  units: { usd: usd(0, true), eth: eth(2, true) },
  avg: false,
  monthly_agg: 'avg',
  hourly_available: false,
  ranking_bubble: true,
  category: 'value-locked',
  source_names: ['RPC', 'Price feed'],
  empty_value: null,
  rank_order: 'desc',
  input: {
    kind: 'source',
    source: { from: 'eth_call', at: 'period_last_block', reads: 'totalSupply() of each stablecoin configured for the chain' },
    facts: [STABLES_MCAP],
  },
  requires: ['stablecoins'],
  dimension: 'chain',
  status: 'computed',
};
