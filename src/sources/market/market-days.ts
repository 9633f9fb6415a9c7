// A market_chart answer → one MarketRow per UTC day. Like the price bins (prices/bin-points.ts)
// a day's value is the earliest point inside it: CoinGecko's daily points sit at 00:00 UTC,
// plus one for "now", which gives today a provisional row that a later fetch replaces. Each
// series is binned on its own (a day may have a price but no volume); gaps and garbage
// (null, NaN, negative) are no value, and a day without any value is no row.
import { DAY_MS } from '../../clock.js';
import type { MarketSeries } from '../prices/coingecko-client.js';
import type { MarketRow } from '../../store/labels.js';

type Field = 'price_usd' | 'market_cap_usd' | 'volume_usd';

export function marketDays(marketDataId: string, series: MarketSeries, untilMs = Infinity): MarketRow[] {
  const days = new Map<number, MarketRow & { at: Record<Field, number> }>();
  const add = (points: MarketSeries['prices'], field: Field, allowZero: boolean): void => {
    for (const [ms, v] of points) {
      if (!Number.isFinite(ms) || ms > untilMs || v === null || !Number.isFinite(v) || v < 0 || (!allowZero && v === 0)) continue;
      const day = Math.floor(ms / DAY_MS) * DAY_MS;
      let row = days.get(day);
      if (!row) {
        row = { market_data_id: marketDataId, day_ms: day, price_usd: null, market_cap_usd: null, volume_usd: null, at: { price_usd: Infinity, market_cap_usd: Infinity, volume_usd: Infinity } };
        days.set(day, row);
      }
      if (ms < row.at[field]) {
        row[field] = v;
        row.at[field] = ms;
      }
    }
  };
  // A price or market cap of 0 is a feed's gap; a day's volume may truly be 0.
  add(series.prices, 'price_usd', false);
  add(series.market_caps, 'market_cap_usd', false);
  add(series.total_volumes, 'volume_usd', true);
  return [...days.values()]
    .sort((a, b) => a.day_ms - b.day_ms)
    .map(({ at: _at, ...row }) => row);
}
