// The resolved shape of a chain after config validation and built-in defaults are merged.
// Every later stage (ingest, metrics, documents) reads chains only through this type.
import type { Maturity } from './maturity-levels.js';

export type ChainFamily = 'ethereum' | 'op' | 'arbitrum' | 'scroll' | 'zksync' | 'default';

export const CHAIN_FAMILIES: readonly ChainFamily[] = ['ethereum', 'op', 'arbitrum', 'scroll', 'zksync', 'default'];

export interface ChainEvent {
  date: string; // YYYY-MM-DD
  type: string;
  title: string;
  short_title: string;
  description: string;
  source: string;
}

export interface Stablecoin {
  symbol: string;
  /** Lower case in chains resolved by loadConfig (src/registry/config.ts). */
  address: `0x${string}`;
  decimals: number;
  /** What one token is worth: 'usd' (the only peg supported: a token is counted as 1 USD). */
  peg: 'usd';
}

/** A chain's own token in the market-data source: market_cap and fdv (METRICS.md section 2). */
export interface ChainToken {
  /** The market-data (CoinGecko) coin id. */
  market_data_id: string;
  /** Total (maximum) supply in whole tokens for fdv; null: no fdv. */
  total_supply: number | null;
  /**
   * The token's contract on this chain: its `totalSupply()` at each complete day's last block
   * (÷ 10^decimals) is fdv's supply that day, the configured total_supply where it cannot be read.
   */
  address?: `0x${string}` | null;
  /** The contract's decimals() (default 18). */
  decimals?: number;
}

/** Links master.json publishes under `links` (website and explorers are Chain fields of their own). */
export interface ChainLinks {
  twitter: string | null;
  github: string | null;
  docs: string | null;
  bridges: Record<string, string>;
  socials: Record<string, string>;
  others: Record<string, string>;
}

/** SVG path data of a chain logo (the reference UI draws `body` in a `width`×`height` box). */
export interface ChainLogo {
  body: string;
  width: number;
  height: number;
}

export interface ChainColors {
  light: string[];
  dark: string[];
  /** True when the chain colour is light enough that text on it must be dark. */
  darkTextOnBackground: boolean;
}

/**
 * master.json's chain_type (CONTRACT.md 11.6): `l1` for Ethereum and other layer-1 chains,
 * `rollup` for a chain that posts its data and settles on Ethereum, `others` for anything else
 * (a validium, an optimium, a sidechain). Every chain but `l1` is in the L2 universe (section 8).
 */
export const CHAIN_TYPES = ['l1', 'rollup', 'others'] as const;
export type ChainType = (typeof CHAIN_TYPES)[number];

export const DEPLOYMENTS = ['PROD', 'DEV'] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];

/** Where ingestion starts: a block number, or the first block on/after a UTC date. */
export type ChainStart = { block: number } | { date: string };

/**
 * An rpc_urls entry after ${NAME} substitution: the URL, or { url, name } when the operator
 * named the endpoint. Output names an endpoint "<origin_key> <name>" or "<origin_key> rpc#<n>",
 * never by its URL's path or query (src/rpc/endpoint-names.ts).
 */
export type RpcUrl = string | { url: string; name: string };

export interface Chain {
  origin_key: string; // [a-z0-9_]+, also the URL key
  name: string;
  name_short: string;
  evm_chain_id: number;
  family: ChainFamily;
  /** Asset id of the gas token in the price source; 'ethereum' for ETH-gas chains. */
  gas_token: string;
  /** Ticker shown in master.json (ETH, MNT, ...). */
  symbol: string;
  rpc_urls: RpcUrl[];
  start: ChainStart;
  /** Blocks behind the head that are still re-checked for reorgs. */
  finality_lag: number;
  flags: { fee_table: boolean; apps: boolean };
  chain_type: ChainType;
  bucket: string; // e.g. 'Layer 1', 'OP Stack', 'Arbitrum Orbit', 'Other'
  colors: ChainColors;
  launch_date: string | null;
  /**
   * The day the chain was archived (shut down or no longer followed), YYYY-MM-DD; null while it
   * runs. The ecosystem overview stops counting it as a live L2 from that month.
   */
  archived_date: string | null;
  website: string | null;
  block_explorers: Record<string, string>;
  // What master.json says about the chain (CONTRACT.md section 6); ingestion never reads these.
  /** DEV chains are listed in master.json but left out of default_chain_sorting. */
  deployment: Deployment;
  description: string;
  company: string;
  /** Ecosystems besides `all-chains`, which master.json always adds (e.g. op-stack, op-super). */
  ecosystem: string[];
  logo: ChainLogo | null;
  technology: string;
  purpose: string;
  /** Free text such as "Ethereum (blobs)"; null when unknown. */
  da_layer: string | null;
  /** A key of master.json's maturity_levels, or 'NA' (maturity-levels.ts); never null. */
  maturity: Maturity;
  l2beat_stage: { stage: string; hex: string } | null;
  l2beat_id: string | null;
  l2beat_link: string | null;
  /** Rollup-as-a-service provider, if any. */
  raas: string | null;
  stack: { label: string; url: string };
  links: ChainLinks;
  events: ChainEvent[];
  stablecoins: Stablecoin[];
  /** Senders on the settlement chain whose fees are this chain's rent; lower case once resolved. */
  settlement_addresses: `0x${string}`[];
  /**
   * origin_key of the chain this one settles on (rent_paid reads its transactions): `ethereum`
   * for L2s unless configured, null for L1s.
   */
  settlement_chain: string | null;
  /** The chain's token, for market_cap and fdv; null when it has none configured. */
  token: ChainToken | null;
  /** The chain's name in DefiLlama-shaped sources (tvl, app_revenue), e.g. 'OP Mainnet'; null: not asked. */
  defillama: string | null;
}
