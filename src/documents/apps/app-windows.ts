// The day windows of the application documents, in a file of their own so that the reader of the
// application facts (app-facts.ts) and the overview tables' windows (app-overview-windows.ts)
// both import them without importing each other.
import { DAY_MS } from '../../clock.js';

/** The windows of `aggregated` and `contracts_table`, in this order (CONTRACT.md section 4). */
export const APP_WINDOWS = ['1d', '7d', '30d', '90d', '180d', '365d', 'max'] as const;
export type AppWindow = (typeof APP_WINDOWS)[number];
const WINDOW_DAYS: Record<AppWindow, number | null> = { '1d': 1, '7d': 7, '30d': 30, '90d': 90, '180d': 180, '365d': 365, max: null };

export function windowsEndingAt(lastDay: number): Array<[number, number]> {
  return APP_WINDOWS.map((w) => {
    const n = WINDOW_DAYS[w];
    return [n === null ? 0 : lastDay - (n - 1) * DAY_MS, lastDay];
  });
}
