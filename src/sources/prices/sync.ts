// Keeps the store's prices filled from an HTTP price source: daily prices over the configured
// history and hourly prices over the window the source serves hourly (CoinGecko: 90 days).
// ETH/USD always; plus every gas token that is not ETH (token/ETH = token_usd / eth_usd is
// derived where it is used). Only the missing tail is fetched once history exists.
//
// With a circuit breaker, a source that is down (no answer, refused, 5xx, 429 after retries)
// ends the sync at its first failure instead of failing once per asset, and is not asked
// again until the breaker's cool-down passes; the breaker logs the outage and the recovery.
import { DAY_MS, hourStart, type Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import type { Chain } from '../../registry/types.js';
import type { Granularity } from '../../store/granularity.js';
import type { Store } from '../../store/store.js';
import { binPoints } from './bin-points.js';
import type { CircuitBreaker } from './circuit-breaker.js';
import { PriceSourceError, type CoinGeckoClient } from './coingecko-client.js';
import { ETH_ASSET } from './types.js';

/** The hourly window of CoinGecko's automatic granularity (2..90 days → hourly points). */
export const HOURLY_WINDOW_DAYS = 90;

export interface PriceSyncOptions {
  clock: Clock;
  /** Days of daily history to hold (default 365). */
  historyDays?: number;
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** Skips the source while it is down; see the file comment. */
  breaker?: CircuitBreaker;
  /** Cancels the requests in flight (shutdown); the sync then rejects. */
  signal?: AbortSignal;
}

export interface PriceSyncResult {
  written: Array<{ asset: string; granularity: Granularity; rows: number }>;
  failed: Array<{ asset: string; granularity: Granularity | 'current'; error: string }>;
  /** The breaker was open: nothing was asked. */
  skipped?: boolean;
  /** The source itself failed (not one asset): the breaker opened or stayed open. */
  outage?: boolean;
}

/** A failure of the source as a whole, as opposed to one asset it does not know (4xx). */
function isOutage(err: unknown): boolean {
  return err instanceof PriceSourceError && (err.status === null || err.status === 429 || err.status >= 500);
}

/** The assets a set of chains needs priced: ether first, then each distinct gas token. */
export function assetsFor(chains: readonly Pick<Chain, 'gas_token'>[]): string[] {
  return [ETH_ASSET, ...new Set(chains.map((c) => c.gas_token).filter((a) => a !== ETH_ASSET))];
}

export async function syncPrices(store: Store, client: CoinGeckoClient, assets: readonly string[], opts: PriceSyncOptions): Promise<PriceSyncResult> {
  const now = opts.clock.now();
  const historyDays = opts.historyDays ?? 365;
  const result: PriceSyncResult = { written: [], failed: [] };
  const { breaker, signal } = opts;
  if (breaker && !breaker.ready()) return { ...result, skipped: true };
  // true: go on; false: the source is down, stop asking it this time.
  const failedCall = (err: unknown, what: Record<string, string>, message: string): boolean => {
    if (signal?.aborted) throw err;
    const error = (err as Error).message;
    if (breaker && isOutage(err)) {
      breaker.failed(err as Error);
      result.outage = true;
      return false;
    }
    opts.logger?.warn({ ...what, err: error }, message);
    return true;
  };
  for (const asset of assets) {
    for (const granularity of ['daily', 'hourly'] as const) {
      const maxDays = granularity === 'daily' ? historyDays : Math.min(historyDays, HOURLY_WINDOW_DAYS);
      const latest = await store.latestPricePeriod(asset, granularity);
      // Re-fetch from the newest stored period on (its value may have been a provisional one).
      const days = latest === null ? maxDays : Math.min(maxDays, Math.max(2, Math.ceil((now - latest) / DAY_MS) + 1));
      try {
        const points = await client.marketChart(asset, granularity === 'daily' ? { days, interval: 'daily' } : { days }, signal);
        breaker?.succeeded();
        const rows = binPoints(asset, granularity, points).filter((r) => r.period_ms <= now && r.period_ms >= now - maxDays * DAY_MS - DAY_MS);
        await store.writePrices(rows);
        result.written.push({ asset, granularity, rows: rows.length });
      } catch (err) {
        result.failed.push({ asset, granularity, error: (err as Error).message });
        if (!failedCall(err, { asset, granularity }, 'price sync failed')) return result;
      }
    }
  }
  // Charts lag a little; the current price gives the running hour a value until the chart
  // catches up (a later chart point for that hour replaces it).
  try {
    const current = await client.simplePrice(assets, 'usd', signal);
    breaker?.succeeded();
    const hour = hourStart(now);
    const fill = [];
    for (const asset of assets) {
      const usd = current[asset];
      if (usd === undefined) continue;
      const latest = await store.latestPricePeriod(asset, 'hourly');
      if (latest === null || latest < hour) fill.push({ asset, granularity: 'hourly' as const, period_ms: hour, usd });
    }
    await store.writePrices(fill);
  } catch (err) {
    result.failed.push({ asset: assets.join(','), granularity: 'current', error: (err as Error).message });
    failedCall(err, {}, 'current price fetch failed');
  }
  return result;
}
