// A chain's first stored block, kept between builds. Finding it reads every block of the chain
// (the store tracks only the newest one, the checkpoint), and it moves only when the chain is
// emptied and ingested again (retention keeps blocks). So a build checks the kept answer with a
// two-block lookup (the block is stored, the one before it is not: blocks are stored contiguously
// from the start) and reads the whole chain again only when that check fails.
import type { StoredBlock } from '../../store/block-span.js';
import type { Store } from '../../store/store.js';

export class FirstBlockMemo {
  readonly #first = new Map<string, StoredBlock>();

  /** The chain's first stored block; null when none is stored. */
  async read(store: Store, originKey: string): Promise<StoredBlock | null> {
    const kept = this.#first.get(originKey);
    if (kept) {
      const refs = await store.blockRefs(originKey, kept.block_number - 1, kept.block_number);
      if (refs.length === 1 && refs[0]!.block_number === kept.block_number) return kept;
      this.#first.delete(originKey);
    }
    const span = await store.blockSpan(originKey, null, null);
    if (span) this.#first.set(originKey, span.first);
    return span?.first ?? null;
  }
}
