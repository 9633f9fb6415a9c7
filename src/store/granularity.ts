// The two period lengths facts are computed for. Defined here, with the store, because facts
// are persisted per granularity and every later stage (metrics, sources, documents) imports the
// store, never the other way round.
export type Granularity = 'hourly' | 'daily';

export const GRANULARITIES: readonly Granularity[] = ['hourly', 'daily'];

export const PERIOD_SECONDS: Readonly<Record<Granularity, number>> = { hourly: 3600, daily: 86_400 };
