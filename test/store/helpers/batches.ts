// Synthetic normalized blocks for store tests: deterministic from (chain, number, fork).
import type { NormalizedBatch, NormalizedBlock, NormalizedTx } from '../../../src/store/rows.js';
import type { Checkpoint } from '../../../src/store/store.js';

const h = (s: string): string => `0x${Buffer.from(s).toString('hex').padEnd(64, '0').slice(0, 64)}`;

export function blockHash(origin: string, n: number, fork = 0): string {
  return h(`${origin}:${n}:${fork}`);
}

export function makeBatch(origin: string, from: number, to: number, opts: { fork?: number; txPerBlock?: number; t0?: number; blockSeconds?: number } = {}): NormalizedBatch {
  const fork = opts.fork ?? 0;
  const txPer = opts.txPerBlock ?? 3;
  const t0 = opts.t0 ?? 1_700_000_000;
  const dt = opts.blockSeconds ?? 600;
  const blocks: NormalizedBlock[] = [];
  const txs: NormalizedTx[] = [];
  for (let n = from; n <= to; n++) {
    const hash = blockHash(origin, n, fork);
    const time = t0 + n * dt;
    blocks.push({ origin_key: origin, block_number: n, block_hash: hash, parent_hash: blockHash(origin, n - 1, fork), block_time: time, gas_used: 21_000n * BigInt(txPer), base_fee_wei: n % 2 ? null : 7n, tx_count: txPer });
    for (let i = 0; i < txPer; i++) {
      txs.push({
        origin_key: origin,
        block_number: n,
        block_hash: hash,
        block_time: time,
        tx_hash: h(`tx:${origin}:${n}:${i}:${fork}`),
        tx_index: i,
        tx_type: 2,
        nonce: BigInt(n * 10 + i),
        from_address: `0x${String(i + 1).padStart(40, '0')}`,
        to_address: i === 2 ? null : `0x${String(100 + i).padStart(40, '0')}`,
        created_contract: i === 2 ? `0x${String(900 + n).padStart(40, '0')}` : null,
        input_empty: i === 0,
        selector: i === 0 ? null : '0xa9059cbb',
        // Beyond 2^64 so a narrowing anywhere would show.
        value_wei: 2n ** 70n + BigInt(n),
        gas_limit: 50_000n,
        gas_used: 21_000n,
        status: i === 1 ? 0 : 1,
        gas_price_wei: BigInt(fork + 1) * 1_000_000_000n,
        l1_fee_wei: BigInt(i),
        l1_gas_used: 0n,
        blob_gas_used: 0n,
        blob_gas_price_wei: 0n,
        fee_wei: 21_000n * BigInt(fork + 1) * 1_000_000_000n + BigInt(i),
        is_user_tx: true,
      });
    }
  }
  return { blocks, txs };
}

export function tipOf(batch: NormalizedBatch): Checkpoint {
  const last = batch.blocks[batch.blocks.length - 1];
  return { origin_key: last.origin_key, block_number: last.block_number, block_hash: last.block_hash };
}
