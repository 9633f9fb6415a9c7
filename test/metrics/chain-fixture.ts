// Hand-made chains for the metrics and documents tests: blocks and NormalizedTx written through
// the real Store (writeBatch), so facts and documents are computed exactly as in production,
// while the test knows every transaction and derives expected numbers itself.
import type { NormalizedBlock, NormalizedTx } from '../../src/store/rows.js';
import type { Chain, ChainFamily } from '../../src/registry/types.js';
import type { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { chainSubject } from '../../src/store/facts.js';
import type { Store } from '../../src/store/store.js';

export const GWEI = 1_000_000_000n;
export const DAY_S = 86_400;
export const HOUR_S = 3_600;

export function makeChain(origin_key: string, over: Partial<Chain> = {}): Chain {
  return {
    origin_key,
    name: origin_key.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
    name_short: origin_key.slice(0, 8),
    evm_chain_id: 1000 + origin_key.length,
    family: 'op',
    gas_token: 'ethereum',
    symbol: 'ETH',
    rpc_urls: ['http://127.0.0.1:1'],
    start: { block: 0 },
    finality_lag: 0,
    flags: { fee_table: true, apps: false },
    chain_type: 'L2',
    bucket: 'Others',
    colors: { light: ['#111111', '#222222'], dark: ['#333333', '#444444'] },
    launch_date: '2024-01-01',
    website: 'https://example.org',
    block_explorers: { Explorer: 'https://explorer.example.org' },
    events: [],
    stablecoins: [],
    settlement_addresses: [],
    ...over,
  };
}

export interface TxSpec {
  from: string;
  to?: string | null;
  gasUsed?: bigint;
  gasPrice?: bigint;
  l1Fee?: bigint;
  l1GasUsed?: bigint;
  inputEmpty?: boolean;
}

export interface BlockSpec {
  /** unix seconds */
  time: number;
  txs?: TxSpec[];
}

/** The fee of a spec'd transaction by METRICS.md section 1. */
export function feeOf(t: TxSpec, family: ChainFamily = 'op'): bigint {
  const gas = t.gasUsed ?? 21_000n;
  const price = t.gasPrice ?? GWEI;
  return family === 'arbitrum' ? gas * price : gas * price + (t.l1Fee ?? 0n);
}

export function isUserTx(t: TxSpec, family: ChainFamily = 'op'): boolean {
  return family === 'arbitrum' ? (t.gasUsed ?? 21_000n) > 0n : (t.gasPrice ?? GWEI) > 0n;
}

const hex = (n: number, width = 64) => `0x${n.toString(16).padStart(width, '0')}`;

/** Writes blocks with consecutive numbers; remembers where it stopped. */
export class ChainWriter {
  next = 0;
  constructor(
    readonly store: Store,
    readonly chain: Pick<Chain, 'origin_key' | 'family'>,
    private salt = 0,
  ) {}

  /** A different salt makes different hashes for the same numbers (a reorg's new branch). */
  fork(salt: number): void {
    this.salt = salt;
  }

  hashOf(n: number): string {
    return hex(n * 1000 + this.salt + 1);
  }

  async write(blocks: BlockSpec[]): Promise<void> {
    if (blocks.length === 0) return;
    const ok = this.chain.origin_key;
    const family = this.chain.family;
    const nb: NormalizedBlock[] = [];
    const txs: NormalizedTx[] = [];
    for (const b of blocks) {
      const n = this.next++;
      const specs = b.txs ?? [];
      let gas = 0n;
      specs.forEach((t, i) => {
        const gasUsed = t.gasUsed ?? 21_000n;
        gas += gasUsed;
        const inputEmpty = t.inputEmpty ?? true;
        txs.push({
          origin_key: ok,
          block_number: n,
          block_hash: this.hashOf(n),
          block_time: b.time,
          tx_hash: hex(n * 100_000 + i + 7 + this.salt * 13),
          tx_index: i,
          tx_type: 2,
          nonce: BigInt(i),
          from_address: t.from,
          to_address: t.to === undefined ? '0x000000000000000000000000000000000000dead' : t.to,
          created_contract: t.to === null ? hex(n + 99, 40) : null,
          input_empty: inputEmpty,
          selector: inputEmpty ? null : '0xa9059cbb',
          value_wei: 0n,
          gas_limit: gasUsed + 10_000n,
          gas_used: gasUsed,
          status: 1,
          gas_price_wei: t.gasPrice ?? GWEI,
          l1_fee_wei: t.l1Fee ?? 0n,
          l1_gas_used: t.l1GasUsed ?? 0n,
          fee_wei: feeOf(t, family),
          is_user_tx: isUserTx(t, family),
        });
      });
      nb.push({
        origin_key: ok,
        block_number: n,
        block_hash: this.hashOf(n),
        parent_hash: n === 0 ? hex(0) : this.hashOf(n - 1),
        block_time: b.time,
        gas_used: gas,
        base_fee_wei: GWEI,
        tx_count: specs.length,
      });
    }
    const last = nb[nb.length - 1]!;
    await this.store.writeBatch(ok, { blocks: nb, txs }, { origin_key: ok, block_number: last.block_number, block_hash: last.block_hash });
  }

  /** Rolls back to `fromBlock` (exclusive of it) like a reorg, and continues numbering there. */
  async rollback(fromBlock: number): Promise<void> {
    const prev = fromBlock - 1;
    await this.store.rollback(this.chain.origin_key, fromBlock, prev >= 0 ? { origin_key: this.chain.origin_key, block_number: prev, block_hash: this.hashOf(prev) } : null);
    this.next = fromBlock;
  }
}

/** Median (continuous) of bigint values, as a number; null when empty. */
export function median(values: bigint[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const m = s.length >> 1;
  return s.length % 2 === 1 ? Number(s[m]!) : (Number(s[m - 1]!) + Number(s[m]!)) / 2;
}

export function addr(i: number): string {
  return `0x${i.toString(16).padStart(40, '0')}`;
}

/** Facts table rows of a chain, sorted, for equality checks (inspects DuckDB's table). */
export async function factRows(store: DuckDbStore, originKey: string): Promise<string[]> {
  const rows = await store.query<{ metric_key: string; granularity: string; period_ms: bigint; value: number | null }>(
    'SELECT metric_key, granularity, period_ms, value FROM facts WHERE origin_key = $1 ORDER BY granularity, metric_key, period_ms',
    [originKey],
  );
  return rows.map((r) => `${r.granularity} ${r.metric_key} ${r.period_ms} ${r.value}`);
}

export async function factValue(store: Store, originKey: string, key: string, granularity: 'daily' | 'hourly', periodMs: number): Promise<number | null | undefined> {
  // Through the Store interface, so it reads the same on every engine.
  const all = await store.readFacts({ subject: chainSubject(originKey), keys: [key], days_until: periodMs + 1, hours_from: periodMs, hours_until: periodMs + 1 });
  const rows = all.filter((r) => r.granularity === granularity && r.period_ms === periodMs);
  if (rows.length > 1) throw new Error(`duplicate fact ${originKey} ${key} ${granularity} ${periodMs}`);
  return rows[0]?.value;
}
