// The blocks provenance names, read once per build and chain: the first and the newest stored
// block, and the blocks at the edges of the periods the documents include. Every read is bounded:
// the newest block is the checkpoint (one lookup), the first is kept between builds
// (first-block-memo.ts), and a period's edge is looked for within the day before it.
import { DAY_MS } from '../../clock.js';
import type { StoredBlock } from '../../store/block-span.js';
import type { Chain } from '../../registry/types.js';
import type { BuildContext } from '../document-kind.js';
import { FirstBlockMemo } from './first-block-memo.js';

export interface StoredRange {
  first: StoredBlock;
  /** The checkpoint: the newest block stored contiguously from the first. */
  last: StoredBlock;
}

/** One build's reads, keyed by the build's context so that nothing outlives it. */
const perBuild = new WeakMap<BuildContext, Map<string, Promise<unknown>>>();

function once<T>(ctx: BuildContext, key: string, read: () => Promise<T>): Promise<T> {
  let memo = perBuild.get(ctx);
  if (!memo) perBuild.set(ctx, (memo = new Map()));
  let p = memo.get(key) as Promise<T> | undefined;
  if (!p) memo.set(key, (p = read()));
  return p;
}

/** The chain's first and newest stored blocks; null when nothing is stored. */
export function storedRange(ctx: BuildContext, originKey: string): Promise<StoredRange | null> {
  return once(ctx, `range:${originKey}`, async () => {
    const cp = await ctx.store.getCheckpoint(originKey);
    if (!cp) return null;
    const time = await ctx.store.blockTimeAtOrBelow(originKey, cp.block_number);
    const first = await (ctx.provenance?.firstBlocks ?? new FirstBlockMemo()).read(ctx.store, originKey);
    if (time === null || first === null) return null;
    return { first, last: { block_number: cp.block_number, block_time: time } };
  });
}

/** The last stored block before `untilMs` (a period's end). */
export function lastBlockBefore(ctx: BuildContext, originKey: string, untilMs: number): Promise<StoredBlock | null> {
  return once(ctx, `before:${originKey}:${untilMs}`, async () => {
    const near = await ctx.store.blockSpan(originKey, untilMs - DAY_MS, untilMs);
    return (near ?? (await ctx.store.blockSpan(originKey, null, untilMs)))?.last ?? null;
  });
}

/** The first stored block at or after `fromMs` (a period's start). */
export function firstBlockFrom(ctx: BuildContext, originKey: string, fromMs: number): Promise<StoredBlock | null> {
  return once(ctx, `from:${originKey}:${fromMs}`, async () => {
    const near = await ctx.store.blockSpan(originKey, fromMs, fromMs + DAY_MS);
    return (near ?? (await ctx.store.blockSpan(originKey, fromMs, null)))?.first ?? null;
  });
}

/**
 * The newest block past the chain's finality lag, of the blocks up to `upTo`: the head is the
 * node's as the process last saw it, else the newest stored block (a build that does not ingest).
 */
export function finalizedThrough(ctx: BuildContext, chain: Pick<Chain, 'origin_key' | 'finality_lag'>, upTo: number, newestStored: number): number {
  const head = ctx.provenance?.chains?.get(chain.origin_key)?.head ?? newestStored;
  return Math.max(0, Math.min(upTo, Math.max(head, newestStored) - chain.finality_lag));
}
