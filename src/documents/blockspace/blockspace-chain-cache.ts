// Each chain's blockspace (its loaded days and its document's bytes), kept from one build to the
// next by the service (one-shot builds load every chain). The document holds complete days only,
// yet each hour read every day of the chain's own blockspace facts and of every contract's daily
// facts and made the document again: a cost that grows with the stored days, not with the hour.
//
// What is kept is reused while made of the same inputs, compared as text: the store's digests of
// the chain's daily blockspace facts and of its contracts' daily facts of the read keys (both cut
// at the chain's days_until, so a new complete day changes the bound and a reorg or backfill of a
// complete day or a re-converted price changes a digest), the bound itself, the chain's name and
// the labels (a relabel moves contracts between categories). An hour inside a day changes none.
//
// Cost: the service holds each chain's loaded days and document bytes (about the documents' size
// twice).
import type { ChainBlockspace } from '../../metrics/blockspace-days.js';

/** What the cache did since it was made (tests assert the reuse). */
export interface BlockspaceChainStats {
  reused: number;
  made: number;
}

/** A chain's loaded blockspace and its published bytes (null when it publishes no document). */
export interface KeptBlockspace {
  data: ChainBlockspace;
  bytes: Buffer | null;
}

export class BlockspaceChainCache {
  private readonly kept = new Map<string, { key: string; value: KeptBlockspace }>();
  readonly stats: BlockspaceChainStats = { reused: 0, made: 0 };

  /** The chain's kept blockspace when made of inputs described by `key`, else `make`'s (then kept). */
  async chain(originKey: string, key: string, make: () => Promise<KeptBlockspace>): Promise<KeptBlockspace> {
    const old = this.kept.get(originKey);
    // Forgotten first: a make() that throws leaves nothing behind.
    this.kept.delete(originKey);
    if (old !== undefined && old.key === key) {
      this.kept.set(originKey, old);
      this.stats.reused++;
      return old.value;
    }
    const value = await make();
    this.kept.set(originKey, { key, value });
    this.stats.made++;
    return value;
  }

  /** Forgets the chains not in `originKeys` (no longer configured or without facts). */
  keepOnly(originKeys: ReadonlySet<string>): void {
    for (const k of this.kept.keys()) if (!originKeys.has(k)) this.kept.delete(k);
  }
}
