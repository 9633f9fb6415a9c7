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

/** One bucket width of a bucketAggregateSets query: its ranges (ascending, disjoint) and aggregates. */
export interface BucketAggregateSet {
  bucket_seconds: number;
  /** Each as a BucketAggregatesQuery's from_ms and until_ms. */
  ranges: ReadonlyArray<{ from_ms: number; until_ms: number }>;
  aggregates: readonly BucketAggregate[];
}

/** Several bucket widths over one chain's transactions, asked together (the facts stage's 4-hour and 10-minute buckets). */
export interface BucketAggregateSetsQuery {
  origin_key: string;
  sets: readonly BucketAggregateSet[];
}

export interface BucketAggregateStore {
  /** The aggregates per bucket over the range's raw transactions; buckets without transactions have no row. Ascending. */
  bucketAggregates(q: BucketAggregatesQuery): Promise<BucketAggregateRow[]>;
  /**
   * For each set, in order, the rows bucketAggregates gives for each of its ranges, ranges in
   * order. Asked together so an engine that pays per statement (ClickHouse) can answer every
   * width in one pass over the transactions.
   */
  bucketAggregateSets(q: BucketAggregateSetsQuery): Promise<BucketAggregateRow[][]>;
}

/** bucketAggregateSets as one bucketAggregates call per range: for an engine whose scans cost per row, not per statement. */
export async function bucketAggregateSetsOneByOne(
  bucketAggregates: (q: BucketAggregatesQuery) => Promise<BucketAggregateRow[]>,
  q: BucketAggregateSetsQuery,
): Promise<BucketAggregateRow[][]> {
  checkBucketSets(q);
  const out: BucketAggregateRow[][] = [];
  for (const set of q.sets) {
    const rows: BucketAggregateRow[] = [];
    for (const r of set.ranges) rows.push(...(await bucketAggregates({ origin_key: q.origin_key, bucket_seconds: set.bucket_seconds, ...r, aggregates: set.aggregates })));
    out.push(rows);
  }
  return out;
}

/** Refuses a set whose ranges would not each pass checkBucketQuery, or are not ascending and disjoint. */
export function checkBucketSets(q: BucketAggregateSetsQuery): void {
  for (const set of q.sets) {
    let end = -Infinity;
    for (const r of set.ranges) {
      checkBucketQuery({ origin_key: q.origin_key, bucket_seconds: set.bucket_seconds, ...r, aggregates: set.aggregates });
      if (r.from_ms < end) throw new Error(`bucket ranges of ${set.bucket_seconds} s must be ascending and disjoint, got ${r.from_ms} before ${end}`);
      end = Math.max(end, r.until_ms);
    }
  }
}

/** Refuses a query that does not start on a bucket or whose bounds are not whole seconds. */
export function checkBucketQuery(q: BucketAggregatesQuery): void {
  const ms = q.bucket_seconds * 1000;
  if (!Number.isSafeInteger(q.bucket_seconds) || q.bucket_seconds <= 0) throw new Error(`bucket_seconds must be a positive integer, got ${q.bucket_seconds}`);
  if (!Number.isSafeInteger(q.from_ms) || q.from_ms % ms !== 0) throw new Error(`from_ms must be a multiple of the ${q.bucket_seconds} s bucket, got ${q.from_ms}`);
  if (!Number.isSafeInteger(q.until_ms) || q.until_ms % 1000 !== 0) throw new Error(`until_ms must be whole seconds in ms, got ${q.until_ms}`);
}
