// Store.bucketAggregateSets on both engines: several bucket widths and ranges of one chain asked
// at once (one ARRAY JOIN scan on ClickHouse) give, set by set, exactly the rows of one
// bucketAggregates call per range, and each bucket holds only its own transactions: the counts
// are worked out here from the blocks written, including ranges of one width that the other
// width's ranges overlap, a range cut inside a bucket, and an empty range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_METRICS } from '../../src/metrics/catalog.js';
import { BUCKET_CHECK_KEY, feeBucketAggregates } from '../../src/metrics/fee-buckets.js';
import type { BucketAggregateSet } from '../../src/store/bucket-aggregates.js';
import type { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import type { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { bothEngines } from '../helpers/both-engines.js';
import { addr, ChainWriter, GWEI, isUserTx, makeChain, type BlockSpec, type TxSpec } from '../metrics/chain-fixture.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.UTC(2024, 4, 20); // a day start: 4-hour and 10-minute buckets start on it

/** A block every 7 minutes over 30 hours, 0–3 transactions each, some without a fee (not user transactions). */
function history(): BlockSpec[] {
  let x = 7;
  const r = () => ((x = (x * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const blocks: BlockSpec[] = [];
  for (let t = T0; t < T0 + 30 * HOUR; t += 7 * MIN) {
    const txs: TxSpec[] = [];
    const n = Math.floor(r() * 4);
    for (let i = 0; i < n; i++) txs.push({ from: addr(1 + Math.floor(r() * 5)), gasPrice: r() < 0.2 ? 0n : (BigInt(1 + Math.floor(r() * 9)) * GWEI) / 10n });
    blocks.push({ time: Math.floor(t / 1000), txs });
  }
  return blocks;
}

/** User transactions per bucket start of `ms` within [from, until), from the blocks written: buckets with any transaction. */
function userCounts(blocks: readonly BlockSpec[], ms: number, from: number, until: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const b of blocks) {
    const t = b.time * 1000;
    if (t < from || t >= until || (b.txs ?? []).length === 0) continue;
    const bucket = Math.floor(t / ms) * ms;
    out.set(bucket, (out.get(bucket) ?? 0) + (b.txs ?? []).filter((tx) => isUserTx(tx)).length);
  }
  return out;
}

const OPEN = bothEngines();

describe.each(Object.keys(OPEN) as Array<keyof typeof OPEN>)('bucketAggregateSets on %s', (engine) => {
  const chain = makeChain('alpha');
  const blocks = history();
  let store: DuckDbStore | ClickHouseStore;

  beforeAll(async () => {
    store = await OPEN[engine]();
    await new ChainWriter(store, chain).write(blocks);
  }, 300_000);
  afterAll(async () => {
    await store?.close();
  });

  it('answers every set as one bucketAggregates call per range would, with only the transactions of its ranges', async () => {
    const set = (seconds: number, ranges: Array<[number, number]>): BucketAggregateSet => ({
      bucket_seconds: seconds,
      ranges: ranges.map(([from_ms, until_ms]) => ({ from_ms, until_ms })),
      aggregates: feeBucketAggregates(store, FEE_METRICS, { family: chain.family, seconds }),
    });
    const sets = [
      // Two 4-hour ranges, the second cut 2.5 hours into its second bucket.
      set(14_400, [
        [T0, T0 + 8 * HOUR],
        [T0 + 16 * HOUR, T0 + 22.5 * HOUR],
      ]),
      // 10-minute ranges inside and outside the 4-hour ones, and an empty one.
      set(600, [
        [T0 + 3 * HOUR, T0 + 4 * HOUR],
        [T0 + 12 * HOUR, T0 + 12 * HOUR],
        [T0 + 20 * HOUR, T0 + 21 * HOUR + 20 * MIN],
      ]),
      // The same expressions over hours, past the end of the blocks.
      set(3_600, [[T0 + 26 * HOUR, T0 + 40 * HOUR]]),
    ];
    const got = await store.bucketAggregateSets({ origin_key: chain.origin_key, sets });
    expect(got).toHaveLength(3);
    for (const [i, s] of sets.entries()) {
      const one = [];
      for (const r of s.ranges) one.push(...(await store.bucketAggregates({ origin_key: chain.origin_key, bucket_seconds: s.bucket_seconds, ...r, aggregates: s.aggregates })));
      expect(got[i], `set ${i}`).toEqual(one);
      const want = new Map<number, number>();
      for (const r of s.ranges) for (const [b, n] of userCounts(blocks, s.bucket_seconds * 1000, r.from_ms, r.until_ms)) want.set(b, n);
      expect(got[i]!.map((row) => row.bucket_ms), `buckets of set ${i}`).toEqual([...want.keys()].sort((a, b) => a - b));
      for (const row of got[i]!) expect(Math.round(row.values[BUCKET_CHECK_KEY]! * s.bucket_seconds), `user transactions in ${row.bucket_ms}`).toBe(want.get(row.bucket_ms));
    }
    // Every set has buckets in each of its non-empty ranges; the 4-hour set's cut bucket counted only the 2.5 hours before the cut (above).
    expect(got[0]!.map((row) => row.bucket_ms)).toEqual([T0, T0 + 4 * HOUR, T0 + 16 * HOUR, T0 + 20 * HOUR]);
    expect(got[1]!.filter((row) => row.bucket_ms < T0 + 4 * HOUR).length).toBeGreaterThan(3);
    expect(got[1]!.filter((row) => row.bucket_ms >= T0 + 20 * HOUR).length).toBeGreaterThan(5);
    expect(got[2]!.map((row) => row.bucket_ms)).toEqual([26, 27, 28, 29].map((h) => T0 + h * HOUR));
  });

  it('refuses ranges of a set that overlap or go backwards', async () => {
    const aggregates = feeBucketAggregates(store, FEE_METRICS, { family: chain.family, seconds: 600 });
    const ranges = [
      { from_ms: T0 + HOUR, until_ms: T0 + 2 * HOUR },
      { from_ms: T0 + HOUR + 30 * MIN, until_ms: T0 + 3 * HOUR },
    ];
    await expect(store.bucketAggregateSets({ origin_key: chain.origin_key, sets: [{ bucket_seconds: 600, ranges, aggregates }] })).rejects.toThrow(/ascending and disjoint/);
  });
});
