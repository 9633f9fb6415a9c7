// Prices and the money step. A price is one USD value per asset and period; asset ids are the
// price source's coin ids ('ethereum', 'mantle', ...), the same ids a chain's `gas_token` names.
import type { Granularity } from './granularity.js';

export interface PriceRow {
  asset: string;
  granularity: Granularity;
  /** Start of the period, unix ms UTC (day 00:00 or hour :00). */
  period_ms: number;
  usd: number;
}

/** A period converted without its own price: a 'fallback' (an earlier price) or 'missing' (none). */
export interface PriceStatusRow {
  origin_key: string;
  granularity: Granularity;
  period_ms: number;
  asset: string;
  status: 'fallback' | 'missing';
  /** The period of the price used instead, null when missing. */
  price_period_ms: number | null;
}

/** Price status rows counted per chain, asset, granularity and status. */
export interface PriceStatusSummary {
  origin_key: string;
  asset: string;
  granularity: Granularity;
  status: 'fallback' | 'missing';
  periods: number;
  first_ms: number;
  last_ms: number;
}

/** One wei fact and the two facts its conversion writes. */
export interface MoneyKey {
  native: string;
  eth: string;
  usd: string;
  /**
   * The native amount is ether wei whatever the chain's gas token (rent a chain with its own
   * token paid on Ethereum): converted as on an ether chain, needing no token price.
   */
  in_ether?: boolean;
}

/**
 * Convert a chain's native (wei) facts, of every dimension (the chain's and its contracts'), to
 * ETH and USD facts for the listed periods plus every period previously converted without its
 * own price, except those of them that still have no price at all (no price of any asset the
 * conversion uses at or before them: converting them again would give the same nulls):
 * - USD = value / 1e18 × the asset's USD price of that period (hourly values: of that hour);
 *   ETH = value / 1e18 for an ether chain, value / 1e18 × token_usd / eth_usd otherwise.
 * - A period without its own price takes the latest earlier price of the asset (of either
 *   granularity; the hourly one where both start at the same instant) and is recorded as
 *   'fallback'; without any earlier price the value is null (never 0) and recorded 'missing'.
 *   A period only needs a price when one of its money values is non-zero: zero stays zero.
 */
export interface MoneyRequest {
  origin_key: string;
  gas_token: string;
  /** The price source's id of ether. */
  eth_asset: string;
  periods: Readonly<Record<Granularity, readonly number[]>>;
  keys: readonly MoneyKey[];
}

export interface PriceStore {
  /** Upsert: a later value of the same asset, granularity and period replaces the earlier one. */
  writePrices(rows: readonly PriceRow[]): Promise<number>;
  /** Prices of an asset with period_ms in [fromMs, toMs), ascending. */
  readPrices(asset: string, granularity: Granularity, fromMs?: number, toMs?: number): Promise<PriceRow[]>;
  /** Newest stored period of an asset, or null. */
  latestPricePeriod(asset: string, granularity: Granularity): Promise<number | null>;

  convertMoney(req: MoneyRequest): Promise<void>;
  /** Periods of a chain converted without their own price, ascending by granularity, period, asset. */
  priceStatus(originKey: string): Promise<PriceStatusRow[]>;
  priceStatusSummary(originKeys: readonly string[]): Promise<PriceStatusSummary[]>;
}
