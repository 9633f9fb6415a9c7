// Hand-made chains for the metrics and documents tests: blocks and NormalizedTx written through
// the real Store (writeBatch), so facts and documents are computed exactly as in production,
// while the test knows every transaction and derives expected numbers itself.
import { FixedClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import type { MetricDefinition } from '../../src/metrics/definition.js';
import type { ChainToken } from '../../src/registry/types.js';
import { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { NormalizedBlock, NormalizedTx } from '../../src/store/rows.js';
import type { Chain, ChainFamily } from '../../src/registry/types.js';
import type { Granularity } from '../../src/store/granularity.js';
import { chainSubject } from '../../src/store/facts.js';
import type { Store } from '../../src/store/store.js';

export const GWEI = 1_000_000_000n;
export const DAY_S = 86_400;
export const HOUR_S = 3_600;

// The chain literal is shared with bench/build.ts, which may not import test/.
import { makeChain } from '../../support/make-chain.js';

export { makeChain };

export interface TxSpec {
  from: string;
  to?: string | null;
  gasUsed?: bigint;
  gasPrice?: bigint;
  l1Fee?: bigint;
  l1GasUsed?: bigint;
  /** Type-3 receipt fields: blob gas and its price (the blob fee adds to the fee). */
  blobGasUsed?: bigint;
  blobGasPrice?: bigint;
  inputEmpty?: boolean;
  /** Receipt status: 1 (default) success, 0 failure. */
  status?: 0 | 1;
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
  const blob = (t.blobGasUsed ?? 0n) * (t.blobGasPrice ?? 0n);
  return (family === 'arbitrum' ? gas * price : gas * price + (t.l1Fee ?? 0n)) + blob;
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
          status: t.status ?? 1,
          gas_price_wei: t.gasPrice ?? GWEI,
          l1_fee_wei: t.l1Fee ?? 0n,
          l1_gas_used: t.l1GasUsed ?? 0n,
          blob_gas_used: t.blobGasUsed ?? 0n,
          blob_gas_price_wei: t.blobGasPrice ?? 0n,
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

/** Facts table rows of a chain, sorted, for equality checks (inspects the engine's table). */
export async function factRows(store: DuckDbStore | ClickHouseStore, originKey: string): Promise<string[]> {
  if (store instanceof ClickHouseStore) {
    const rows = await store.query<{ metric_key: string; granularity: string; period_ms: string; dimension: string; entity: string; value: number | null }>(
      `SELECT metric_key, granularity, period_ms, dimension, entity, value FROM facts FINAL WHERE origin_key = '${originKey}' ORDER BY granularity, metric_key, period_ms, dimension, entity`,
    );
    return rows.map((r) => `${r.granularity} ${r.metric_key} ${r.period_ms}${r.dimension === 'chain' ? '' : ` ${r.dimension}:${r.entity}`} ${r.value}`);
  }
  // Every fact of the chain, contract facts included (dimension and entity in the key, so rows
  // of several contracts in one period have a fixed order).
  const rows = await store.query<{ metric_key: string; granularity: string; period_ms: bigint; dimension: string; entity: string; value: number | null }>(
    'SELECT metric_key, granularity, period_ms, dimension, entity, value FROM facts WHERE origin_key = $1 ORDER BY granularity, metric_key, period_ms, dimension, entity',
    [originKey],
  );
  return rows.map((r) => `${r.granularity} ${r.metric_key} ${r.period_ms}${r.dimension === 'chain' ? '' : ` ${r.dimension}:${r.entity}`} ${r.value}`);
}

export async function factValue(store: Store, originKey: string, key: string, granularity: Granularity, periodMs: number): Promise<number | null | undefined> {
  // Through the Store interface, so it reads the same on every engine.
  const all = await store.readFacts({ subject: chainSubject(originKey), keys: [key], days_until: periodMs + 1, hours_from: periodMs, hours_until: periodMs + 1 });
  const rows = all.filter((r) => r.granularity === granularity && r.period_ms === periodMs);
  if (rows.length > 1) throw new Error(`duplicate fact ${originKey} ${key} ${granularity} ${periodMs}`);
  return rows[0]?.value;
}

/** A contract's fact, read through the Store's group sums with a group of that one contract. */
export async function contractFactValue(store: Store, originKey: string, address: string, key: string, granularity: Granularity, periodMs: number): Promise<number | null | undefined> {
  const rows = await store.sumContractFacts({
    groups: [{ group: 'one', contracts: [{ origin_key: originKey, address }] }],
    keys: [key],
    days_until: periodMs + 1,
    hours_from: periodMs,
    hours_until: periodMs + 1,
  });
  const mine = rows.filter((r) => r.origin_key === originKey && r.granularity === granularity && r.period_ms === periodMs);
  if (mine.length > 1) throw new Error(`duplicate contract fact ${originKey} ${address} ${key} ${granularity} ${periodMs}`);
  return mine[0]?.value;
}

// ---- the mock chain every metric definition is tested on (test/metrics/definitions/) --------
// Small enough to compute each expected number by hand; the numbers are written in the tests.
// Day 0 (Monday 2024-01-01) and day 1 are complete, day 2 runs; hours up to 02:00 of day 2 are
// complete (the head block is at 03:00).

export const MOCK_D0 = Date.UTC(2024, 0, 1);
export const MOCK_DAY_MS = 86_400_000;
export const MOCK_HOUR_MS = 3_600_000;
/** The clock of the mock chain's runs: day 2, 03:30. */
export const MOCK_NOW = MOCK_D0 + 2 * MOCK_DAY_MS + 3.5 * MOCK_HOUR_MS;
/** The only contract the mock chain's calls go to (t4; transfers go there too, with empty input). */
export const MOCK_CONTRACT = '0x000000000000000000000000000000000000dead';
/** Senders: two users, a deployer and the system (OP deposits, ArbOS internal transactions). */
export const MOCK_ADDR = { A: addr(0xa), B: addr(0xb), C: addr(0xc), SYS: addr(0x5) } as const;

/**
 * - day 0, 00:10: t1 A transfer (21,000 gas × 1 gwei, L1 fee 3,000 gwei, L1 gas 3,000);
 *   t2 B transfer (21,000 × 2 gwei, L1 gas 6,000); t3 SYS deposit (46,000 gas at price 0).
 * - day 0, 00:40: t4 A swap-sized call (200,000 × 3 gwei, input, L1 gas 9,000).
 * - day 0, 02:05: t5 C deployment (576,000 × 1 gwei, `to` null, L1 gas 68,400); t6 SYS with
 *   no gas at price 0 (an ArbOS internal transaction).
 * - day 0, 04:00: a block without transactions. No block in hours 01 and 03.
 * - day 1, 00:30: t7 A transfer (43,200 × 1 gwei).
 * - day 2, 03:00: the head, no transactions.
 * OP fees in wei: t1 2.4e13, t2 4.2e13, t4 6e14, t5 5.76e14, t7 4.32e13; Arbitrum ignores the
 * L1 fee (t1 2.1e13). User transactions: OP t1 t2 t4 t5 t7; Arbitrum also t3 (it used gas).
 */
export function mockChainBlocks(): BlockSpec[] {
  const { A, B, C, SYS } = MOCK_ADDR;
  const at = (ms: number) => (MOCK_D0 + ms) / 1000;
  const H = MOCK_HOUR_MS;
  const D = MOCK_DAY_MS;
  return [
    {
      time: at(10 * 60_000),
      txs: [
        { from: A, gasUsed: 21_000n, gasPrice: GWEI, l1Fee: 3_000n * GWEI, l1GasUsed: 3_000n },
        { from: B, gasUsed: 21_000n, gasPrice: 2n * GWEI, l1GasUsed: 6_000n },
        { from: SYS, gasUsed: 46_000n, gasPrice: 0n },
      ],
    },
    { time: at(40 * 60_000), txs: [{ from: A, gasUsed: 200_000n, gasPrice: 3n * GWEI, inputEmpty: false, l1GasUsed: 9_000n }] },
    {
      time: at(2 * H + 5 * 60_000),
      txs: [
        { from: C, to: null, gasUsed: 576_000n, gasPrice: GWEI, inputEmpty: false, l1GasUsed: 68_400n },
        { from: SYS, gasUsed: 0n, gasPrice: 0n },
      ],
    },
    { time: at(4 * H) },
    { time: at(D + 30 * 60_000), txs: [{ from: A, gasUsed: 43_200n, gasPrice: GWEI }] },
    { time: at(2 * D + 3 * H) },
  ];
}

/** ETH/USD of the mock chain: daily 2,000 (day 0) and 2,500 (day 1); hourly 2,100 at 00:00, 2,050 at 02:00, 2,400 on day 1 at 00:00. */
export const MOCK_PRICES = [
  { asset: 'ethereum', granularity: 'daily' as const, period_ms: MOCK_D0, usd: 2000 },
  { asset: 'ethereum', granularity: 'daily' as const, period_ms: MOCK_D0 + MOCK_DAY_MS, usd: 2500 },
  { asset: 'ethereum', granularity: 'hourly' as const, period_ms: MOCK_D0, usd: 2100 },
  { asset: 'ethereum', granularity: 'hourly' as const, period_ms: MOCK_D0 + 2 * MOCK_HOUR_MS, usd: 2050 },
  { asset: 'ethereum', granularity: 'hourly' as const, period_ms: MOCK_D0 + MOCK_DAY_MS, usd: 2400 },
];

export interface MockFacts<S extends Store = DuckDbStore> {
  store: S;
  originKey: string;
  /** A stored fact: undefined when none was written, null when computed but undefined. */
  value(key: string, granularity: 'daily' | 'hourly', periodMs: number): Promise<number | null | undefined>;
  /** A contract's stored fact (dimension 'contract'): undefined when it has none in that period. */
  contractValue(address: string, key: string, granularity: 'daily' | 'hourly', periodMs: number): Promise<number | null | undefined>;
  /** The metric keys written to `facts`. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/** The mock chain in a fresh in-memory DuckDB, facts computed with only `definitions`. */
export async function factsOnMockChain(definitions: readonly MetricDefinition[], family: ChainFamily = 'op'): Promise<MockFacts> {
  return mockFactsIn(await DuckDbStore.open({ path: ':memory:' }), definitions, family);
}

/** The mock chain written to `store` (any engine), facts computed with only `definitions`. */
export async function mockFactsIn<S extends Store>(store: S, definitions: readonly MetricDefinition[], family: ChainFamily = 'op'): Promise<MockFacts<S>> {
  const chain = makeChain(`mock_${family}`, { family });
  await new ChainWriter(store, chain).write(mockChainBlocks());
  await store.writePrices(MOCK_PRICES);
  await computeFacts(store, [chain], new FixedClock(MOCK_NOW), { definitions, logger: createLogger('silent') });
  const ok = chain.origin_key;
  return {
    store,
    originKey: ok,
    value: (key, g, p) => factValue(store, ok, key, g, p),
    contractValue: (address, key, g, p) => contractFactValue(store, ok, address, key, g, p),
    keys: async () => {
      if (!(store instanceof DuckDbStore)) throw new Error('keys() inspects DuckDB tables');
      return [...new Set((await factRows(store, ok)).map((r) => r.split(' ')[1]!))].sort();
    },
    close: () => store.close(),
  };
}

/** The mock chain with market data of token 'tok', facts computed with `definitions`. */
export async function marketOnMockChain(token: ChainToken | null, definitions: readonly MetricDefinition[]) {
  const store = await DuckDbStore.open({ path: ':memory:' });
  const chain = makeChain('mock_op', { token });
  await new ChainWriter(store, chain).write(mockChainBlocks());
  await store.writePrices(MOCK_PRICES);
  await store.writeMarketData([
    { market_data_id: 'tok', day_ms: MOCK_D0 - MOCK_DAY_MS, price_usd: 9, market_cap_usd: 9e6, volume_usd: 1 }, // before the chain's first block
    { market_data_id: 'tok', day_ms: MOCK_D0, price_usd: 2, market_cap_usd: 5e6, volume_usd: 1 },
    { market_data_id: 'tok', day_ms: MOCK_D0 + MOCK_DAY_MS, price_usd: null, market_cap_usd: 6e6, volume_usd: null }, // the feed had no price
    { market_data_id: 'tok', day_ms: MOCK_D0 + 2 * MOCK_DAY_MS, price_usd: 3, market_cap_usd: 7e6, volume_usd: 1 }, // not complete yet
  ]);
  await computeFacts(store, [chain], new FixedClock(MOCK_NOW), { definitions, logger: createLogger('silent') });
  return { store, value: (key: string, day: number) => factValue(store, 'mock_op', key, 'daily', day) };
}

/**
 * The mock chain with stored days of an external series (tvl, app_revenue) as the external
 * source writes them, D0 + 1 a gap; facts computed with `definitions`.
 */
export async function externalOnMockChain(series: 'tvl' | 'app_revenue', definitions: readonly MetricDefinition[]) {
  const store = await DuckDbStore.open({ path: ':memory:' });
  const chain = makeChain('mock_op');
  await new ChainWriter(store, chain).write(mockChainBlocks());
  await store.writePrices(MOCK_PRICES);
  await store.writeExternalValues([
    { origin_key: 'mock_op', series, day_ms: MOCK_D0, usd: 4e6 },
    { origin_key: 'mock_op', series, day_ms: MOCK_D0 + 2 * MOCK_DAY_MS, usd: 7e6 }, // not complete yet
  ]);
  await store.writeSampleGaps('mock_op', series, [{ day_ms: MOCK_D0 + MOCK_DAY_MS, reason: 'the source failed' }], []);
  await computeFacts(store, [chain], new FixedClock(MOCK_NOW), { definitions, logger: createLogger('silent') });
  return { store, value: (key: string, day: number) => factValue(store, 'mock_op', key, 'daily', day) };
}
