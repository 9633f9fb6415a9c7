// What a metric needs from a chain's configuration beyond its RPC URLs. Each metric definition
// declares the requirements it has (`requires`, src/metrics/definitions; catalog-check.ts holds
// the declaration to what the metric's input reads), and `check-config` asks each configured
// chain whether it meets them, so an operator learns which metrics a chain will publish and
// what to set for a missing one before anything is ingested. Nothing here reaches the network.
import type { AppConfig } from './app-config.js';
import { settlementPlan } from './settlement.js';
import type { Chain } from './types.js';

export const CHAIN_REQUIREMENTS = ['settlement', 'stablecoins', 'market_data_id', 'total_supply', 'tvl_source', 'app_revenue_source', 'fee_table', 'apps'] as const;

/**
 * - settlement: batch poster addresses and an ingested settlement chain (rent_paid, profit);
 * - stablecoins: stablecoin contracts to read totalSupply() of (stables_mcap);
 * - market_data_id: the chain token's market-data id and a market-data source (market_cap, fdv);
 * - total_supply: the token's total supply, or its contract to read it from (fdv);
 * - tvl_source / app_revenue_source: the external series for the chain (tvl, app_revenue);
 * - fee_table / apps: the chain's flags (fee table metrics, application metrics).
 */
export type ChainRequirement = (typeof CHAIN_REQUIREMENTS)[number];

/** The parts of a configuration the requirements read. */
export type RequirementContext = Pick<AppConfig, 'chains' | 'prices' | 'external'>;

type Check = (chain: Chain, ctx: RequirementContext, configured: ReadonlyMap<string, Chain>) => string | null;

const externalSource = (series: 'tvl' | 'app_revenue', csv: (ctx: RequirementContext) => readonly string[]): Check => (chain, ctx) => {
  if (csv(ctx).length > 0) return null; // the operator's CSV files: rows keyed by origin_key
  if (ctx.external.defillama_url === null) return `no ${series} source (set external.defillama_url, or external.${series}_csv)`;
  return chain.defillama === null ? `no DefiLlama chain name (set chains.${chain.origin_key}.defillama)` : null;
};

const CHECKS: Record<ChainRequirement, Check> = {
  settlement: (chain, _ctx, configured) => {
    const plan = settlementPlan(chain, configured);
    return plan.settles_on === null ? plan.reason : null;
  },
  stablecoins: (chain) => (chain.stablecoins.length === 0 ? `no stablecoin contracts (set chains.${chain.origin_key}.stablecoins)` : null),
  market_data_id: (chain, ctx) => {
    if (chain.token === null) return `no market-data id (set chains.${chain.origin_key}.token.market_data_id)`;
    return ctx.prices.coingecko_url === null ? 'no market-data source (prices.coingecko_url is null)' : null;
  },
  total_supply: (chain) =>
    chain.token !== null && chain.token.total_supply === null && !chain.token.address ? `no total supply (set chains.${chain.origin_key}.token.total_supply or token.address)` : null,
  tvl_source: externalSource('tvl', (ctx) => ctx.external.tvl_csv),
  app_revenue_source: externalSource('app_revenue', (ctx) => ctx.external.app_revenue_csv),
  fee_table: (chain) => (chain.flags.fee_table ? null : `the fee table is off (chains.${chain.origin_key}.flags.fee_table: false)`),
  apps: (chain) => (chain.flags.apps ? null : `application metrics are off (chains.${chain.origin_key}.flags.apps: false)`),
};

/** Why `chain` does not meet each of `requires`, in their order; [] when it meets them all. */
export function unmetRequirements(requires: readonly ChainRequirement[], chain: Chain, ctx: RequirementContext): string[] {
  const configured = new Map(ctx.chains.map((c) => [c.origin_key, c]));
  return requires.flatMap((r) => CHECKS[r](chain, ctx, configured) ?? []);
}
