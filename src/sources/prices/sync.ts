// Keeps the store's prices filled from an HTTP price source: daily prices over the configured
// history and hourly prices over the window the source serves hourly (CoinGecko: 90 days).
// ETH/USD always; plus every gas token that is not ETH (token/ETH = token_usd / eth_usd is
// derived where it is used). Only the missing tail is fetched once history exists.
import { DAY_MS, hourStart, type Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import type { Chain } from '../../registry/types.js';
import type { Granularity } from '../../store/granularity.js';
import type { Store } from '../../store/store.js';
import { binPoints } from './bin-points.js';
import type { CoinGeckoClient } from './coingecko-client.js';
import { ETH_ASSET } from './types.js';

/** The hourly window of CoinGecko's automatic granularity (2..90 days → hourly points). */
export const HOURLY_WINDOW_DAYS = 90;

export interface PriceSyncOptions {
  clock: Clock;
  /** Days of daily history to hold (default 365). */
  historyDays?: number;
  logger?: Pick<Logger, 'warn' | 'info'>;
}

export interface PriceSyncResult {
  written: Array<{ asset: string; granularity: Granularity; rows: number }>;
  failed: Array<{ asset: string; granularity: Granularity | 'current'; error: string }>;
}

/** The assets a set of chains needs priced: ether first, then each distinct gas token. */
export function assetsFor(chains: readonly Pick<Chain, 'gas_token'>[]): string[] {
  return [ETH_ASSET, ...new Set(chains.map((c) => c.gas_token).filter((a) => a !== ETH_ASSET))];
}

export async function syncPrices(store: Store, client: CoinGeckoClient, assets: readonly string[], opts: PriceSyncOptions): Promise<PriceSyncResult> {
  const now = opts.clock.now();
  const historyDays = opts.historyDays ?? 365;
  const result: PriceSyncResult = { written: [], failed: [] };
  for (const asset of assets) {
    for (const granularity of ['daily', 'hourly'] as const) {
      const maxDays = granularity === 'daily' ? historyDays : Math.min(historyDays, HOURLY_WINDOW_DAYS);
      const latest = await store.latestPricePeriod(asset, granularity);
      // Re-fetch from the newest stored period on (its value may have been a provisional one).
      const days = latest === null ? maxDays : Math.min(maxDays, Math.max(2, Math.ceil((now - latest) / DAY_MS) + 1));
      try {
        const points = await client.marketChart(asset, granularity === 'daily' ? { days, interval: 'daily' } : { days });
        const rows = binPoints(asset, granularity, points).filter((r) => r.period_ms <= now && r.period_ms >= now - maxDays * DAY_MS - DAY_MS);
        await store.writePrices(rows);
        result.written.push({ asset, granularity, rows: rows.length });
      } catch (err) {
        const error = (err as Error).message;
        opts.logger?.warn({ asset, granularity, err: error }, 'price sync failed');
        result.failed.push({ asset, granularity, error });
      }
    }
  }
  // Charts lag a little; the current price gives the running hour a value until the chart
  // catches up (a later chart point for that hour replaces it).
  try {
    const current = await client.simplePrice(assets);
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
    opts.logger?.warn({ err: (err as Error).message }, 'current price fetch failed');
    result.failed.push({ asset: assets.join(','), granularity: 'current', error: (err as Error).message });
  }
  return result;
}
