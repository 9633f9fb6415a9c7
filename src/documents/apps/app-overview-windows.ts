// The application overview tables' windows (CONTRACT.md section 10.1), derived from the app
// details' own windows. In a file of their own because two readers need them: the tables
// (app-overview-rows.ts) and the application facts' daily part (app-facts.ts), which computes
// the tables' figures of the days before each window with the reads it makes anyway.
import { DAY_MS } from '../../clock.js';
import { APP_WINDOWS } from './app-windows.js';

/** The tables' windows, in file order; null days: all history. */
export const OVERVIEW_WINDOWS = [
  ['1d', 1],
  ['7d', 7],
  ['30d', 30],
  ['90d', 90],
  ['365d', 365],
  ['max', null],
] as const;
export type OverviewWindow = (typeof OVERVIEW_WINDOWS)[number][0];

export interface OverviewWindowSpec {
  window: OverviewWindow;
  /** Index of the same window in the app details' windows. */
  at: number;
  /** The N days before the window (null for max: nothing comes before all history). */
  prev: [number, number] | null;
  /** The window and the one before it. */
  span: [number, number];
}

/**
 * Day windows [from, to] of the tables, from the app details' own windows (`windows`, one per
 * APP_WINDOWS entry, so the figures of a window are the same in both documents).
 */
export function overviewWindows(windows: ReadonlyArray<readonly [number, number]>): OverviewWindowSpec[] {
  return OVERVIEW_WINDOWS.map(([window, n]) => {
    const at = APP_WINDOWS.indexOf(window);
    const [from, to] = windows[at]!;
    const prev: [number, number] | null = n === null ? null : [from - n * DAY_MS, from - DAY_MS];
    return { window, at, prev, span: [prev ? prev[0] : from, to] };
  });
}

/** The windows the tables read figures over that the app details do not have: the windows before, and the spans. */
export function overviewReadWindows(windows: ReadonlyArray<readonly [number, number]>): { prev: Array<[number, number]>; spans: Array<[number, number]> } {
  const specs = overviewWindows(windows);
  return { prev: specs.flatMap((w) => (w.prev ? [w.prev] : [])), spans: specs.map((w) => w.span) };
}
