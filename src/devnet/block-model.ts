// Block n of a chain as a pure function of (seed, chain, n, fork version): the transactions,
// their gas, fees, logs and family-specific receipt fields. Heavy bytes that nothing counts
// (signatures, call data) are drawn lazily from a per-transaction seed when serialized, so
// ground truth over a day costs little more than counting.
import { keccak256 } from 'viem';
import { simContracts, unlabeledContracts, type SimContract } from './apps.js';
import { DEVNET_CHAIN_SPECS, type DevnetChainSpec } from './chains.js';
import { txHash } from './hashes.js';
import { ARBOS_ADDRESS, batcherAddress, batchInboxAddress, OP_DEPOSITOR_ACCOUNT, OP_L1_BLOCK_PREDEPLOY, type Population } from './identities.js';
import { hashInts, hashString, hex8, hexWords, Rng, unit } from './prng.js';
import type { Timeline } from './timeline.js';
import type { TrafficModel } from './traffic.js';

export type TxKind = 'native' | 'token' | 'swap' | 'app' | 'unlabeled' | 'deploy' | 'l1_info' | 'deposit' | 'arb_internal' | 'batch';

/** keccak256("Transfer(address,address,uint256)") and a Uniswap-v3-style Swap event. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
export const SWAP_TOPIC = '0xc42079f94a6350d7e6235f29174924f928cc2ac818eb64fed8004e115fbcca67';

export interface LogModel {
  address: string;
  topics: string[];
  data: string;
}

export class TxModel {
  index = 0;
  hash = '';
  type = 2;
  nonce = 0;
  /** Hex quantity. */
  value = '0x0';
  /** OP deposits: ETH minted on L2 (hex quantity). */
  mint = '0x0';
  /** Input = 0x + prefix + args + `randomWords` lazily drawn words. */
  prefix = '';
  args = '';
  randomWords = 0;
  gas = 0;
  gasUsed = 0;
  status = 1;
  /** The transaction's gasPrice field (for mined type-2 transactions: the effective price). */
  gasPrice = 0;
  maxFee = 0;
  maxPriority = 0;
  effectiveGasPrice = 0;
  l1Fee = 0;
  l1GasUsed = 0;
  l1GasPrice = 0;
  gasUsedForL1 = 0;
  /** Type-3 (blob) transactions: blob gas (131,072 per blob), its price and the fee cap. */
  blobGasUsed = 0;
  blobGasPrice = 0;
  maxFeePerBlobGas = 0;
  contractAddress: string | null = null;
  logs: LogModel[] | null = null;
  /** The receipt's logs bloom (only for transactions with logs), filled by rpc-json. */
  bloom: Uint8Array | null = null;
  /** Seeds the lazily drawn signature, source hash and call data. */
  sigSeed = 0;

  constructor(
    readonly kind: TxKind,
    readonly from: string,
    public to: string | null,
  ) {}

  inputBytes(): number {
    return (this.prefix.length + this.args.length) / 2 + this.randomWords * 4;
  }

  input(): string {
    if (this.randomWords === 0) return `0x${this.prefix}${this.args}`;
    return `0x${this.prefix}${this.args}${new Rng(this.sigSeed ^ 0x1badb002).hex(this.randomWords)}`;
  }
}

export class BlockModel {
  gasUsed = 0;
  blobGasUsed = 0;
  // Memoized by rpc-json: the small parts asked for repeatedly (headers for reorg checks, single
  // receipts for the per-transaction fallback). Full blocks and receipt lists are rebuilt per
  // request instead: they are asked for once, and keeping them would promote megabytes of
  // strings into the old generation.
  hashesJson: string | null = null;
  receiptJson: string[] | null = null;
  logsBloom: string | null = null;

  constructor(
    readonly number: number,
    readonly version: number,
    readonly hash: string,
    readonly parentHash: string,
    readonly timestamp: number,
    readonly baseFee: number,
    readonly txs: TxModel[],
    readonly miner: string,
    /** Seeds header fields nothing counts (state root, mix hash). */
    readonly rootSeed: number,
  ) {}

  get gasLimit(): number {
    return Math.max(this.gasUsed, 30_000_000);
  }
}

const POW5 = Array.from({ length: 23 }, (_, i) => 5 ** i); // exact doubles up to 5^22
const ZEROS = ['', '0', '00', '000', '0000', '00000', '000000'];

/**
 * An amount m × 10^k as hex without the 0x: round numbers, like people send. 10^k = 5^k·2^k,
 * and 2^(4i) is i hex zeros, so the hex digits come from a small safe integer plus zeros
 * (a BigInt or a huge double's toString(16) per amount is measurably slower).
 */
function amountHex(rng: Rng, minExp: number, maxExp: number): string {
  const m = rng.range(1, 999);
  const k = rng.range(minExp, maxExp);
  const j = k & 3;
  const x = m * POW5[k] * (1 << j);
  const zeros = (k - j) >> 2;
  const head = x <= Number.MAX_SAFE_INTEGER ? x.toString(16) : (BigInt(m) * BigInt(POW5[k]) * BigInt(1 << j)).toString(16);
  return zeros < ZEROS.length ? head + ZEROS[zeros] : head + '0'.repeat(zeros);
}

const PAD24 = '0'.repeat(24);

function pad64(hexNoPrefix: string): string {
  return '0'.repeat(64 - hexNoPrefix.length) + hexNoPrefix;
}

interface Weighted {
  items: SimContract[];
  cumulative: number[];
  total: number;
}

function weighted(items: SimContract[]): Weighted {
  const cumulative: number[] = [];
  let total = 0;
  for (const c of items) cumulative.push((total += c.weight));
  return { items, cumulative, total };
}

function pick(w: Weighted, u: number): SimContract {
  const x = u * w.total;
  for (let i = 0; i < w.cumulative.length; i++) if (x < w.cumulative[i]) return w.items[i];
  return w.items[w.items.length - 1];
}

export interface GeneratorDeps {
  seed: number;
  spec: DevnetChainSpec;
  timeline: Timeline;
  traffic: TrafficModel;
  /** The devnet L1's base fee at time t (what L2s pay for data). */
  l1BaseFee: (t: number) => number;
  population: Population;
}

/** Generates blocks of one chain. Stateless apart from lookup tables built once. */
export class ChainGenerator {
  readonly chainHash: number;
  private readonly routers: Weighted;
  private readonly tokens: Weighted;
  private readonly apps: Weighted;
  private readonly unlabeled: string[];
  private readonly poolCache = new Map<string, string>();
  private readonly topicCache = new Map<string, string>();
  private readonly nonceRate: number;
  /** L2s that post batches to this chain (only the L1 has any). */
  private readonly batchers: Array<{ from: string; to: string; perSecond: number }>;
  private readonly isOp: boolean;
  private readonly isArb: boolean;
  // Functions of the block's time, computed once per block rather than once per transaction.
  private blockPopulation = 0;
  private blockL1BaseFee = 0;
  private blockDays = 0;

  constructor(private readonly d: GeneratorDeps) {
    const { spec } = d;
    this.chainHash = hashString(spec.origin_key);
    const contracts = simContracts(spec.origin_key);
    this.routers = weighted(contracts.filter((c) => c.role === 'router'));
    this.tokens = weighted(contracts.filter((c) => c.role === 'token'));
    this.apps = weighted(contracts.filter((c) => c.role === 'app'));
    this.unlabeled = unlabeledContracts(spec.origin_key);
    const n0 = d.traffic.population(d.timeline.liveSince);
    // Expected transactions per day of the sender at rank r under the power-law draw below
    // (rank = N·u^4 has density 0.25·r^-0.75·N^-0.25), so nonces grow at a plausible pace.
    this.nonceRate = Math.max(1, d.traffic.rate(d.timeline.liveSince) * 86400) * 0.25 * Math.pow(n0, -0.25);
    this.batchers =
      spec.family === 'ethereum'
        ? DEVNET_CHAIN_SPECS.filter((c) => c.batch_interval_s !== null).map((c) => ({
            from: batcherAddress(c.origin_key),
            to: batchInboxAddress(c.evm_chain_id),
            perSecond: c.scale / (c.batch_interval_s as number),
          }))
        : [];
    this.isOp = spec.family === 'op';
    this.isArb = spec.family === 'arbitrum';
  }

  generate(n: number, version: number, hash: string, parentHash: string): BlockModel {
    const { spec, timeline, traffic } = this.d;
    const t = timeline.timestamp(n);
    const dt = timeline.interval(n);
    const rng = new Rng(hashInts(this.d.seed, this.chainHash, n, version));
    const baseFee = n === 0 ? spec.base_fee_wei : traffic.baseFee(t, rng.float());
    this.blockPopulation = traffic.population(t);
    this.blockL1BaseFee = spec.family === 'op' || spec.family === 'arbitrum' ? this.d.l1BaseFee(t) : 0;
    this.blockDays = (t - timeline.genesis) / 86400;
    const txs: TxModel[] = [];
    if (n > 0) {
      if (this.isOp) txs.push(this.l1InfoTx(rng, n));
      if (this.isArb) txs.push(this.arbInternalTx());
      const userRate = traffic.rate(t - dt / 2) * dt;
      if (this.isOp) {
        const deposits = rng.poisson(userRate * 0.02);
        for (let i = 0; i < deposits; i++) txs.push(this.userDepositTx(rng));
      }
      for (const b of this.batchers) {
        const k = rng.poisson(b.perSecond * dt);
        for (let i = 0; i < k; i++) txs.push(this.batchTx(rng, b.from, b.to, baseFee, t, txs.length));
      }
      const users = rng.poisson(userRate);
      for (let i = 0; i < users; i++) txs.push(this.userTx(rng, baseFee, txs.length));
    }
    let gasUsed = 0;
    let blobGasUsed = 0;
    for (let i = 0; i < txs.length; i++) {
      const tx = txs[i];
      tx.index = i;
      tx.sigSeed = rng.u32();
      tx.hash = txHash(rng.u32(), rng.u32(), rng.u32(), rng.u32(), rng.u32(), n, i, version);
      gasUsed += tx.gasUsed;
      blobGasUsed += tx.blobGasUsed;
    }
    const block = new BlockModel(n, version, hash, parentHash, t, baseFee, txs, this.miner(rng), rng.u32());
    block.gasUsed = gasUsed;
    block.blobGasUsed = blobGasUsed;
    return block;
  }

  private miner(rng: Rng): string {
    switch (this.d.spec.family) {
      case 'op':
        return '0x4200000000000000000000000000000000000011'; // SequencerFeeVault
      case 'arbitrum':
        return '0xa4b000000000000000000073657175656e636572'; // "sequencer"
      case 'ethereum':
        return this.d.population.address(1_000_000 + rng.int(40)); // one of a few fee recipients
      default:
        return this.d.population.address(2_000_000 + hashString(this.d.spec.origin_key) % 1000);
    }
  }

  private l1InfoTx(rng: Rng, n: number): TxModel {
    const tx = new TxModel('l1_info', OP_DEPOSITOR_ACCOUNT, OP_L1_BLOCK_PREDEPLOY);
    tx.type = 0x7e;
    tx.nonce = n;
    tx.prefix = '440a5e20'; // setL1BlockValuesEcotone()
    tx.randomWords = 40;
    tx.gas = 1_000_000;
    tx.gasUsed = rng.range(43_800, 47_600);
    return tx;
  }

  private arbInternalTx(): TxModel {
    const tx = new TxModel('arb_internal', ARBOS_ADDRESS, ARBOS_ADDRESS);
    tx.type = 0x6a;
    tx.prefix = '6bf6a42d'; // startBlock(l1BaseFee, l1BlockNumber, l2BlockNumber, timePassed)
    tx.randomWords = 32;
    return tx;
  }

  /** An L1 → L2 ETH deposit: type 0x7e, minted value, no gas price; not a user transaction. */
  private userDepositTx(rng: Rng): TxModel {
    const from = this.sender(rng);
    const tx = new TxModel('deposit', from.address, from.address);
    tx.type = 0x7e;
    tx.nonce = from.nonce;
    tx.mint = tx.value = `0x${amountHex(rng, 14, 17)}`;
    tx.gas = 100_000;
    tx.gasUsed = 21_000;
    return tx;
  }

  /**
   * An L2 batcher posting a frame of its chain's data to the L1 inbox: most post blobs (type 3:
   * empty calldata, 21,000 gas, 1–6 blobs at the hour's blob base fee), the rest calldata.
   */
  private batchTx(rng: Rng, from: string, to: string, baseFee: number, t: number, position: number): TxModel {
    const tx = new TxModel('batch', from, to);
    tx.nonce = Math.floor((t - this.d.timeline.genesis) / 600) + position;
    tx.prefix = '00'; // derivation version byte
    tx.randomWords = rng.range(40, 120);
    this.price(tx, rng, baseFee, false);
    tx.gasUsed = rng.range(40_000, 90_000);
    tx.gas = Math.round(tx.gasUsed * 1.2);
    // The blob choice has its own generator, so the block's other draws stay what they were.
    const blob = new Rng(hashInts(this.d.seed, hashString(from), t, position, 0xb10b));
    if (blob.chance(BLOB_SHARE)) {
      const tip = tx.effectiveGasPrice - baseFee;
      tx.type = 3;
      tx.maxPriority = Math.max(0, tip);
      tx.maxFee = 2 * baseFee + tx.maxPriority;
      tx.gasPrice = tx.effectiveGasPrice;
      tx.prefix = '';
      tx.randomWords = 0;
      tx.gas = tx.gasUsed = 21_000;
      tx.blobGasUsed = blob.range(1, 6) * GAS_PER_BLOB;
      tx.blobGasPrice = blobBaseFee(this.d.seed, t);
      tx.maxFeePerBlobGas = 2 * tx.blobGasPrice;
    }
    return tx;
  }

  private sender(rng: Rng): { address: string; nonce: number; rank: number } {
    const u = rng.float();
    const u2 = u * u;
    const rank = Math.floor(this.blockPopulation * u2 * u2); // N·u^4: a few senders (bots, power users) do most
    return { address: this.d.population.address(rank), nonce: Math.floor(this.blockDays * this.nonceRate * Math.pow(rank + 1, -0.75)), rank };
  }

  private recipient(rng: Rng): string {
    if (rng.chance(0.55)) return this.d.population.address(Math.floor(this.blockPopulation * Math.pow(rng.float(), 1.5)));
    return `0x${rng.hex(5)}`;
  }

  private price(tx: TxModel, rng: Rng, baseFee: number, arbitrum: boolean): void {
    const { spec } = this.d;
    const legacy = rng.float() < spec.legacy_share;
    tx.type = legacy ? 0 : 2;
    const [lo, hi] = spec.priority_fee_wei;
    const prio = hi > 0 ? Math.round(rng.logUniform(lo, hi)) : 0;
    if (arbitrum) {
      // Arbitrum charges the base fee whatever the bid: effectiveGasPrice = baseFee.
      tx.effectiveGasPrice = baseFee;
      if (legacy) tx.gasPrice = Math.round(baseFee * (1 + rng.float()));
      else {
        tx.maxFee = 2 * baseFee;
        tx.maxPriority = 0;
        tx.gasPrice = baseFee;
      }
    } else if (legacy) {
      tx.gasPrice = tx.effectiveGasPrice = Math.round(baseFee * (1.02 + 0.4 * rng.float())) + prio;
    } else {
      tx.maxPriority = prio;
      tx.maxFee = 2 * baseFee + prio;
      tx.gasPrice = tx.effectiveGasPrice = baseFee + prio;
    }
  }

  private userTx(rng: Rng, baseFee: number, position: number): TxModel {
    const from = this.sender(rng);
    const roll = rng.float();
    let tx: TxModel;
    if (roll < 0.28) {
      tx = new TxModel('native', from.address, this.recipient(rng));
      tx.value = `0x${amountHex(rng, 12, 17)}`;
      tx.gasUsed = 21_000;
    } else if (roll < 0.48 && this.tokens.items.length > 0) {
      const token = pick(this.tokens, rng.float());
      tx = new TxModel('token', from.address, token.address);
      // Token recipients come from the population (not fresh addresses): real enough, and
      // their logs-bloom hashes stay cached.
      const to = this.d.population.address(Math.floor(this.blockPopulation * Math.pow(rng.float(), 1.5)));
      const amount = amountHex(rng, 4, 20);
      tx.prefix = 'a9059cbb'; // transfer(address,uint256)
      tx.args = PAD24 + to.slice(2) + pad64(amount);
      tx.gasUsed = rng.range(34_000, 65_000);
      tx.logs = [{ address: token.address, topics: [TRANSFER_TOPIC, this.topic(from.address), this.topic(to)], data: `0x${pad64(amount)}` }];
    } else if (roll < 0.63 && this.routers.items.length > 0) {
      const router = pick(this.routers, rng.float());
      tx = new TxModel('swap', from.address, router.address);
      tx.prefix = router.selectors[rng.int(router.selectors.length)];
      tx.randomWords = 8 * rng.range(4, 12);
      if (rng.chance(0.3)) tx.value = `0x${amountHex(rng, 13, 17)}`;
      tx.gasUsed = rng.range(150_000, 350_000);
      tx.logs = this.swapLogs(rng, router.address, from.address);
    } else if (roll < 0.92 && this.apps.items.length > 0) {
      const app = pick(this.apps, rng.float());
      tx = new TxModel('app', from.address, app.address);
      tx.prefix = app.selectors[rng.int(app.selectors.length)];
      tx.randomWords = 8 * rng.range(1, 6);
      if (rng.chance(0.08)) tx.value = `0x${amountHex(rng, 13, 17)}`;
      tx.gasUsed = Math.round(rng.logUniform(30_000, 600_000));
    } else if (roll < 0.985) {
      // Power-law over the pool too: a few unlabeled contracts are busy, most are not.
      const to = this.unlabeled[Math.floor(this.unlabeled.length * Math.pow(rng.float(), 2))];
      tx = new TxModel('unlabeled', from.address, to);
      tx.prefix = hex8(hashString(to) ^ rng.int(3));
      tx.randomWords = 8 * rng.range(0, 4);
      tx.gasUsed = Math.round(rng.logUniform(25_000, 400_000));
    } else {
      tx = new TxModel('deploy', from.address, null);
      tx.prefix = '6080604052';
      tx.randomWords = rng.range(25, 150);
      tx.gasUsed = rng.range(150_000, 2_500_000);
    }
    tx.nonce = from.nonce + position;
    if (tx.kind === 'deploy') {
      tx.contractAddress = createAddress(from.address, tx.nonce);
    }
    this.price(tx, rng, baseFee, this.isArb);
    if (tx.kind === 'native' && !this.isArb) tx.gas = 21_000;
    else tx.gas = Math.round(tx.gasUsed * (1.1 + 0.5 * rng.float()));
    if (tx.kind !== 'native' && rng.chance(0.055)) {
      // Failure: a revert uses part of the gas, running out of gas uses all of it; no logs.
      tx.status = 0;
      tx.logs = null;
      tx.gasUsed = rng.chance(0.3) ? tx.gas : Math.max(21_000, Math.round(tx.gasUsed * (0.2 + 0.7 * rng.float())));
    }
    const envelope = tx.inputBytes() + 110;
    if (this.isOp) {
      // Bedrock L1 data fee: calldata gas (zero bytes are cheaper) × L1 base fee × scalar.
      tx.l1GasUsed = Math.round(envelope * 16 * (0.55 + 0.35 * rng.float())) + 188;
      tx.l1GasPrice = this.blockL1BaseFee;
      tx.l1Fee = Math.floor(tx.l1GasUsed * tx.l1GasPrice * 0.684 * this.d.spec.l1_fee_token_ratio);
    } else if (this.isArb) {
      // The L1 share is charged as extra L2 gas, already part of gasUsed.
      const l1 = Math.round((envelope * rng.range(8, 30) * this.blockL1BaseFee) / 12e9);
      if (tx.kind === 'native') {
        tx.gasUsed += l1;
        tx.gasUsedForL1 = l1;
        if (tx.gas < tx.gasUsed) tx.gas = Math.round(tx.gasUsed * 1.3);
      } else tx.gasUsedForL1 = Math.min(l1, Math.floor(tx.gasUsed * 0.45));
    }
    return tx;
  }

  private swapLogs(rng: Rng, router: string, user: string): LogModel[] {
    const tokens = this.tokens.items;
    const a = tokens[rng.int(tokens.length)].address;
    let b = tokens[rng.int(tokens.length)].address;
    if (b === a) b = tokens[(tokens.findIndex((x) => x.address === a) + 1) % tokens.length].address;
    const pool = this.pool(router, a, b);
    const amountIn = pad64(amountHex(rng, 6, 20));
    const amountOut = pad64(amountHex(rng, 6, 20));
    const userTopic = this.topic(user);
    const poolTopic = this.topic(pool);
    return [
      { address: a, topics: [TRANSFER_TOPIC, userTopic, poolTopic], data: `0x${amountIn}` },
      { address: b, topics: [TRANSFER_TOPIC, poolTopic, userTopic], data: `0x${amountOut}` },
      { address: pool, topics: [SWAP_TOPIC, this.topic(router), userTopic], data: `0x${amountIn}${amountOut}${rng.hex(16)}` },
    ];
  }

  /**
   * An address as a 32-byte log topic. The same string object comes back for the same address,
   * so the bloom's hash lookups find a string whose hash V8 has already computed.
   */
  private topic(address: string): string {
    let t = this.topicCache.get(address);
    if (t === undefined) {
      t = `0x${PAD24}${address.slice(2)}`;
      if (this.topicCache.size > 200_000) this.topicCache.clear(); // senders are bounded; a guard only
      this.topicCache.set(address, t);
    }
    return t;
  }

  private pool(router: string, a: string, b: string): string {
    const key = `${router}${a}${b}`;
    let p = this.poolCache.get(key);
    if (p === undefined) {
      const h = hashString(key);
      p = `0x${hexWords(h, hashInts(h, 1), hashInts(h, 2), hashInts(h, 3), hashInts(h, 4))}`;
      this.poolCache.set(key, p); // bounded: routers × tokens²
    }
    return p;
  }
}

/** CREATE address: the last 20 bytes of keccak256(rlp([sender, nonce])). */
export function createAddress(sender: string, nonce: number): string {
  let nonceRlp: string;
  if (nonce === 0) nonceRlp = '80';
  else {
    let h = nonce.toString(16);
    if (h.length % 2) h = `0${h}`;
    nonceRlp = nonce < 0x80 ? h : (0x80 + h.length / 2).toString(16) + h;
  }
  const payload = `94${sender.slice(2)}${nonceRlp}`; // 0x94 = string of 20 bytes
  const rlp = `0x${(0xc0 + payload.length / 2).toString(16)}${payload}`;
  return `0x${keccak256(rlp as `0x${string}`).slice(26)}`;
}

/** EIP-4844: blob gas per blob. */
export const GAS_PER_BLOB = 131_072;
/** Share of batch postings sent as blob transactions (the rest post calldata). */
const BLOB_SHARE = 0.8;
/** Highest blob base fee of the model, wei (mainnet's spikes reach tens of gwei). */
const MAX_BLOB_BASE_FEE = 3e10;

/**
 * The devnet L1's blob base fee in the hour of `t`, wei: at the protocol floor (1 wei) or a
 * little above it most of the time, with occasional congested hours up to tens of gwei, as on
 * mainnet since blobs launched. A power of a uniform draw on a log scale gives that skew.
 */
export function blobBaseFee(seed: number, t: number): number {
  const u = unit(hashInts(seed, 0xb10b, Math.floor(t / 3600)));
  return Math.max(1, Math.round(Math.exp(u ** 3 * Math.log(MAX_BLOB_BASE_FEE))));
}

/** METRICS.md fee of one transaction in wei of the gas token, blob fee included. */
export function txFeeWei(tx: TxModel, family: DevnetChainSpec['family']): bigint {
  const exec = BigInt(tx.gasUsed) * BigInt(tx.effectiveGasPrice) + BigInt(tx.blobGasUsed) * BigInt(tx.blobGasPrice);
  return family === 'op' || family === 'scroll' ? exec + BigInt(tx.l1Fee) : exec;
}

/** METRICS.md user transaction: gas price > 0 (Arbitrum family: gas used > 0). */
export function isUserTx(tx: TxModel, family: DevnetChainSpec['family']): boolean {
  return family === 'arbitrum' ? tx.gasUsed > 0 : tx.effectiveGasPrice > 0;
}
