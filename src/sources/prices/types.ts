// A price is one USD value per asset and period. Asset ids are the price source's coin ids
// ('ethereum', 'mantle', ...), the same ids a chain's `gas_token` names.

export type PriceGranularity = 'daily' | 'hourly';

export interface PriceRow {
  asset: string;
  granularity: PriceGranularity;
  /** Start of the period, unix ms UTC (day 00:00 or hour :00). */
  period_ms: number;
  usd: number;
}

/** The asset id of ether in the price source; every money figure is converted through it. */
export const ETH_ASSET = 'ethereum';
