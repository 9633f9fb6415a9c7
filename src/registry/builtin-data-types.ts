// The shapes of the built-in chains' sourced data (builtin-settlement-addresses.ts,
// builtin-stablecoins.ts, builtin-tokens.ts): each fact carries where it is published.
import type { ChainToken, Stablecoin } from './types.js';

export type ChainSettlementRole = 'batch_poster' | 'state_proposer' | 'batch_inbox' | 'settlement_contract';

export interface SettlementAddress {
  role: ChainSettlementRole;
  /** EIP-55 checksummed, as published. */
  address: `0x${string}`;
  /** Where the address is published (a URL, then what to look for there). */
  source: string;
}

export interface SourcedStablecoin extends Stablecoin {
  source: string;
}

export interface SourcedToken extends ChainToken {
  source: string;
}
