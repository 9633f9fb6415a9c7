// The ecosystem overview's `count_layer2s` (CONTRACT.md 10.4): how many L2s of the registry were
// live at each month, from the chains' launch dates. The registry has no archive date, so no
// chain is ever counted as archived (`l2s_archived` is null in every row); a chain without a
// launch date cannot be placed in time and is not counted.
import { DAY_MS } from '../clock.js';
import { monthStart } from '../metrics/calendar.js';
import type { Chain } from '../registry/types.js';
import { isAllL2sMember } from './all-l2s.js';

export const COUNT_COLUMNS = ['value', 'l2s_launched', 'l2s_archived', 'unix'] as const;

type Named = { name: string; origin_key: string };
export type CountRow = [number, Named[] | null, Named[] | null, number];

/**
 * One row per month (its 1st), from the month of the first launch to the month of `nowMs` (the
 * current, partial month included, section 0): the L2s launched by the end of that month, and
 * those launched in it (null when none). L2s are the PROD L2 chains, as for all_l2s.
 */
export function layer2Counts(chains: readonly Chain[], nowMs: number): CountRow[] {
  const launched = chains
    .filter((c) => isAllL2sMember(c) && c.launch_date !== null)
    .map((c) => ({ month: monthStart(Date.parse(`${c.launch_date}T00:00:00Z`)), entry: { name: c.name, origin_key: c.origin_key } }));
  if (launched.length === 0) return [];
  const rows: CountRow[] = [];
  const last = monthStart(nowMs);
  // A month is at most 31 days: stepping 32 days from a 1st lands in the next month.
  for (let m = Math.min(...launched.map((l) => l.month)); m <= last; m = monthStart(m + 32 * DAY_MS)) {
    const inMonth = launched.filter((l) => l.month === m).map((l) => l.entry);
    rows.push([launched.filter((l) => l.month <= m).length, inMonth.length > 0 ? inMonth : null, null, m]);
  }
  return rows;
}
