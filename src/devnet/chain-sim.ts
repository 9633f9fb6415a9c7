// One simulated chain: its timeline, the fork version of every block (reorgs), a small cache
// of recently served blocks, the head from the clock, the stablecoin supplies `eth_call`
// answers, and the ground truth tests compare ingestion against.
import type { Clock } from '../clock.js';
import { DAY_MS } from '../clock.js';
import { devnetStablecoins, type DevnetStablecoin } from './apps.js';
import { BlockModel, ChainGenerator, isUserTx, txFeeWei } from './block-model.js';
import type { DevnetChainSpec } from './chains.js';
import { blockHash } from './hashes.js';
import type { Population } from './identities.js';
import { hashInts, hashString, unit } from './prng.js';
import { ChainJson } from './rpc-json.js';
import { Timeline } from './timeline.js';
import { TrafficModel } from './traffic.js';

export interface DayTruth {
  day: number;
  blocks: number;
  tx_all: number;
  txcount: number;
  distinct_senders: number;
  fee_wei: bigint;
}

/**
 * A day's user transactions by how they use blockspace, straight from the generator: for the
 * overview's blockspace golden test, which applies the labels itself.
 */
export interface BlockspaceTruth {
  /** An empty input and a `to`. */
  native_transfer: number;
  /** No `to`. */
  contract_deployment: number;
  /** Calls (non-empty input) per lower-case `to` address. */
  calls: Map<string, number>;
  /** The fees (gas-token wei) of the same transactions: for the blockspace documents' golden test. */
  native_transfer_fee_wei: bigint;
  contract_deployment_fee_wei: bigint;
  call_fee_wei: Map<string, bigint>;
}

/** One transaction as the fee metrics read it (ChainSim.feeTxs). */
export interface FeeTxTruth {
  /** The block's timestamp, unix ms. */
  time_ms: number;
  /** In the gas token's wei, L1 and blob fees included. */
  fee_wei: bigint;
  user: boolean;
  /** An empty input and a `to`. */
  native_transfer: boolean;
  gas_used: number;
  /** Arbitrum's L1 part of gas_used (0 on other families). */
  l1_gas_used: number;
}

export interface ChainSimOptions {
  seed: number;
  clock: Clock;
  liveSince: number;
  historyDays: number;
  historyBlockInterval: number;
  txPerDay: number;
  population: Population;
  l1BaseFee: (t: number) => number;
  /** Blocks kept generated (with their JSON) for repeated requests. */
  cacheBlocks?: number;
}

const ZERO_HASH = `0x${'0'.repeat(64)}`;
const SHARES: Record<string, number> = { USDC: 0.5, USDT: 0.35, DAI: 0.15 };

export class ChainSim {
  readonly timeline: Timeline;
  readonly traffic: TrafficModel;
  readonly generator: ChainGenerator;
  readonly json: ChainJson;
  readonly stablecoins: DevnetStablecoin[];
  /** eth_getBlockReceipts answers -32601 when false (a node without the method). */
  blockReceipts = true;
  /**
   * Blocks behind the head whose state eth_call can still read, like a full node that prunes
   * state (geth keeps 128); null: an archive node, every block.
   */
  stateHistoryBlocks: number | null = null;
  private readonly seed: number;
  private readonly clock: Clock;
  private readonly chainHash: number;
  private readonly versions = new Map<number, number>();
  private nextVersion = 1;
  private readonly cache = new Map<number, BlockModel>();
  private readonly cacheBlocks: number;
  /** Recent block hashes: block n's parent hash is usually the hash just computed for n-1. */
  private readonly hashCache = new Map<number, string>();

  constructor(
    readonly spec: DevnetChainSpec,
    o: ChainSimOptions,
  ) {
    this.seed = o.seed;
    this.clock = o.clock;
    this.chainHash = hashString(spec.origin_key);
    this.timeline = new Timeline(o.liveSince, o.historyDays, o.historyBlockInterval, spec.block_time_s);
    this.traffic = new TrafficModel(o.seed, spec, o.txPerDay, o.liveSince);
    this.generator = new ChainGenerator({ seed: o.seed, spec, timeline: this.timeline, traffic: this.traffic, l1BaseFee: o.l1BaseFee, population: o.population });
    this.json = new ChainJson(spec);
    this.stablecoins = devnetStablecoins(spec.origin_key);
    this.cacheBlocks = o.cacheBlocks ?? 64;
  }

  /** The last block with timestamp <= now (0 before genesis: block 0 always exists). */
  head(): number {
    return Math.max(0, this.timeline.blockAt(Math.floor(this.clock.now() / 1000)));
  }

  /** The canonical fork version of block n (0 unless a reorg replaced it). */
  version(n: number): number {
    return this.versions.get(n) ?? 0;
  }

  hashOf(n: number): string {
    if (n < 0) return ZERO_HASH;
    const version = this.version(n);
    const key = n * 16777216 + version;
    let h = this.hashCache.get(key);
    if (h === undefined) {
      h = blockHash(this.seed, this.chainHash, n, version);
      if (this.hashCache.size >= 4096) this.hashCache.clear(); // bounded; recomputing is cheap
      this.hashCache.set(key, h);
    }
    return h;
  }

  /** Block n at its canonical version (no head check: callers decide what exists). */
  block(n: number): BlockModel {
    return this.blockAtVersion(n, this.version(n));
  }

  blockAtVersion(n: number, version: number): BlockModel {
    const key = n * 16777216 + version;
    const hit = this.cache.get(key);
    if (hit) {
      // Refresh recency: Map iteration order is insertion order, the first key is the oldest.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const b = this.generate(n, version);
    this.cache.set(key, b);
    if (this.cache.size > this.cacheBlocks) this.cache.delete(this.cache.keys().next().value as number);
    return b;
  }

  private generate(n: number, version: number): BlockModel {
    const hash = version === this.version(n) ? this.hashOf(n) : blockHash(this.seed, this.chainHash, n, version);
    return this.generator.generate(n, version, hash, this.hashOf(n - 1));
  }

  /** Replace the last `depth` blocks up to the head with a new fork. */
  reorg(depth: number): void {
    const head = this.head();
    if (!Number.isInteger(depth) || depth < 1) throw new Error(`devnet ${this.spec.origin_key}: reorg depth must be a positive integer, got ${depth}`);
    if (depth > head) throw new Error(`devnet ${this.spec.origin_key}: cannot reorg ${depth} blocks, the head is block ${head} (genesis cannot be replaced)`);
    const version = this.nextVersion++;
    for (let n = head - depth + 1; n <= head; n++) this.versions.set(n, version);
  }

  /** Bumped by every reorg: anything derived from blocks up to the head is stale after one. */
  get forkEpoch(): number {
    return this.nextVersion;
  }

  /** First and last block of one UTC day that exist now (last < first for none). */
  dayRange(dayMs: number): [first: number, last: number] {
    if (!Number.isInteger(dayMs) || dayMs % DAY_MS !== 0) throw new Error(`devnet groundTruth: day must be the unix ms of a UTC day start, got ${dayMs}`);
    const dayS = dayMs / 1000;
    return [this.timeline.blockAt(dayS - 1) + 1, Math.min(this.timeline.blockAt(dayS + 86399), this.head())];
  }

  /**
   * The canonical blocks of one UTC day up to the head, generated outside the cache: a day scan
   * must not evict the blocks an ingester is reading.
   */
  *dayBlocks(dayMs: number): Generator<BlockModel> {
    const [first, last] = this.dayRange(dayMs);
    for (let n = first; n <= last; n++) yield this.generate(n, this.version(n));
  }

  /** Counts of the blocks of one UTC day that exist now, straight from the generator. */
  groundTruth(dayMs: number): DayTruth {
    const family = this.spec.family;
    const senders = new Set<string>();
    let txAll = 0;
    let txcount = 0;
    let fee = 0n;
    let blocks = 0;
    for (const b of this.dayBlocks(dayMs)) {
      blocks++;
      txAll += b.txs.length;
      for (const tx of b.txs) {
        senders.add(tx.from);
        if (isUserTx(tx, family)) txcount++;
        fee += txFeeWei(tx, family);
      }
    }
    return { day: dayMs, blocks, tx_all: txAll, txcount, distinct_senders: senders.size, fee_wei: fee };
  }

  /**
   * txcount and fees of the blocks with a timestamp in [fromMs, untilMs), both within one UTC
   * day: today's running totals so far (streaks_today) are over part of a day.
   */
  partOfDayTruth(fromMs: number, untilMs: number): { txcount: number; fee_wei: bigint } {
    let txcount = 0;
    let fee = 0n;
    for (const b of this.dayBlocks(Math.floor(fromMs / DAY_MS) * DAY_MS)) {
      if (b.timestamp * 1000 < fromMs || b.timestamp * 1000 >= untilMs) continue;
      for (const tx of b.txs) {
        if (isUserTx(tx, this.spec.family)) txcount++;
        fee += txFeeWei(tx, this.spec.family);
      }
    }
    return { txcount, fee_wei: fee };
  }

  /**
   * Every transaction of the blocks with a timestamp in [fromMs, untilMs) as the fee metrics see
   * it (METRICS.md 3), for tests that compute a bucket's medians themselves.
   */
  feeTxs(fromMs: number, untilMs: number): FeeTxTruth[] {
    const family = this.spec.family;
    const out: FeeTxTruth[] = [];
    for (let d = Math.floor(fromMs / DAY_MS) * DAY_MS; d < untilMs; d += DAY_MS) {
      for (const b of this.dayBlocks(d)) {
        if (b.timestamp * 1000 < fromMs || b.timestamp * 1000 >= untilMs) continue;
        for (const tx of b.txs) {
          out.push({
            time_ms: b.timestamp * 1000,
            fee_wei: txFeeWei(tx, family),
            user: isUserTx(tx, family),
            native_transfer: tx.to !== null && tx.inputBytes() === 0,
            gas_used: tx.gasUsed,
            l1_gas_used: family === 'arbitrum' ? tx.gasUsedForL1 : 0,
          });
        }
      }
    }
    return out;
  }

  /** Distinct senders over the UTC days [fromDay, toDay] (day starts, inclusive): the exact lifetime daa. */
  distinctSenders(fromDay: number, toDay: number): number {
    return this.senders(fromDay, toDay).size;
  }

  /** The senders themselves over the UTC days [fromDay, toDay]: which addresses several chains share. */
  senders(fromDay: number, toDay: number): Set<string> {
    const senders = new Set<string>();
    for (let d = fromDay; d <= toDay; d += DAY_MS) for (const b of this.dayBlocks(d)) for (const tx of b.txs) senders.add(tx.from);
    return senders;
  }

  /** The user transactions of one UTC day by blockspace use (BlockspaceTruth). */
  blockspaceTruth(dayMs: number): BlockspaceTruth {
    const out: BlockspaceTruth = { native_transfer: 0, contract_deployment: 0, calls: new Map(), native_transfer_fee_wei: 0n, contract_deployment_fee_wei: 0n, call_fee_wei: new Map() };
    for (const b of this.dayBlocks(dayMs)) {
      for (const tx of b.txs) {
        if (!isUserTx(tx, this.spec.family)) continue;
        const fee = txFeeWei(tx, this.spec.family);
        if (tx.to === null) {
          out.contract_deployment++;
          out.contract_deployment_fee_wei += fee;
        } else if (tx.inputBytes() === 0) {
          out.native_transfer++;
          out.native_transfer_fee_wei += fee;
        } else {
          const to = tx.to.toLowerCase();
          out.calls.set(to, (out.calls.get(to) ?? 0) + 1);
          out.call_fee_wei.set(to, (out.call_fee_wei.get(to) ?? 0n) + fee);
        }
      }
    }
    return out;
  }

  /**
   * Fees (blob fees included) of the transactions `from` sent in the blocks of one UTC day up to
   * the head, and how many there were: the rent an L2 paid this chain.
   */
  feesSentBy(from: string, dayMs: number): { txs: number; blob_txs: number; fee_wei: bigint; blob_fee_wei: bigint; blob_gas: bigint } {
    const family = this.spec.family;
    const out = { txs: 0, blob_txs: 0, fee_wei: 0n, blob_fee_wei: 0n, blob_gas: 0n };
    for (const b of this.dayBlocks(dayMs)) {
      for (const tx of b.txs) {
        if (tx.from !== from) continue;
        out.txs++;
        if (tx.type === 3) out.blob_txs++;
        out.fee_wei += txFeeWei(tx, family);
        out.blob_fee_wei += BigInt(tx.blobGasUsed) * BigInt(tx.blobGasPrice);
        out.blob_gas += BigInt(tx.blobGasUsed);
      }
    }
    return out;
  }

  /**
   * Blob gas (= blob bytes) and blob fees (blob gas × blob gas price, execution gas left out) of
   * the type-3 transactions `from` sent in the blocks of one UTC day up to the head: what it
   * posted to the data-availability layer (CONTRACT.md 11.2).
   */
  blobsSentBy(from: string, dayMs: number): { blob_gas: number; blob_fee_wei: bigint } {
    const out = { blob_gas: 0, blob_fee_wei: 0n };
    for (const b of this.dayBlocks(dayMs)) {
      for (const tx of b.txs) {
        if (tx.from !== from || tx.blobGasUsed === 0) continue;
        out.blob_gas += tx.blobGasUsed;
        out.blob_fee_wei += BigInt(tx.blobGasUsed) * BigInt(tx.blobGasPrice);
      }
    }
    return out;
  }

  /** totalSupply() of a stablecoin at block n, in its smallest unit; null for other addresses. */
  stablecoinSupply(address: string, n: number): bigint | null {
    const coin = this.stablecoins.find((c) => c.address === address);
    if (!coin) return null;
    const t = this.timeline.timestamp(n);
    const h = hashString(coin.symbol);
    // Dollars on the chain: proportional to its size, growing with it, with a weekly swing
    // and small per-block mint/burn noise.
    const base = 4e8 * this.spec.scale * (SHARES[coin.symbol] ?? 0.1);
    const trend = Math.sqrt(this.traffic.growth(t));
    const swing = 1 + 0.02 * Math.sin((2 * Math.PI * t) / (7 * 86400) + (h % 628) / 100);
    const noise = 1 + 0.002 * (unit(hashInts(this.seed, this.chainHash, n, h)) - 0.5);
    const tokens = Math.round(base * trend * swing * noise);
    const fraction = BigInt(hashInts(this.seed, n, h, 9) % 1_000_000) * 10n ** BigInt(Math.max(0, coin.decimals - 6));
    return BigInt(tokens) * 10n ** BigInt(coin.decimals) + fraction;
  }
}
