// The newest prices chainlytics holds, kept in memory for the live costs (CONTRACT.md 12.6): read
// from the store after each price sync (and at start), never per tick or request. A price older
// than 24 h is not used: the eight cost fields are then 0.
import { DAY_MS, HOUR_MS } from '../clock.js';
import { ETH_ASSET } from '../sources/prices/types.js';
import type { PriceStore } from '../store/prices.js';

export const PRICE_MAX_AGE_MS = DAY_MS;

interface HeldPrice {
  usd: number;
  /** When the price's period ends (its hour or day), unix ms: its age counts from there. */
  until_ms: number;
}

/** Multipliers from the gas token's wei to ETH-equivalent and to USD. */
export interface Conversion {
  eth_per_wei: number;
  usd_per_wei: number;
}

export class LivePrices {
  private readonly held = new Map<string, HeldPrice>();

  set(asset: string, usd: number, periodMs: number, periodLengthMs: number): void {
    const until = periodMs + periodLengthMs;
    const had = this.held.get(asset);
    if (usd > 0 && Number.isFinite(usd) && (had === undefined || had.until_ms <= until)) this.held.set(asset, { usd, until_ms: until });
  }

  /** How a chain paying in `gasToken` converts at `nowMs`, or null without a fresh price of both. */
  conversion(gasToken: string, nowMs: number): Conversion | null {
    const eth = this.fresh(ETH_ASSET, nowMs);
    const gas = gasToken === ETH_ASSET ? eth : this.fresh(gasToken, nowMs);
    if (eth === null || gas === null) return null;
    return { eth_per_wei: gas / eth / 1e18, usd_per_wei: gas / 1e18 };
  }

  private fresh(asset: string, nowMs: number): number | null {
    const p = this.held.get(asset);
    return p !== undefined && nowMs - p.until_ms <= PRICE_MAX_AGE_MS ? p.usd : null;
  }
}

/** Reads the newest hourly and daily price of each asset into `prices`. */
export async function loadLatestPrices(store: PriceStore, assets: readonly string[], prices: LivePrices): Promise<void> {
  for (const asset of new Set([ETH_ASSET, ...assets])) {
    for (const [granularity, length] of [['daily', DAY_MS], ['hourly', HOUR_MS]] as const) {
      const period = await store.latestPricePeriod(asset, granularity);
      if (period === null) continue;
      const rows = await store.readPrices(asset, granularity, period, period + 1);
      if (rows.length > 0) prices.set(asset, rows[0].usd, period, length);
    }
  }
}
