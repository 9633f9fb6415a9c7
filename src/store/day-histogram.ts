// Exact distinct counts over windows of days from a histogram of (day, previous active day)
// points: the engine-neutral half of the distinct-count reads (each engine builds the histogram
// from its per-day address sets).

/**
 * What exact distinct counts over windows of days are computed from: for every (address, day)
 * of the union of some subjects' sets, the point (day, the address's previous active day in
 * the union), counted per point. An address is in window [lo, hi] when it has an active day
 * there; counting it once means counting only its first active day in the window, i.e. the
 * points with lo <= day <= hi and prev < lo (or no previous day). The histogram has at most
 * one entry per pair of days however many addresses there are, so any number of windows is
 * answered from one scan of the sets, where one count(DISTINCT) scan per window (the flat
 * exports' aa_last7d asks one 7-day window per day of history) dominated the document build.
 */
export interface DayHistogram {
  /** Days ascending (unix ms). */
  day: Float64Array;
  /** The previous active day, -Infinity for none. */
  prev: Float64Array;
  n: Float64Array;
}

/** Exact distinct addresses over each window of days [lo, hi] (inclusive day starts), from a histogram. */
export function countWindows(h: DayHistogram, windows: ReadonlyArray<readonly [number, number]>): number[] {
  return windows.map(([lo, hi]) => {
    // The first point on or after lo (days ascending).
    let a = 0;
    let b = h.day.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (h.day[mid]! < lo) a = mid + 1;
      else b = mid;
    }
    let n = 0;
    for (let i = a; i < h.day.length && h.day[i]! <= hi; i++) if (h.prev[i]! < lo) n += h.n[i]!;
    return n;
  });
}
