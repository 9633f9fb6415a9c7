// profit: fees paid by users minus rent paid to L1, per day and per currency, derived from the
// two metrics' facts (compute-facts.ts); no value where rent is unknown, so no document on a
// chain without rent.
import { moneyColumns, type ChainMetric, type SourceFact } from '../definition.js';
import { eth, usd } from '../units.js';
import { FEES_PAID } from './fees.js';
import { RENT_PAID } from './rent-paid.js';

export const PROFIT: SourceFact = { key: 'profit', unit: 'money', granularities: ['daily'] };

export const profit: ChainMetric = {
  table: 'chain',
  metric_id: 'profit',
  name: 'Onchain Profit',
  description: 'Fees users paid minus the rent paid to Ethereum.',
  icon: 'metrics-onchainprofit',
  url_path: '/fundamentals/profit',
  all_l2s_aggregate: 'sum',
  ranking_landing: false,
  ...moneyColumns(PROFIT),
  units: { usd: usd(2, true), eth: eth(4, true) },
  avg: true,
  monthly_agg: 'sum',
  hourly_available: false,
  ranking_bubble: true,
  category: 'economics',
  source_names: ['RPC', 'RPC (Ethereum)', 'Price feed'],
  empty_value: null,
  rank_order: 'desc',
  input: {
    kind: 'derived',
    from: [FEES_PAID, RENT_PAID],
    facts: [PROFIT],
    // An unknown side (no price) makes the profit unknown, never the other side alone.
    combine: ([fees = null, rent = null]) => (fees === null || rent === null ? null : fees - rent),
  },
  requires: ['settlement'],
  dimension: 'chain',
  status: 'computed',
};
