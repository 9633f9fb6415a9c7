// A number as the reference UI shows it, from the metric's published UnitSpec: prefix, then
// the number (abbreviated "1.23M" when the unit says agg, else with the unit's decimals), then
// the suffix. The chain overview's highlights carry these strings (CONTRACT.md section 3).
import type { UnitSpec } from './units.js';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

// A value too small for the unit's decimals (a quiet chain's Mgas/s) keeps two significant digits
// instead of showing as 0.
const small = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });

export function displayValue(value: number, unit: UnitSpec): string {
  const number =
    unit.agg && Math.abs(value) >= 1000
      ? compact.format(value)
      : value !== 0 && Math.abs(value) < 0.5 * 10 ** -unit.decimals
        ? small.format(value)
        : new Intl.NumberFormat('en-US', { maximumFractionDigits: unit.decimals, minimumFractionDigits: 0 }).format(value);
  return `${unit.prefix ?? ''}${number}${unit.suffix ? ` ${unit.suffix}` : ''}`;
}
