// Display strings of the overview's highlights, from the metric's units.
import { describe, expect, it } from 'vitest';
import { displayValue } from '../../src/metrics/display-value.js';
import { count, eth, mgasPerSecond, usd } from '../../src/metrics/units.js';
import { nextRoundThreshold, roundThresholdAtOrBelow } from '../../src/metrics/highlights.js';

describe('displayValue', () => {
  it('abbreviates large numbers when the unit aggregates, with the prefix and suffix of the unit', () => {
    expect(displayValue(1_234_567, count)).toBe('1.23M');
    expect(displayValue(4_500, usd(2, true))).toBe('$4.5K');
    expect(displayValue(999, count)).toBe('999');
    expect(displayValue(0.012345, usd(3, false))).toBe('$0.012');
    expect(displayValue(12.3456, mgasPerSecond)).toBe('12.35 Mgas/s');
    expect(displayValue(1.5, eth(4, true))).toBe('Ξ1.5');
    // Too small for the unit's decimals: two significant digits rather than 0.
    expect(displayValue(0.0000463, mgasPerSecond)).toBe('0.000046 Mgas/s');
    expect(displayValue(0, mgasPerSecond)).toBe('0 Mgas/s');
  });
});

describe('round thresholds (1, 2, 5 × 10^k)', () => {
  it('the next one above and the last one at or below a value', () => {
    expect(nextRoundThreshold(900_000)).toBe(1_000_000);
    expect(nextRoundThreshold(1_000_000)).toBe(2_000_000);
    expect(nextRoundThreshold(0.3)).toBe(0.5);
    expect(nextRoundThreshold(7)).toBe(10);
    expect(roundThresholdAtOrBelow(1_200_000)).toBe(1_000_000);
    expect(roundThresholdAtOrBelow(1_000_000)).toBe(1_000_000);
    expect(roundThresholdAtOrBelow(499)).toBe(200);
    expect(roundThresholdAtOrBelow(0.07)).toBe(0.05);
  });
});
