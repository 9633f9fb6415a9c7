// CONTRACT.md sections 0 and 1 against a hand-made chain: every expected number below is
// derived by the test from the transactions it wrote and the prices it stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import { buildDocumentSet, type DocumentSet } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { CHAIN_METRICS, chainMetric } from '../../src/metrics/catalog.js';
import type { PriceRow } from '../../src/store/prices.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { ChainWriter, makeChain } from '../metrics/chain-fixture.js';
import { DAY, expectedPeriod, genBlocks, HOUR, txsBetween } from './scenario.js';

const silent = createLogger('silent');
const START = Date.UTC(2024, 0, 10); // a Wednesday
const DAYS = 72; // last complete day: Thursday 2024-03-21
const END = START + DAYS * DAY; // the clock's day
const NOW = END + 90 * 60_000;
const dailyUsd = (d: number) => 1500 + 7 * ((d - START) / DAY);
const hourlyUsd = (h: number) => dailyUsd(Math.floor(h / DAY) * DAY) + (h % DAY) / HOUR;

type Table = { types: string[]; data: Array<Array<number | null>> };
type Doc = {
  last_updated_utc: string;
  details: {
    metric_id: string;
    metric_name: string;
    source: string[];
    timeseries: Record<string, Table | null>;
    changes: Record<string, Record<string, unknown>>;
    summary: Record<string, { types: string[]; data: Array<number | null> }>;
  };
};

const chg = (later: number | null, earlier: number | null) => {
  if (later === null || earlier === null || earlier <= 0 || later < 0) return null;
  return Math.round(Math.min(later / earlier - 1, 99.99) * 1e4) / 1e4;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => sum(xs) / xs.length;

describe('metric detail documents (CONTRACT.md 0, 1)', () => {
  let store: DuckDbStore;
  let set: DocumentSet;
  const chain = makeChain('alpha');
  const blocks = genBlocks({ seed: 7, fromMs: START, days: DAYS, systemOnlyDays: [0, 1, 2], emptyDays: [40], gapDays: [50] });
  const doc = (metric: string): Doc => JSON.parse(set.entries.get(`/v1/metrics/chains/alpha/${metric}.json`)!.body.toString('utf8')) as Doc;
  const day = (i: number) => START + i * DAY;
  const exp = (i: number) => expectedPeriod(txsBetween(blocks, day(i), day(i) + DAY), 86_400);
  const days = Array.from({ length: DAYS }, (_, i) => i);

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    const w = new ChainWriter(store, chain);
    await w.write(blocks);
    await w.write([{ time: (END + 60 * 60_000) / 1000 }]); // the head, in the clock's day
    const prices: PriceRow[] = days.map((i) => ({ asset: 'ethereum', granularity: 'daily', period_ms: day(i), usd: dailyUsd(day(i)) }));
    for (let h = END - 15 * DAY; h < END + 2 * HOUR; h += HOUR) prices.push({ asset: 'ethereum', granularity: 'hourly', period_ms: h, usd: hourlyUsd(h) });
    await store.writePrices(prices);
    const clock = new FixedClock(NOW);
    await computeFacts(store, [chain], clock, { logger: silent });
    const { inputs } = await buildAllDocuments(store, [chain], clock, { logger: silent });
    set = buildDocumentSet(inputs, clock.now());
  });
  afterAll(async () => {
    await store.close();
  });

  it('builds one document per supported metric, and none for metrics without a source', () => {
    const paths = [...set.entries.keys()].filter((p) => p.startsWith('/v1/metrics/')).sort();
    // alpha is an L2, so the all_l2s aggregate (CONTRACT.md 8) exists for the same metrics.
    const ids = ['daa', 'fees', 'throughput', 'txcosts', 'txcount'];
    expect(paths).toEqual([...ids.map((m) => `/v1/metrics/chains/all_l2s/${m}.json`), ...ids.map((m) => `/v1/metrics/chains/alpha/${m}.json`)]);
    expect(set.entries.get('/v1/metrics/chains/alpha/txcount.json')!.freshness).toBe('hourly');
  });

  it('carries last_updated_utc of the build, the metric id, name and source', () => {
    const d = doc('txcount');
    expect(d.last_updated_utc).toBe('2024-03-22 01:30:00');
    expect(d.details.metric_id).toBe('txcount');
    expect(d.details.metric_name).toBe(chainMetric('txcount')!.name);
    expect(d.details.source).toEqual(['RPC']);
  });

  it('daily: ms at day starts, ascending, from the first non-zero day to yesterday, every day present', () => {
    const d = doc('txcount').details.timeseries.daily!;
    expect(d.types).toEqual(['unix', 'value']);
    const firstNonZero = days.find((i) => exp(i).txcount > 0)!;
    expect(firstNonZero).toBe(3); // days 0..2 only had system transactions
    const expected = days.slice(firstNonZero).map((i) => [day(i), exp(i).txcount]);
    expect(d.data).toEqual(expected);
    expect(d.data.at(-1)![0]).toBe(END - DAY); // yesterday by the clock
    // daa counts the senders of all transactions, system ones included: it starts on day 0.
    const daa = doc('daa').details.timeseries.daily!;
    expect(daa.data[0]).toEqual([day(0), 1]);
    expect(daa.data.map((r) => r[1])).toEqual(days.map((i) => exp(i).senders.size));
  });

  it('a day with blocks but no transactions, and a day without blocks, are 0 (counts) or null (median)', () => {
    const tx = new Map(doc('txcount').details.timeseries.daily!.data.map((r) => [r[0], r[1]]));
    expect(tx.get(day(40))).toBe(0);
    expect(tx.get(day(50))).toBe(0);
    const costs = new Map(doc('txcosts').details.timeseries.daily!.data.map((r) => [r[0], r.slice(1)]));
    expect(costs.get(day(40))).toEqual([null, null]);
    expect(costs.get(day(50))).toEqual([null, null]);
    const tp = new Map(doc('throughput').details.timeseries.daily!.data.map((r) => [r[0], r[1]]));
    expect(tp.get(day(50))).toBe(0);
  });

  it('money metrics have columns usd then eth, usd at the price of the day', () => {
    const d = doc('fees').details.timeseries.daily!;
    expect(d.types).toEqual(['unix', 'usd', 'eth']);
    const firstNonZero = days.find((i) => exp(i).feeEth > 0)!;
    expect(d.data.length).toBe(DAYS - firstNonZero);
    for (const row of d.data) {
      const i = (row[0]! - START) / DAY;
      const e = exp(i).feeEth;
      expect(row[2]).toBeCloseTo(e, 15);
      expect(row[1]).toBeCloseTo(e * dailyUsd(day(i)), 9);
    }
    expect(doc('fees').details.source).toEqual(['RPC', 'Price feed']);
    const costs = doc('txcosts').details.timeseries.daily!;
    for (const row of costs.data) {
      const m = exp((row[0]! - START) / DAY).medianEth;
      if (m === null) expect(row.slice(1)).toEqual([null, null]);
      else {
        expect(row[2]).toBeCloseTo(m, 15);
        expect(row[1]).toBeCloseTo(m * dailyUsd(row[0]!), 9);
      }
    }
  });

  it('throughput is published in Mgas/s', () => {
    for (const row of doc('throughput').details.timeseries.daily!.data) {
      expect(row[1]).toBeCloseTo(exp((row[0]! - START) / DAY).mgas, 12);
    }
  });

  it('weekly rows start on Mondays, monthly on the 1st, quarterly on Jan/Apr/Jul/Oct 1st; the running period is the last row', () => {
    const txd = doc('txcount').details.timeseries;
    const monday = (ms: number) => ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY;
    const first = days.find((i) => exp(i).txcount > 0)!;
    const groups = (key: (ms: number) => number) => {
      const m = new Map<number, number>();
      for (const i of days.slice(first)) m.set(key(day(i)), (m.get(key(day(i))) ?? 0) + exp(i).txcount);
      return [...m.entries()];
    };
    expect(txd.weekly!.data).toEqual(groups(monday));
    for (const [ms] of txd.weekly!.data) expect(new Date(ms!).getUTCDay()).toBe(1);
    expect(txd.weekly!.data.at(-1)![0]).toBe(Date.UTC(2024, 2, 18)); // the running week
    expect(txd.monthly!.data).toEqual(groups((ms) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), 1)));
    expect(txd.monthly!.data.map((r) => r[0])).toEqual([Date.UTC(2024, 0, 1), Date.UTC(2024, 1, 1), Date.UTC(2024, 2, 1)]);
    expect(txd.quarterly!.data).toEqual([[Date.UTC(2024, 0, 1), sum(days.slice(first).map((i) => exp(i).txcount))]]);
    for (const t of Object.values(txd)) {
      if (!t) continue;
      const unix = t.data.map((r) => r[0]!);
      expect(unix).toEqual([...unix].sort((a, b) => a - b));
      expect(new Set(unix).size).toBe(unix.length);
    }
  });

  it('avg metrics aggregate periods by the mean of their days', () => {
    const tp = doc('throughput').details.timeseries;
    const monday = Date.UTC(2024, 2, 11);
    const week = days.filter((i) => day(i) >= monday && day(i) < monday + 7 * DAY);
    const row = tp.weekly!.data.find((r) => r[0] === monday)!;
    expect(row[1]).toBeCloseTo(mean(week.map((i) => exp(i).mgas)), 12);
  });

  it('daa weeks, months and quarters are distinct senders over the period, never sums of days', () => {
    const d = doc('daa').details.timeseries;
    const distinct = (lo: number, hi: number) => new Set(days.filter((i) => day(i) >= lo && day(i) < hi).flatMap((i) => [...exp(i).senders])).size;
    for (const [ms, v] of d.weekly!.data) expect(v).toBe(distinct(ms!, ms! + 7 * DAY));
    const feb = d.monthly!.data.find((r) => r[0] === Date.UTC(2024, 1, 1))!;
    expect(feb[1]).toBe(distinct(Date.UTC(2024, 1, 1), Date.UTC(2024, 2, 1)));
    const febDaySum = sum(days.filter((i) => new Date(day(i)).getUTCMonth() === 1).map((i) => exp(i).senders.size));
    expect(feb[1]).toBeLessThan(febDaySum); // a pool of 12 senders repeats across days
    expect(d.quarterly!.data).toEqual([[Date.UTC(2024, 0, 1), distinct(START, END)]]);
  });

  it('daily_7d_rolling is the trailing 7-day mean from the 7th day, and null when the avg flag is false', () => {
    const tx = doc('txcount').details.timeseries;
    const first = days.find((i) => exp(i).txcount > 0)!;
    const vals = days.slice(first).map((i) => exp(i).txcount);
    expect(tx.daily_7d_rolling!.types).toEqual(['unix', 'value']);
    expect(tx.daily_7d_rolling!.data.length).toBe(vals.length - 6);
    tx.daily_7d_rolling!.data.forEach((row, k) => {
      expect(row[0]).toBe(day(first + 6 + k));
      expect(row[1]).toBeCloseTo(mean(vals.slice(k, k + 7)), 12);
    });
    expect(chainMetric('txcosts')!.avg).toBe(false);
    expect(doc('txcosts').details.timeseries.daily_7d_rolling).toBeNull();
  });

  it('changes: fractions over the documented windows, 4 decimals, null when too short', () => {
    const c = doc('txcount').details.changes;
    const first = days.find((i) => exp(i).txcount > 0)!;
    const v = days.slice(first).map((i) => exp(i).txcount);
    const n = v.length;
    expect(c.daily).toEqual({
      types: ['value'],
      '1d': [chg(v[n - 1]!, v[n - 2]!)],
      '7d': [chg(v[n - 1]!, v[n - 8]!)],
      '30d': [chg(v[n - 1]!, v[n - 31]!)],
      '90d': [null],
      '180d': [null],
      '365d': [null],
    });
    const w = (end: number, size: number) => sum(v.slice(end - size, end));
    expect(c.weekly).toEqual({ types: ['value'], '7d': [chg(w(n, 7), w(n - 7, 7))], '28d': [chg(w(n, 7), w(n - 28, 7))], '84d': [null], '365d': [null] });
    expect(c.monthly).toEqual({ types: ['value'], '30d': [chg(w(n, 30), w(n - 30, 30))], '90d': [null], '180d': [null], '365d': [null] });
    expect(c).not.toHaveProperty('quarterly');
    for (const table of Object.values(c)) {
      for (const [k, xs] of Object.entries(table)) {
        if (k === 'types') continue;
        for (const x of xs as Array<number | null>) if (x !== null) expect(Math.round(x * 1e4) / 1e4).toBe(x);
      }
    }
  });

  it('changes of a unique metric compare distinct counts over trailing windows', () => {
    const c = doc('daa').details.changes;
    const lastDay = DAYS - 1;
    const distinctDays = (hi: number, size: number) => new Set(days.filter((i) => i <= hi && i > hi - size).flatMap((i) => [...exp(i).senders])).size;
    expect(c.weekly!['7d']).toEqual([chg(distinctDays(lastDay, 7), distinctDays(lastDay - 7, 7))]);
    expect(c.weekly!['28d']).toEqual([chg(distinctDays(lastDay, 7), distinctDays(lastDay - 28, 7))]);
    expect(c.monthly!['30d']).toEqual([chg(distinctDays(lastDay, 30), distinctDays(lastDay - 30, 30))]);
  });

  it('changes of a money metric have one value per column, usd then eth', () => {
    const c = doc('fees').details.changes;
    const lastDay = END - DAY;
    const e = (i: number) => exp((i - START) / DAY).feeEth;
    expect(c.daily!.types).toEqual(['usd', 'eth']);
    expect(c.daily!['1d']).toEqual([chg(e(lastDay) * dailyUsd(lastDay), e(lastDay - DAY) * dailyUsd(lastDay - DAY)), chg(e(lastDay), e(lastDay - DAY))]);
  });

  it('summary: last_1d is the last day; last_7d/30d sum, average or count distinct by aggregation; last_1h the last hour', () => {
    const last = DAYS - 1;
    const window = (size: number) => days.filter((i) => i > last - size);
    const tx = doc('txcount').details.summary;
    expect(tx.last_1d).toEqual({ types: ['value'], data: [exp(last).txcount] });
    expect(tx.last_7d!.data).toEqual([sum(window(7).map((i) => exp(i).txcount))]);
    expect(tx.last_30d!.data).toEqual([sum(window(30).map((i) => exp(i).txcount))]);
    const tp = doc('throughput').details.summary;
    expect(tp.last_7d!.data[0]).toBeCloseTo(mean(window(7).map((i) => exp(i).mgas)), 12);
    const daa = doc('daa').details.summary;
    expect(daa.last_7d!.data).toEqual([new Set(window(7).flatMap((i) => [...exp(i).senders])).size]);
    expect(daa.last_30d!.data).toEqual([new Set(window(30).flatMap((i) => [...exp(i).senders])).size]);
    // The last complete hour is 00:00 of the clock's day; it has no transactions.
    expect(tx.last_1h).toEqual({ types: ['value'], data: [0] });
    expect(doc('fees').details.summary.last_1d!.types).toEqual(['usd', 'eth']);
  });

  it('hourly: the last 14 days of complete hours, ms at hour starts, with hourly prices', () => {
    const h = doc('fees').details.timeseries.hourly!;
    const hoursUntil = END + HOUR;
    expect(h.data.length).toBe(14 * 24);
    expect(h.data[0]![0]).toBe(hoursUntil - 14 * 24 * HOUR);
    expect(h.data.at(-1)![0]).toBe(hoursUntil - HOUR);
    h.data.forEach((row, k) => {
      expect(row[0]).toBe(h.data[0]![0]! + k * HOUR);
      const e = expectedPeriod(txsBetween(blocks, row[0]!, row[0]! + HOUR), 3600);
      expect(row[2]).toBeCloseTo(e.feeEth, 15);
      expect(row[1]).toBeCloseTo(e.feeEth * hourlyUsd(row[0]!), 9);
    });
    const c = doc('txcount').details.changes.hourly!;
    const txh = doc('txcount').details.timeseries.hourly!.data.map((r) => r[1]!);
    expect(c).toEqual({ types: ['value'], '1d': [chg(txh.at(-1)!, txh.at(-25)!)], '3d': [chg(txh.at(-1)!, txh.at(-73)!)], '7d': [chg(txh.at(-1)!, txh.at(-169)!)] });
  });

  it('hourly is absent (key missing, not null) for a metric not flagged hourly_available', async () => {
    const txcount = chainMetric('txcount')!;
    const daily = { ...txcount, hourly_available: false };
    const { inputs } = await buildAllDocuments(store, [chain], new FixedClock(NOW), { metrics: [daily], catalog: CHAIN_METRICS.map((m) => (m.metric_id === 'txcount' ? daily : m)), logger: silent });
    const input = inputs.find((i) => i.path === '/v1/metrics/chains/alpha/txcount.json')!;
    const d = JSON.parse(JSON.stringify(input.json)) as Doc;
    expect(d.details.timeseries).not.toHaveProperty('hourly');
    expect(d.details.changes).not.toHaveProperty('hourly');
    expect(d.details.summary.last_1h).toEqual({ types: ['value'], data: [null] });
    expect(input.freshness).toBe('daily');
    expect(Object.keys(doc('txcount').details.timeseries)).toContain('hourly');
  });

  it('every number is finite or null', () => {
    for (const [path, e] of set.entries) {
      // The flat exports' CSV variants are not JSON; their numbers are the JSON rows' (flat-exports.contract.test.ts).
      if (e.contentType !== 'application/json; charset=utf-8') continue;
      JSON.parse(e.body.toString('utf8'), (k, v: unknown) => {
        if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`${path}: ${v}`);
        // The one string that may look like a number: a chain overview highlight's display `value`
        // ("8", "1.23M", "$4.5K"; CONTRACT.md section 3), the number itself being elsewhere.
        const display = k === 'value' && path.endsWith('/overview.json');
        if (typeof v === 'string' && !display && /^-?\d+(\.\d+)?$/.test(v)) throw new Error(`${path}: number as string ${v}`);
        return v;
      });
    }
  });
});
