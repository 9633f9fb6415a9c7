// The synthetic workload of bench/engine.ts, one definition in three forms (row-forms.ts) that
// give the same rows: as NormalizedBatch objects for Store.writeBatch, and as INSERT … SELECT
// statements in DuckDB's and ClickHouse's SQL, which generate the history inside the engine
// (tens of millions of rows built in JavaScript and sent through writeBatch would take the
// benchmark over an hour here, measuring the generator more than the store).
//
// Chain c, block n (one every BLOCK_S seconds from T0), transaction i of TX_PER_BLOCK: with
// j = n·T + i and k = (j · 2654435761) mod 2^32 (a multiplicative hash, exact in both engines and
// in JavaScript through Math.imul), the sender is one of 50,000 addresses, the receiver one of 500
// contracts, fees and the status vary with k.
import type { Chain } from '../src/registry/types.js';
import type { NormalizedBatch, NormalizedBlock, NormalizedTx } from '../src/store/rows.js';
import { makeChain } from '../support/make-chain.js';
import { BLOCK_COLUMNS, CLICKHOUSE, DUCKDB, dirtyHoursSql, hex, mix, mixSql, TX_COLUMNS, type Dialect } from './row-forms.js';

export const BLOCK_S = 60;
export const T0 = Date.UTC(2024, 0, 1) / 1000;
const FAMILIES = ['op', 'arbitrum', 'op', 'default', 'op', 'arbitrum'] as const;
const SENDERS = 50_000;
const CONTRACTS = 500;
const BASE_FEE = 1_000_000_000;

export interface Workload {
  chains: Chain[];
  blocksPerChain: number;
  txPerBlock: number;
}

export function workload(totalTx: number, chainCount: number, days: number): Workload {
  const blocksPerChain = (days * 86_400) / BLOCK_S;
  const chains = Array.from({ length: chainCount }, (_, i) => makeChain(`bench_${i}`, { family: FAMILIES[i % FAMILIES.length]! }));
  const txPerBlock = Math.max(1, Math.round(totalTx / chainCount / blocksPerChain));
  if (txPerBlock >= 10_000) throw new Error(`${txPerBlock} transactions per block: the hashes below allow fewer than 10,000`);
  return { chains, blocksPerChain, txPerBlock };
}

const blockHash = (c: number, n: number): number => c * 1e9 + n + 1;
const txHash = (c: number, n: number, i: number): number => c * 1e12 + n * 10_000 + i;

/** Blocks [from, to) of chain `c` as writeBatch takes them. */
export function batch(w: Workload, c: number, from: number, to: number): NormalizedBatch {
  const origin = w.chains[c]!.origin_key;
  const T = w.txPerBlock;
  const blocks: NormalizedBlock[] = [];
  const txs: NormalizedTx[] = [];
  for (let n = from; n < to; n++) {
    const time = T0 + n * BLOCK_S;
    const hash = hex(blockHash(c, n), 64);
    for (let i = 0; i < T; i++) {
      const k = mix(n * T + i);
      const price = BigInt(1_000_000_000 + (k % 997) * 1_000_000);
      const gas = BigInt(21_000 + (k % 13) * 15_000);
      const empty = k % 3 === 0;
      txs.push({
        origin_key: origin,
        block_number: n,
        block_hash: hash,
        block_time: time,
        tx_hash: hex(txHash(c, n, i), 64),
        tx_index: i,
        tx_type: 2,
        nonce: BigInt(i),
        from_address: hex(Math.floor(k / 8) % SENDERS, 40),
        to_address: hex(100_000 + (k % CONTRACTS), 40),
        created_contract: null,
        input_empty: empty,
        selector: empty ? null : '0xa9059cbb',
        value_wei: 0n,
        gas_limit: gas + 10_000n,
        gas_used: gas,
        status: k % 50 === 0 ? 0 : 1,
        gas_price_wei: price,
        l1_fee_wei: 1_000n,
        l1_gas_used: 1_000n,
        fee_wei: gas * price + 1_000n,
        is_user_tx: true,
        blob_gas_used: 0n,
        blob_gas_price_wei: 0n,
      });
    }
    blocks.push({ origin_key: origin, block_number: n, block_hash: hash, parent_hash: hex(blockHash(c, n) - 1, 64), block_time: time, gas_used: 0n, base_fee_wei: BigInt(BASE_FEE), tx_count: T });
  }
  return { blocks, txs };
}

/** Statements writing blocks [from, to) of chain `c` with their transactions and dirty hours. */
function historySql(d: Dialect, w: Workload, c: number, from: number, to: number): string[] {
  const o = `'${w.chains[c]!.origin_key}'`;
  const T = w.txPerBlock;
  const count = to - from;
  // j = n·T + i for the block n = from + x / T and i = x mod T.
  const j = `(${from * T} + x)`;
  const k = mixSql(j);
  const gas = `(21000 + (k % 13) * 15000)`;
  const price = `(1000000000 + (k % 997) * 1000000)`;
  const tx = `
    INSERT INTO transactions (${TX_COLUMNS}${d.tail.columns})
    SELECT ${o}, n, ${d.hex(`${c * 1e9 + 1} + n`, 64)}, ${T0} + n * ${BLOCK_S}, ${d.hex(`${c * 1e12} + n * 10000 + i`, 64)}, i, 2, i,
      ${d.hex(`${d.intDiv('k', 8)} % ${SENDERS}`, 40)}, ${d.hex(`100000 + k % ${CONTRACTS}`, 40)}, NULL, k % 3 = 0,
      CASE WHEN k % 3 = 0 THEN NULL ELSE '0xa9059cbb' END, 0, ${gas} + 10000, ${gas}, CASE WHEN k % 50 = 0 THEN 0 ELSE 1 END,
      ${price}, 1000, 1000, ${gas} * ${price} + 1000, true, 0, 0${d.tail.values}
    FROM (SELECT ${d.intDiv(j, T)} AS n, ${j} % ${T} AS i, ${k} AS k FROM ${d.range(count * T)}) g`;
  const n = `(${from} + x)`;
  const blocks = `
    INSERT INTO blocks (${BLOCK_COLUMNS}${d.tail.columns})
    SELECT ${o}, ${n}, ${d.hex(`${c * 1e9 + 1} + ${n}`, 64)}, ${d.hex(`${c * 1e9} + ${n}`, 64)}, ${T0} + ${n} * ${BLOCK_S}, 0, ${BASE_FEE}, ${T}${d.tail.values}
    FROM ${d.range(count)}`;
  // Whole hours only (the caller's ranges start and end on hours), so no hour is written twice.
  const hours = dirtyHoursSql(d, w.chains[c]!.origin_key, T0, BLOCK_S, from, to);
  return [tx, blocks, hours];
}

export const duckdbHistorySql = (w: Workload, c: number, from: number, to: number): string[] => historySql(DUCKDB, w, c, from, to);
export const clickhouseHistorySql = (w: Workload, c: number, from: number, to: number): string[] => historySql(CLICKHOUSE, w, c, from, to);
