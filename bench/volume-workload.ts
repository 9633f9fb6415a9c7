// bench:volume's rows: the 25 chains of volume-chains.ts at a density (1 = today's real volumes),
// in the three forms of row-forms.ts that give the same rows: NormalizedBatch objects for
// Store.writeBatch (the measured hours) and INSERT … SELECT statements in DuckDB's and
// ClickHouse's SQL (the history, generated inside each engine).
//
// Per chain (index c): a block every block_s seconds from T0 with tx_per_block transactions.
// Transaction i of block n is row j = n·T + i, with two hashes k = mix(j) and k2 = mix(j, K2):
//   - the sender is one of the chain's `people` addresses (a tenth of its daily transactions,
//     so Base has about a million distinct senders a day), drawn uniformly by k2 from a window
//     of the shared people range that moves by a fifth each day (80 % of a day's senders were
//     active the day before, as a real user base turns over);
//   - one in 2,000 deploys a contract; otherwise one in three is a native transfer to a person
//     (empty input, 21,000 gas, which application metrics leave out) and the rest call one of the
//     chain's `contracts` (a hundredth of its daily transactions), drawn with a cubic skew: the
//     most called contract gets about 2 % of the calls, most contracts a few a day;
//   - gas, price and status vary with k; the fee is gas × price plus the OP-stack L1 fee.
// On ethereum, each L2 posts a batch every `post_every` L1 blocks from its poster
// (settlement_addresses) to its inbox: a type-3 transaction carrying 1–6 blobs, whose fee
// (execution and blob gas) is the L2's rent_paid. The postings follow the L2's volume (Base every
// 2nd L1 block at real density, the smallest chains a few dozen times a day).
// All counts scale with the density: the ratio measurement runs the same shapes at 1/20.
import { builtinChain } from '../src/registry/builtin-chains.js';
import type { NormalizedBatch, NormalizedBlock, NormalizedTx } from '../src/store/rows.js';
import { BLOCK_COLUMNS, dirtyHoursSql, hex, mix, mixSql, TX_COLUMNS, type Dialect } from './row-forms.js';
import { contractsAt, deployedAt, INBOXES_AT, PEOPLE_AT, POSTERS_AT } from './volume-addresses.js';
import { VOLUME_CHAINS } from './volume-chains.js';

/** 2025-06-02 00:00 UTC: after every chain's launch and start (Celo's L2 migration). */
export const T0 = Date.UTC(2025, 5, 2) / 1000;
const K2 = 2246822519;
const DEPLOY_EVERY = 2000;
const BLOB_GAS = 131_072;
const SKEW_BITS = 1_048_576;
/** Transaction hashes leave 10,000 slots per block: user transactions, then one per posting L2. */
const SLOTS = 10_000;

export interface ChainShape {
  c: number;
  origin_key: string;
  block_s: number;
  tx_per_block: number;
  /** Size of the day's window of senders, and how far it moves each day. */
  people: number;
  people_shift: number;
  contracts: number;
  /** L2s: a batch posting on ethereum every this many L1 blocks; null for ethereum. */
  post_every: number | null;
  /** Gas price = unit × (1000 … 1996) wei. */
  price_unit: number;
  /** The L1 data fee each transaction pays on top (OP stack, Scroll), wei. */
  l1_fee: number;
}

export interface VolumeWorkload {
  density: number;
  chains: ChainShape[];
}

const HOUR_DIVISORS = Array.from({ length: 3600 }, (_, i) => i + 1).filter((d) => 3600 % d === 0);

export function volumeWorkload(density: number): VolumeWorkload {
  if (!(density > 0 && density <= 10)) throw new Error(`density must be in (0, 10], got ${density}`);
  const chains = VOLUME_CHAINS.map((v, c): ChainShape => {
    const daily = v.daily_tx * density;
    const block_s = blockSeconds(v.block_s, daily);
    const tx_per_block = Math.max(1, Math.round((daily * block_s) / 86_400));
    if (tx_per_block + VOLUME_CHAINS.length >= SLOTS) throw new Error(`${v.origin_key}: ${tx_per_block} transactions per block, the hashes allow ${SLOTS - VOLUME_CHAINS.length}`);
    const people = Math.max(100, Math.round(daily / 10));
    const family = v.custom?.family ?? builtinChain(v.origin_key)!.family;
    return {
      c,
      origin_key: v.origin_key,
      block_s,
      tx_per_block,
      people,
      people_shift: Math.floor(people / 5),
      contracts: Math.max(20, Math.round(daily / 100)),
      // Base (10 M a day) posts every 2nd L1 block at real density; a chain a tenth its size every 20th.
      post_every: c === 0 ? null : Math.max(1, Math.round(2e7 / daily)),
      price_unit: c === 0 ? 2_000_000 : 10_000,
      l1_fee: family === 'op' || family === 'scroll' ? 20_000_000_000 : 0,
    };
  });
  return { density, chains };
}

/**
 * The real block time, or a longer one (dividing the hour) where the density leaves less than a
 * transaction per block: at 1/20 of real volume the smallest chains would otherwise write mostly
 * empty blocks, which the real chains at that volume would not have either.
 */
function blockSeconds(real: number, daily: number): number {
  return HOUR_DIVISORS.find((d) => d >= real && (daily * d) / 86_400 >= 1) ?? 3600;
}

export const blocksPerDay = (s: ChainShape): number => 86_400 / s.block_s;
export const blocksPerHour = (s: ChainShape): number => 3600 / s.block_s;

/** The L2s (index, interval) posting in ethereum block n, in index order. */
function postersAt(w: VolumeWorkload, n: number): ChainShape[] {
  return w.chains.filter((s) => s.post_every !== null && (n + s.c) % s.post_every === 0);
}

/** Transactions a day at this density: users' on every chain plus ethereum's batch postings. */
export function txPerDay(w: VolumeWorkload): number {
  const users = w.chains.reduce((n, s) => n + s.tx_per_block * blocksPerDay(s), 0);
  const postings = w.chains.reduce((n, s) => n + (s.post_every === null ? 0 : blocksPerDay(w.chains[0]!) / s.post_every), 0);
  return Math.round(users + postings);
}

// ---- JavaScript: the rows Store.writeBatch takes ----

const txHash = (c: number, n: number, slot: number): string => hex(c * 1e12 + n * SLOTS + slot, 64);

/** The contract rank for a draw u in 0 … 2^20 - 1: u³ scaled to the contract count (integer steps, exact in SQL too). */
const rank = (u: number, contracts: number): number => {
  const a = Math.floor((u * u) / SKEW_BITS);
  const b = Math.floor((a * u) / SKEW_BITS);
  return Math.floor((b * contracts) / SKEW_BITS);
};

/** Blocks [from, to) of the chain at index c as writeBatch takes them (with ethereum's postings). */
export function volumeBatch(w: VolumeWorkload, c: number, from: number, to: number): NormalizedBatch {
  const s = w.chains[c]!;
  const T = s.tx_per_block;
  const origin = s.origin_key;
  const blocks: NormalizedBlock[] = [];
  const txs: NormalizedTx[] = [];
  const l1Fee = BigInt(s.l1_fee);
  for (let n = from; n < to; n++) {
    const time = T0 + n * s.block_s;
    const hash = hex(c * 1e9 + n + 1, 64);
    const day = Math.floor((n * s.block_s) / 86_400);
    const person = (h: number): string => hex(PEOPLE_AT + (h % s.people) + day * s.people_shift, 40);
    for (let i = 0; i < T; i++) {
      const j = n * T + i;
      const k = mix(j);
      const k2 = mix(j, K2);
      const deploy = k % DEPLOY_EVERY === DEPLOY_EVERY - 1;
      const empty = !deploy && k % 3 === 0;
      const gas = empty ? 21_000 : deploy ? 500_000 : 50_000 + (k % 13) * 15_000;
      const price = s.price_unit * (1000 + (k % 997));
      txs.push({
        origin_key: origin,
        block_number: n,
        block_hash: hash,
        block_time: time,
        tx_hash: txHash(c, n, i),
        tx_index: i,
        tx_type: 2,
        nonce: BigInt(i),
        from_address: person(k2),
        to_address: deploy ? null : empty ? person(Math.floor(k2 / 4096)) : hex(contractsAt(c) + rank(k % SKEW_BITS, s.contracts), 40),
        created_contract: deploy ? hex(deployedAt(c) + j, 40) : null,
        input_empty: empty,
        selector: empty ? null : deploy ? '0x60806040' : '0xa9059cbb',
        value_wei: 0n,
        gas_limit: BigInt(gas + 10_000),
        gas_used: BigInt(gas),
        status: k % 50 === 0 ? 0 : 1,
        gas_price_wei: BigInt(price),
        l1_fee_wei: l1Fee,
        l1_gas_used: 0n,
        fee_wei: BigInt(gas) * BigInt(price) + l1Fee,
        is_user_tx: true,
        blob_gas_used: 0n,
        blob_gas_price_wei: 0n,
      });
    }
    const posting = c === 0 ? postersAt(w, n) : [];
    for (const p of posting) {
      const m = (n + p.c) / p.post_every!;
      const price = BigInt(s.price_unit * (1000 + (n % 997)));
      const blobGas = BigInt((1 + ((m + p.c) % 6)) * BLOB_GAS);
      const blobPrice = BigInt(1 + (n % 1000) * 1_000_000);
      txs.push({
        origin_key: origin,
        block_number: n,
        block_hash: hash,
        block_time: time,
        tx_hash: txHash(c, n, T + p.c),
        tx_index: T + p.c,
        tx_type: 3,
        nonce: BigInt(m),
        from_address: hex(POSTERS_AT + p.c, 40),
        to_address: hex(INBOXES_AT + p.c, 40),
        created_contract: null,
        input_empty: true,
        selector: null,
        value_wei: 0n,
        gas_limit: 21_000n,
        gas_used: 21_000n,
        status: 1,
        gas_price_wei: price,
        l1_fee_wei: 0n,
        l1_gas_used: 0n,
        fee_wei: 21_000n * price + blobGas * blobPrice,
        is_user_tx: true,
        blob_gas_used: blobGas,
        blob_gas_price_wei: blobPrice,
      });
    }
    blocks.push({ origin_key: origin, block_number: n, block_hash: hash, parent_hash: hex(c * 1e9 + n, 64), block_time: time, gas_used: 0n, base_fee_wei: BigInt(s.price_unit * 1000), tx_count: T + posting.length });
  }
  return { blocks, txs };
}

// ---- SQL: the same rows generated by the engine ----

/** Statements writing blocks [from, to) of the chain at index c (`from` starts an hour), their transactions, postings and dirty hours. */
export function volumeHistorySql(d: Dialect, w: VolumeWorkload, c: number, from: number, to: number): string[] {
  const s = w.chains[c]!;
  const o = `'${s.origin_key}'`;
  const T = s.tx_per_block;
  const person = (h: string) => d.hex(`${PEOPLE_AT} + (${h}) % ${s.people} + tday * ${s.people_shift}`, 40);
  const u = `(k % ${SKEW_BITS})`;
  const rankSql = d.intDiv(`${d.intDiv(`${d.intDiv(`${u} * ${u}`, SKEW_BITS)} * ${u}`, SKEW_BITS)} * ${s.contracts}`, SKEW_BITS);
  // Nested so that each level names what the next one reads: j → the hashes → the draws.
  const rows = `
    SELECT n, i, j, k, k2, tday, is_deploy, is_empty,
      CASE WHEN is_empty THEN 21000 WHEN is_deploy THEN 500000 ELSE 50000 + (k % 13) * 15000 END AS gas,
      ${s.price_unit} * (1000 + k % 997) AS price
    FROM (
      SELECT n, i, j, k, k2, ${d.intDiv(`n * ${s.block_s}`, 86_400)} AS tday,
        k % ${DEPLOY_EVERY} = ${DEPLOY_EVERY - 1} AS is_deploy, k % ${DEPLOY_EVERY} <> ${DEPLOY_EVERY - 1} AND k % 3 = 0 AS is_empty
      FROM (
        SELECT n, i, j, ${mixSql('j')} AS k, ${mixSql('j', K2)} AS k2
        FROM (SELECT ${from} + ${d.intDiv('x', T)} AS n, x % ${T} AS i, ${from * T} + x AS j FROM ${d.range((to - from) * T)}) g0
      ) g1
    ) g2`;
  const users = `
    INSERT INTO transactions (${TX_COLUMNS}${d.tail.columns})
    SELECT ${o}, n, ${d.hex(`${c * 1e9 + 1} + n`, 64)}, ${T0} + n * ${s.block_s}, ${d.hex(`${c * 1e12} + n * ${SLOTS} + i`, 64)}, i, 2, i,
      ${person('k2')},
      CASE WHEN is_deploy THEN NULL WHEN is_empty THEN ${person(d.intDiv('k2', 4096))} ELSE ${d.hex(`${contractsAt(c)} + ${rankSql}`, 40)} END,
      CASE WHEN is_deploy THEN ${d.hex(`${deployedAt(c)} + j`, 40)} ELSE NULL END,
      is_empty, CASE WHEN is_empty THEN NULL WHEN is_deploy THEN '0x60806040' ELSE '0xa9059cbb' END,
      0, gas + 10000, gas, CASE WHEN k % 50 = 0 THEN 0 ELSE 1 END, price, ${s.l1_fee}, 0, gas * price + ${s.l1_fee}, true, 0, 0${d.tail.values}
    FROM (${rows}) g`;
  // Each posting L2's number of postings in this block (ethereum only; 0 elsewhere).
  const postings = c === 0 ? w.chains.filter((p) => p.post_every !== null).map((p) => `CASE WHEN (n + ${p.c}) % ${p.post_every} = 0 THEN 1 ELSE 0 END`) : [];
  const blocks = `
    INSERT INTO blocks (${BLOCK_COLUMNS}${d.tail.columns})
    SELECT ${o}, n, ${d.hex(`${c * 1e9 + 1} + n`, 64)}, ${d.hex(`${c * 1e9} + n`, 64)}, ${T0} + n * ${s.block_s}, 0, ${s.price_unit * 1000}, ${[T, ...postings].join(' + ')}${d.tail.values}
    FROM (SELECT ${from} + x AS n FROM ${d.range(to - from)}) b`;
  const out = [users, blocks];
  if (c === 0) out.push(...w.chains.flatMap((p) => (p.post_every === null ? [] : postingSql(d, s, p, from, to))));
  out.push(dirtyHoursSql(d, s.origin_key, T0, s.block_s, from, to));
  return out;
}

/** The posting numbers [mLo, mHi) of L2 `p` in ethereum blocks [from, to): posting m is in block m·post_every − c. */
function postingRange(p: ChainShape, from: number, to: number): [number, number] {
  const every = p.post_every!;
  return [Math.ceil((from + p.c) / every), Math.ceil((to + p.c) / every)];
}

/** Transactions in blocks [from, to) of the chain at index c (ethereum's with the postings). */
export function rowsIn(w: VolumeWorkload, c: number, from: number, to: number): number {
  const users = (to - from) * w.chains[c]!.tx_per_block;
  if (c !== 0) return users;
  let postings = 0;
  for (const p of w.chains) {
    if (p.post_every === null) continue;
    const [lo, hi] = postingRange(p, from, to);
    postings += Math.max(0, hi - lo);
  }
  return users + postings;
}

/** The batch postings of L2 `p` in ethereum blocks [from, to). */
function postingSql(d: Dialect, eth: ChainShape, p: ChainShape, from: number, to: number): string[] {
  const every = p.post_every!;
  const [mLo, mHi] = postingRange(p, from, to);
  if (mHi <= mLo) return [];
  const T = eth.tx_per_block;
  return [
    `
    INSERT INTO transactions (${TX_COLUMNS}${d.tail.columns})
    SELECT 'ethereum', n, ${d.hex(`1 + n`, 64)}, ${T0} + n * ${eth.block_s}, ${d.hex(`n * ${SLOTS} + ${T + p.c}`, 64)}, ${T + p.c}, 3, m,
      '${hex(POSTERS_AT + p.c, 40)}', '${hex(INBOXES_AT + p.c, 40)}', NULL, true, NULL,
      0, 21000, 21000, 1, price, 0, 0, 21000 * price + blob_gas * blob_price, true, blob_gas, blob_price${d.tail.values}
    FROM (
      SELECT m, n, ${eth.price_unit} * (1000 + n % 997) AS price, (1 + (m + ${p.c}) % 6) * ${BLOB_GAS} AS blob_gas, 1 + (n % 1000) * 1000000 AS blob_price
      FROM (SELECT ${mLo} + x AS m, (${mLo} + x) * ${every} - ${p.c} AS n FROM ${d.range(mHi - mLo)}) p0
    ) p1`,
  ];
}
