// Which chains pay rent to which (METRICS.md rent_paid): a chain's rent is the fees of its
// settlement_addresses' transactions on its settlement chain, so both must be known and the
// settlement chain must be ingested too. One place decides it, so the facts stage and
// `check-config` (chain-requirements.ts) agree on which chains have rent and give the same
// reason when one has none.
import { ETH_GAS_TOKEN } from './builtin-chains.js';
import type { Chain } from './types.js';

export type SettlementPlan =
  | {
      settles_on: string;
      senders: readonly `0x${string}`[];
      /** The rent is in ether wei while the chain's own gas token is another (converted as ether). */
      rent_in_ether: boolean;
    }
  | { settles_on: null; reason: string };

type Settling = Pick<Chain, 'origin_key' | 'gas_token' | 'settlement_chain' | 'settlement_addresses'>;

export function settlementPlan(chain: Settling, configured: ReadonlyMap<string, Pick<Chain, 'gas_token'>>): SettlementPlan {
  if (chain.settlement_chain === null) return { settles_on: null, reason: 'no settlement chain (an L1, or settlement_chain: null)' };
  if (chain.settlement_addresses.length === 0) {
    return { settles_on: null, reason: `no batch poster addresses (set chains.${chain.origin_key}.settlement_addresses: the accounts that post its batches to ${chain.settlement_chain})` };
  }
  const on = configured.get(chain.settlement_chain);
  if (!on) return { settles_on: null, reason: `its settlement chain ${chain.settlement_chain} is not configured (add it to chains: rent is read from its transactions)` };
  // Rent is paid in the settlement chain's gas token; the money step converts ether or the
  // chain's own token, not a third one.
  if (on.gas_token !== chain.gas_token && on.gas_token !== ETH_GAS_TOKEN) {
    return { settles_on: null, reason: `its settlement chain ${chain.settlement_chain} pays gas in ${on.gas_token}, neither ETH nor this chain's ${chain.gas_token}` };
  }
  return { settles_on: chain.settlement_chain, senders: chain.settlement_addresses, rent_in_ether: on.gas_token !== chain.gas_token };
}
