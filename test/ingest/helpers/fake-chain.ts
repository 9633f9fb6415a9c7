// A small deterministic EVM-like chain served over real JSON-RPC (HTTP on loopback), for
// pipeline tests that need control the devnet does not give: exact reorgs at chosen heights,
// a lying URL, receipts methods switched off, faults at a chosen rate.
// Block n is a pure function of (n, fork generation of n); a reorg bumps the generation of
// every block above the fork point, which changes hashes and transactions from there on.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Chain, ChainFamily } from '../../../src/registry/types.js';
import { startScriptedNode, type Answer, type RpcRequest, type ScriptedNode } from '../../rpc/helpers/scripted-node.js';
import { makeChain } from '../../metrics/chain-fixture.js';

const hex = (n: number | bigint): string => `0x${n.toString(16)}`;
const sha = (s: string): string => `0x${createHash('sha256').update(s).digest('hex')}`;
const addr = (i: number): string => `0x${(0xa0000 + i).toString(16).padStart(40, '0')}`;

export interface FakeTx {
  hash: string;
  from: string;
  to: string | null;
  gasUsed: bigint;
  price: bigint;
  input: string;
}

export type FaultKind = '429' | '500' | 'malformed' | 'truncated' | 'timeout' | 'rpc-error';

export interface FakeChainOptions {
  chainId?: number;
  head: number;
  /** Unix seconds of block 0. */
  t0?: number;
  blockSeconds?: number;
  family?: ChainFamily;
}

export class FakeChain {
  readonly chainId: number;
  head: number;
  readonly t0: number;
  readonly blockSeconds: number;
  blockReceipts = true;
  /** Fraction of HTTP exchanges that fail, and how. */
  faults: { rate: number; kinds: FaultKind[] } = { rate: 0, kinds: [] };
  /** Added to every block number this node reports: a lying node when non-zero. */
  lieOffset = 0;
  /** (first block, generation) of each reorg, ascending generation. */
  private readonly forks: Array<[number, number]> = [];
  private rand = 1;

  private constructor(
    readonly node: ScriptedNode,
    opts: FakeChainOptions,
  ) {
    this.chainId = opts.chainId ?? 4242;
    this.head = opts.head;
    this.t0 = opts.t0 ?? 1_700_006_400; // a UTC midnight plus 0: 2023-11-15 00:00:00
    this.blockSeconds = opts.blockSeconds ?? 600;
  }

  static async start(opts: FakeChainOptions): Promise<FakeChain> {
    const node = await startScriptedNode();
    const chain = new FakeChain(node, opts);
    node.answer = (req) => chain.answer(req);
    node.http = (res, no) => chain.fault(res, no);
    return chain;
  }

  get url(): string {
    return this.node.url;
  }

  close(): Promise<void> {
    return this.node.close();
  }

  /** Replace the last `depth` blocks with new ones (and keep the height). */
  reorg(depth: number): void {
    const gen = this.forks.length + 1;
    this.forks.push([this.head - depth + 1, gen]);
  }

  generation(n: number): number {
    let g = 0;
    for (const [from, gen] of this.forks) if (n >= from) g = gen;
    return g;
  }

  hashOf(n: number): string {
    return sha(`block:${n}:${this.generation(n)}`);
  }

  timeOf(n: number): number {
    return this.t0 + n * this.blockSeconds;
  }

  /** The canonical transactions of block n. */
  txsOf(n: number): FakeTx[] {
    const g = this.generation(n);
    const count = (n * 7 + g * 3) % 5;
    const out: FakeTx[] = [];
    for (let i = 0; i < count; i++) {
      const kind = (n + i + g) % 3; // 0 transfer, 1 call, 2 deployment
      out.push({
        hash: sha(`tx:${n}:${i}:${g}`),
        from: addr((n * 3 + i + g) % 11),
        to: kind === 2 ? null : addr(100 + ((n + i) % 5)),
        gasUsed: 21_000n + BigInt(kind * 30_000 + i),
        price: 1_000_000_000n + BigInt(n % 17) * 1_000n,
        input: kind === 0 ? '0x' : `0xa9059cbb${(n + i).toString(16).padStart(8, '0')}`,
      });
    }
    return out;
  }

  /** Expected per-UTC-day figures over blocks [from, to] of the canonical chain. */
  expectedDays(from: number, to: number): Map<number, { txcount: number; senders: Set<string>; fees: bigint }> {
    const days = new Map<number, { txcount: number; senders: Set<string>; fees: bigint }>();
    for (let n = from; n <= to; n++) {
      const day = Math.floor(this.timeOf(n) / 86_400) * 86_400_000;
      const d = days.get(day) ?? { txcount: 0, senders: new Set<string>(), fees: 0n };
      for (const t of this.txsOf(n)) {
        d.txcount++;
        d.senders.add(t.from);
        d.fees += t.gasUsed * t.price;
      }
      days.set(day, d);
    }
    return days;
  }

  chainConfig(overrides: Partial<Chain> = {}): Chain {
    return makeChain('fake', {
      name: 'Fake',
      name_short: 'Fake',
      evm_chain_id: this.chainId,
      family: 'ethereum',
      rpc_urls: [this.url],
      finality_lag: 8,
      flags: { fee_table: true, apps: true },
      ...overrides,
    });
  }

  private block(n: number, full: boolean): unknown {
    if (n > this.head || n < 0) return null;
    const hash = this.hashOf(n);
    const txs = this.txsOf(n);
    return {
      number: hex(n + this.lieOffset),
      hash,
      parentHash: n === 0 ? `0x${'0'.repeat(64)}` : this.hashOf(n - 1),
      timestamp: hex(this.timeOf(n)),
      gasUsed: hex(txs.reduce((s, t) => s + t.gasUsed, 0n)),
      baseFeePerGas: hex(1_000_000_000),
      transactions: full
        ? txs.map((t, i) => ({
            hash: t.hash,
            transactionIndex: hex(i),
            blockNumber: hex(n),
            blockHash: hash,
            type: '0x2',
            nonce: hex(n * 10 + i),
            from: t.from,
            to: t.to,
            input: t.input,
            value: hex(1000 + i),
            gas: hex(200_000),
            gasPrice: hex(t.price),
          }))
        : txs.map((t) => t.hash),
    };
  }

  private receipt(n: number, i: number, t: FakeTx): unknown {
    return {
      transactionHash: t.hash,
      transactionIndex: hex(i),
      blockHash: this.hashOf(n),
      blockNumber: hex(n),
      gasUsed: hex(t.gasUsed),
      status: (n + i) % 9 === 0 ? '0x0' : '0x1',
      effectiveGasPrice: hex(t.price),
      contractAddress: t.to === null ? addr(5000 + n) : null,
    };
  }

  private answer(req: RpcRequest): Answer {
    const p = req.params;
    switch (req.method) {
      case 'eth_chainId':
        return { result: hex(this.chainId) };
      case 'eth_blockNumber':
        return { result: hex(this.head) };
      case 'eth_getBlockByNumber':
        return { result: this.block(Number(p[0]), p[1] === true) };
      case 'eth_getBlockReceipts': {
        if (!this.blockReceipts) return { error: { code: -32601, message: 'the method eth_getBlockReceipts does not exist/is not available' } };
        const n = Number(p[0]);
        if (n > this.head) return { result: null };
        return { result: this.txsOf(n).map((t, i) => this.receipt(n, i, t)) };
      }
      case 'eth_getTransactionReceipt': {
        // Linear search is fine for the few thousand blocks of a test chain.
        for (let n = this.head; n >= 0; n--) {
          const txs = this.txsOf(n);
          const i = txs.findIndex((t) => t.hash === p[0]);
          if (i >= 0) return { result: this.receipt(n, i, txs[i]) };
        }
        return { result: null };
      }
      default:
        return { error: { code: -32601, message: `the method ${req.method} does not exist/is not available` } };
    }
  }

  /** Deterministic pseudo-random faults (an LCG), so a failing run can be replayed. */
  private fault(res: ServerResponse, _no: number): boolean {
    if (this.faults.rate === 0) return false;
    this.rand = (this.rand * 1_103_515_245 + 12_345) % 2 ** 31;
    if (this.rand / 2 ** 31 >= this.faults.rate) return false;
    const kind = this.faults.kinds[this.rand % this.faults.kinds.length];
    switch (kind) {
      case '429':
        res.writeHead(429, { 'retry-after': '0' });
        res.end();
        return true;
      case '500':
        res.writeHead(500);
        res.end('internal error');
        return true;
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":1,"result":{"number":');
        return true;
      case 'truncated':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
        res.write('[{"jsonrpc":"2.0"');
        setTimeout(() => res.socket?.destroy(), 5);
        return true;
      case 'timeout':
        setTimeout(() => res.socket?.destroy(), 2_000);
        return true;
      case 'rpc-error':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'internal error' } }));
        return true;
    }
  }
}
