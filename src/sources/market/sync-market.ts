// Keeps the store's token market data (price, market cap, volume per day) filled from the
// CoinGecko-shaped API, for every market-data id the project directory and the configuration
// name. The first fetch takes `historyDays`; later ones only the tail from the newest stored
// day on (re-fetched: today's value was provisional). Shares the price source's client and
// circuit breaker: it is the same API, so an outage seen by one is one for the other.
import { DAY_MS, type Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import type { LabelStore } from '../../store/labels.js';
import type { CircuitBreaker } from '../prices/circuit-breaker.js';
import { PriceSourceError, type CoinGeckoClient } from '../prices/coingecko-client.js';
import { marketDays } from './market-days.js';

export interface MarketSyncOptions {
  clock: Clock;
  /** Days of history on the first fetch of an id (default 365). */
  historyDays?: number;
  logger?: Pick<Logger, 'warn'>;
  breaker?: CircuitBreaker;
  signal?: AbortSignal;
}

export interface MarketSyncResult {
  written: Array<{ market_data_id: string; days: number }>;
  failed: Array<{ market_data_id: string; error: string }>;
  /** The breaker was open: nothing was asked. */
  skipped?: boolean;
  /** The source as a whole failed; the sync stopped at that id. */
  outage?: boolean;
}

export async function syncMarketData(store: LabelStore, client: CoinGeckoClient, ids: readonly string[], opts: MarketSyncOptions): Promise<MarketSyncResult> {
  const result: MarketSyncResult = { written: [], failed: [] };
  const { breaker, signal } = opts;
  if (breaker && !breaker.ready()) return { ...result, skipped: true };
  const now = opts.clock.now();
  const historyDays = opts.historyDays ?? 365;
  for (const id of [...new Set(ids)]) {
    const stored = await store.readMarketData(id);
    const latest = stored.length > 0 ? stored[stored.length - 1]!.day_ms : null;
    const days = latest === null ? historyDays : Math.min(historyDays, Math.max(2, Math.ceil((now - latest) / DAY_MS) + 1));
    try {
      const series = await client.marketSeries(id, { days, interval: 'daily' }, signal);
      breaker?.succeeded();
      const rows = marketDays(id, series, now).filter((r) => r.day_ms >= now - (historyDays + 1) * DAY_MS);
      await store.writeMarketData(rows);
      result.written.push({ market_data_id: id, days: rows.length });
    } catch (err) {
      if (signal?.aborted) throw err;
      result.failed.push({ market_data_id: id, error: (err as Error).message });
      // A coin the API does not know (4xx) is that id's problem; anything else is the source's.
      if (breaker && err instanceof PriceSourceError && (err.status === null || err.status === 429 || err.status >= 500)) {
        breaker.failed(err);
        result.outage = true;
        return result;
      }
      opts.logger?.warn({ market_data_id: id, err: (err as Error).message }, 'market data sync failed');
    }
  }
  return result;
}
