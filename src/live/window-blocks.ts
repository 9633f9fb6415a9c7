// A stored batch as the live window holds it: per block its time and transaction count, and
// gas_used and fee (wei, exact in bigint, then a double) of each transaction with an effective
// gas price > 0. The fee leaves out the blob fee (CONTRACT.md 12.6, "Costs").
import type { NormalizedBatch } from '../store/rows.js';
import type { WindowBlock } from './window.js';

/** The blocks of `batch` at or after `sinceS`, written at `atMs`. */
export function windowBlocks(batch: NormalizedBatch, atMs: number, sinceS: number): WindowBlock[] {
  const last = batch.blocks[batch.blocks.length - 1];
  if (last === undefined || last.block_time < sinceS) return [];
  const byNumber = new Map<number, { gas: number[]; fees: number[] }>();
  const blocks: WindowBlock[] = [];
  for (const b of batch.blocks) {
    if (b.block_time < sinceS) continue;
    const priced = { gas: [] as number[], fees: [] as number[] };
    byNumber.set(b.block_number, priced);
    blocks.push({ number: b.block_number, time_s: b.block_time, tx_count: b.tx_count, ingested_ms: atMs, ...priced });
  }
  for (const t of batch.txs) {
    if (t.gas_price_wei <= 0n) continue;
    const priced = byNumber.get(t.block_number);
    if (priced === undefined) continue;
    priced.gas.push(Number(t.gas_used));
    priced.fees.push(Number(t.gas_used * t.gas_price_wei + t.l1_fee_wei));
  }
  return blocks;
}
