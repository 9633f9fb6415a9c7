// Distinct counts over windows of days come from one histogram of (day, previous active day)
// per set and subjects (store/duckdb/address-sets.ts), cached until the sets change: checked
// against a brute-force count over random sets and windows, and after writes to the sets. On
// DuckDB and on the 2-shard ClickHouse cluster (which builds the histogram on the cluster).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/devnet/prng.js';
import type { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import { dayHistogram } from '../../src/store/duckdb/address-sets.js';
import { HistogramCache } from '../../src/store/histogram-cache.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { Row, SqlRunner } from '../../src/store/duckdb/sql-runner.js';
import type { FactSubject } from '../../src/store/facts.js';
import { bothEngines } from '../helpers/both-engines.js';

const DAY = 86_400_000;
const D0 = Date.UTC(2024, 0, 1);
const subject = (origin_key: string): FactSubject => ({ origin_key, dimension: 'chain', entity: '' });

const OPEN = bothEngines();

describe.each(Object.keys(OPEN) as Array<keyof typeof OPEN>)('%s: distinct counts over windows of days', (engine) => {
  let store: DuckDbStore | ClickHouseStore;
  /** ClickHouse rows carry a version and a deleted flag (schema.ts). */
  const row = (values: string) => (engine === 'clickhouse' ? `(${values}, 1, 0)` : `(${values})`);
  /** origin → day → addresses */
  const sets = new Map<string, Map<number, Set<string>>>();

  beforeAll(async () => {
    store = await OPEN[engine]();
    const rng = new Rng(7);
    const values: string[] = [];
    for (const ok of ['a', 'b', 'c']) {
      const days = new Map<number, Set<string>>();
      for (let d = 0; d < 40; d++) {
        const s = new Set<string>();
        for (let k = 0; k < 12; k++) if (rng.float() < 0.5) s.add(`0x${Math.floor(rng.float() * 30).toString(16).padStart(40, '0')}`);
        days.set(D0 + d * DAY, s);
        for (const a of s) values.push(row(`'daa', '${ok}', 'chain', '', ${D0 + d * DAY}, '${a}'`));
      }
      sets.set(ok, days);
    }
    await store.exec(`INSERT INTO address_sets VALUES ${values.join(', ')}`);
  });
  afterAll(async () => {
    await store.close();
  });

  const brute = (oks: string[], lo: number, hi: number) => {
    const all = new Set<string>();
    for (const ok of oks) for (const [d, s] of sets.get(ok)!) if (d >= lo && d <= hi) for (const a of s) all.add(a);
    return all.size;
  };

  it('equals a brute-force count for every window, over one subject and over unions', async () => {
    const windows: Array<[number, number]> = [];
    for (let lo = -2; lo < 42; lo += 3) for (let len = 0; len < 45; len += 4) windows.push([D0 + lo * DAY, D0 + (lo + len) * DAY]);
    for (const oks of [['a'], ['b'], ['a', 'c'], ['a', 'b', 'c']]) {
      const got = oks.length === 1 ? await store.distinctCounts('daa', subject(oks[0]!), windows) : await store.distinctCountsOverUnion('daa', oks.map(subject), windows);
      expect(got).toEqual(windows.map(([lo, hi]) => brute(oks, lo, hi)));
    }
  });

  it('sees sets written after an earlier read (the cached histogram is dropped)', async () => {
    const w = [[D0 + 50 * DAY, D0 + 50 * DAY]] as const;
    expect(await store.distinctCounts('daa', subject('a'), w)).toEqual([0]);
    await store.exec(`INSERT INTO address_sets VALUES ${row(`'daa', 'a', 'chain', '', ${D0 + 50 * DAY}, '0x${'1'.repeat(40)}'`)}`);
    expect(await store.distinctCounts('daa', subject('a'), w)).toEqual([1]);
    await store.clearFacts('a');
    expect(await store.distinctCounts('daa', subject('a'), w)).toEqual([0]);
  });

  it('shared addresses over a window: kept while the sets stay, read again once a listed chain\'s sets change', async () => {
    const w = [D0 + 60 * DAY, D0 + 61 * DAY] as const;
    const x = `0x${'2'.repeat(40)}`;
    expect(await store.sharedAddressCounts('daa', ['b', 'c'], w)).toEqual([]);
    await store.exec(`INSERT INTO address_sets VALUES ${row(`'daa', 'b', 'chain', '', ${D0 + 60 * DAY}, '${x}'`)}, ${row(`'daa', 'c', 'chain', '', ${D0 + 61 * DAY}, '${x}'`)}`);
    const both = [{ origin_key: 'b', addresses: 1, shared: 1 }, { origin_key: 'c', addresses: 1, shared: 1 }];
    const first = await store.sharedAddressCounts('daa', ['b', 'c'], w);
    expect(first).toEqual(both);
    // A caller changing its rows changes no later answer.
    first[0]!.addresses = 99;
    expect(await store.sharedAddressCounts('daa', ['c', 'b'], w)).toEqual(both);
    // Another chain's sets cleared: b and c's answer stands; c's own cleared: read again.
    await store.clearFacts('a');
    expect(await store.sharedAddressCounts('daa', ['b', 'c'], w)).toEqual(both);
    await store.clearFacts('c');
    expect(await store.sharedAddressCounts('daa', ['b', 'c'], w)).toEqual([{ origin_key: 'b', addresses: 1, shared: 0 }]);
  });
});

// The cache's policy alone, on a runner that counts the histogram queries it is asked: an hour
// that changes no set must not rebuild any histogram, and a chain's new day only its own.
describe('histogram cache', () => {
  const runner = () => {
    const asked: string[] = [];
    const db: SqlRunner = {
      all: async <T extends Row>(sql: string) => {
        asked.push(/origin_key = '(\w+)'/g.test(sql) ? [...sql.matchAll(/origin_key = '(\w+)'/g)].map((m) => m[1]).join('+') : sql);
        return [] as T[];
      },
      numericColumns: async () => ({ rows: 0, columns: [] }),
      run: async () => 0,
    };
    return { db, asked };
  };

  it('keeps a histogram until a set it reads changes, and drops only those', async () => {
    const { db, asked } = runner();
    const cache = new HistogramCache();
    const read = (...oks: string[]) => cache.get('daa', oks.map(subject), () => dayHistogram(db, 'daa', oks.map(subject)));
    await read('a');
    await read('a', 'b');
    await read('b');
    await read('a');
    await read('b', 'a');
    expect(asked).toEqual(['a', 'a+b', 'b']);
    cache.clear('b');
    await read('a');
    await read('a', 'b');
    await read('b');
    expect(asked).toEqual(['a', 'a+b', 'b', 'a+b', 'b']);
    cache.clear();
    await read('a');
    expect(asked).toHaveLength(6);
  });

  it('keeps any other answer over some chains\' sets the same way, dropped with any of them', async () => {
    const cache = new HistogramCache();
    let loads = 0;
    const read = () => cache.keep('shared a+b', ['a', 'b'], async () => ++loads);
    expect([await read(), await read()]).toEqual([1, 1]);
    cache.clear('c');
    expect(await read()).toBe(1);
    cache.clear('b');
    expect(await read()).toBe(2);
    // A failed load is not kept.
    await expect(cache.keep('failing', ['a'], () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.keep('failing', ['a'], async () => 'read again')).toBe('read again');
  });
});
