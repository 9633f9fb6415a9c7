// Number formatting of the dashboard by master.json's units (web/src/format.ts).
import { describe, expect, it } from 'vitest';
import { formatAxis, formatChange, formatCount, formatDate, formatHour, formatValue, type Unit } from '../../web/src/format.js';

const unit = (u: Partial<Unit>): Unit => ({ currency: false, prefix: null, suffix: null, decimals: 0, decimals_tooltip: 0, agg: false, agg_tooltip: false, ...u });
const TXCOUNT = unit({ agg: true, agg_tooltip: true });
const FEES_USD = unit({ currency: true, prefix: '$', decimals: 2, decimals_tooltip: 2, agg: true });
const COST_ETH = unit({ currency: true, prefix: 'Ξ', decimals: 8, decimals_tooltip: 8 });
const THROUGHPUT = unit({ suffix: 'Mgas/s', decimals: 2, decimals_tooltip: 2 });

describe('formatValue', () => {
  it('abbreviates large values when the unit aggregates (agg), keeping up to two decimals', () => {
    expect(formatValue(999, TXCOUNT)).toBe('999');
    expect(formatValue(1234, TXCOUNT)).toBe('1.23K');
    expect(formatValue(4_500_000, TXCOUNT)).toBe('4.5M');
    expect(formatValue(7_000_000_000, TXCOUNT)).toBe('7B');
    expect(formatValue(1_234_567, FEES_USD)).toBe('$1.23M');
  });

  it('shows the unit decimals, with thousands separators, prefix and suffix, when it does not aggregate', () => {
    expect(formatValue(331.8765, FEES_USD)).toBe('$331.88');
    expect(formatValue(0.00002189, COST_ETH)).toBe('Ξ0.00002189');
    expect(formatValue(12345.678, THROUGHPUT)).toBe('12,345.68 Mgas/s');
    expect(formatValue(0, THROUGHPUT)).toBe('0.00 Mgas/s');
  });

  it('uses the tooltip precision and abbreviation when asked', () => {
    expect(formatValue(1_234_567.891, FEES_USD, { tooltip: true })).toBe('$1,234,567.89');
    expect(formatValue(1234, TXCOUNT, { tooltip: true })).toBe('1.23K');
  });

  it('gives two significant digits to a value the decimals would show as zero, and signs before the prefix', () => {
    expect(formatValue(0.000341, THROUGHPUT)).toBe('0.00034 Mgas/s');
    expect(formatValue(-2500, FEES_USD)).toBe('-$2.5K');
    expect(formatValue(-0.5, FEES_USD)).toBe('-$0.50');
  });

  it('shows a dash for missing values', () => {
    expect(formatValue(null, TXCOUNT)).toBe('–');
    expect(formatValue(undefined, TXCOUNT)).toBe('–');
  });
});

describe('other formats', () => {
  it('changes are signed percentages with one decimal', () => {
    expect(formatChange(0.1234)).toBe('+12.3%');
    expect(formatChange(-0.0604)).toBe('-6.0%');
    expect(formatChange(0)).toBe('0.0%');
    expect(formatChange(null)).toBe('–');
  });

  it('axis labels: prefix and three significant digits, abbreviated', () => {
    expect(formatAxis(4000, FEES_USD)).toBe('$4K');
    expect(formatAxis(0.0001, COST_ETH)).toBe('Ξ0.0001');
    expect(formatAxis(12_345, TXCOUNT)).toBe('12.3K');
  });

  it('counts, days and hours (UTC)', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatDate(Date.UTC(2025, 4, 6))).toBe('2025-05-06');
    expect(formatHour(Date.UTC(2025, 4, 6, 13))).toBe('2025-05-06 13:00');
  });
});
