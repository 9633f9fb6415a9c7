// Turns a price feed's timestamped points into one price per period. A feed answers with
// points at arbitrary instants (CoinGecko: hourly points a few minutes past the hour, daily
// points at 00:00 UTC plus one for "now"); a period's price is the earliest point inside it,
// i.e. the price closest to the period's start.
import { DAY_MS, HOUR_MS } from '../../clock.js';
import type { Granularity } from '../../store/granularity.js';
import type { PriceRow } from '../../store/prices.js';

export function binPoints(asset: string, granularity: Granularity, points: ReadonlyArray<readonly [number, number]>): PriceRow[] {
  const size = granularity === 'daily' ? DAY_MS : HOUR_MS;
  const earliest = new Map<number, readonly [number, number]>();
  for (const p of points) {
    const [ms, usd] = p;
    if (!Number.isFinite(ms) || !Number.isFinite(usd) || usd <= 0) continue; // a feed's gap or garbage is not a price
    const period = Math.floor(ms / size) * size;
    const seen = earliest.get(period);
    if (!seen || ms < seen[0]) earliest.set(period, p);
  }
  return [...earliest.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([period_ms, [, usd]]) => ({ asset, granularity, period_ms, usd }));
}
