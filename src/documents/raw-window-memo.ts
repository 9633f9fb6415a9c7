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
import type { HourFingerprint, HourFingerprintRequest } from '../store/facts.js';
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
   * same as when it was read. `read`: the digests of a read covering the window, taken now (a
   * caller with many windows reads them once: `readFingerprints`); absent, the window's own.
   */
  async get<T>(store: Store, key: string, window: HourFingerprintRequest, load: () => Promise<T>, read?: readonly HourFingerprint[]): Promise<T> {
    const rows = read ? inWindow(read, window) : await store.hourFingerprints(window);
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

/**
 * One hourFingerprints read covering several windows (their chains, from the earliest hour to
 * the latest), for `get`'s `read`: one scan of the blocks and transactions instead of one a
 * window. Windows of chains far apart in time read the hours between them too.
 */
export async function readFingerprints(store: Store, windows: readonly HourFingerprintRequest[]): Promise<HourFingerprint[]> {
  const open = windows.filter((w) => w.origin_keys.length > 0 && w.hours_until > w.hours_from);
  if (open.length === 0) return [];
  return store.hourFingerprints({
    origin_keys: [...new Set(open.flatMap((w) => w.origin_keys))],
    hours_from: Math.min(...open.map((w) => w.hours_from)),
    hours_until: Math.max(...open.map((w) => w.hours_until)),
  });
}

/** The rows of a wider read that a window's own read would have given (hours are whole, windows start on hours). */
function inWindow(rows: readonly HourFingerprint[], w: HourFingerprintRequest): HourFingerprint[] {
  const chains = new Set(w.origin_keys);
  return rows.filter((r) => chains.has(r.origin_key) && r.hour_ms >= w.hours_from && r.hour_ms < w.hours_until);
}
