// What the fee line chart (CONTRACT.md 10.2) reads for buckets that no stored fact grain holds
// (10 minutes, 4 hours): metric aggregate expressions run over a chain's raw transactions,
// grouped into fixed buckets. Medians cannot be combined from finer medians, so such buckets
// come from the transactions themselves, which must lie within the raw retention
// (retention_days). A bucket whose transactions were pruned simply has no row; the caller tells
// it apart from a quiet bucket by comparing the user-transaction count with the hourly facts.

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
  /** Inclusive start and exclusive end, unix ms, both multiples of the bucket length. */
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

/** Refuses a query whose bounds are not whole buckets (a partial bucket is never published). */
export function checkBucketQuery(q: BucketAggregatesQuery): void {
  const ms = q.bucket_seconds * 1000;
  if (!Number.isSafeInteger(q.bucket_seconds) || q.bucket_seconds <= 0) throw new Error(`bucket_seconds must be a positive integer, got ${q.bucket_seconds}`);
  for (const [name, v] of [['from_ms', q.from_ms], ['until_ms', q.until_ms]] as const) {
    if (!Number.isSafeInteger(v) || v % ms !== 0) throw new Error(`${name} must be a multiple of the ${q.bucket_seconds} s bucket, got ${v}`);
  }
}
