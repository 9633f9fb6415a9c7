// The fee line chart's 4-hour buckets (CONTRACT.md 10.2) as facts: computed with the hourly
// facts, for the 4-hour buckets holding the hours a run computed, from the raw transactions of
// the whole bucket up to the last complete hour, and stored under granularity FOUR_HOURS with
// the fee-table aggregates' keys (amounts in the gas token's wei; the document converts them with
// the bucket's price). So the hourly update scans one bucket's transactions per chain, not the
// chart's 30 days, and the buckets outlive the raw transactions (retention_days).
//
// A bucket whose raw transactions disagree with the hourly facts of its hours (some were pruned
// before the bucket was computed: a reorg reaching back past retention) is stored as nulls,
// never as a value over part of its transactions.
import type { Chain } from '../registry/types.js';
import { FOUR_HOURS, FOUR_HOURS_MS } from '../store/granularity.js';
import type { Store } from '../store/store.js';
import { isFeeMetric, type MetricDefinition } from './definition.js';
import { aggregateOf, consistentBuckets, feeBucketAggregates } from './fee-buckets.js';

/** Recomputes the 4-hour buckets holding `hours` (hour starts, ms), up to `hoursUntil` (exclusive). Call inside the chain's facts transaction. */
export async function computeFourHourFeeFacts(
  store: Store,
  chain: Pick<Chain, 'origin_key' | 'family'>,
  defs: readonly MetricDefinition[],
  hours: readonly number[],
  hoursUntil: number,
): Promise<void> {
  const metrics = defs.filter(isFeeMetric);
  if (metrics.length === 0 || hours.length === 0) return;
  const buckets = [...new Set(hours.map((h) => Math.floor(h / FOUR_HOURS_MS) * FOUR_HOURS_MS))].sort((a, b) => a - b);
  const aggregates = feeBucketAggregates(store, metrics, { family: chain.family, seconds: FOUR_HOURS_MS / 1000 });
  const keys = metrics.map((m) => aggregateOf(m).key);
  const rows: Array<{ metric_key: string; period_ms: number; value: number | null }> = [];
  // One scan per run of adjacent buckets: an hourly update touches one bucket, a full run all.
  for (const run of adjacentRuns(buckets)) {
    const range = { bucket_seconds: FOUR_HOURS_MS / 1000, from_ms: run[0]!, until_ms: Math.min(run.at(-1)! + FOUR_HOURS_MS, hoursUntil) };
    if (range.until_ms <= range.from_ms) continue;
    const found = await store.bucketAggregates({ origin_key: chain.origin_key, ...range, aggregates });
    const byBucket = new Map(found.map((r) => [r.bucket_ms, r.values]));
    const trusted = await consistentBuckets(store, chain.origin_key, range, byBucket);
    for (const b of run.filter((x) => x < range.until_ms)) {
      const values = byBucket.get(b);
      for (const m of metrics) {
        const key = aggregateOf(m).key;
        // Over no transactions: no fee to take a median or mean of (null), 0 tps and 0 gas.
        const v = !trusted.has(b) ? null : (values?.[key] ?? (m.currency ? null : 0));
        rows.push({ metric_key: key, period_ms: b, value: v });
      }
    }
  }
  await store.replaceChainValues({ origin_key: chain.origin_key, granularity: FOUR_HOURS, periods: buckets, keys, rows });
}

function adjacentRuns(sorted: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (const b of sorted) {
    const last = runs.at(-1);
    if (last && b - last.at(-1)! === FOUR_HOURS_MS) last.push(b);
    else runs.push([b]);
  }
  return runs;
}
