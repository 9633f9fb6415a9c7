// The windows of the data-availability documents (CONTRACT.md 11.2) and the consumers ranked in
// each: "Nd" is the last N complete days, `max` all stored history.
import { DAILY_CHANGE_WINDOWS } from '../../metrics/changes.js';
import type { DaConsumer, DaLayerData } from './da-data.js';
import { sumRange, windowRange } from './da-data.js';

/** 11.2's windows: section 1's daily change windows (1d … 365d) and max (all stored history, null). */
export const DA_WINDOWS: ReadonlyArray<readonly [string, number | null]> = [...DAILY_CHANGE_WINDOWS, ['max', null]];

/** The consumers charted one by one in a window (the pie and the timeseries); the rest is `others`. */
export const CHART_CONSUMERS = 7;

export interface RankedConsumer {
  consumer: DaConsumer;
  bytes: number;
}

/** Consumers with blob bytes in the window, most bytes first (ties: registry order); `limit` of them. */
export function topConsumers(d: DaLayerData, range: [number, number] | null, limit: number): RankedConsumer[] {
  const ranked = [...d.consumers.values()].map((c) => ({ consumer: c.consumer, bytes: sumRange(c.bytes, range)! })).filter((c) => c.bytes > 0);
  // A stable sort keeps the registry order of equal figures.
  return ranked.sort((a, b) => b.bytes - a.bytes).slice(0, limit);
}

/** Each window's index range over the layer's days. */
export function windowRanges(d: DaLayerData): Array<[string, [number, number] | null]> {
  return DA_WINDOWS.map(([name, n]) => [name, windowRange(d.days, n)]);
}
