// The windows of the data-availability documents (CONTRACT.md 11.2) and the consumers ranked in
// each: "Nd" is the last N complete days, `max` all stored history.
import type { DaConsumer, DaLayerData } from './da-data.js';
import { sumRange, windowRange } from './da-data.js';

export const DA_WINDOWS: ReadonlyArray<readonly [string, number | null]> = [
  ['1d', 1],
  ['7d', 7],
  ['30d', 30],
  ['90d', 90],
  ['180d', 180],
  ['365d', 365],
  ['max', null],
];

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
