// The fee line chart's 10-minute buckets as facts (src/metrics/fee-bucket-facts.ts, read by
// tenMinuteFeeBuckets in src/metrics/fee-buckets.ts), on both engines, over a hand-made chain
// whose every transaction the test knows: the stored buckets hold the values worked out here
// from the transactions (tps, median and mean fee), equal what a read of the raw transactions
// gives (rawFeeBuckets, the build-time read they replace) after incremental runs, a reorg that
// rewrites hours, a store without them (read raw, then filled hour by hour) and pruned raw
// transactions; they are kept for two days of the chain's newest hour only, and a chart whose
// hours are all stored reads no raw transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { FEE_METRICS } from '../../src/metrics/catalog.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { aggregateOf, BUCKET_CHECK_KEY, PriceBook, rawFeeBuckets, tenMinuteFeeBuckets, type FeeBuckets } from '../../src/metrics/fee-buckets.js';
import type { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import type { BucketAggregatesQuery } from '../../src/store/bucket-aggregates.js';
import type { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { chainSubject } from '../../src/store/facts.js';
import { TEN_MINUTES } from '../../src/store/granularity.js';
import type { Store } from '../../src/store/store.js';
import { bothEngines } from '../helpers/both-engines.js';
import { addr, ChainWriter, factRows, feeOf, GWEI, isUserTx, makeChain, type BlockSpec, type TxSpec } from './chain-fixture.js';

const silent = createLogger('silent');
const MIN = 60_000;
const MIN10 = 10 * MIN;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T = Date.UTC(2024, 4, 20, 12); // the newest complete hour ends here at first
const EMPTY = T - 3 * HOUR; // an hour a reorg leaves without blocks

/** A block every 5 minutes from `from` to `to`; transactions drawn from `seed` (some hours quiet, some deposits). */
function history(seed: number, from: number, to: number): BlockSpec[] {
  let x = seed;
  const r = () => ((x = (x * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const blocks: BlockSpec[] = [];
  for (let t = from; t < to; t += 5 * MIN) {
    const txs: TxSpec[] = [];
    const n = Math.floor(r() * 4);
    for (let i = 0; i < n; i++) {
      const swap = r() < 0.3;
      txs.push({ from: addr(1 + Math.floor(r() * 9)), gasUsed: swap ? 200_000n : 21_000n, gasPrice: (BigInt(1 + Math.floor(r() * 9)) * GWEI) / 10n, inputEmpty: !swap });
    }
    if (r() < 0.2) txs.push({ from: addr(0x5e), gasPrice: 0n, gasUsed: 60_000n }); // no fee, not a user transaction
    blocks.push({ time: Math.floor((t + 2 * MIN) / 1000), txs });
  }
  return blocks;
}

const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The chart's cells of one 10-minute bucket, worked out from the transactions (METRICS.md 3). */
function expected(blocks: readonly BlockSpec[], b: number) {
  const txs = blocks.filter((x) => x.time * 1000 >= b && x.time * 1000 < b + MIN10).flatMap((x) => x.txs ?? []);
  const paid = txs.map((t) => Number(feeOf(t))).filter((f) => f > 0);
  return {
    tps: txs.filter((t) => isUserTx(t)).length / 600,
    txcosts_median: median(paid) === null ? null : median(paid)! / 1e18,
    txcosts_avg: paid.length === 0 ? null : paid.reduce((a, f) => a + f, 0) / paid.length / 1e18,
  };
}

/** A Store that counts the raw 10-minute reads (bucketAggregates of 600-second buckets). */
function counting(store: Store): { store: Store; rawReads: () => number } {
  let n = 0;
  const proxy = new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'bucketAggregates') {
        return (q: BucketAggregatesQuery) => {
          if (q.bucket_seconds === 600) n++;
          return target.bucketAggregates(q);
        };
      }
      const v = Reflect.get(target, prop, receiver) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return { store: proxy, rawReads: () => n };
}

const OPEN = bothEngines();

describe.each(Object.keys(OPEN) as Array<keyof typeof OPEN>)('10-minute fee buckets as facts on %s', (engine) => {
  const chain = makeChain('alpha');
  let store: DuckDbStore | ClickHouseStore;
  let writer: ChainWriter;
  // What the chain holds now (the test's truth), by block.
  let blocks: BlockSpec[];
  let hoursUntil: number;

  const run = async (now: number, full = false) => {
    await computeFacts(store, [chain], new FixedClock(now), { logger: silent, full });
    hoursUntil = (await store.factStatus()).get(chain.origin_key)!.hours_until;
  };
  const append = async (more: BlockSpec[]) => {
    await writer.write(more);
    blocks = [...blocks, ...more];
  };
  const storedPeriods = async () => {
    const rows = await store.readFacts({ subject: chainSubject(chain.origin_key), keys: ['txcosts_median'], days_until: 0, hours_from: 0, hours_until: 0, ten_minutes: { from_ms: 0, until_ms: 4_000_000_000_000 } });
    return [...new Set(rows.filter((r) => r.granularity === TEN_MINUTES).map((r) => r.period_ms))].sort((a, b) => a - b);
  };
  const chart = () => ({ from_ms: hoursUntil - DAY, until_ms: hoursUntil });
  const read = async (s: Store = store) => tenMinuteFeeBuckets(s, chain, FEE_METRICS, chart(), new PriceBook(s));
  const raw = async () => rawFeeBuckets(store, chain, FEE_METRICS, { bucket_seconds: 600, ...chart() }, new PriceBook(store));
  const checkAgainstTransactions = (got: FeeBuckets) => {
    expect(got.size).toBe(144);
    let paying = 0;
    for (const [b, cells] of got) {
      const want = expected(blocks, b);
      expect(cells.get('tps')![0], `tps ${b}`).toBeCloseTo(want.tps, 12);
      const med = cells.get('txcosts_median')![0];
      const avg = cells.get('txcosts_avg')![0];
      if (want.txcosts_median === null) expect([med, avg], `costs ${b}`).toEqual([null, null]);
      else {
        paying++;
        expect(Math.abs(med! - want.txcosts_median) / want.txcosts_median, `median ${b}`).toBeLessThan(1e-12);
        expect(Math.abs(avg! - want.txcosts_avg!) / want.txcosts_avg!, `mean ${b}`).toBeLessThan(1e-12);
      }
    }
    // The history has both paying and quiet buckets: both kinds are checked.
    expect(paying).toBeGreaterThan(50);
    expect(paying).toBeLessThan(144);
  };

  beforeAll(async () => {
    store = await OPEN[engine]();
    writer = new ChainWriter(store, chain);
    blocks = [];
    // Blocks up to 20 minutes into the hour after T: the hours before T are complete.
    await append(history(1, T - 3 * DAY, T + 25 * MIN));
    await run(T + 25 * MIN);
  }, 300_000);
  afterAll(async () => {
    await store?.close();
  });

  it('stores the buckets of the last two days only, with the values of their transactions, and the chart reads no raw transaction', async () => {
    expect(hoursUntil).toBe(T);
    const periods = await storedPeriods();
    expect(periods.length).toBe(2 * 144);
    expect([periods[0], periods.at(-1)]).toEqual([T - 2 * DAY, T - MIN10]);
    const c = counting(store);
    const got = await read(c.store);
    expect(c.rawReads()).toBe(0);
    checkAgainstTransactions(got);
    expect(got).toEqual(await raw());
  });

  it('after a reorg rewriting the last five hours (one of them now without blocks) and a new hour: recomputed, older buckets pruned, still what the raw read gives', async () => {
    const from = T - 5 * HOUR;
    // The hourly chain facts of the hour the reorg empties: there before, gone after.
    const emptyHourFacts = async () => (await factRows(store, chain.origin_key)).filter((r) => r.startsWith('hourly ') && r.split(' ')[2] === String(EMPTY));
    expect((await emptyHourFacts()).length).toBeGreaterThan(0);
    const firstGone = blocks.findIndex((b) => b.time * 1000 >= from);
    await writer.rollback(firstGone);
    blocks = blocks.slice(0, firstGone);
    writer.fork(7);
    await append(history(2, from, T + HOUR + 25 * MIN).filter((b) => b.time * 1000 < EMPTY || b.time * 1000 >= EMPTY + HOUR));
    await run(T + HOUR + 25 * MIN);
    expect(hoursUntil).toBe(T + HOUR);
    const periods = await storedPeriods();
    // The hour without blocks has no buckets (as after a full rebuild, which computes hours with blocks only).
    expect([periods.length, periods[0], periods.at(-1)]).toEqual([2 * 144 - 6, T + HOUR - 2 * DAY, T + HOUR - MIN10]);
    expect(periods.filter((p) => p >= EMPTY && p < EMPTY + HOUR)).toEqual([]);
    expect(await emptyHourFacts()).toEqual([]);
    const c = counting(store);
    const got = await read(c.store);
    expect(c.rawReads()).toBe(1); // that hour, read raw: no transactions, tps 0
    checkAgainstTransactions(got);
    expect(got).toEqual(await raw());
  });

  it('a full rebuild stores the same buckets', async () => {
    const before = await read();
    const periods = await storedPeriods();
    await run(T + HOUR + 25 * MIN, true);
    expect(await storedPeriods()).toEqual(periods);
    expect(await read()).toEqual(before);
  });

  it('a store without them (from before) reads the raw transactions, and each facts run fills the hours it computes', async () => {
    const before = await read();
    await store.pruneTenMinuteFacts(chain.origin_key, Number.MAX_SAFE_INTEGER);
    expect(await storedPeriods()).toEqual([]);
    let c = counting(store);
    expect(await read(c.store)).toEqual(before);
    expect(c.rawReads()).toBe(1); // the 24 hours in one read, as before

    await append(history(3, T + HOUR + 25 * MIN, T + 2 * HOUR + 25 * MIN));
    await run(T + 2 * HOUR + 25 * MIN);
    expect(await storedPeriods()).toEqual(Array.from({ length: 6 }, (_, i) => T + HOUR + i * MIN10));
    c = counting(store);
    const got = await read(c.store);
    expect(c.rawReads()).toBe(1); // the 23 hours before the new one
    checkAgainstTransactions(got);
    expect(got).toEqual(await raw());
  });

  it('pruning raw transactions deletes their buckets: null in the chart, as the raw read gives', async () => {
    // Fill the window again (a changed fact set would; here a full run), then prune the oldest 10 hours.
    await run(T + 2 * HOUR + 25 * MIN, true);
    expect((await storedPeriods()).length).toBe(2 * 144 - 6);
    const prunedBefore = hoursUntil - 14 * HOUR;
    expect(await store.pruneRaw(chain.origin_key, prunedBefore / 1000)).toBeGreaterThan(0);
    expect((await storedPeriods())[0]).toBe(prunedBefore);
    const got = await read();
    expect(got).toEqual(await raw());
    for (const [b, cells] of got) {
      if (b < prunedBefore && expected(blocks, b).tps > 0) expect(cells.get('tps'), `${b}`).toEqual([null]);
      if (b >= prunedBefore) expect(cells.get('tps')![0], `${b}`).toBeCloseTo(expected(blocks, b).tps, 12);
    }
  });

  it('a stored bucket that failed the count check is null in every column, never 0', async () => {
    const h = hoursUntil - 2 * HOUR;
    const keys = [...FEE_METRICS.map((m) => aggregateOf(m).key), BUCKET_CHECK_KEY];
    const periods = Array.from({ length: 6 }, (_, i) => h + i * MIN10);
    await store.replaceChainValues({ origin_key: chain.origin_key, granularity: TEN_MINUTES, periods, keys, rows: periods.flatMap((p) => keys.map((k) => ({ metric_key: k, period_ms: p, value: null }))) });
    const got = await read();
    for (const p of periods) for (const m of FEE_METRICS) expect(got.get(p)!.get(m.metric)!.every((v) => v === null), `${m.metric} ${p}`).toBe(true);
    expect(got.get(h + HOUR)!.get('tps')![0]).not.toBeNull();
  });
});
