// When a chain overview highlights growth (CONTRACT.md section 3): the last 1 / 7 days grew by
// more than a fraction of the 1 / 7 days before. Per metric, because a 30 % jump in fees is
// common while a 30 % jump in active addresses is not; metrics without an entry use the default.

export interface GrowthThresholds {
  /** growth_1: yesterday vs the day before, as a fraction (0.5 = +50 %). */
  day: number;
  /** growth_7: the last 7 days' total vs the 7 days before. */
  week: number;
}

export const DEFAULT_GROWTH: GrowthThresholds = Object.freeze({ day: 0.5, week: 0.25 });

const GROWTH_BY_METRIC: Readonly<Record<string, GrowthThresholds>> = Object.freeze({
  txcount: { day: 0.5, week: 0.25 },
  daa: { day: 0.5, week: 0.25 },
  // Fees follow the gas token's price and L1 data costs: only a large move is notable.
  fees: { day: 1, week: 0.5 },
  throughput: { day: 0.5, week: 0.3 },
});

export function growthThresholds(metricId: string): GrowthThresholds {
  return GROWTH_BY_METRIC[metricId] ?? DEFAULT_GROWTH;
}
