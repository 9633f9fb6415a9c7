// The fee line chart's 4-hour and 10-minute buckets (CONTRACT.md 10.2) as facts: computed with
// the hourly facts, for the buckets holding the hours a run computed, from the raw transactions
// of the whole bucket up to the last complete hour, and stored under granularity FOUR_HOURS or
// TEN_MINUTES with the fee-table aggregates' keys (amounts in the gas token's wei; the document
// converts them with the bucket's price). So the hourly update scans the new hour's transactions
// per chain (one 4-hour bucket, six 10-minute ones), not the chart's 30 days or 24 hours.
//
// 4-hour buckets outlive the raw transactions (retention_days), like the hourly facts. 10-minute
// buckets are for the 24-hours timeframe only: kept for TEN_MINUTE_FACTS_KEPT_MS back from the
// chain's newest complete hour (older ones are pruned here, so they do not grow with history),
// and deleted with the raw transactions they stand for (Store.pruneRaw); an hour without blocks
// has none (a full rebuild computes only hours with blocks, and an incremental run the same). The
// document reads the raw transactions for any hour without them (fee-buckets.ts), so a stored
// 10-minute bucket is always what that read would give.
//
// A bucket whose raw transactions disagree with the hourly facts of its hours (some were pruned
// before the bucket was computed: a reorg reaching back past retention) is stored as nulls,
// never as a value over part of its transactions. A 10-minute bucket also stores the check key
// (feeBucketAggregates): null there marks such a bucket, so the reader tells it from an empty one.
import { DAY_MS } from '../clock.js';
import type { Chain } from '../registry/types.js';
import { FOUR_HOURS, FOUR_HOURS_MS, TEN_MINUTES, TEN_MINUTES_MS } from '../store/granularity.js';
import { chainSubject } from '../store/facts.js';
import type { Store } from '../store/store.js';
import { isFeeMetric, type FeeMetric, type MetricDefinition } from './definition.js';
import { TPS } from './definitions/fee-table/tps.js';
import { adjacentRuns, aggregateOf, BUCKET_CHECK_KEY, consistentBuckets, feeBucketAggregates } from './fee-buckets.js';

/**
 * How far back 10-minute facts are kept, from the chain's newest complete hour. The chart's 24
 * hours end at the newest complete hour of any chain, so a chain's charted buckets lie within
 * the 24 hours before its own; one more day is margin (a head moved back by a reorg).
 */
export const TEN_MINUTE_FACTS_KEPT_MS = 2 * DAY_MS;

/** Buckets at most this far apart are read in one scan (computeBucketFacts). */
const SCAN_GAP_MS = DAY_MS;

type FeeChain = Pick<Chain, 'origin_key' | 'family'>;

/** Recomputes the 4-hour buckets holding `hours` (hour starts, ms), up to `hoursUntil` (exclusive). Call inside the chain's facts transaction. */
export async function computeFourHourFeeFacts(store: Store, chain: FeeChain, defs: readonly MetricDefinition[], hours: readonly number[], hoursUntil: number): Promise<void> {
  const metrics = defs.filter(isFeeMetric);
  if (metrics.length === 0 || hours.length === 0) return;
  const buckets = [...new Set(hours.map((h) => Math.floor(h / FOUR_HOURS_MS) * FOUR_HOURS_MS))].sort((a, b) => a - b);
  await computeBucketFacts(store, chain, metrics, { granularity: FOUR_HOURS, ms: FOUR_HOURS_MS, check: false }, buckets, hoursUntil);
}

/**
 * Recomputes the six 10-minute buckets of each of `hours` (hour starts, ms) within the kept
 * window, up to `hoursUntil` (exclusive), and prunes those before the window. Call inside the
 * chain's facts transaction.
 */
export async function computeTenMinuteFeeFacts(store: Store, chain: FeeChain, defs: readonly MetricDefinition[], hours: readonly number[], hoursUntil: number): Promise<void> {
  const metrics = defs.filter(isFeeMetric);
  if (metrics.length === 0) return;
  const keepFrom = hoursUntil - TEN_MINUTE_FACTS_KEPT_MS;
  const kept = [...new Set(hours)].filter((h) => h >= keepFrom).sort((a, b) => a - b);
  const sixOf = (h: number) => Array.from({ length: 6 }, (_, i) => h + i * TEN_MINUTES_MS);
  // Only hours with blocks (those with hourly facts, just written) get buckets: a full rebuild
  // computes no other, so an hour rolled back to no blocks has none either way (and is read raw).
  const withBlocks = kept.length === 0 ? new Set<number>() : await hoursWithFacts(store, chain.origin_key, kept[0]!, hoursUntil);
  const computed = kept.filter((h) => withBlocks.has(h)).flatMap(sixOf);
  await computeBucketFacts(store, chain, metrics, { granularity: TEN_MINUTES, ms: TEN_MINUTES_MS, check: true }, kept.flatMap(sixOf), hoursUntil, computed);
  await store.pruneTenMinuteFacts(chain.origin_key, keepFrom);
}

interface Grain {
  granularity: typeof FOUR_HOURS | typeof TEN_MINUTES;
  ms: number;
  /** Also store the check key: the user-transaction rate, null in a bucket not trusted. */
  check: boolean;
}

/** The hours in [from, until) with hourly facts (of TPS, which every hour with blocks has). */
async function hoursWithFacts(store: Store, originKey: string, from: number, until: number): Promise<Set<number>> {
  const rows = await store.readFacts({ subject: chainSubject(originKey), keys: [TPS.key], days_until: 0, hours_from: from, hours_until: until });
  return new Set(rows.filter((r) => r.granularity === 'hourly').map((r) => r.period_ms));
}

/**
 * Replaces the facts of `buckets` (ascending starts): values of the `computed` ones (by default
 * all) before `hoursUntil`, none for the rest.
 */
async function computeBucketFacts(
  store: Store,
  chain: FeeChain,
  metrics: readonly FeeMetric[],
  grain: Grain,
  buckets: readonly number[],
  hoursUntil: number,
  computed: readonly number[] = buckets,
): Promise<void> {
  if (buckets.length === 0) return;
  const aggregates = feeBucketAggregates(store, metrics, { family: chain.family, seconds: grain.ms / 1000 });
  const keys = metrics.map((m) => aggregateOf(m).key);
  const rows: Array<{ metric_key: string; period_ms: number; value: number | null }> = [];
  // One scan per run of buckets less than a day apart: an hourly update touches one run, a full
  // run all. Bridging gaps costs a scan of hours that have no blocks or are not asked for (their
  // buckets are dropped below), and saves a round trip per gap, which on ClickHouse costs more
  // than reading a few idle hours (chains with sparse blocks have a gap every few hours).
  for (const run of adjacentRuns(computed, grain.ms, SCAN_GAP_MS)) {
    const range = { bucket_seconds: grain.ms / 1000, from_ms: run[0]!, until_ms: Math.min(run.at(-1)! + grain.ms, hoursUntil) };
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
      if (grain.check) rows.push({ metric_key: BUCKET_CHECK_KEY, period_ms: b, value: trusted.has(b) ? (values?.[BUCKET_CHECK_KEY] ?? 0) : null });
    }
  }
  await store.replaceChainValues({ origin_key: chain.origin_key, granularity: grain.granularity, periods: buckets, keys: grain.check ? [...keys, BUCKET_CHECK_KEY] : keys, rows });
}
