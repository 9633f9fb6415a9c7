// The store's distinct counts over a union of chains (the all_l2s daa): an address active on two
// chains counts once, per window of days from the address sets and per hour from raw transactions;
// and the hourly counts kept between builds (documents/metric-detail/hourly-union-cache.ts) by the
// digests of each chain-hour's raw rows, which move exactly where a reorg or retention changed them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { HourlyUnionCache } from '../../src/documents/metric-detail/hourly-union-cache.js';
import { chainSubject, type HourlyDistinctRequest, type HourlyDistinctRow } from '../../src/store/facts.js';
import type { Store } from '../../src/store/store.js';
import { addr, ChainWriter, makeChain } from '../metrics/chain-fixture.js';
import { bothEngines } from '../helpers/both-engines.js';
import type { HistogramCache } from '../../src/store/histogram-cache.js';

const D0 = Date.UTC(2024, 2, 4);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const at = (ms: number) => (D0 + ms) / 1000;
const [A, B, C, D] = [addr(0xa), addr(0xb), addr(0xc), addr(0xd)];

const OPEN = bothEngines();

describe.each(Object.keys(OPEN) as Array<keyof typeof OPEN>)('%s: distinct counts over a union of chains', (engine) => {
  let store: Store;
  const one = makeChain('one');
  const two = makeChain('two');

  beforeAll(async () => {
    store = await OPEN[engine]();
    // day 0, hour 1: one {A, B}, two {A, C}; day 1, hour 0: one {D}, two {B}; heads on day 2.
    await new ChainWriter(store, one).write([
      { time: at(HOUR + 60_000), txs: [{ from: A }, { from: B }, { from: A }] },
      { time: at(DAY + 60_000), txs: [{ from: D }] },
      { time: at(2 * DAY + HOUR) },
    ]);
    await new ChainWriter(store, two).write([
      { time: at(HOUR + 120_000), txs: [{ from: A }, { from: C }] },
      { time: at(DAY + 120_000), txs: [{ from: B }] },
      { time: at(2 * DAY + HOUR) },
    ]);
    await computeFacts(store, [one, two], new FixedClock(D0 + 2 * DAY + 2 * HOUR), { logger: createLogger('silent') });
  });
  afterAll(async () => {
    await store.close();
  });

  it('counts an address on two chains once, per window of days', async () => {
    const both = [chainSubject('one'), chainSubject('two')];
    expect(await store.distinctCountsOverUnion('daa', both, [[D0, D0], [D0 + DAY, D0 + DAY], [D0, D0 + DAY]])).toEqual([3, 2, 4]);
    expect(await store.distinctCountsOverUnion('daa', [chainSubject('one')], [[D0, D0 + DAY]])).toEqual([3]);
    expect(await store.distinctCounts('daa', chainSubject('two'), [[D0, D0 + DAY]])).toEqual([3]);
    expect(await store.distinctCountsOverUnion('daa', [], [[D0, D0]])).toEqual([0]);
  });

  it('counts per chain the addresses another listed chain also holds over a window of days', async () => {
    expect(await store.sharedAddressCounts('daa', ['one', 'two'], [D0, D0])).toEqual([
      { origin_key: 'one', addresses: 2, shared: 1 },
      { origin_key: 'two', addresses: 2, shared: 1 },
    ]);
    // Over both days B is on both chains too (on different days), D and C stay on one.
    expect(await store.sharedAddressCounts('daa', ['two', 'one'], [D0, D0 + DAY])).toEqual([
      { origin_key: 'one', addresses: 3, shared: 2 },
      { origin_key: 'two', addresses: 3, shared: 2 },
    ]);
    expect(await store.sharedAddressCounts('daa', ['one', 'two'], [D0 + DAY, D0 + DAY])).toEqual([
      { origin_key: 'one', addresses: 1, shared: 0 },
      { origin_key: 'two', addresses: 1, shared: 0 },
    ]);
    // Only the listed chains count as "another chain"; a window without addresses has no rows.
    expect(await store.sharedAddressCounts('daa', ['one'], [D0, D0 + DAY])).toEqual([{ origin_key: 'one', addresses: 3, shared: 0 }]);
    expect(await store.sharedAddressCounts('daa', ['one', 'two'], [D0 + 5 * DAY, D0 + 6 * DAY])).toEqual([]);
    expect(await store.sharedAddressCounts('daa', [], [D0, D0])).toEqual([]);
    await expect(store.sharedAddressCounts('daa', ['one'], [D0 + 0.5, D0])).rejects.toThrow(/not an integer/);
  });

  it('counts every chain\'s distinct addresses over all days up to a day, in one read', async () => {
    expect(await store.distinctTotals('daa', ['one', 'two'], D0 + DAY)).toEqual(new Map([['one', 3], ['two', 3]]));
    expect(await store.distinctTotals('daa', ['two', 'one'], D0)).toEqual(new Map([['two', 2], ['one', 2]]));
    // Before any address, or an unknown chain: absent.
    expect(await store.distinctTotals('daa', ['one', 'nobody'], D0 - DAY)).toEqual(new Map());
    expect(await store.distinctTotals('daa', [], D0)).toEqual(new Map());
    await expect(store.distinctTotals('daa', ['one'], D0 + 0.5)).rejects.toThrow(/not an integer/);
  });

  it('counts per hour over the union and per chain from raw transactions', async () => {
    const rows = await store.hourlyDistinctOverChains({
      chains: [
        { origin_key: 'one', sql: 't.from_address' },
        { origin_key: 'two', sql: 't.from_address' },
      ],
      hours_from: D0,
      hours_until: D0 + DAY + HOUR,
    });
    const key = (r: { hour_ms: number; origin_key: string | null }) => `${r.hour_ms - D0} ${r.origin_key ?? '*'}`;
    expect(Object.fromEntries(rows.map((r) => [key(r), r.n]))).toEqual({
      [`${HOUR} *`]: 3,
      [`${HOUR} one`]: 2,
      [`${HOUR} two`]: 2,
      [`${DAY} *`]: 2,
      [`${DAY} one`]: 1,
      [`${DAY} two`]: 1,
    });
  });

  it('keeps hourly union counts while the hours\' raw rows stay the same, and counts again exactly the hours a write, a reorg or retention changed', async () => {
    // Day 5 of the fixture, two chains of their own: hour 0 three {A, B}, four {A, C}; hour 1 three {A}, four {D}.
    const H0 = D0 + 5 * DAY;
    const three = new ChainWriter(store, makeChain('three'));
    const four = new ChainWriter(store, makeChain('four'));
    await three.write([{ time: at(5 * DAY + 60_000), txs: [{ from: A }, { from: B }] }, { time: at(5 * DAY + HOUR + 60_000), txs: [{ from: A }] }]);
    await four.write([{ time: at(5 * DAY + 90_000), txs: [{ from: A }, { from: C }] }, { time: at(5 * DAY + HOUR + 90_000), txs: [{ from: D }] }]);

    // The counts the cache is asked for, and every range it read from the raw transactions.
    const counted: Array<[number, number]> = [];
    const counting = new Proxy(store, {
      get(target, prop) {
        if (prop === 'hourlyDistinctOverChains') {
          return (req: HourlyDistinctRequest) => {
            counted.push([(req.hours_from - H0) / HOUR, (req.hours_until - H0) / HOUR]);
            return target.hourlyDistinctOverChains(req);
          };
        }
        const v = Reflect.get(target, prop) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const cache = new HourlyUnionCache();
    const request = (hours: number): HourlyDistinctRequest => ({
      chains: [
        { origin_key: 'three', sql: 't.from_address' },
        { origin_key: 'four', sql: 't.from_address' },
      ],
      hours_from: H0,
      hours_until: H0 + hours * HOUR,
    });
    const table = (rows: readonly HourlyDistinctRow[]) => Object.fromEntries(rows.map((r) => [`${(r.hour_ms - H0) / HOUR} ${r.origin_key ?? '*'}`, r.n]));
    /** The cached answer, checked against a cold read of the same request. */
    const read = async (hours: number) => {
      counted.length = 0;
      const rows = table(await cache.read(counting, request(hours)));
      expect(rows).toEqual(table(await store.hourlyDistinctOverChains(request(hours))));
      return rows;
    };
    const digests = async () => new Map((await store.hourFingerprints({ origin_keys: ['three', 'four'], hours_from: H0, hours_until: H0 + 3 * HOUR })).map((r) => [`${r.origin_key} ${(r.hour_ms - H0) / HOUR}`, r.fp]));

    expect(await read(2)).toEqual({ '0 *': 3, '0 three': 2, '0 four': 2, '1 *': 2, '1 three': 1, '1 four': 1 });
    expect([counted, cache.last]).toEqual([[[0, 2]], { hours_counted: 2, hours_reused: 0 }]);
    // Nothing changed: nothing is counted again.
    expect(await read(2)).toEqual({ '0 *': 3, '0 three': 2, '0 four': 2, '1 *': 2, '1 three': 1, '1 four': 1 });
    expect([counted, cache.last]).toEqual([[], { hours_counted: 0, hours_reused: 2 }]);
    const before = await digests();
    expect([...before.keys()].sort()).toEqual(['four 0', 'four 1', 'three 0', 'three 1']);
    expect(await digests()).toEqual(before);

    // A new hour: only it is counted.
    await three.write([{ time: at(5 * DAY + 2 * HOUR + 60_000), txs: [{ from: B }] }]);
    expect((await read(3))['2 *']).toBe(1);
    expect([counted, cache.last]).toEqual([[[2, 3]], { hours_counted: 1, hours_reused: 2 }]);
    const grown = await digests();

    // A reorg replaces four's hour-1 block with {B, C}: that hour's digest moves, and its union becomes {A, B, C}.
    await four.rollback(1);
    four.fork(7);
    await four.write([{ time: at(5 * DAY + HOUR + 90_000), txs: [{ from: B }, { from: C }] }]);
    const reorged = await digests();
    expect([...reorged].filter(([k, fp]) => grown.get(k) !== fp).map(([k]) => k)).toEqual(['four 1']);
    expect(await read(3)).toMatchObject({ '1 *': 3, '1 three': 1, '1 four': 2 });
    expect([counted, cache.last]).toEqual([[[1, 2]], { hours_counted: 1, hours_reused: 2 }]);

    // Retention prunes three's transactions of hour 0 (its blocks stay): the hour is counted again, from four alone.
    await store.pruneRaw('three', at(5 * DAY + HOUR));
    const pruned = await digests();
    expect([...pruned].filter(([k, fp]) => reorged.get(k) !== fp).map(([k]) => k)).toEqual(['three 0']);
    const after = await read(3);
    expect([after['0 *'], after['0 three'], after['0 four']]).toEqual([2, undefined, 2]);
    expect([counted, cache.last]).toEqual([[[0, 1]], { hours_counted: 1, hours_reused: 2 }]);
  });

  it('digests each chain\'s daily facts before its own days_until, and the digest moves exactly with a daily value', async () => {
    const q = (untilOne: number, untilTwo = D0 + 2 * DAY) =>
      store.dailyFactFingerprints({ keys: ['txcount', 'daa'], chains: [{ origin_key: 'one', days_until: untilOne }, { origin_key: 'two', days_until: untilTwo }] });
    const before = await q(D0 + 2 * DAY);
    expect([...before.keys()].sort()).toEqual(['one', 'two']);
    expect(before.get('one')).not.toBe(before.get('two'));
    expect(await q(D0 + 2 * DAY)).toEqual(before);
    // Each chain is cut at its own bound: one's second day left out, two's digest the same.
    const cut = await q(D0 + DAY);
    expect(cut.get('one')).not.toBe(before.get('one'));
    expect(cut.get('two')).toBe(before.get('two'));
    // No day before the bound: no digest.
    expect((await q(D0, D0)).size).toBe(0);
    // one's day 1 had one user transaction (D's): another value moves one's digest only, and
    // writing the value back gives the digest back (a digest of the content, not of the writes).
    const txcount = (value: number | null) => store.replaceChainValues({ origin_key: 'one', granularity: 'daily', periods: [D0 + DAY], keys: ['txcount'], rows: [{ metric_key: 'txcount', period_ms: D0 + DAY, value }] });
    await txcount(2);
    const changed = await q(D0 + 2 * DAY);
    expect(changed.get('one')).not.toBe(before.get('one'));
    expect(changed.get('two')).toBe(before.get('two'));
    await txcount(null);
    expect((await q(D0 + 2 * DAY)).get('one')).not.toBe(changed.get('one'));
    await txcount(1);
    expect(await q(D0 + 2 * DAY)).toEqual(before);
  });

  it('keeps its histograms through the reads an hourly facts run makes (checkpoint, dirty hours), so an hour counts no set again', async () => {
    // The store's own cache, watched: how many histograms it loads (what each one costs is a scan of a chain's sets over all days).
    const cache = (store as unknown as { histograms: HistogramCache }).histograms;
    const get = cache.get.bind(cache);
    let loads = 0;
    cache.get = (setKey, subjects, load) => get(setKey, subjects, () => (loads++, load()));
    try {
      const ask = () => store.distinctCounts('daa', chainSubject('one'), [[D0, D0 + DAY]]);
      expect(await ask()).toEqual([3]);
      const first = loads;
      await store.getCheckpoint('one');
      await store.dirtyHours('one');
      await store.blockRefs('one', 0, 10);
      await computeFacts(store, [one, two], new FixedClock(D0 + 2 * DAY + 2 * HOUR), { logger: createLogger('silent') });
      expect(await ask()).toEqual([3]);
      expect(loads).toBe(first);
      // A change of the sets still drops them: the chain's facts cleared, its histogram loaded again.
      await store.clearFacts('two');
      await store.distinctCounts('daa', chainSubject('two'), [[D0, D0 + DAY]]);
      expect(loads).toBe(first + 1);
      expect(await ask()).toEqual([3]);
      expect(loads).toBe(first + 1);
    } finally {
      cache.get = get;
    }
  });
});
