// Per chain family, the parts of METRICS.md section 1 that differ: which gas price applies,
// where the L1 cost is, how the fee adds up and what counts as a user transaction.
import type { ChainFamily } from '../registry/types.js';
import { optHexToBigInt } from '../rpc/hex.js';
import type { RawReceipt, RawTx } from './raw.js';

export interface FamilyRules {
  /** Receipt effectiveGasPrice, else the transaction's gasPrice, else 0. */
  gasPrice(tx: RawTx, receipt: RawReceipt, txType: number): bigint;
  l1Fee(receipt: RawReceipt): bigint;
  l1GasUsed(receipt: RawReceipt): bigint;
  fee(gasUsed: bigint, gasPrice: bigint, l1Fee: bigint): bigint;
  isUserTx(gasUsed: bigint, gasPrice: bigint): boolean;
}

/** OP Stack deposit transactions (L1 → L2): no gas price, never user transactions. */
export const OP_DEPOSIT_TX_TYPE = 0x7e;
/** Arbitrum internal (ArbOS) transactions. */
export const ARBITRUM_INTERNAL_TX_TYPE = 0x6a;

function effectiveGasPrice(tx: RawTx, r: RawReceipt): bigint {
  if (r.effectiveGasPrice !== undefined && r.effectiveGasPrice !== null) return optHexToBigInt(r.effectiveGasPrice, 'receipt effectiveGasPrice', 0n);
  return optHexToBigInt(tx.gasPrice, 'tx gasPrice', 0n);
}

const ZERO = (): bigint => 0n;

/** ethereum, zksync, default: fee = gas_used × gas price; user tx iff price > 0. */
const plain: FamilyRules = {
  gasPrice: effectiveGasPrice,
  l1Fee: ZERO,
  l1GasUsed: ZERO,
  fee: (gasUsed, price) => gasUsed * price,
  isUserTx: (_gasUsed, price) => price > 0n,
};

/** OP Stack and Scroll: an L1 data fee on top of the L2 execution fee. */
const withL1Fee = (depositType: number | null): FamilyRules => ({
  gasPrice: (tx, r, type) => (type === depositType ? 0n : effectiveGasPrice(tx, r)),
  l1Fee: (r) => optHexToBigInt(r.l1Fee, 'receipt l1Fee', 0n),
  l1GasUsed: ZERO,
  fee: (gasUsed, price, l1Fee) => gasUsed * price + l1Fee,
  isUserTx: (_gasUsed, price) => price > 0n,
});

/** Arbitrum: gasUsed already includes the L1 part (gasUsedForL1); internal txs use no gas. */
const arbitrum: FamilyRules = {
  gasPrice: effectiveGasPrice,
  l1Fee: ZERO,
  l1GasUsed: (r) => optHexToBigInt(r.gasUsedForL1, 'receipt gasUsedForL1', 0n),
  fee: (gasUsed, price) => gasUsed * price,
  isUserTx: (gasUsed) => gasUsed > 0n,
};

export const FAMILY_RULES: Record<ChainFamily, FamilyRules> = {
  ethereum: plain,
  zksync: plain,
  default: plain,
  op: withL1Fee(OP_DEPOSIT_TX_TYPE),
  scroll: withL1Fee(null),
  arbitrum,
};
