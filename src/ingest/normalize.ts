// One block plus its receipts → NormalizedBlock + NormalizedTx rows, exactly as METRICS.md
// section 1 says. Throws NormalizeError when the receipts do not belong to the block or a
// field is malformed; the fetcher then asks again (the node may be lying or mid-reorg).
import type { ChainFamily } from '../registry/types.js';
import { hexToBigInt, hexToNumber, optHexToBigInt } from '../rpc/hex.js';
import { FAMILY_RULES } from './families.js';
import type { NormalizedBlock, NormalizedTx } from '../store/rows.js';
import type { RawBlock, RawReceipt } from './raw.js';

export class NormalizeError extends Error {
  override name = 'NormalizeError';
}

export interface NormalizedBlockData {
  block: NormalizedBlock;
  txs: NormalizedTx[];
}

export interface ChainIdentity {
  origin_key: string;
  family: ChainFamily;
}

function address(v: unknown, what: string): string {
  if (typeof v !== 'string' || v.length !== 42) throw new NormalizeError(`${what}: expected a 20-byte address, got ${JSON.stringify(v)}`);
  return v.toLowerCase();
}

function optAddress(v: unknown, what: string): string | null {
  return v === null || v === undefined ? null : address(v, what);
}

export function normalizeBlock(chain: ChainIdentity, raw: RawBlock, receipts: RawReceipt[]): NormalizedBlockData {
  try {
    return normalizeUnchecked(chain, raw, receipts);
  } catch (err) {
    if (err instanceof NormalizeError) throw err;
    throw new NormalizeError(`chain ${chain.origin_key} block ${raw.number}: ${(err as Error).message}`);
  }
}

function normalizeUnchecked(chain: ChainIdentity, raw: RawBlock, receipts: RawReceipt[]): NormalizedBlockData {
  const rules = FAMILY_RULES[chain.family];
  const blockNumber = hexToNumber(raw.number, 'block number');
  const blockHash = raw.hash.toLowerCase();
  const blockTime = hexToNumber(raw.timestamp, 'block timestamp');
  const rawTxs = raw.transactions;
  if (receipts.length !== rawTxs.length) {
    throw new NormalizeError(`chain ${chain.origin_key} block ${blockNumber}: ${rawTxs.length} transactions but ${receipts.length} receipts`);
  }
  const txs = new Array<NormalizedTx>(rawTxs.length);
  for (let i = 0; i < rawTxs.length; i++) {
    const tx = rawTxs[i];
    const rc = receipts[i];
    const txHash = tx.hash.toLowerCase();
    if (rc.transactionHash.toLowerCase() !== txHash) {
      throw new NormalizeError(`chain ${chain.origin_key} block ${blockNumber}: receipt ${i} is for ${rc.transactionHash}, transaction is ${tx.hash}`);
    }
    if (typeof rc.blockHash === 'string' && rc.blockHash.toLowerCase() !== blockHash) {
      throw new NormalizeError(`chain ${chain.origin_key} block ${blockNumber}: receipt ${i} is from block ${rc.blockHash}, not ${raw.hash}`);
    }
    const txType = tx.type === undefined ? 0 : hexToNumber(tx.type, 'tx type');
    const gasUsed = hexToBigInt(rc.gasUsed, 'receipt gasUsed');
    const gasPrice = rules.gasPrice(tx, rc, txType);
    const l1Fee = rules.l1Fee(rc);
    // Blob gas is priced apart from execution gas (EIP-4844): its fee adds to the transaction's.
    const blobGasUsed = optHexToBigInt(rc.blobGasUsed, 'receipt blobGasUsed', 0n);
    const blobGasPrice = optHexToBigInt(rc.blobGasPrice, 'receipt blobGasPrice', 0n);
    const input = tx.input;
    const inputEmpty = input === '0x' || input === '';
    txs[i] = {
      origin_key: chain.origin_key,
      block_number: blockNumber,
      block_hash: blockHash,
      block_time: blockTime,
      tx_hash: txHash,
      tx_index: i,
      tx_type: txType,
      nonce: hexToBigInt(tx.nonce, 'tx nonce'),
      from_address: address(tx.from, 'tx from'),
      to_address: optAddress(tx.to, 'tx to'),
      created_contract: optAddress(rc.contractAddress, 'receipt contractAddress'),
      input_empty: inputEmpty,
      selector: inputEmpty ? null : input.slice(0, 10).toLowerCase(),
      value_wei: hexToBigInt(tx.value, 'tx value'),
      gas_limit: hexToBigInt(tx.gas, 'tx gas'),
      gas_used: gasUsed,
      // Pre-Byzantium receipts carry a state root instead of a status; those are counted as success.
      status: rc.status === undefined || rc.status === null ? 1 : hexToNumber(rc.status, 'receipt status') === 1 ? 1 : 0,
      gas_price_wei: gasPrice,
      l1_fee_wei: l1Fee,
      l1_gas_used: rules.l1GasUsed(rc),
      blob_gas_used: blobGasUsed,
      blob_gas_price_wei: blobGasPrice,
      fee_wei: rules.fee(gasUsed, gasPrice, l1Fee) + blobGasUsed * blobGasPrice,
      is_user_tx: rules.isUserTx(gasUsed, gasPrice),
    };
  }
  const block: NormalizedBlock = {
    origin_key: chain.origin_key,
    block_number: blockNumber,
    block_hash: blockHash,
    parent_hash: raw.parentHash.toLowerCase(),
    block_time: blockTime,
    gas_used: hexToBigInt(raw.gasUsed, 'block gasUsed'),
    base_fee_wei: raw.baseFeePerGas === undefined || raw.baseFeePerGas === null ? null : hexToBigInt(raw.baseFeePerGas, 'block baseFeePerGas'),
    tx_count: rawTxs.length,
  };
  return { block, txs };
}
