// Which chains pay rent to which (METRICS.md rent_paid): a chain's rent is the fees of its
// settlement_addresses' transactions on its settlement chain, so both must be known and the
// settlement chain must be ingested too. One place decides it, so the facts stage, the
// documents and `check-config` agree on which chains have rent and say the same reason.
import type { Chain } from './types.js';

export type SettlementPlan = { settles_on: string; addresses: readonly `0x${string}`[] } | { settles_on: null; reason: string };

export function settlementPlan(chain: Pick<Chain, 'origin_key' | 'settlement_chain' | 'settlement_addresses'>, configured: ReadonlySet<string>): SettlementPlan {
  if (chain.settlement_chain === null) return { settles_on: null, reason: 'no settlement chain (an L1, or settlement_chain: null)' };
  if (chain.settlement_addresses.length === 0) return { settles_on: null, reason: `no settlement_addresses configured (its batch posters on ${chain.settlement_chain})` };
  if (!configured.has(chain.settlement_chain)) {
    return { settles_on: null, reason: `its settlement chain ${chain.settlement_chain} is not configured (add it to chains: rent is read from its transactions)` };
  }
  return { settles_on: chain.settlement_chain, addresses: chain.settlement_addresses };
}

/** Per chain without rent, the sentence saying why: rent_paid and profit have no document there. */
export function rentNotes(chains: readonly Chain[]): string[] {
  const configured = new Set(chains.map((c) => c.origin_key));
  return chains.flatMap((c) => {
    const plan = settlementPlan(c, configured);
    return plan.settles_on === null && c.chain_type !== 'L1' ? [`${c.origin_key}: no rent_paid or profit: ${plan.reason}`] : [];
  });
}
