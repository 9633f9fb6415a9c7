// The ecosystem overview's `count_layer2s` (CONTRACT.md 10.4): how many L2s of the registry were
// live at each month, from the chains' launch and archive dates. A chain without a launch date
// cannot be placed in time and is not counted.
import { DAY_MS } from '../../clock.js';
import { monthStart } from '../../metrics/calendar.js';
import type { Chain } from '../../registry/types.js';
import { isAllL2sMember } from '../metric-detail/all-l2s.js';

export const COUNT_COLUMNS = ['value', 'l2s_launched', 'l2s_archived', 'unix'] as const;

type Named = { name: string; origin_key: string };
export type CountRow = [number, Named[] | null, Named[] | null, number];

const monthOf = (date: string): number => monthStart(Date.parse(`${date}T00:00:00Z`));

/**
 * One row per month (its 1st), from the month of the first launch to the month of `nowMs` (the
 * current, partial month included, section 0): the L2s launched by the end of that month and
 * not archived by then (a chain archived in a month no longer counts in it), and those launched
 * / archived in it (null when none). L2s are the PROD L2 chains, as for all_l2s.
 */
export function layer2Counts(chains: readonly Chain[], nowMs: number): CountRow[] {
  const l2s = chains
    .filter((c): c is Chain & { launch_date: string } => isAllL2sMember(c) && c.launch_date !== null)
    .map((c) => ({
      launched: monthOf(c.launch_date),
      archived: c.archived_date === null ? Infinity : monthOf(c.archived_date),
      entry: { name: c.name, origin_key: c.origin_key },
    }));
  if (l2s.length === 0) return [];
  const listed = (list: Named[]): Named[] | null => (list.length > 0 ? list : null);
  const rows: CountRow[] = [];
  const last = monthStart(nowMs);
  // A month is at most 31 days: stepping 32 days from a 1st lands in the next month.
  for (let m = Math.min(...l2s.map((l) => l.launched)); m <= last; m = monthStart(m + 32 * DAY_MS)) {
    rows.push([
      l2s.filter((l) => l.launched <= m && l.archived > m).length,
      listed(l2s.filter((l) => l.launched === m).map((l) => l.entry)),
      listed(l2s.filter((l) => l.archived === m).map((l) => l.entry)),
      m,
    ]);
  }
  return rows;
}
