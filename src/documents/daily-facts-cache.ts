// The chains' daily facts kept from one build to the next (the service holds one DailyFactsCache
// across rounds; one-shot builds read cold). Every build loads each chain's facts of every key
// any builder reads: the 14 days of hours, which change every hour, and every complete day of
// history, which changes only when a day completes (or a reorg, a backfill or a re-converted
// price rewrites one). Read whole, that is a read of all history per chain every hour; here the
// daily part is kept and only the hours are read again.
//
// What may be reused is decided from the store's content, as the application facts cache does
// (apps/app-facts-cache.ts): before the reads, one query digests every chain's daily facts of
// the keys before its days_until (Store.dailyFactFingerprints). A chain's kept part is reused
// when its digest, days_until, the hourly window's first day and the keys are equal, and the
// store is the same; otherwise it is read cold and kept. Taking the digests before the reads
// means a write landing between them leaves a digest older than what was read, so the next
// build reads again: the cache can be needlessly cold, never stale.
//
// A reused part is the same objects as before (the kept maps are never changed), so a builder
// that keeps its own output made of them (metric-detail/metric-detail-parts-cache.ts,
// flat-exports/export-bytes-cache.ts) can compare them by identity.
import type { DailyFacts, FactStatus } from '../metrics/read-facts.js';
import type { Store } from '../store/store.js';

/** What the last build did (tests assert the reuse; the bench may report it). */
export interface DailyFactsCacheStats {
  reused: number;
  read: number;
}

interface Kept {
  digest: string;
  days_until: number;
  part: DailyFacts;
}

export class DailyFactsCache {
  private store: Store | null = null;
  private keys = '';
  private readonly kept = new Map<string, Kept>();
  private digests = new Map<string, string>();
  readonly stats: DailyFactsCacheStats = { reused: 0, read: 0 };

  /**
   * Takes every listed chain's digest for this build, before any read of it: `digests`, when the
   * caller read them with others in one scan (Store.dailyFactFingerprintGroups, with these keys
   * and chains), else read here.
   */
  async begin(store: Store, keys: readonly string[], chains: ReadonlyArray<{ origin_key: string; status: FactStatus }>, digests?: Map<string, string>): Promise<void> {
    const keysText = JSON.stringify(keys);
    if (store !== this.store || keysText !== this.keys) this.kept.clear();
    this.store = store;
    this.keys = keysText;
    this.digests = new Map(); // a failed digest read reuses nothing
    this.digests = digests ?? (await store.dailyFactFingerprints({ keys, chains: chains.map((c) => ({ origin_key: c.origin_key, days_until: c.status.days_until })) }));
    for (const ok of this.kept.keys()) if (!chains.some((c) => c.origin_key === ok)) this.kept.delete(ok);
  }

  /** The chain's kept daily part if its digest and days_until are this build's (loadChainFacts checks the hourly day). */
  part(originKey: string, status: FactStatus): DailyFacts | undefined {
    const k = this.kept.get(originKey);
    const digest = this.digests.get(originKey);
    const hit = k !== undefined && digest !== undefined && k.digest === digest && k.days_until === status.days_until;
    return hit ? k.part : undefined;
  }

  /** Records what the build's read of the chain gave (the kept part, or a new one read cold). */
  keep(originKey: string, status: FactStatus, part: DailyFacts): void {
    const digest = this.digests.get(originKey);
    const old = this.kept.get(originKey);
    if (old?.part === part) this.stats.reused++;
    else this.stats.read++;
    // A chain without daily facts has no digest: nothing to compare later, so nothing kept.
    if (digest === undefined) this.kept.delete(originKey);
    else this.kept.set(originKey, { digest, days_until: status.days_until, part });
  }
}
