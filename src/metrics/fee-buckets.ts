// Fee-table metrics over buckets that no hourly or daily fact holds (the fee line chart's
// 10-minute and 4-hour buckets, CONTRACT.md 10.2): each fee metric's own aggregate expression —
// the one its hourly fact is computed with — run over the bucket's raw transactions, so a median
// is the median of the bucket's transactions, never an average of hourly medians. Both are
// computed at facts time for the hours a run computes (fee-bucket-facts.ts) and read back here
// as stored facts: read at build time, the 10-minute buckets were a scan of a whole day of raw
// transactions at every hourly build, growing with the day's volume rather than with the new
// hour. An hour whose 10-minute facts are not all stored (a store from before them, an hour
// without blocks, one whose raw transactions were pruned: pruning deletes its buckets) is read
// from the raw transactions here instead, as every hour was before, so the stored buckets change
// nothing published. Money values are converted here, as the money step converts facts
// (convert-money.ts), with the price in effect at the bucket's start: the hour's own price, else
// the latest earlier one.
//
// Raw transactions are kept for retention_days only. A bucket whose user-transaction count
// disagrees with the hourly facts of the same time (its transactions were pruned, or the facts
// are behind) gets null values, never a value computed from part of its transactions.
import { HOUR_MS } from '../clock.js';
import type { Chain } from '../registry/types.js';
import { ETH_ASSET } from '../sources/prices/types.js';
import { chainSubject, type FactRow } from '../store/facts.js';
import { FOUR_HOURS, FOUR_HOURS_MS, TEN_MINUTES, TEN_MINUTES_MS } from '../store/granularity.js';
import type { PriceRow } from '../store/prices.js';
import type { Store } from '../store/store.js';
import type { FeeMetric, FactAggregate, SqlContext } from './definition.js';
import { TPS } from './definitions/fee-table/tps.js';

/** One bucket's cells of one metric: [value_eth, value_usd] for a cost, [value] for a rate. */
export type FeeCells = Array<number | null>;

/** bucket start (ms) → metric → cells. Every bucket of the range is present. */
export type FeeBuckets = Map<number, Map<string, FeeCells>>;

export interface FeeBucketRange {
  bucket_seconds: number;
  /** [from_ms, until_ms), whole buckets. */
  from_ms: number;
  until_ms: number;
}

/** USD prices of one asset by instant, hourly winning over daily at the same instant, ascending. */
type PricePoints = Array<[period_ms: number, usd: number]>;

/**
 * Reads each asset's prices once per build (every chain converts through ETH): the fee line
 * chart asks per chain and timeframe.
 */
export class PriceBook {
  private readonly points = new Map<string, Promise<PricePoints>>();
  constructor(private readonly store: Store) {}

  /** The asset's USD price in effect at `ms`: the latest price at or before it, or null. */
  async at(asset: string, ms: number): Promise<number | null> {
    let p = this.points.get(asset);
    if (!p) this.points.set(asset, (p = this.load(asset)));
    const points = await p;
    let lo = 0;
    let hi = points.length - 1;
    let found: number | null = null;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (points[mid]![0] <= ms) {
        found = points[mid]![1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  private async load(asset: string): Promise<PricePoints> {
    const byInstant = new Map<number, number>();
    const add = (rows: PriceRow[]) => rows.forEach((r) => byInstant.set(r.period_ms, r.usd));
    add(await this.store.readPrices(asset, 'daily', 0, Number.MAX_SAFE_INTEGER));
    add(await this.store.readPrices(asset, 'hourly', 0, Number.MAX_SAFE_INTEGER)); // hourly wins at a shared instant
    return [...byInstant].sort((a, b) => a[0] - b[0]);
  }
}

export function aggregateOf(metric: FeeMetric): FactAggregate {
  if (!('sql' in metric.reads)) throw new Error(`fee metric ${metric.metric} reads ${metric.reads.key}, which has no aggregate expression`);
  return metric.reads;
}

function sqlOf(store: Store, agg: FactAggregate, ctx: SqlContext): string {
  const sql = agg.sql[store.engine];
  if (!sql) throw new Error(`aggregate ${agg.key} has no SQL for the ${store.engine} engine`);
  return sql(ctx);
}

/**
 * The user-transaction rate of a bucket, which consistentBuckets compares with the hourly facts.
 * Stored with the 10-minute facts: null marks a bucket that failed the check.
 */
export const BUCKET_CHECK_KEY = 'bucket_user_txs_per_second';
const CHECK_KEY = BUCKET_CHECK_KEY;

/** The fee metrics' aggregates (stored under their fact keys) and the user-transaction count the check compares. */
export function feeBucketAggregates(store: Store, metrics: readonly FeeMetric[], ctx: SqlContext): Array<{ key: string; sql: string }> {
  return [...metrics.map((m) => ({ key: aggregateOf(m).key, sql: sqlOf(store, aggregateOf(m), ctx) })), { key: CHECK_KEY, sql: sqlOf(store, TPS, ctx) }];
}

/** The fee metrics of every bucket of the range, from the chain's raw transactions. */
export async function rawFeeBuckets(
  store: Store,
  chain: Pick<Chain, 'origin_key' | 'family' | 'gas_token'>,
  metrics: readonly FeeMetric[],
  range: FeeBucketRange,
  prices: PriceBook,
): Promise<FeeBuckets> {
  const { byBucket, trusted } = await rawAggregates(store, chain, metrics, range);
  return feeCells(metrics, range, byBucket, trusted, chain.gas_token, prices);
}

/** The aggregate values of the range's buckets from the raw transactions, and the buckets the count check trusts. */
async function rawAggregates(store: Store, chain: Pick<Chain, 'origin_key' | 'family'>, metrics: readonly FeeMetric[], range: FeeBucketRange) {
  const s = range.bucket_seconds;
  const ctx: SqlContext = { family: chain.family, seconds: s };
  const aggregates = feeBucketAggregates(store, metrics, ctx);
  const rows = await store.bucketAggregates({ origin_key: chain.origin_key, bucket_seconds: s, from_ms: range.from_ms, until_ms: range.until_ms, aggregates });
  const byBucket = new Map(rows.map((r) => [r.bucket_ms, r.values]));
  const trusted = await consistentBuckets(store, chain.origin_key, range, byBucket);
  return { byBucket, trusted };
}

/**
 * The 10-minute buckets of the range: the stored 10-minute facts (fee-bucket-facts.ts) of every
 * hour wholly in the range with all six buckets stored under every key, the raw transactions
 * (as rawFeeBuckets, one read per run of adjacent hours) for the others. Equal to rawFeeBuckets
 * over the range: a stored bucket was computed by the same read and check, from the same raw
 * transactions and hourly facts (both are recomputed together when an hour changes, and
 * pruning raw transactions deletes their buckets).
 */
export async function tenMinuteFeeBuckets(
  store: Store,
  chain: Pick<Chain, 'origin_key' | 'family' | 'gas_token'>,
  metrics: readonly FeeMetric[],
  range: Omit<FeeBucketRange, 'bucket_seconds'>,
  prices: PriceBook,
): Promise<FeeBuckets> {
  const keys = [...metrics.map((m) => aggregateOf(m).key), CHECK_KEY];
  const rows = await store.readFacts({ subject: chainSubject(chain.origin_key), keys, days_until: 0, hours_from: 0, hours_until: 0, ten_minutes: range });
  const stored = valuesByPeriod(rows, TEN_MINUTES);
  const byBucket = new Map<number, Record<string, number | null>>();
  const trusted = new Set<number>();
  const missing: number[] = [];
  for (let h = Math.floor(range.from_ms / HOUR_MS) * HOUR_MS; h < range.until_ms; h += HOUR_MS) {
    const buckets = Array.from({ length: HOUR_MS / TEN_MINUTES_MS }, (_, i) => h + i * TEN_MINUTES_MS);
    const whole = h >= range.from_ms && h + HOUR_MS <= range.until_ms && buckets.every((b) => keys.every((k) => k in (stored.get(b) ?? {})));
    if (!whole) {
      missing.push(h);
      continue;
    }
    for (const b of buckets) {
      byBucket.set(b, stored.get(b)!);
      if (stored.get(b)![CHECK_KEY] !== null) trusted.add(b);
    }
  }
  // Hours without stored buckets, from the raw transactions, clipped to the range as a raw read of
  // it would be. A run may bridge one stored hour (a chain whose blocks are hours apart has no
  // buckets for the hours between): one read instead of two, the bridged hour's result unused.
  const missingHours = new Set(missing);
  for (const run of adjacentRuns(missing, HOUR_MS, 2 * HOUR_MS)) {
    const part = { bucket_seconds: TEN_MINUTES_MS / 1000, from_ms: Math.max(run[0]!, range.from_ms), until_ms: Math.min(run.at(-1)! + HOUR_MS, range.until_ms) };
    const raw = await rawAggregates(store, chain, metrics, part);
    const wanted = (b: number) => missingHours.has(Math.floor(b / HOUR_MS) * HOUR_MS);
    for (const [b, values] of raw.byBucket) if (wanted(b)) byBucket.set(b, values);
    for (const b of raw.trusted) if (wanted(b)) trusted.add(b);
  }
  return feeCells(metrics, { ...range, bucket_seconds: TEN_MINUTES_MS / 1000 }, byBucket, trusted, chain.gas_token, prices);
}

/**
 * Ascending period starts split into runs of periods at most `maxGap` apart (default `step`:
 * adjacent ones): one scan per run.
 */
export function adjacentRuns(sorted: readonly number[], step: number, maxGap = step): number[][] {
  const runs: number[][] = [];
  for (const b of sorted) {
    const last = runs.at(-1);
    if (last && b - last.at(-1)! <= maxGap) last.push(b);
    else runs.push([b]);
  }
  return runs;
}

/** Stored bucket facts of one granularity as values by period start (fact key → value). */
function valuesByPeriod(rows: ReadonlyArray<{ granularity: string; period_ms: number; metric_key: string; value: number | null }>, granularity: string): Map<number, Record<string, number | null>> {
  const out = new Map<number, Record<string, number | null>>();
  for (const r of rows) {
    if (r.granularity !== granularity) continue;
    let values = out.get(r.period_ms);
    if (!values) out.set(r.period_ms, (values = {}));
    values[r.metric_key] = r.value;
  }
  return out;
}

/**
 * The stored 4-hour facts of the range (fee-bucket-facts.ts) as cells. A bucket without facts
 * (not computed: a store from before, or a bucket whose raw transactions were already pruned
 * when it was computed) has nulls.
 */
export async function fourHourFeeBuckets(
  store: Store,
  chain: Pick<Chain, 'origin_key' | 'gas_token'>,
  metrics: readonly FeeMetric[],
  range: Omit<FeeBucketRange, 'bucket_seconds'>,
  prices: PriceBook,
): Promise<FeeBuckets> {
  const keys = metrics.map((m) => aggregateOf(m).key);
  const rows = await store.readFacts({ subject: chainSubject(chain.origin_key), keys, days_until: 0, hours_from: 0, hours_until: 0, four_hours: range });
  const byBucket = valuesByPeriod(rows, FOUR_HOURS);
  // A bucket with every key stored was computed whole; anything less is not trusted.
  const trusted = new Set([...byBucket].filter(([, v]) => keys.every((k) => k in v)).map(([b]) => b));
  return feeCells(metrics, { ...range, bucket_seconds: FOUR_HOURS_MS / 1000 }, byBucket, trusted, chain.gas_token, prices);
}

/** Cells of every bucket of the range from aggregate values by bucket (fact keys → wei or plain). */
async function feeCells(
  metrics: readonly FeeMetric[],
  range: FeeBucketRange,
  byBucket: ReadonlyMap<number, Record<string, number | null>>,
  trusted: ReadonlySet<number>,
  gasToken: string,
  prices: PriceBook,
): Promise<FeeBuckets> {
  const s = range.bucket_seconds;
  const out: FeeBuckets = new Map();
  for (let b = range.from_ms; b < range.until_ms; b += s * 1000) {
    const values = byBucket.get(b);
    const cells = new Map<string, FeeCells>();
    for (const m of metrics) {
      if (!trusted.has(b)) cells.set(m.metric, m.currency ? [null, null] : [null]);
      else if (m.currency) cells.set(m.metric, await money(values?.[aggregateOf(m).key] ?? null, gasToken, b, prices));
      else {
        if (!('value' in m.facts)) throw new Error(`fee metric ${m.metric} is not money but has money facts`);
        // A bucket without transactions: 0 tps and 0 gas, as an hour without any (fee-table.ts).
        const v = values?.[aggregateOf(m).key] ?? 0;
        cells.set(m.metric, [v / m.facts.divisor]);
      }
    }
    out.set(b, cells);
  }
  return out;
}

/**
 * The buckets whose raw user transactions are exactly those the hourly facts counted (their
 * transactions were not pruned). Compared per span of max(bucket, hour): a 10-minute bucket is
 * trusted when its hour's six buckets add up to the hour's count, a 4-hour bucket when it equals
 * its hours' counts. An hour without blocks has neither facts nor transactions (0 = 0).
 */
export async function consistentBuckets(store: Store, originKey: string, range: FeeBucketRange, byBucket: ReadonlyMap<number, Record<string, number | null>>): Promise<Set<number>> {
  const facts = await hourlyTps(store, originKey, Math.floor(range.from_ms / HOUR_MS) * HOUR_MS, range.until_ms);
  return consistentWith(facts, range, byBucket);
}

/** A chain's stored TPS facts (hourly ones among them) over the hours [fromMs, untilMs): what consistentWith compares. */
export function hourlyTps(store: Store, originKey: string, fromMs: number, untilMs: number): Promise<FactRow[]> {
  return store.readFacts({ subject: chainSubject(originKey), keys: [TPS.key], days_until: 0, hours_from: fromMs, hours_until: untilMs });
}

/**
 * consistentBuckets over TPS facts read beforehand (hourlyTps over at least the range's hours;
 * facts outside them are left out), so one read serves several ranges.
 */
export function consistentWith(facts: readonly FactRow[], range: FeeBucketRange, byBucket: ReadonlyMap<number, Record<string, number | null>>): Set<number> {
  const bucketMs = range.bucket_seconds * 1000;
  const spanMs = Math.max(bucketMs, HOUR_MS);
  const hoursFrom = Math.floor(range.from_ms / HOUR_MS) * HOUR_MS;
  const factCount = new Map<number, number>();
  for (const f of facts) {
    if (f.granularity !== 'hourly' || f.value === null || f.metric_key !== TPS.key || f.period_ms < hoursFrom || f.period_ms >= range.until_ms) continue;
    const span = Math.floor(f.period_ms / spanMs) * spanMs;
    factCount.set(span, (factCount.get(span) ?? 0) + Math.round(f.value * 3600));
  }
  const rawCount = new Map<number, number>();
  for (const [b, values] of byBucket) {
    const span = Math.floor(b / spanMs) * spanMs;
    rawCount.set(span, (rawCount.get(span) ?? 0) + Math.round((values[CHECK_KEY] ?? 0) * range.bucket_seconds));
  }
  const trusted = new Set<number>();
  for (let b = range.from_ms; b < range.until_ms; b += bucketMs) {
    const span = Math.floor(b / spanMs) * spanMs;
    if ((rawCount.get(span) ?? 0) === (factCount.get(span) ?? 0)) trusted.add(b);
  }
  return trusted;
}

/** Wei of the gas token → [eth, usd] with the prices at `at` (as convert-money.ts: zero stays zero). */
export async function money(wei: number | null, gasToken: string, at: number, prices: PriceBook): Promise<FeeCells> {
  if (wei === null) return [null, null];
  if (wei === 0) return [0, 0];
  const ethUsd = await prices.at(ETH_ASSET, at);
  if (gasToken === ETH_ASSET) return [wei / 1e18, ethUsd === null ? null : (wei / 1e18) * ethUsd];
  const tokUsd = await prices.at(gasToken, at);
  if (tokUsd === null) return [null, null];
  return [ethUsd === null ? null : ((wei / 1e18) * tokUsd) / ethUsd, (wei / 1e18) * tokUsd];
}
