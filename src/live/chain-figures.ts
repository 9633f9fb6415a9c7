// A chain's live figures from its window W (CONTRACT.md 12.6): tps = Σ transactions of W ÷
// (s × n/(n−1)), block_time = s/(n−1), and the eight cost fields, ETH-equivalent and USD at the
// newest prices held. The eight are all > 0 or all 0 (no cost known), never null.
import { nativeFees, type NativeFees } from './fee-figures.js';
import type { Conversion } from './prices.js';
import type { WindowView } from './window.js';

export interface CostFields {
  tx_cost_erc20_transfer: number;
  tx_cost_erc20_transfer_usd: number;
  tx_cost_swap: number;
  tx_cost_swap_usd: number;
  tx_cost_avg: number;
  tx_cost_avg_usd: number;
  tx_cost_median: number;
  tx_cost_median_usd: number;
}

export const NO_COST: Readonly<CostFields> = {
  tx_cost_erc20_transfer: 0,
  tx_cost_erc20_transfer_usd: 0,
  tx_cost_swap: 0,
  tx_cost_swap_usd: 0,
  tx_cost_avg: 0,
  tx_cost_avg_usd: 0,
  tx_cost_median: 0,
  tx_cost_median_usd: 0,
};

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** What W gives before prices: throughput, block time and the fees in wei (per window change). */
export interface WindowFigures {
  tps: number;
  block_time: number;
  fees: NativeFees | null;
}

export function windowFigures(w: WindowView): WindowFigures {
  const n = w.blocks.length;
  let txs = 0;
  for (const b of w.blocks) txs += b.tx_count;
  return { tps: round(txs / ((w.span_s * n) / (n - 1)), 1), block_time: round(w.span_s / (n - 1), 3), fees: nativeFees(w.blocks) };
}

/** The eight cost fields at a conversion (per tick: a price may arrive or age out). */
export function costFields(f: NativeFees | null, c: Conversion | null): CostFields {
  if (c === null || f === null) return NO_COST;
  const out: CostFields = {
    tx_cost_erc20_transfer: f.erc20 * c.eth_per_wei,
    tx_cost_erc20_transfer_usd: f.erc20 * c.usd_per_wei,
    tx_cost_swap: f.swap * c.eth_per_wei,
    tx_cost_swap_usd: f.swap * c.usd_per_wei,
    tx_cost_avg: f.avg * c.eth_per_wei,
    tx_cost_avg_usd: f.avg * c.usd_per_wei,
    tx_cost_median: f.median * c.eth_per_wei,
    tx_cost_median_usd: f.median * c.usd_per_wei,
  };
  // A zero fee (gas_used 0 at a positive price) would leave some fields 0: the frontend reads
  // 0 as "absent", so either all eight are known or none is.
  return Object.values(out).every((v) => v > 0 && Number.isFinite(v)) ? out : NO_COST;
}
