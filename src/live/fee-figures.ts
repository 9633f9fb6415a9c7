// The four fee figures of a live window in the gas token's wei (CONTRACT.md 12.6, "Costs"): over
// the priced transactions of W (effective gas price > 0), at most the newest 5,000. A fee is
// gas_used × effective gas price + the OP-stack l1_fee; the blob fee is the poster's, not a user's.
import type { WindowBlock } from './window.js';

export const MAX_PRICED_TXS = 5_000;
/** Transactions of an ERC-20 transfer's size and a swap's size, by gas_used (inclusive). */
export const ERC20_GAS = { min: 52_000, max: 78_000, typical: 65_000 } as const;
export const SWAP_GAS = { min: 280_000, max: 420_000, typical: 350_000 } as const;

export interface NativeFees {
  erc20: number;
  swap: number;
  avg: number;
  median: number;
}

/** The figures in wei, or null when W holds no priced transaction. */
export function nativeFees(blocks: readonly WindowBlock[]): NativeFees | null {
  const gas: number[] = [];
  const fees: number[] = [];
  // Newest first, so that the cap keeps the newest transactions.
  for (let b = blocks.length - 1; b >= 0 && fees.length < MAX_PRICED_TXS; b--) {
    const blk = blocks[b];
    for (let i = blk.fees.length - 1; i >= 0 && fees.length < MAX_PRICED_TXS; i--) {
      gas.push(blk.gas[i]);
      fees.push(blk.fees[i]);
    }
  }
  if (fees.length === 0) return null;
  let feeSum = 0;
  let gasSum = 0;
  const erc20: number[] = [];
  const swap: number[] = [];
  for (let i = 0; i < fees.length; i++) {
    feeSum += fees[i];
    gasSum += gas[i];
    if (gas[i] >= ERC20_GAS.min && gas[i] <= ERC20_GAS.max) erc20.push(fees[i]);
    else if (gas[i] >= SWAP_GAS.min && gas[i] <= SWAP_GAS.max) swap.push(fees[i]);
  }
  const perGas = gasSum > 0 ? feeSum / gasSum : 0;
  return {
    erc20: erc20.length > 0 ? median(erc20) : perGas * ERC20_GAS.typical,
    swap: swap.length > 0 ? median(swap) : perGas * SWAP_GAS.typical,
    avg: feeSum / fees.length,
    median: median(fees),
  };
}

/** The middle value, or the mean of the two middle values of an even count. */
export function median(values: number[]): number {
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
