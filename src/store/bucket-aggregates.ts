// Metric aggregate expressions run over a chain's raw transactions grouped into fixed buckets,
// for the fee line chart (CONTRACT.md 10.2): medians cannot be combined from finer medians, so
// its 10-minute buckets (read at build time) and 4-hour buckets (computed at facts time and
// stored as facts, metrics/fee-bucket-facts.ts) come from the transactions themselves, which
// must lie within the raw retention (retention_days). A bucket whose transactions were pruned
// simply has no row; callers tell it apart from a quiet bucket by comparing the
// user-transaction count with the hourly facts.

/** One aggregate: its result is returned under `key`. */
export interface BucketAggregate {
  key: string;
  /** The metric's own aggregate expression in this engine's dialect, over transactions `t`. */
  sql: string;
}

export interface BucketAggregatesQuery {
  origin_key: string;
  /** Bucket length in seconds; buckets start at multiples of it since the epoch (UTC). */
  bucket_seconds: number;
  /**
   * Inclusive start, a multiple of the bucket length, and exclusive end, unix ms in whole
   * seconds: an end inside a bucket cuts that bucket there (the facts stage stops at the last
   * complete hour).
   */
  from_ms: number;
  until_ms: number;
  aggregates: readonly BucketAggregate[];
}

/** One bucket with at least one transaction. Aggregates come back as doubles (null over no rows). */
export interface BucketAggregateRow {
  bucket_ms: number;
  values: Record<string, number | null>;
}

export interface BucketAggregateStore {
  /** The aggregates per bucket over the range's raw transactions; buckets without transactions have no row. Ascending. */
  bucketAggregates(q: BucketAggregatesQuery): Promise<BucketAggregateRow[]>;
}

/** Refuses a query that does not start on a bucket or whose bounds are not whole seconds. */
export function checkBucketQuery(q: BucketAggregatesQuery): void {
  const ms = q.bucket_seconds * 1000;
  if (!Number.isSafeInteger(q.bucket_seconds) || q.bucket_seconds <= 0) throw new Error(`bucket_seconds must be a positive integer, got ${q.bucket_seconds}`);
  if (!Number.isSafeInteger(q.from_ms) || q.from_ms % ms !== 0) throw new Error(`from_ms must be a multiple of the ${q.bucket_seconds} s bucket, got ${q.from_ms}`);
  if (!Number.isSafeInteger(q.until_ms) || q.until_ms % 1000 !== 0) throw new Error(`until_ms must be whole seconds in ms, got ${q.until_ms}`);
}
