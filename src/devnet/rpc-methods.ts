// The Ethereum JSON-RPC methods a devnet chain answers, each returning its result already
// serialized as JSON text. Unknown blocks and transactions are answered with null like a
// real node; malformed parameters with -32602.
import type { ChainSim } from './chain-sim.js';
import { decodeBlockHash, decodeTxHash } from './hashes.js';
import { q } from './rpc-json.js';

export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string): RpcFailure => new RpcFailure(-32602, message);

const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,16}$/;
const HASH32 = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HEX_DATA = /^0x([0-9a-fA-F]{2})*$/;

/** A block number a tag names, or null when that block does not exist (yet). */
function blockNumber(sim: ChainSim, tag: unknown, what = 'block'): number | null {
  const head = sim.head();
  if (typeof tag === 'string') {
    switch (tag) {
      case 'latest':
      case 'pending':
        return head;
      case 'safe':
        return Math.max(0, head - sim.spec.safe_lag);
      case 'finalized':
        return Math.max(0, head - sim.spec.finalized_lag);
      case 'earliest':
        return 0;
    }
    if (HEX_QUANTITY.test(tag)) {
      const n = Number(tag);
      return n <= head ? n : null;
    }
    if (HASH32.test(tag)) return blockByHash(sim, tag);
  } else if (typeof tag === 'object' && tag !== null && !Array.isArray(tag)) {
    // EIP-1898: {blockNumber} or {blockHash}.
    const o = tag as Record<string, unknown>;
    if (o.blockNumber !== undefined) return blockNumber(sim, o.blockNumber, what);
    if (typeof o.blockHash === 'string' && HASH32.test(o.blockHash)) return blockByHash(sim, o.blockHash);
  }
  throw invalid(`invalid ${what}: ${JSON.stringify(tag)} (expected a hex block number or one of latest, safe, finalized, earliest, pending)`);
}

/** The canonical block a hash names, or null (unknown hash, future block, or reorged out). */
function blockByHash(sim: ChainSim, hash: string): number | null {
  const c = decodeBlockHash(hash);
  if (!c || c.n > sim.head() || sim.version(c.n) !== c.version) return null;
  return sim.hashOf(c.n) === hash.toLowerCase() ? c.n : null;
}

function fullFlag(v: unknown): boolean {
  if (v === undefined) return false;
  if (typeof v !== 'boolean') throw invalid(`invalid argument 1: expected a boolean (full transactions), got ${JSON.stringify(v)}`);
  return v;
}

function hashParam(v: unknown, what: string): string {
  if (typeof v !== 'string' || !HASH32.test(v)) throw invalid(`invalid ${what}: expected a 32-byte hex hash, got ${JSON.stringify(v)}`);
  return v.toLowerCase();
}

function findTx(sim: ChainSim, hash: string): { n: number; index: number } | null {
  const c = decodeTxHash(hash);
  if (!c || c.n > sim.head() || sim.version(c.n) !== c.version) return null;
  const tx = sim.block(c.n).txs[c.index];
  return tx && tx.hash === hash ? { n: c.n, index: c.index } : null;
}

const SELECTOR_TOTAL_SUPPLY = '0x18160ddd';
const SELECTOR_DECIMALS = '0x313ce567';
const SELECTOR_SYMBOL = '0x95d89b41';
const SELECTOR_NAME = '0x06fdde03';

const word = (hex: string): string => hex.padStart(64, '0');

function abiString(s: string): string {
  const bytes = Buffer.from(s, 'utf8').toString('hex');
  return `0x${word('20')}${word(s.length.toString(16))}${bytes.padEnd(Math.ceil(bytes.length / 64) * 64, '0')}`;
}

function ethCall(sim: ChainSim, params: unknown[]): string {
  const call = params[0];
  if (typeof call !== 'object' || call === null || Array.isArray(call)) throw invalid('invalid argument 0: expected a call object {to, data}');
  const { to, data, input } = call as Record<string, unknown>;
  const payload = data ?? input ?? '0x';
  if (typeof to !== 'string' || !ADDRESS.test(to)) throw invalid(`invalid argument 0: "to" must be a 20-byte address, got ${JSON.stringify(to)}`);
  if (typeof payload !== 'string' || !HEX_DATA.test(payload)) throw invalid(`invalid argument 0: "data" must be hex bytes, got ${JSON.stringify(payload)}`);
  const n = blockNumber(sim, params[1] ?? 'latest');
  if (n === null) throw new RpcFailure(-32000, 'header not found');
  if (sim.stateHistoryBlocks !== null && n < sim.head() - sim.stateHistoryBlocks) {
    // What geth answers for a pruned block's state (the root is a drawn 32-byte hash).
    throw new RpcFailure(-32000, `missing trie node ${sim.block(n).hash.slice(2)} (path ) state ${sim.block(n).hash} is not available`);
  }
  const address = to.toLowerCase();
  const coin = sim.stablecoins.find((c) => c.address === address);
  if (!coin) return '"0x"'; // no code at that address: calls succeed with empty output
  switch (payload.slice(0, 10).toLowerCase()) {
    case SELECTOR_TOTAL_SUPPLY:
      return `"0x${word((sim.stablecoinSupply(address, n) as bigint).toString(16))}"`;
    case SELECTOR_DECIMALS:
      return `"0x${word(coin.decimals.toString(16))}"`;
    case SELECTOR_SYMBOL:
      return `"${abiString(coin.symbol)}"`;
    case SELECTOR_NAME:
      return `"${abiString(`Devnet ${coin.symbol}`)}"`;
    default:
      throw new RpcFailure(-32000, 'execution reverted');
  }
}

type Method = (sim: ChainSim, params: unknown[]) => string;

export const METHODS: ReadonlyMap<string, Method> = new Map<string, Method>([
  ['eth_chainId', (sim) => `"${sim.json.chainIdHex}"`],
  ['net_version', (sim) => `"${sim.spec.evm_chain_id}"`],
  ['web3_clientVersion', (sim) => `"chainlytics-devnet/v0.1.0/${sim.spec.family}"`],
  ['net_listening', () => 'true'],
  ['eth_syncing', () => 'false'],
  ['eth_blockNumber', (sim) => `"${q(sim.head())}"`],
  ['eth_gasPrice', (sim) => `"${q(sim.block(sim.head()).baseFee + sim.spec.priority_fee_wei[0])}"`],
  ['eth_maxPriorityFeePerGas', (sim) => `"${q(sim.spec.priority_fee_wei[0])}"`],
  [
    'eth_getBlockByNumber',
    (sim, p) => {
      const n = blockNumber(sim, p[0]);
      const full = fullFlag(p[1]);
      return n === null ? 'null' : sim.json.block(sim.block(n), full);
    },
  ],
  [
    'eth_getBlockByHash',
    (sim, p) => {
      const n = blockByHash(sim, hashParam(p[0], 'argument 0'));
      const full = fullFlag(p[1]);
      return n === null ? 'null' : sim.json.block(sim.block(n), full);
    },
  ],
  [
    'eth_getBlockReceipts',
    (sim, p) => {
      if (!sim.blockReceipts) throw new RpcFailure(-32601, 'the method eth_getBlockReceipts does not exist/is not available');
      const n = blockNumber(sim, p[0]);
      return n === null ? 'null' : sim.json.receipts(sim.block(n));
    },
  ],
  [
    'eth_getBlockTransactionCountByNumber',
    (sim, p) => {
      const n = blockNumber(sim, p[0]);
      return n === null ? 'null' : `"${q(sim.block(n).txs.length)}"`;
    },
  ],
  [
    'eth_getTransactionReceipt',
    (sim, p) => {
      const at = findTx(sim, hashParam(p[0], 'transaction hash'));
      return at === null ? 'null' : sim.json.receipt(sim.block(at.n), at.index);
    },
  ],
  [
    'eth_getTransactionByHash',
    (sim, p) => {
      const at = findTx(sim, hashParam(p[0], 'transaction hash'));
      if (at === null) return 'null';
      const b = sim.block(at.n);
      return sim.json.tx(b, b.txs[at.index]);
    },
  ],
  ['eth_call', ethCall],
]);
