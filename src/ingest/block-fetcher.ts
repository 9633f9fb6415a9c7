// Fetches blocks with their receipts for one chain and normalizes them. Receipts come from
// eth_getBlockReceipts; a node that does not offer it is remembered (per chain) and asked
// eth_getTransactionReceipt per transaction instead. A block whose receipts do not match it
// (lying node, or a reorg between the two calls) is fetched again.
import type { Logger } from 'pino';
import { isMethodUnsupported, JsonRpcError } from '../rpc/errors.js';
import { numberToHex } from '../rpc/hex.js';
import type { RpcCall, RpcClient } from '../rpc/client.js';
import { normalizeBlock, NormalizeError, type ChainIdentity, type NormalizedBlockData } from './normalize.js';
import { validateBlockReceipts, validateFullBlock, validateHeader, validateQuantity, validateReceipt, type BlockHeader, type RawBlock, type RawReceipt } from './raw.js';

export type ReceiptsMode = 'block' | 'per-tx';

export interface BlockFetcherOptions {
  /** Start in per-tx mode (a node known to lack eth_getBlockReceipts). */
  receiptsMode?: ReceiptsMode;
  /** How often a block whose receipts do not match is fetched again before giving up. */
  maxConsistencyAttempts?: number;
  logger?: Logger;
}

export class BlockFetcher {
  private mode: ReceiptsMode;
  private readonly maxConsistencyAttempts: number;
  private readonly logger: Logger | undefined;

  constructor(
    private readonly rpc: RpcClient,
    private readonly chain: ChainIdentity,
    opts: BlockFetcherOptions = {},
  ) {
    this.mode = opts.receiptsMode ?? 'block';
    this.maxConsistencyAttempts = opts.maxConsistencyAttempts ?? 5;
    this.logger = opts.logger;
  }

  get receiptsMode(): ReceiptsMode {
    return this.mode;
  }

  /** Blocks per fetch so that one fetch is one HTTP batch. */
  get blocksPerFetch(): number {
    return this.mode === 'block' ? Math.max(1, Math.floor(this.rpc.batchSize / 2)) : Math.max(1, Math.floor(this.rpc.batchSize / 4));
  }

  // Every method takes the round's signal: aborting it cancels the RPC requests in flight.
  async head(signal?: AbortSignal): Promise<number> {
    return this.rpc.call('eth_blockNumber', [], validateQuantity('eth_blockNumber'), signal);
  }

  /** Header identity of blocks [from, to], ascending. */
  async headers(from: number, to: number, signal?: AbortSignal): Promise<BlockHeader[]> {
    if (to < from) return [];
    const calls: RpcCall[] = [];
    for (let n = from; n <= to; n++) calls.push({ method: 'eth_getBlockByNumber', params: [numberToHex(n), false], validate: validateHeader(n) });
    return (await this.rpc.batch(calls, signal)) as BlockHeader[];
  }

  /** Blocks [from, to] with receipts, normalized, ascending. */
  async fetchRange(from: number, to: number, signal?: AbortSignal): Promise<NormalizedBlockData[]> {
    const out = new Array<NormalizedBlockData>(to - from + 1);
    let pending: number[] = [];
    for (let n = from; n <= to; n++) pending.push(n);
    let lastErr: Error | null = null;
    for (let attempt = 1; pending.length > 0; attempt++) {
      if (attempt > this.maxConsistencyAttempts) {
        throw new Error(`chain ${this.chain.origin_key}: block ${pending[0]} still inconsistent after ${this.maxConsistencyAttempts} fetches: ${lastErr?.message}`);
      }
      const fetched = await this.fetchRaw(pending, signal);
      const retry: number[] = [];
      for (let k = 0; k < pending.length; k++) {
        const n = pending[k];
        try {
          out[n - from] = normalizeBlock(this.chain, fetched.blocks[k], fetched.receipts[k]);
        } catch (err) {
          if (!(err instanceof NormalizeError)) throw err;
          lastErr = err;
          retry.push(n);
        }
      }
      if (retry.length > 0) this.logger?.warn({ chain: this.chain.origin_key, blocks: retry.slice(0, 5), err: lastErr?.message }, 'inconsistent block data; fetching again');
      pending = retry;
    }
    return out;
  }

  private async fetchRaw(numbers: number[], signal?: AbortSignal): Promise<{ blocks: RawBlock[]; receipts: RawReceipt[][] }> {
    if (this.mode === 'block') {
      const calls: RpcCall[] = [];
      for (const n of numbers) {
        const hex = numberToHex(n);
        calls.push({ method: 'eth_getBlockByNumber', params: [hex, true], validate: validateFullBlock(n) });
        calls.push({ method: 'eth_getBlockReceipts', params: [hex], validate: validateBlockReceipts(n) });
      }
      try {
        const res = await this.rpc.batch(calls, signal);
        const blocks: RawBlock[] = [];
        const receipts: RawReceipt[][] = [];
        for (let k = 0; k < res.length; k += 2) {
          blocks.push(res[k] as RawBlock);
          receipts.push(res[k + 1] as RawReceipt[]);
        }
        return { blocks, receipts };
      } catch (err) {
        if (!(isMethodUnsupported(err) && (err as JsonRpcError).method === 'eth_getBlockReceipts')) throw err;
        // Several fetches in flight learn this at once; say it once.
        if (this.mode === 'block') this.logger?.info({ chain: this.chain.origin_key, endpoint: (err as JsonRpcError).endpoint }, 'eth_getBlockReceipts not supported; fetching receipts per transaction from now on');
        this.mode = 'per-tx';
      }
    }
    const blocks = (await this.rpc.batch(
      numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [numberToHex(n), true], validate: validateFullBlock(n) })),
      signal,
    )) as RawBlock[];
    const calls: RpcCall[] = [];
    for (const b of blocks) for (const tx of b.transactions) calls.push({ method: 'eth_getTransactionReceipt', params: [tx.hash], validate: validateReceipt(tx.hash) });
    const flat = (await this.rpc.batch(calls, signal)) as RawReceipt[];
    const receipts: RawReceipt[][] = [];
    let k = 0;
    for (const b of blocks) {
      receipts.push(flat.slice(k, k + b.transactions.length));
      k += b.transactions.length;
    }
    return { blocks, receipts };
  }

  /** Timestamp of block n (for the start-date search). */
  async timestampOf(n: number, signal?: AbortSignal): Promise<number> {
    const [h] = await this.headers(n, n, signal);
    return h.timestamp;
  }
}
