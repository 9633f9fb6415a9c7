// Turning document tables into chart series.
import type { ChartSeries } from './components/chart.js';
import { valueColumn, type Series } from './documents.js';

/** [unix, value] pairs of one value column of a time-series table (null table: no points). */
export function points(table: Series | null | undefined, currency: string): [number, number | null][] {
  if (!table) return [];
  const col = valueColumn(table.types, currency);
  const unix = table.types.indexOf('unix');
  return table.data.map((row) => [row[unix] as number, row[col] ?? null]);
}

export function chartSeries(key: string, label: string, color: string, table: Series | null | undefined, currency: string, hidden = false): ChartSeries {
  return { key, label, color, points: points(table, currency), hidden };
}

export const GRANULARITIES: [string, string][] = [
  ['daily', 'Daily'],
  ['weekly', 'Weekly'],
  ['monthly', 'Monthly'],
];

/** The currency switch's options for a metric's units: USD / ETH, or nothing for plain values. */
export function currencyOptions(units: Record<string, unknown>): [string, string][] {
  return Object.keys(units)
    .filter((k) => k !== 'value')
    .map((k) => [k, k.toUpperCase()]);
}
