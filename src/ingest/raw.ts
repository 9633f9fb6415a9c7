// The JSON-RPC shapes ingestion reads, and the per-request validators that catch a lagging or
// lying node before its answer is used (the RPC client retries such answers on another URL).
// Validators check identity (right block, right transaction) and the presence of the fields
// normalization reads; normalization itself rejects malformed quantities.
import { hash32, hexToNumber } from '../rpc/hex.js';

export interface RawTx {
  hash: string;
  transactionIndex: string;
  type?: string;
  nonce: string;
  from: string;
  to: string | null;
  input: string;
  value: string;
  gas: string;
  gasPrice?: string;
  blockNumber?: string | null;
  blockHash?: string | null;
}

export interface RawBlock {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  gasUsed: string;
  baseFeePerGas?: string | null;
  transactions: RawTx[];
}

export interface RawReceipt {
  transactionHash: string;
  transactionIndex?: string;
  blockHash?: string;
  blockNumber?: string;
  gasUsed: string;
  status?: string | null;
  effectiveGasPrice?: string | null;
  contractAddress?: string | null;
  /** OP Stack and Scroll: the L1 data fee. */
  l1Fee?: string | null;
  /** Arbitrum: the part of gasUsed that paid for L1 calldata. */
  gasUsedForL1?: string | null;
  /** EIP-4844 blob transactions (type 3): blob gas used and the block's blob base fee. */
  blobGasUsed?: string | null;
  blobGasPrice?: string | null;
}

/** What the reorg check needs of a block: header identity only. */
export interface BlockHeader {
  number: number;
  hash: string;
  parentHash: string;
  timestamp: number;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** eth_getBlockByNumber(n, true): the block numbered n, with full transaction objects in order. */
export function validateFullBlock(n: number): (result: unknown) => RawBlock {
  return (r) => {
    const b = checkBlockHeader(r, n);
    const txs = (b as Record<string, unknown>).transactions;
    if (!Array.isArray(txs)) throw new Error(`block ${n}: transactions is not an array`);
    for (let i = 0; i < txs.length; i++) {
      const tx = txs[i] as Record<string, unknown>;
      if (!isObject(tx)) throw new Error(`block ${n}: transaction ${i} is not an object (was the block fetched without full transactions?)`);
      if (typeof tx.hash !== 'string' || typeof tx.from !== 'string' || typeof tx.input !== 'string') {
        throw new Error(`block ${n}: transaction ${i} lacks hash, from or input`);
      }
      if (hexToNumber(tx.transactionIndex, `block ${n} tx ${i} transactionIndex`) !== i) {
        throw new Error(`block ${n}: transaction at position ${i} has transactionIndex ${tx.transactionIndex}`);
      }
      if (tx.blockNumber !== undefined && tx.blockNumber !== null && hexToNumber(tx.blockNumber, 'tx blockNumber') !== n) {
        throw new Error(`block ${n}: transaction ${i} claims block ${tx.blockNumber}`);
      }
    }
    return r as RawBlock;
  };
}

/** eth_getBlockByNumber(n, false): identity fields only. */
export function validateHeader(n: number): (result: unknown) => BlockHeader {
  return (r) => {
    const b = checkBlockHeader(r, n);
    return {
      number: n,
      hash: hash32(b.hash, `block ${n} hash`),
      parentHash: hash32(b.parentHash, `block ${n} parentHash`),
      timestamp: hexToNumber(b.timestamp, `block ${n} timestamp`),
    };
  };
}

function checkBlockHeader(r: unknown, n: number): Record<string, unknown> {
  if (r === null) throw new Error(`block ${n} not found (node behind or pruned)`);
  if (!isObject(r)) throw new Error(`block ${n}: result is not an object`);
  const got = hexToNumber(r.number, `block ${n} number`);
  if (got !== n) throw new Error(`asked for block ${n}, got block ${got}`);
  hash32(r.hash, `block ${n} hash`);
  hash32(r.parentHash, `block ${n} parentHash`);
  hexToNumber(r.timestamp, `block ${n} timestamp`);
  return r;
}

/** eth_getBlockReceipts(n): an array of receipts of block n (matched to transactions later). */
export function validateBlockReceipts(n: number): (result: unknown) => RawReceipt[] {
  return (r) => {
    if (r === null) throw new Error(`receipts of block ${n} not found (node behind or pruned)`);
    if (!Array.isArray(r)) throw new Error(`receipts of block ${n}: result is not an array`);
    for (let i = 0; i < r.length; i++) {
      const rc = r[i] as Record<string, unknown>;
      if (!isObject(rc) || typeof rc.transactionHash !== 'string' || typeof rc.gasUsed !== 'string') {
        throw new Error(`receipts of block ${n}: entry ${i} lacks transactionHash or gasUsed`);
      }
      if (rc.blockNumber !== undefined && hexToNumber(rc.blockNumber, 'receipt blockNumber') !== n) {
        throw new Error(`receipts of block ${n}: entry ${i} belongs to block ${rc.blockNumber}`);
      }
    }
    return r as RawReceipt[];
  };
}

/** eth_getTransactionReceipt(hash): the receipt of exactly that transaction. */
export function validateReceipt(txHash: string): (result: unknown) => RawReceipt {
  const want = txHash.toLowerCase();
  return (r) => {
    if (r === null) throw new Error(`receipt of ${txHash} not found (node behind)`);
    if (!isObject(r) || typeof r.transactionHash !== 'string' || typeof r.gasUsed !== 'string') {
      throw new Error(`receipt of ${txHash}: lacks transactionHash or gasUsed`);
    }
    if (r.transactionHash.toLowerCase() !== want) throw new Error(`asked for the receipt of ${txHash}, got ${r.transactionHash}`);
    return r as unknown as RawReceipt;
  };
}

/** eth_blockNumber / eth_chainId. */
export function validateQuantity(what: string): (result: unknown) => number {
  return (r) => hexToNumber(r, what);
}
