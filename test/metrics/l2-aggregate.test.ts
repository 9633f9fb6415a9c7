// How chains' series combine into the all_l2s aggregate (CONTRACT.md section 8).
import { describe, expect, it } from 'vitest';
import { CHAIN_METRICS, chainMetric } from '../../src/metrics/catalog.js';
import { allL2sAggregate, fromFirstNonZero, sumRows, weightedRows, weightedWindow } from '../../src/metrics/l2-aggregate.js';
import { rollup, type SeriesRow } from '../../src/metrics/series.js';

const DAY = 86_400_000;
const D0 = Date.UTC(2024, 0, 1); // a Monday

describe('all_l2s aggregation', () => {
  it('sums for sum metrics and throughput, unique for daa, weighted mean for txcosts, none for market metrics', () => {
    const of = Object.fromEntries(CHAIN_METRICS.map((m) => [m.metric_id, allL2sAggregate(m)]));
    expect(of).toEqual({
      txcount: 'sum',
      daa: 'unique',
      fees: 'sum',
      txcosts: 'weighted_mean',
      throughput: 'sum',
      stables_mcap: 'sum',
      rent_paid: 'sum',
      profit: 'sum',
      market_cap: null,
      fdv: null,
      tvl: 'sum',
      app_revenue: 'sum',
    });
    expect(allL2sAggregate(chainMetric('daa')!)).toBe('unique');
  });

  it('sums per period; a chain without a row adds 0, a null makes the total null', () => {
    const a: SeriesRow[] = [[D0, 1, 10], [D0 + DAY, 2, 20], [D0 + 2 * DAY, 3, null]];
    const b: SeriesRow[] = [[D0 + DAY, 5, 50], [D0 + 2 * DAY, 7, 70]];
    expect(sumRows([{ rows: a }, { rows: b }], 2, DAY)).toEqual([[D0, 1, 10], [D0 + DAY, 7, 70], [D0 + 2 * DAY, 10, null]]);
  });

  it('weights each chain\'s value by its txcount of the same period, skipping chains without a value', () => {
    const a = { rows: [[D0, 2], [D0 + DAY, 4]] as SeriesRow[], weights: new Map([[D0, 1], [D0 + DAY, 3]]) };
    const b = { rows: [[D0, 10], [D0 + DAY, null]] as SeriesRow[], weights: new Map([[D0, 3], [D0 + DAY, 9]]) };
    expect(weightedRows([a, b], 1, DAY)).toEqual([[D0, (2 * 1 + 10 * 3) / 4], [D0 + DAY, 4]]);
    // The week: a's mean (3) weighted by 4 transactions, b's mean (10) by 12.
    const daily = weightedRows([a, b], 1, DAY);
    expect(rollup('weekly', weightedWindow([a, b]), daily)).toEqual([[D0, (3 * 4 + 10 * 12) / 16]]);
    expect(weightedRows([{ rows: [[D0, 5]], weights: new Map() }], 1, DAY)).toEqual([[D0, null]]);
  });

  it('starts at the first row with a non-zero value', () => {
    expect(fromFirstNonZero([[D0, 0], [D0 + DAY, null], [D0 + 2 * DAY, 3], [D0 + 3 * DAY, 0]])).toEqual([[D0 + 2 * DAY, 3], [D0 + 3 * DAY, 0]]);
    expect(fromFirstNonZero([[D0, 0]])).toEqual([]);
  });
});
