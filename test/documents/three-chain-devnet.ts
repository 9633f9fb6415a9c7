// The devnet the sources golden files share (rent_paid, profit, market_cap and fdv in
// golden-sources-devnet; tvl and app_revenue in golden-external-devnet; fdv from mantle's token
// contract in golden-fdv-contract-devnet): the L1, an ETH-gas rollup and one paying gas in MNT
// over eight days. Their checks read the seed and the days from here and compare with the
// devnet's ground truth, so one ingested store serves all three
// (test/helpers/shared-devnet-store.ts) instead of one ingestion each (two in the fdv file).
import type { IngestedDevnetOptions } from '../helpers/shared-devnet-store.js';

export const THREE_CHAIN_KEYS = ['ethereum', 'optimism', 'mantle'];
const LIVE_SINCE = Date.UTC(2024, 7, 20, 9);

export const THREE_CHAIN_DEVNET = {
  seed: 43,
  historyDays: 8,
  txPerDay: 300,
  chains: THREE_CHAIN_KEYS,
  liveSinceMs: LIVE_SINCE,
  nowMs: LIVE_SINCE + 10 * 60_000,
  priceDays: 12,
} as const satisfies IngestedDevnetOptions;
