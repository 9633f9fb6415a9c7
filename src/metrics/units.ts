// How master.json tells clients to display a metric's numbers (CONTRACT.md section 6). Each
// metric definition names one UnitSpec per published column; the constructors below keep the
// handful of styles the catalog uses identical across metrics.

export interface UnitSpec {
  currency: boolean;
  prefix: string | null;
  suffix: string | null;
  decimals: number;
  decimals_tooltip: number;
  /** Whether clients abbreviate large numbers (1.2M) on axes / in tooltips. */
  agg: boolean;
  agg_tooltip: boolean;
}

export const count: UnitSpec = { currency: false, prefix: null, suffix: null, decimals: 0, decimals_tooltip: 0, agg: true, agg_tooltip: true };

export function usd(decimals: number, agg: boolean): UnitSpec {
  return { currency: true, prefix: '$', suffix: null, decimals, decimals_tooltip: decimals, agg, agg_tooltip: false };
}

export function eth(decimals: number, agg: boolean): UnitSpec {
  return { currency: true, prefix: 'Ξ', suffix: null, decimals, decimals_tooltip: decimals, agg, agg_tooltip: false };
}

export const mgasPerSecond: UnitSpec = { currency: false, prefix: null, suffix: 'Mgas/s', decimals: 2, decimals_tooltip: 2, agg: false, agg_tooltip: false };

export const txPerSecond: UnitSpec = { currency: false, prefix: null, suffix: 'tps', decimals: 2, decimals_tooltip: 2, agg: false, agg_tooltip: false };

/** A fraction 0..1 (success rate). */
export const fraction: UnitSpec = { currency: false, prefix: null, suffix: null, decimals: 4, decimals_tooltip: 4, agg: false, agg_tooltip: false };
