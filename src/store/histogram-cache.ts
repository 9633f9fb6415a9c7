// Distinct-count histograms kept by a store (each engine builds them its own way: duckdb/ and
// clickhouse/address-sets.ts), keyed by set and subjects, dropped per chain when its sets change.
import type { DayHistogram } from './day-histogram.js';
import type { FactSubject } from './facts.js';

/**
 * Histograms kept between reads, and between builds while the sets stay the same: a build asks
 * the same subjects' windows from several documents (a chain's daa detail and the aa_last7d
 * export rows), and an hour that completes no day changes no set, so its build reads none of
 * them again (a histogram covers all history: rebuilding it every hour would make the hour's
 * cost grow with the stored days). The owner drops a chain's entries whenever its address sets
 * may have changed, and all of them on raw SQL or a rolled-back transaction.
 */
export class HistogramCache {
  private readonly byKey = new Map<string, { origins: ReadonlySet<string>; h: Promise<unknown> }>();

  get(setKey: string, subjects: readonly FactSubject[], load: () => Promise<DayHistogram>): Promise<DayHistogram> {
    return this.keep(JSON.stringify([setKey, subjects.map((s) => [s.origin_key, s.dimension, s.entity]).sort()]), subjects.map((s) => s.origin_key), load);
  }

  /**
   * Any other answer read from the sets of the chains `origins` only (the landing page's shared
   * addresses over its window of complete days, every hour), kept and dropped as the histograms
   * are. `key` names the read and its arguments; it must not look like a histogram's.
   */
  keep<T>(key: string, origins: Iterable<string>, load: () => Promise<T>): Promise<T> {
    let e = this.byKey.get(key);
    if (!e) {
      e = { origins: new Set(origins), h: load() };
      this.byKey.set(key, e);
      const mine = e;
      e.h.catch(() => {
        if (this.byKey.get(key) === mine) this.byKey.delete(key);
      });
    }
    return e.h as Promise<T>;
  }

  /** Drops the histograms that read `originKey`'s sets, or every one when no chain is named. */
  clear(originKey?: string): void {
    if (originKey === undefined) return this.byKey.clear();
    for (const [key, e] of this.byKey) if (e.origins.has(originKey)) this.byKey.delete(key);
  }
}

/** Rows of a kept answer, copied for a caller (which may change its own). */
export function copyRows<T extends object>(rows: readonly T[]): T[] {
  return rows.map((r) => ({ ...r }));
}
