// The application parts of the landing page and the ecosystem overview (CONTRACT.md 10.3, 10.4):
// a chain's top apps and the projects whose 7-day txcount rose or fell most, read from the
// application data the app documents share within a build (app-data.ts), so no extra query.
import { DAY_MS } from '../../clock.js';
import type { AppData } from '../apps/app-data.js';
import { ALL_CHAINS } from '../apps/app-fact-shapes.js';
import { KEYS } from '../apps/app-facts.js';
import { chainEcosystem } from '../chain-overview/overview-ecosystem.js';

/** How many projects `top_apps` and each of gainers / losers list. */
export const TOP_APPS = 5;
export const MOVER_COLUMNS = ['owner_project', 'txcount', 'prev_txcount', 'change'] as const;

export interface MoverTable {
  types: string[];
  data: Array<[string, number, number, number]>;
}

/** Up to TOP_APPS owner_projects of a chain by 7-day txcount, as the chain overview orders them; [] without application data. */
export function topApps(originKey: string, data: AppData | null): string[] {
  const eco = chainEcosystem(originKey, data);
  return 'apps' in eco ? eco.apps.data.slice(0, TOP_APPS).map(([project]) => project) : [];
}

/** Sum of a day series over the days [from, to] (inclusive day starts); a day without a fact is 0. */
function daysTotal(days: ReadonlyMap<number, number | null> | undefined, from: number, to: number): number {
  let total = 0;
  for (let d = from; d <= to; d += DAY_MS) total += days?.get(d) ?? 0;
  return total;
}

/**
 * `gainers` / `losers`: the projects with the largest rise / fall of txcount over all chains in
 * the last 7 complete days against the 7 days before (`change` = txcount − prev_txcount), up to
 * TOP_APPS each, largest move first (ties by name). Empty tables without application data.
 */
export function topMovers(data: AppData | null): { gainers: MoverTable; losers: MoverTable } {
  const rows: Array<[string, number, number, number]> = [];
  if (data) {
    const last = data.facts.last_day;
    for (const [project, facts] of data.facts.projects) {
      const days = facts.daily.get(ALL_CHAINS)?.get(KEYS.txcount);
      const now = daysTotal(days, last - 6 * DAY_MS, last);
      const prev = daysTotal(days, last - 13 * DAY_MS, last - 7 * DAY_MS);
      if (now !== prev) rows.push([project, now, prev, now - prev]);
    }
  }
  const byName = (a: (typeof rows)[number], b: (typeof rows)[number]): number => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  const gainers = rows.filter((r) => r[3] > 0).sort((a, b) => b[3] - a[3] || byName(a, b));
  const losers = rows.filter((r) => r[3] < 0).sort((a, b) => a[3] - b[3] || byName(a, b));
  const table = (list: typeof rows): MoverTable => ({ types: [...MOVER_COLUMNS], data: list.slice(0, TOP_APPS) });
  return { gainers: table(gainers), losers: table(losers) };
}
