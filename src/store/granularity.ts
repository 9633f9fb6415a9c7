// The two period lengths facts are computed for. Defined here, with the store, because facts
// are persisted per granularity and every later stage (metrics, sources, documents) imports the
// store, never the other way round.
export type Granularity = 'hourly' | 'daily';

export const GRANULARITIES: readonly Granularity[] = ['hourly', 'daily'];

/**
 * The fee line chart's 4-hour buckets (CONTRACT.md 10.2): stored as facts of their own
 * granularity for the fee-table aggregates only (metrics/fee-bucket-facts.ts), not a period every
 * metric is computed for, so it is not one of GRANULARITIES.
 */
export const FOUR_HOURS = '4_hours';
export const FOUR_HOURS_MS = 4 * 3_600_000;

/**
 * The fee line chart's 10-minute buckets (CONTRACT.md 10.2): stored as facts of their own
 * granularity for the fee-table aggregates only, and only for the last days (the chart shows 24
 * hours; metrics/fee-bucket-facts.ts prunes older ones), so not one of GRANULARITIES either.
 */
export const TEN_MINUTES = '10_min';
export const TEN_MINUTES_MS = 10 * 60_000;
export type FactGranularity = Granularity | typeof FOUR_HOURS | typeof TEN_MINUTES;

export const PERIOD_SECONDS: Readonly<Record<Granularity, number>> = { hourly: 3600, daily: 86_400 };
