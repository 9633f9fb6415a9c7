// rent_paid: Σ fees (blob fees included) of the settlement chain's transactions sent by the
// chain's configured batch/settlement addresses (registry settlement.ts), per day: a join of the
// settlement chain's stored transactions (src/store, writeSettlementFacts), in its gas token.
import { moneyColumns, type ChainMetric, type SourceFact } from '../definition.js';
import { eth, usd } from '../units.js';

export const RENT_PAID: SourceFact = { key: 'rent_paid', unit: 'money', granularities: ['daily'], measure: 'fee' };
/**
 * Kept with the rent, from the same batch transactions, for the economics page (CONTRACT.md
 * 11.1): the part of the rent paid as blob fees (its costs_blobs) and the blob bytes posted (its
 * size). No column publishes them: they are facts so that the page's history outlives the raw
 * retention and an hour's update reads only the days it touches.
 */
export const RENT_PAID_BLOBS: SourceFact = { key: 'rent_paid_blobs', unit: 'money', granularities: ['daily'], measure: 'blob_fee' };
export const BLOB_BYTES_POSTED: SourceFact = { key: 'blob_bytes_posted', unit: 'plain', granularities: ['daily'], measure: 'blob_bytes' };

export const rentPaid: ChainMetric = {
  table: 'chain',
  metric_id: 'rent_paid',
  name: 'Rent Paid to L1',
  description: 'What the chain paid Ethereum to post its data and state roots (settlement transactions).',
  icon: 'metrics-rentpaidtol1',
  url_path: '/fundamentals/rent-paid',
  all_l2s_aggregate: 'sum',
  ranking_landing: false,
  ...moneyColumns(RENT_PAID),
  units: { usd: usd(2, true), eth: eth(4, true) },
  avg: true,
  monthly_agg: 'sum',
  hourly_available: false,
  ranking_bubble: false,
  category: 'economics',
  source_names: ['RPC (Ethereum)', 'Price feed'],
  // A day the settlement chain has not reached is unknown, not 0 (a day without postings is a
  // stored 0).
  empty_value: null,
  rank_order: 'desc',
  input: {
    kind: 'source',
    source: { from: 'settlement_transactions', reads: 'fees of settlement-layer transactions from the settlement_addresses' },
    facts: [RENT_PAID, RENT_PAID_BLOBS, BLOB_BYTES_POSTED],
  },
  requires: ['settlement'],
  dimension: 'chain',
  status: 'computed',
};
