// The simulated chains: static facts (identity, family, block time) and the knobs of their
// traffic (volume share, growth, fee levels). Volumes differ by more than 10x between the
// largest and the smallest chain so rankings and shares are not flat.
//
// Each one takes the origin_key of the built-in chain it imitates (same family and gas token),
// so clients that hard-code the reference's keys (`chain_data["ethereum"]`) work against
// `npm start`; names, colours and links come from the built-in chain (index.ts: chainConfig).
// The chain ids stay in a private range (910001…) and every description starts with
// SIMULATED_NOTE, so nobody mistakes the demo for the real chains.
import type { ChainFamily } from '../registry/types.js';

/** Starts the master.json description of every devnet chain (and the start banner says it too). */
export const SIMULATED_NOTE = 'Simulated devnet data, not the real chain.';

export interface DevnetChainSpec {
  /** The origin_key of the built-in chain this one imitates. */
  origin_key: string;
  evm_chain_id: number;
  family: ChainFamily;
  /** Price-source asset id of the gas token. */
  gas_token: string;
  symbol: string;
  /** Seconds between live blocks. */
  block_time_s: number;
  /** Multiplier of `txPerDay` for this chain. */
  scale: number;
  /** Volume at the end of history ÷ volume 120 days earlier (below 1: a shrinking chain). */
  growth_120d: number;
  /** Typical base fee, wei of the gas token. */
  base_fee_wei: number;
  /** The protocol's floor for the base fee. */
  min_base_fee_wei: number;
  /** Log-uniform range of priority fees; [0, 0] where the chain ignores tips (Arbitrum). */
  priority_fee_wei: [number, number];
  /** Share of legacy (type 0) transactions among user transactions. */
  legacy_share: number;
  /** Blocks behind the head that `safe` and `finalized` tags point at. */
  safe_lag: number;
  finalized_lag: number;
  /** Blocks behind the head that ingestion re-checks for reorgs (registry finality_lag). */
  finality_lag: number;
  /**
   * OP family: gas-token wei per wei of L1 data cost (the L1 fee is paid in the gas token, like
   * Mantle's token ratio); 1 on ETH-gas chains.
   */
  l1_fee_token_ratio: number;
  /** Symbols of the stablecoins deployed on this chain (see apps.ts). */
  stablecoins: string[];
  /**
   * L2s only: seconds between batch postings to the devnet L1 at scale 1 (scaled by 1/scale), so
   * the L1 carries the rent the L2 pays (METRICS.md rent_paid).
   */
  batch_interval_s: number | null;
}

export const DEVNET_CHAIN_SPECS: readonly DevnetChainSpec[] = Object.freeze([
  {
    origin_key: 'ethereum',
    evm_chain_id: 910001,
    family: 'ethereum',
    gas_token: 'ethereum',
    symbol: 'ETH',
    block_time_s: 12,
    scale: 0.8,
    growth_120d: 1.15,
    base_fee_wei: 12e9,
    min_base_fee_wei: 1e9,
    priority_fee_wei: [5e7, 3e9],
    legacy_share: 0.12,
    safe_lag: 32,
    finalized_lag: 64,
    finality_lag: 64,
    l1_fee_token_ratio: 1,
    stablecoins: ['USDC', 'USDT', 'DAI'],
    batch_interval_s: null,
  },
  {
    origin_key: 'optimism',
    evm_chain_id: 910002,
    family: 'op',
    gas_token: 'ethereum',
    symbol: 'ETH',
    block_time_s: 2,
    scale: 1.5,
    growth_120d: 1.6,
    base_fee_wei: 4e6,
    min_base_fee_wei: 2.5e5,
    priority_fee_wei: [1e3, 2e6],
    legacy_share: 0.08,
    safe_lag: 60,
    finalized_lag: 450,
    finality_lag: 150,
    l1_fee_token_ratio: 1,
    stablecoins: ['USDC', 'USDT'],
    batch_interval_s: 5400,
  },
  {
    origin_key: 'base',
    evm_chain_id: 910003,
    family: 'op',
    gas_token: 'ethereum',
    symbol: 'ETH',
    block_time_s: 2,
    scale: 3.0,
    growth_120d: 3.0,
    base_fee_wei: 8e6,
    min_base_fee_wei: 2.5e5,
    priority_fee_wei: [1e4, 5e6],
    legacy_share: 0.1,
    safe_lag: 60,
    finalized_lag: 450,
    finality_lag: 150,
    l1_fee_token_ratio: 1,
    stablecoins: ['USDC', 'USDT', 'DAI'],
    batch_interval_s: 5400,
  },
  {
    origin_key: 'arbitrum',
    evm_chain_id: 910004,
    family: 'arbitrum',
    gas_token: 'ethereum',
    symbol: 'ETH',
    block_time_s: 1,
    scale: 2.0,
    growth_120d: 1.3,
    base_fee_wei: 1.2e7,
    min_base_fee_wei: 1e7,
    priority_fee_wei: [0, 0],
    legacy_share: 0.35,
    safe_lag: 120,
    finalized_lag: 900,
    finality_lag: 300,
    l1_fee_token_ratio: 1,
    stablecoins: ['USDC', 'USDT'],
    batch_interval_s: 21600, // posts less often than the OP chains: its fees are lower
  },
  {
    origin_key: 'linea',
    evm_chain_id: 910005,
    family: 'default',
    gas_token: 'ethereum',
    symbol: 'ETH',
    block_time_s: 3,
    scale: 0.3,
    growth_120d: 0.7,
    base_fee_wei: 5e8,
    min_base_fee_wei: 1e7,
    priority_fee_wei: [1e7, 1e9],
    legacy_share: 0.5,
    safe_lag: 50,
    finalized_lag: 200,
    finality_lag: 100,
    l1_fee_token_ratio: 1,
    stablecoins: ['USDC', 'DAI'],
    batch_interval_s: 5400,
  },
  {
    origin_key: 'mantle',
    evm_chain_id: 910006,
    family: 'op',
    gas_token: 'mantle',
    symbol: 'MNT',
    block_time_s: 4,
    scale: 0.2,
    growth_120d: 2.0,
    // Priced in MNT (about 1 USD here), so a gas price a few thousand times an ETH chain's.
    base_fee_wei: 2e10,
    min_base_fee_wei: 1e9,
    priority_fee_wei: [1e8, 2e9],
    legacy_share: 0.5,
    safe_lag: 40,
    finalized_lag: 150,
    finality_lag: 75,
    l1_fee_token_ratio: 3000, // ETH at 2000–4000 USD over MNT at about 1 USD (prices.ts)
    stablecoins: ['USDC', 'USDT'],
    batch_interval_s: 5400,
  },
] satisfies DevnetChainSpec[]);

export const DEVNET_ORIGIN_KEYS: readonly string[] = DEVNET_CHAIN_SPECS.map((c) => c.origin_key);

export function chainSpec(origin_key: string): DevnetChainSpec {
  const spec = DEVNET_CHAIN_SPECS.find((c) => c.origin_key === origin_key);
  if (!spec) throw new Error(`devnet: unknown chain ${JSON.stringify(origin_key)} (devnet chains: ${DEVNET_ORIGIN_KEYS.join(', ')})`);
  return spec;
}
