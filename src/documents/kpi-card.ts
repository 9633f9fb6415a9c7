// A KPI card (CONTRACT.md section 3): the last 60 daily rows, the last day's value(s) and the
// week-over-week change. The chain overview and the application detail publish the same shape.
import type { SeriesRow } from '../metrics/series.js';

/** Rows of a KPI card's sparkline. */
export const SPARKLINE_ROWS = 60;

function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

/** The card over a non-empty daily series whose value columns are `cols`. */
export function kpiCard(cols: readonly string[], daily: readonly SeriesRow[]): unknown {
  const last = daily[daily.length - 1]!;
  const before = daily.length > 7 ? daily[daily.length - 8]! : null;
  return {
    sparkline: { types: ['unix', ...cols], data: daily.slice(-SPARKLINE_ROWS) },
    current_values: { types: [...cols], data: last.slice(1) },
    wow_change: {
      types: [...cols],
      data: cols.map((_, i) => {
        const now = last[i + 1];
        const then = before?.[i + 1];
        return typeof now === 'number' && typeof then === 'number' && then !== 0 ? round4((now - then) / then) : 0;
      }),
    },
  };
}
