// Each chain overview's `data` as bytes, kept from one build to the next by the service (one-shot
// builds make every document). Everything an overview publishes but its `last_updated_utc` is
// made of complete days: the ranking and KPI cards (every chain's daily rows), the streaks and
// lifetime totals, the highlights, the blockspace split of the last complete week and the
// ecosystem's 7- and 30-day windows. Made every hour, that was a pass over every chain's daily
// rows per ranked metric, the highlights' scans and a serialization, for bytes that change only
// when a day completes (or a reorg, a backfill or a re-converted price rewrites one).
//
// What may be reused is decided as the metric details' pieces are (metric-detail-parts-cache.ts):
// the daily fact maps of every chain (the ranking compares chains), by identity, since
// DailyFactsCache hands out the same objects only while the store's digest is equal; and by
// content what else the document reads (the caller's key: the chains' complete-day bounds, the
// metrics, the chain's name and events, the labels, the ecosystem's rows, and the lifetime
// distinct counts, which come from the address sets and are asked again every build from the
// store's kept histograms). The week's blockspace counts come from RawWindowMemo, whose answer
// is the same object while the week's raw rows are the same; they are compared by identity too.
//
// Cost: the service holds each overview's bytes (a few KB a chain).

/** What the cache did since it was made (tests assert the reuse). */
export interface OverviewCacheStats {
  reused: number;
  made: number;
}

/** An overview's `data` as bytes, or null for a chain the build skips (no complete day yet). */
export type KeptOverview = Buffer | null;

interface Kept {
  objects: readonly unknown[];
  key: string;
  value: KeptOverview;
}

export class ChainOverviewCache {
  private readonly kept = new Map<string, Kept>();
  readonly stats: OverviewCacheStats = { reused: 0, made: 0 };

  /** The chain's kept overview when made of the same `objects` (by identity) and `key` (text), else `make`'s (then kept). */
  async overview(originKey: string, objects: readonly unknown[], key: string, make: () => Promise<KeptOverview>): Promise<KeptOverview> {
    const old = this.kept.get(originKey);
    // Forgotten first: a make() that throws leaves nothing behind.
    this.kept.delete(originKey);
    if (old !== undefined && old.key === key && old.objects.length === objects.length && old.objects.every((o, i) => o === objects[i])) {
      this.kept.set(originKey, old);
      this.stats.reused++;
      return old.value;
    }
    const value = await make();
    this.kept.set(originKey, { objects, key, value });
    this.stats.made++;
    return value;
  }

  /** Forgets the chains not in `originKeys` (no longer configured or without facts). */
  keepOnly(originKeys: ReadonlySet<string>): void {
    for (const k of this.kept.keys()) if (!originKeys.has(k)) this.kept.delete(k);
  }
}
