// Reads of a window of raw transactions kept from one build to the next (the service holds one
// RawWindowMemo across rounds; one-shot builds read cold). A chain overview's blockspace split
// reads the last complete days of a chain's raw transactions, a grouped scan of a week of
// them, and does so at every hourly build although those days have not changed. Here the answer
// is kept with the digests of the window's raw rows (Store.hourFingerprints: each chain-hour's
// blocks and transaction count) and reused while they are equal.
//
// What may be reused is decided from the store's content, never from who wrote what: the digests
// are taken before the read, so a write landing between them leaves a digest older than the
// answer kept, and the next build reads again. The memo can be needlessly cold, never stale.
import type { HourFingerprintRequest } from '../store/facts.js';
import type { Store } from '../store/store.js';

/** Answers kept at once: one per chain and read; beyond this the oldest kept goes first. */
const MAX_KEPT = 256;

export interface RawWindowMemoStats {
  reused: number;
  read: number;
}

export class RawWindowMemo {
  private readonly kept = new Map<string, { store: Store; digest: string; value: unknown }>();
  /** Reuses and reads since the memo was made (tests assert them). */
  readonly stats: RawWindowMemoStats = { reused: 0, read: 0 };

  /**
   * `load()`'s answer for `key`, which must read only the raw transactions of `window` (and
   * nothing else that changes): the answer kept for `key` when the window's digests are the
   * same as when it was read.
   */
  async get<T>(store: Store, key: string, window: HourFingerprintRequest, load: () => Promise<T>): Promise<T> {
    const rows = await store.hourFingerprints(window);
    const digest = JSON.stringify([window.origin_keys, window.hours_from, window.hours_until, rows.map((r) => `${r.origin_key} ${r.hour_ms} ${r.fp}`).sort()]);
    const old = this.kept.get(key);
    this.kept.delete(key);
    if (old !== undefined && old.store === store && old.digest === digest) {
      this.kept.set(key, old);
      this.stats.reused++;
      return old.value as T;
    }
    const value = await load();
    this.stats.read++;
    this.kept.set(key, { store, digest, value });
    while (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
    return value;
  }
}
