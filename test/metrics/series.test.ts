import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUtc, monthStart, quarterStart, weekStart } from '../../src/metrics/calendar.js';
import { changeOf, pointChanges, round, windowChanges } from '../../src/metrics/changes.js';
import { aggregateRows, rolling7, rollup, type SeriesRow } from '../../src/metrics/series.js';

const DAY = 86_400_000;
const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

describe('calendar periods', () => {
  it('weeks start on Monday 00:00 UTC, months on the 1st, quarters on Jan/Apr/Jul/Oct 1st', () => {
    expect(weekStart(day(2024, 1, 3) + 5_000)).toBe(day(2024, 1, 1)); // Wednesday → Monday
    expect(weekStart(day(2024, 1, 7) + DAY - 1)).toBe(day(2024, 1, 1)); // Sunday 23:59:59.999
    expect(weekStart(day(2024, 1, 8))).toBe(day(2024, 1, 8));
    expect(weekStart(day(1969, 12, 31))).toBe(day(1969, 12, 29)); // before the epoch too
    expect(monthStart(day(2024, 2, 29) + 123)).toBe(day(2024, 2, 1));
    expect(quarterStart(day(2024, 5, 17))).toBe(day(2024, 4, 1));
    expect(quarterStart(day(2024, 12, 31))).toBe(day(2024, 10, 1));
    expect(quarterStart(day(2024, 1, 1))).toBe(day(2024, 1, 1));
  });

  it('weekStart is always a Monday at most 6 days earlier', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 4e12 }), (ms) => {
        const w = weekStart(ms);
        expect(new Date(w).getUTCDay()).toBe(1);
        expect(w % DAY === 0).toBe(true);
        expect(ms - w).toBeGreaterThanOrEqual(0);
        expect(ms - w).toBeLessThan(7 * DAY);
      }),
    );
  });

  it('formats last_updated_utc as YYYY-MM-DD HH:MM:SS', () => {
    expect(formatUtc(Date.UTC(2024, 6, 4, 9, 5, 7, 999))).toBe('2024-07-04 09:05:07');
  });
});

describe('changes', () => {
  it('is a fraction rounded to 4 decimals, capped at 99.99, null when undefined', () => {
    expect(changeOf(112.345, 100)).toBe(0.1235);
    expect(changeOf(50, 100)).toBe(-0.5);
    expect(changeOf(1e9, 1)).toBe(99.99);
    expect(changeOf(0, 10)).toBe(-1);
    expect(changeOf(5, 0)).toBeNull();
    expect(changeOf(5, -1)).toBeNull();
    expect(changeOf(-1, 5)).toBeNull();
    expect(changeOf(null, 5)).toBeNull();
    expect(changeOf(5, null)).toBeNull();
    expect(Object.is(round(-0.00001, 4), 0)).toBe(true);
  });

  it('daily changes compare with the row N back; too short a history gives null', () => {
    const rows: SeriesRow[] = Array.from({ length: 10 }, (_, i) => [i * DAY, i + 1]);
    const c = pointChanges(rows, ['value'], [['1d', 1], ['7d', 7], ['30d', 30]]);
    expect(c).toEqual({ types: ['value'], '1d': [round(10 / 9 - 1, 4)], '7d': [round(10 / 3 - 1, 4)], '30d': [null] });
  });

  it('weekly changes compare 7-row aggregates, by sum, by mean, or by distinct count', () => {
    const rows: SeriesRow[] = Array.from({ length: 14 }, (_, i) => [i * DAY, i < 7 ? 1 : 2]);
    expect(windowChanges(rows, ['value'], 7, [['7d', 7], ['28d', 28]], 'sum')).toEqual({ types: ['value'], '7d': [1], '28d': [null] });
    expect(windowChanges(rows, ['value'], 7, [['7d', 7]], 'avg')).toEqual({ types: ['value'], '7d': [1] });
    const asked: Array<[number, number]> = [];
    const distinct = (lo: number, hi: number) => {
      asked.push([lo, hi]);
      return lo === 7 * DAY ? 30 : 20;
    };
    expect(windowChanges(rows, ['value'], 7, [['7d', 7]], 'unique', distinct)).toEqual({ types: ['value'], '7d': [0.5] });
    expect(asked).toEqual([
      [7 * DAY, 13 * DAY],
      [0, 6 * DAY],
    ]);
  });
});

describe('aggregation', () => {
  const rows: SeriesRow[] = [
    [0, 1, null],
    [DAY, 3, 4],
  ];
  it('sum is unknown when a value is unknown; mean skips undefined values', () => {
    expect(aggregateRows('sum', rows, 0, 1)).toEqual([4, null]);
    expect(aggregateRows('avg', rows, 0, 1)).toEqual([2, 4]);
    expect(aggregateRows('avg', [[0, null]], 0, 0)).toEqual([null]);
  });

  it('rolls days up into calendar periods, the last partial period included', () => {
    const start = day(2024, 1, 29); // Monday
    const daily: SeriesRow[] = Array.from({ length: 10 }, (_, i) => [start + i * DAY, 1]);
    expect(rollup('weekly', 'sum', daily)).toEqual([
      [day(2024, 1, 29), 7],
      [day(2024, 2, 5), 3],
    ]);
    expect(rollup('monthly', 'sum', daily)).toEqual([
      [day(2024, 1, 1), 3],
      [day(2024, 2, 1), 7],
    ]);
    expect(rollup('quarterly', 'avg', daily)).toEqual([[day(2024, 1, 1), 1]]);
    // unique: one distinct count per period over the period's days, never a sum.
    expect(rollup('weekly', 'unique', daily, (lo, hi) => (hi - lo) / DAY + 100)).toEqual([
      [day(2024, 1, 29), 106],
      [day(2024, 2, 5), 102],
    ]);
  });

  it('the 7-day rolling mean starts at the 7th day', () => {
    const daily: SeriesRow[] = Array.from({ length: 9 }, (_, i) => [i * DAY, i]);
    expect(rolling7(daily)).toEqual([
      [6 * DAY, 3],
      [7 * DAY, 4],
      [8 * DAY, 5],
    ]);
  });
});
