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
import type { BucketAggregateRow } from '../store/bucket-aggregates.js';
import type { FactRow } from '../store/facts.js';
import type { Store } from '../store/store.js';
import { isFeeMetric, type FeeMetric, type MetricDefinition } from './definition.js';
import { TPS } from './definitions/fee-table/tps.js';
import { adjacentRuns, aggregateOf, BUCKET_CHECK_KEY, consistentWith, feeBucketAggregates, hourlyTps, type FeeBucketRange } from './fee-buckets.js';

/**
 * How far back 10-minute facts are kept, from the chain's newest complete hour. The chart's 24
 * hours end at the newest complete hour of any chain, so a chain's charted buckets lie within
 * the 24 hours before its own; one more day is margin (a head moved back by a reorg).
 */
export const TEN_MINUTE_FACTS_KEPT_MS = 2 * DAY_MS;

/** Buckets at most this far apart are read as one range (computeFeeBucketFacts). */
const SCAN_GAP_MS = DAY_MS;

type FeeChain = Pick<Chain, 'origin_key' | 'family'>;

/**
 * Recomputes the 4-hour buckets holding `hours` (hour starts, ms) and the six 10-minute buckets
 * of each of those hours within the kept window, up to `hoursUntil` (exclusive), and prunes the
 * 10-minute buckets before the window. Call inside the chain's facts transaction.
 *
 * Both widths are asked of the store at once (bucketAggregateSets: one scan on ClickHouse, where
 * a scan costs per statement), and one read of the hourly TPS facts serves both the 10-minute
 * hours with blocks and every bucket's check; the two widths' facts are replaced in one write.
 */
export async function computeFeeBucketFacts(store: Store, chain: FeeChain, defs: readonly MetricDefinition[], hours: readonly number[], hoursUntil: number): Promise<void> {
  const metrics = defs.filter(isFeeMetric);
  if (metrics.length === 0) return;
  const ok = chain.origin_key;
  const keepFrom = hoursUntil - TEN_MINUTE_FACTS_KEPT_MS;
  const fourHours = [...new Set(hours.map((h) => Math.floor(h / FOUR_HOURS_MS) * FOUR_HOURS_MS))].sort((a, b) => a - b);
  const kept = [...new Set(hours)].filter((h) => h >= keepFrom).sort((a, b) => a - b);
  const sixOf = (h: number) => Array.from({ length: 6 }, (_, i) => h + i * TEN_MINUTES_MS);

  // The hourly TPS facts (every hour with blocks has one, just written) from the first bucket on.
  const from = Math.min(fourHours[0] ?? Infinity, kept[0] ?? Infinity);
  const tps = Number.isFinite(from) ? await hourlyTps(store, ok, from, hoursUntil) : [];
  // Only hours with blocks get 10-minute buckets: a full rebuild computes no other, so an hour
  // rolled back to no blocks has none either way (and is read raw).
  const withBlocks = new Set(tps.filter((r) => r.granularity === 'hourly' && r.metric_key === TPS.key && r.period_ms >= (kept[0] ?? Infinity)).map((r) => r.period_ms));
  const grains: Grain[] = [
    { granularity: FOUR_HOURS, ms: FOUR_HOURS_MS, check: false, buckets: fourHours, computed: fourHours },
    { granularity: TEN_MINUTES, ms: TEN_MINUTES_MS, check: true, buckets: kept.flatMap(sixOf), computed: kept.filter((h) => withBlocks.has(h)).flatMap(sixOf) },
  ];

  // One scan per run of buckets less than a day apart: an hourly update touches one run, a full
  // run all. Bridging gaps costs a scan of hours that have no blocks or are not asked for (their
  // buckets are dropped below), and saves a round trip per gap, which on ClickHouse costs more
  // than reading a few idle hours (chains with sparse blocks have a gap every few hours).
  const scans = grains.map((g) =>
    adjacentRuns(g.computed, g.ms, SCAN_GAP_MS)
      .map((run) => ({ run, range: { bucket_seconds: g.ms / 1000, from_ms: run[0]!, until_ms: Math.min(run.at(-1)! + g.ms, hoursUntil) } }))
      .filter((x) => x.range.until_ms > x.range.from_ms),
  );
  const aggregates = grains.map((g) => feeBucketAggregates(store, metrics, { family: chain.family, seconds: g.ms / 1000 }));
  const found = scans.some((runs) => runs.length > 0)
    ? await store.bucketAggregateSets({
        origin_key: ok,
        sets: grains.map((g, i) => ({ bucket_seconds: g.ms / 1000, ranges: scans[i]!.map((x) => ({ from_ms: x.range.from_ms, until_ms: x.range.until_ms })), aggregates: aggregates[i]! })),
      })
    : grains.map(() => []);

  const keys = metrics.map((m) => aggregateOf(m).key);
  await store.replaceChainValueSets(
    grains
      .map((g, i) => ({ origin_key: ok, granularity: g.granularity, periods: g.buckets, keys: g.check ? [...keys, BUCKET_CHECK_KEY] : keys, rows: bucketRows(metrics, g, scans[i]!, found[i]!, tps) }))
      .filter((r) => r.periods.length > 0),
  );
  await store.pruneTenMinuteFacts(ok, keepFrom);
}

interface Grain {
  granularity: typeof FOUR_HOURS | typeof TEN_MINUTES;
  ms: number;
  /** Also store the check key: the user-transaction rate, null in a bucket not trusted. */
  check: boolean;
  /** Starts of the buckets whose facts are replaced, ascending. */
  buckets: readonly number[];
  /** Of those, the ones that get values (the rest are left without facts). */
  computed: readonly number[];
}

/**
 * The facts of the computed buckets before `hoursUntil`, per run: the scanned values of a bucket
 * the check trusts (over no transactions: no fee to take a median or mean of, 0 tps and 0 gas),
 * nulls in one it does not.
 */
function bucketRows(
  metrics: readonly FeeMetric[],
  grain: Grain,
  runs: ReadonlyArray<{ run: readonly number[]; range: FeeBucketRange }>,
  found: readonly BucketAggregateRow[],
  tps: readonly FactRow[],
): Array<{ metric_key: string; period_ms: number; value: number | null }> {
  const rows: Array<{ metric_key: string; period_ms: number; value: number | null }> = [];
  for (const { run, range } of runs) {
    const byBucket = new Map(found.filter((r) => r.bucket_ms >= range.from_ms && r.bucket_ms < range.until_ms).map((r) => [r.bucket_ms, r.values]));
    const trusted = consistentWith(tps, range, byBucket);
    for (const b of run.filter((x) => x < range.until_ms)) {
      const values = byBucket.get(b);
      for (const m of metrics) {
        const key = aggregateOf(m).key;
        const v = !trusted.has(b) ? null : (values?.[key] ?? (m.currency ? null : 0));
        rows.push({ metric_key: key, period_ms: b, value: v });
      }
      if (grain.check) rows.push({ metric_key: BUCKET_CHECK_KEY, period_ms: b, value: trusted.has(b) ? (values?.[BUCKET_CHECK_KEY] ?? 0) : null });
    }
  }
  return rows;
}
