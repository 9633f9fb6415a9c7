// The ecosystem totals of the /events message (CONTRACT.md 12.3, "Global"). The L2 set is the
// chains in `data` other than ethereum with tps > 0 and an ERC-20 transfer cost > 0: the chains
// the reference frontend's fee list shows, so its average covers what the list shows.
import { round } from './chain-figures.js';
import type { High } from './highs.js';
import type { LiveChain } from './live-chain.js';
import { isoTime } from './iso-time.js';

export interface GlobalMetrics {
  total_tps: number;
  highest_tps: number;
  highest_l2_cost_usd: number | null;
  layer2s_tx_cost_usd: number | null;
  layer2s_tx_cost_eth: number | null;
  ethereum_tx_cost_usd: number;
  ethereum_tx_cost_eth: number;
  total_tps_ath: number;
  total_tps_ath_timestamp: string;
  total_tps_24h_high: number;
  total_tps_24h_high_timestamp: string;
  total_chains: number;
  active_chains: number;
  last_updated: string;
}

/** Σ tps over the fresh chains, 1 decimal (the sample the ecosystem highs and history take). */
export function totalTps(data: readonly LiveChain[]): number {
  let sum = 0;
  for (const c of data) sum += c.tps;
  return round(sum, 1);
}

export function globalMetrics(data: readonly LiveChain[], total: number, ath: High, high24h: High, nowMs: number): GlobalMetrics {
  let highest = 0;
  let active = 0;
  let l2Max: number | null = null;
  let weight = 0;
  let usdSum = 0;
  let ethSum = 0;
  let eth: LiveChain | undefined;
  for (const c of data) {
    highest = Math.max(highest, c.tps);
    if (c.tps > 0) active++;
    if (c.chain_name === 'ethereum') {
      eth = c;
      continue;
    }
    if (c.tps > 0 && c.tx_cost_erc20_transfer_usd > 0) {
      l2Max = Math.max(l2Max ?? 0, c.tx_cost_erc20_transfer_usd);
      weight += c.tps;
      usdSum += c.tps * c.tx_cost_erc20_transfer_usd;
      ethSum += c.tps * c.tx_cost_erc20_transfer;
    }
  }
  return {
    total_tps: total,
    highest_tps: round(highest, 1),
    highest_l2_cost_usd: l2Max,
    layer2s_tx_cost_usd: weight > 0 ? usdSum / weight : null,
    layer2s_tx_cost_eth: weight > 0 ? ethSum / weight : null,
    ethereum_tx_cost_usd: eth?.tx_cost_erc20_transfer_usd ?? 0,
    ethereum_tx_cost_eth: eth?.tx_cost_erc20_transfer ?? 0,
    total_tps_ath: ath.value,
    total_tps_ath_timestamp: isoTime(ath.at_ms),
    total_tps_24h_high: high24h.value,
    total_tps_24h_high_timestamp: isoTime(high24h.at_ms),
    total_chains: data.length,
    active_chains: active,
    last_updated: isoTime(nowMs),
  };
}
