// Window deduplication shared by both engines' contract-group reads: clients ask for windows such
// as 90d, 180d and max that coincide on short histories, and each distinct window costs a scan.
import type { DayWindows } from './contract-facts.js';

/**
 * The distinct windows of `windows` (each bound checked to be an integer) and, per requested
 * window, the index of its distinct one.
 */
export function uniqueWindows(windows: DayWindows): { unique: Array<readonly [number, number]>; of: number[] } {
  const unique: Array<readonly [number, number]> = [];
  const at = new Map<string, number>();
  const of = windows.map(([lo, hi]) => {
    for (const v of [lo, hi]) if (!Number.isSafeInteger(v)) throw new Error(`day window: not an integer: ${v}`);
    const key = `${lo}:${hi}`;
    let i = at.get(key);
    if (i === undefined) {
      i = unique.push([lo, hi]) - 1;
      at.set(key, i);
    }
    return i;
  });
  return { unique, of };
}
