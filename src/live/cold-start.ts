// Cold start (CONTRACT.md 12.6): the stored blocks of the last minutes go through the same
// computation as blocks written later, one tick a second, so that windows, histories and 24 h
// highs exist at once. These are the only store reads of the live stream. A replayed block
// counts as written at its own timestamp.
import type { RecentBlock, RecentBlocksStore, RecentFee } from '../store/recent-blocks.js';
import { MAX_PRICED_TXS } from './fee-figures.js';
import type { LiveState } from './live-state.js';
import { MAX_BLOCKS, type WindowBlock } from './window.js';

export const TICK_MS = 1000;

/** Replays [nowMs − replayMs, nowMs] into `state`; returns how many blocks were replayed. */
export async function replayStoredBlocks(store: RecentBlocksStore, state: LiveState, nowMs: number, replayMs: number): Promise<number> {
  if (replayMs <= 0) return 0;
  const fromMs = nowMs - replayMs;
  const perChain = new Map<string, WindowBlock[]>();
  let count = 0;
  for (const key of state.chains.keys()) {
    const blocks = await store.recentBlocks(key, Math.ceil(fromMs / 1000));
    if (blocks.length === 0) continue;
    count += blocks.length;
    // Fees matter for the final window only (history points carry no cost).
    const fees = await store.recentFees(key, blocks[Math.max(0, blocks.length - MAX_BLOCKS)].block_number, MAX_PRICED_TXS);
    perChain.set(key, asWindowBlocks(blocks, fees));
  }
  // One tick a second, each taking the blocks whose time has come.
  const cursor = new Map<string, number>();
  for (let t = fromMs; t <= nowMs; t += TICK_MS) {
    for (const [key, blocks] of perChain) {
      const from = cursor.get(key) ?? 0;
      let i = from;
      while (i < blocks.length && blocks[i].ingested_ms <= t) i++;
      if (i > from) state.chains.get(key)!.window.add(blocks.slice(from, i));
      cursor.set(key, i);
    }
    state.tick(t);
  }
  return count;
}

function asWindowBlocks(blocks: readonly RecentBlock[], fees: readonly RecentFee[]): WindowBlock[] {
  const byBlock = new Map<number, { gas: number[]; fees: number[] }>();
  for (const f of fees) {
    let p = byBlock.get(f.block_number);
    if (p === undefined) byBlock.set(f.block_number, (p = { gas: [], fees: [] }));
    p.gas.push(f.gas_used);
    p.fees.push(f.fee_wei);
  }
  return blocks.map((b) => ({ number: b.block_number, time_s: b.block_time, tx_count: b.tx_count, ingested_ms: b.block_time * 1000, ...(byBlock.get(b.block_number) ?? { gas: [], fees: [] }) }));
}
