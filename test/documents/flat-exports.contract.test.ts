// CONTRACT.md section 9 against two hand-made chains: the flat exports' shape and order, every
// row against the metric detail document of the same chain, key and day, aa_last7d against the
// test's own distinct count (on a chain where summing the days would be wrong), the 90-day
// fundamentals and the 7-day fundamentals, each CSV against its JSON rows, and each Parquet file
// read back by DuckDB against its JSON rows.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { BuildReport } from '../../src/documents/build-report.js';
import { buildDocumentSet, type DocumentSet } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { chainMetric, computedChainMetrics } from '../../src/metrics/catalog.js';
import type { PriceRow } from '../../src/store/prices.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { parquetOfRows, type ParquetRow } from '../../src/store/duckdb/parquet.js';
import { addr, ChainWriter, factValue, makeChain, type BlockSpec } from '../metrics/chain-fixture.js';
import { DAY, genBlocks, HOUR, txsBetween } from './scenario.js';

const silent = createLogger('silent');
const START = Date.UTC(2024, 0, 10);
const DAYS = 100; // more than the 90 days of fundamentals.json
const END = START + DAYS * DAY; // the clock's day: the last complete day is END - DAY
const NOW = END + 90 * 60_000;
const day = (i: number) => START + i * DAY;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Row = { metric_key: string; origin_key: string; date: string; value: number | null };
type Table = { types: string[]; data: Array<Array<number | null>> };
type Detail = { details: { timeseries: { daily: Table } } };

// beta: a short, hand-made history. A is active on three days, B on two, C on one: over the
// window ending on day 99 there are 3 distinct addresses, while the daily counts add up to 6.
const A = addr(0xa1);
const B = addr(0xb1);
const C = addr(0xc1);
const betaDays: Array<[dayIndex: number, senders: string[]]> = [
  [95, [A, B]],
  [96, [A, C]],
  [97, [A, A]],
  [98, []],
  [99, [B]],
];
const betaBlocks: BlockSpec[] = betaDays.map(([i, senders]) => ({
  time: (day(i) + 12 * HOUR) / 1000,
  txs: senders.map((from) => ({ from, to: addr(0xc0), gasUsed: 21_000n, inputEmpty: true })),
}));

/** Parses the CSV the builder wrote, RFC 4180 as the test reads it (no field needs quotes here). */
function parseCsv(text: string): { header: string; rows: Row[] } {
  expect(text.endsWith('\r\n')).toBe(true);
  const [header, ...lines] = text.slice(0, -2).split('\r\n');
  const rows = lines.map((l) => {
    const [metric_key, origin_key, date, value] = l.split(',');
    return { metric_key: metric_key!, origin_key: origin_key!, date: date!, value: value === '' ? null : Number(value) };
  });
  return { header: header!, rows };
}

describe('flat exports (CONTRACT.md 9)', () => {
  let store: DuckDbStore;
  let set: DocumentSet;
  let report: BuildReport;
  const alpha = makeChain('alpha');
  const beta = makeChain('beta');
  const alphaBlocks = genBlocks({ seed: 11, fromMs: START, days: DAYS, emptyDays: [40], gapDays: [50], senders: 9 });
  const body = (path: string) => set.entries.get(path)?.body.toString('utf8');
  const rows = (path: string): Row[] => JSON.parse(body(path)!) as Row[];
  const detail = (origin: string, metric: string) => JSON.parse(body(`/v1/metrics/chains/${origin}/${metric}.json`)!) as Detail;
  // The hand-made chains have transactions only: no stablecoins, no settlement addresses.
  const metrics = computedChainMetrics()
    .filter((m) => m.input.kind === 'transactions')
    .map((m) => m.metric_id);
  const sourced = computedChainMetrics()
    .filter((m) => m.input.kind !== 'transactions')
    .map((m) => m.metric_id);

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    const head = { time: (END + HOUR) / 1000 }; // a block in the clock's day, so every earlier day is complete
    const wa = new ChainWriter(store, alpha);
    await wa.write([...alphaBlocks, head]);
    const wb = new ChainWriter(store, beta);
    await wb.write([...betaBlocks, head]);
    const prices: PriceRow[] = Array.from({ length: DAYS }, (_, i) => ({ asset: 'ethereum', granularity: 'daily', period_ms: day(i), usd: 1500 + 7 * i }));
    for (let h = END - 15 * DAY; h < END + 2 * HOUR; h += HOUR) prices.push({ asset: 'ethereum', granularity: 'hourly', period_ms: h, usd: 2000 });
    await store.writePrices(prices);
    const clock = new FixedClock(NOW);
    await computeFacts(store, [alpha, beta], clock, { logger: silent });
    const built = await buildAllDocuments(store, [alpha, beta], clock, { logger: silent });
    report = built.report;
    set = buildDocumentSet(built.inputs, clock.now());
  });
  afterAll(async () => {
    await store.close();
  });

  it('builds an export per metric with a metric detail document, in JSON and CSV, and none for the others', () => {
    const exports = [...set.entries.keys()].filter((p) => p.startsWith('/v1/export/')).sort();
    expect(exports).toEqual(metrics.flatMap((m) => [`/v1/export/${m}.csv`, `/v1/export/${m}.json`, `/v1/export/${m}.parquet`]).sort());
    for (const p of ['/v1/fundamentals.json', '/v1/fundamentals.csv', '/v1/fundamentals_full.json', '/v1/fundamentals_full.csv']) {
      expect(set.entries.get(p)?.freshness, p).toBe('daily');
    }
    expect(set.entries.get('/v1/export/txcount.json')!.freshness).toBe('daily'); // the detail is hourly; the export is daily
    expect(set.entries.get('/v1/export/txcount.json')!.contentType).toBe('application/json; charset=utf-8');
    expect(set.entries.get('/v1/export/txcount.csv')!.contentType).toBe('text/csv; charset=utf-8');
  });

  it('is an array of {metric_key, origin_key, date, value}, no envelope, ordered by origin_key, metric_key, date', () => {
    for (const path of [...metrics.map((m) => `/v1/export/${m}.json`), '/v1/fundamentals.json', '/v1/fundamentals_full.json']) {
      const r = rows(path);
      expect(Array.isArray(r), path).toBe(true);
      expect(r.length, path).toBeGreaterThan(0);
      for (const row of r) {
        expect(Object.keys(row)).toEqual(['metric_key', 'origin_key', 'date', 'value']);
        expect(row.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(row.value === null || Number.isFinite(row.value)).toBe(true);
      }
      const key = (x: Row) => [x.origin_key, x.metric_key, x.date];
      const sorted = [...r].sort((x, y) => (key(x).join('|') < key(y).join('|') ? -1 : 1));
      expect(r.map(key), path).toEqual(sorted.map(key));
    }
  });

  it('every export row equals the daily value of the same chain, key and day in the metric detail document, and none is missing', () => {
    for (const id of metrics) {
      const metric = chainMetric(id)!;
      const r = rows(`/v1/export/${id}.json`);
      // A money metric gives both its keys (usd and eth), a plain metric its one key.
      expect([...new Set(r.map((x) => x.metric_key))].sort(), id).toEqual([...metric.metric_keys].sort());
      expect([...new Set(r.map((x) => x.origin_key))], id).toEqual(['alpha', 'beta']);
      let expected = 0;
      for (const origin of ['alpha', 'beta']) {
        const daily = detail(origin, id).details.timeseries.daily;
        expected += daily.data.length * metric.columns.length;
        for (const row of r.filter((x) => x.origin_key === origin)) {
          const col = daily.types.indexOf(metric.columns.find((c) => c.fact_key === row.metric_key)!.name);
          const at = daily.data.find((d) => d[0] === Date.parse(row.date));
          expect(at, `${id} ${origin} ${row.date}`).toBeDefined();
          expect(row.value, `${id} ${origin} ${row.metric_key} ${row.date}`).toBe(at![col]);
        }
      }
      expect(r.length, id).toBe(expected);
    }
  });

  it('throughput: key gas_per_second, value in the published Mgas/s (stored gas/s ÷ 1e6), like the metric detail', async () => {
    const r = rows('/v1/export/throughput.json').filter((x) => x.origin_key === 'alpha');
    expect(new Set(r.map((x) => x.metric_key))).toEqual(new Set(['gas_per_second']));
    const sample = r[10]!;
    const stored = await factValue(store, 'alpha', 'gas_per_second', 'daily', Date.parse(sample.date));
    expect(sample.value).toBeCloseTo(stored! / 1e6, 12);
    expect(sample.value!).toBeLessThan(stored!);
  });

  it('aa_last7d is the exact distinct count of the 7 days ending each date, not a sum of days', () => {
    const full = rows('/v1/fundamentals_full.json');
    const aa = (origin: string) => full.filter((x) => x.metric_key === 'aa_last7d' && x.origin_key === origin);
    expect(aa('beta')).toEqual(betaDays.map(([i], k) => ({ metric_key: 'aa_last7d', origin_key: 'beta', date: iso(day(i)), value: [2, 3, 3, 3, 3][k] })));
    const daa = full.filter((x) => x.metric_key === 'daa' && x.origin_key === 'beta').map((x) => x.value);
    expect(daa).toEqual([2, 2, 1, 0, 1]); // their sum over the last window is 6, the distinct count 3

    // alpha: the test's own count of senders over each 7-day window of its generated history.
    const alphaAa = aa('alpha');
    expect(alphaAa.map((x) => x.date)).toEqual(full.filter((x) => x.metric_key === 'daa' && x.origin_key === 'alpha').map((x) => x.date));
    let summingDiffers = false;
    for (const row of alphaAa) {
      const d = Date.parse(row.date);
      const senders = new Set(txsBetween(alphaBlocks, d - 6 * DAY, d + DAY).map((t) => t.from));
      expect(row.value, row.date).toBe(senders.size);
      let sum = 0;
      for (let k = 0; k < 7; k++) sum += new Set(txsBetween(alphaBlocks, d - k * DAY, d - k * DAY + DAY).map((t) => t.from)).size;
      if (sum !== senders.size) summingDiffers = true;
    }
    expect(summingDiffers).toBe(true);
  });

  it('fundamentals_full is every export\'s rows plus aa_last7d', () => {
    const exported = metrics.flatMap((m) => rows(`/v1/export/${m}.json`));
    const full = rows('/v1/fundamentals_full.json');
    expect(full.filter((x) => x.metric_key !== 'aa_last7d')).toEqual(
      [...exported].sort((x, y) => (`${x.origin_key}|${x.metric_key}|${x.date}` < `${y.origin_key}|${y.metric_key}|${y.date}` ? -1 : 1)),
    );
  });

  it('fundamentals is fundamentals_full over the last 90 complete days, without the _eth keys', () => {
    const eth = new Set(computedChainMetrics().flatMap((m) => m.columns.filter((c) => c.name === 'eth').map((c) => c.fact_key)));
    expect(eth.size).toBeGreaterThan(0);
    const from = iso(END - 90 * DAY);
    const expected = rows('/v1/fundamentals_full.json').filter((x) => x.date >= from && !eth.has(x.metric_key));
    const recent = rows('/v1/fundamentals.json');
    expect(recent).toEqual(expected);
    expect(recent.some((x) => x.date === from)).toBe(true);
    expect(recent.some((x) => x.date === iso(END - DAY))).toBe(true);
    expect(recent.some((x) => x.metric_key.endsWith('_usd'))).toBe(true);
    expect(rows('/v1/fundamentals_full.json').some((x) => x.date < from)).toBe(true);
  });

  it('each CSV is its JSON rows: header metric_key,origin_key,date,value, CRLF lines, null as an empty field', () => {
    let nulls = 0;
    for (const base of [...metrics.map((m) => `/v1/export/${m}`), '/v1/fundamentals', '/v1/fundamentals_full']) {
      const csv = parseCsv(body(`${base}.csv`)!);
      expect(csv.header).toBe('metric_key,origin_key,date,value');
      expect(csv.rows, base).toEqual(rows(`${base}.json`));
      nulls += csv.rows.filter((x) => x.value === null).length;
    }
    // txcosts has null days (a median of no fees: alpha's empty day), so the empty field is exercised.
    expect(nulls).toBeGreaterThan(0);
  });

  it('metrics without a metric detail document have no export', () => {
    expect(set.entries.has('/v1/export/market_cap.json')).toBe(false);
    expect(set.entries.has('/v1/export/market_cap.csv')).toBe(false);
    // Computed metrics without a document on these chains are skipped with the reason.
    const skipped = report.skipped.filter((s) => s.path.startsWith('/v1/export/') || s.path.startsWith('/v1/fundamentals'));
    expect(skipped.map((s) => s.path).sort()).toEqual(sourced.flatMap((m) => [`/v1/export/${m}.csv`, `/v1/export/${m}.json`, `/v1/export/${m}.parquet`]).sort());
    expect(new Set(skipped.map((s) => s.reason))).toEqual(new Set(['no chain has a metric detail document for this metric']));
  });

  it('fundamentals_7d is fundamentals_full over the last 7 complete days, without the _eth keys', () => {
    const eth = new Set(computedChainMetrics().flatMap((m) => m.columns.filter((c) => c.name === 'eth').map((c) => c.fact_key)));
    const from = iso(END - 7 * DAY);
    const week = rows('/v1/fundamentals_7d.json');
    expect(week).toEqual(rows('/v1/fundamentals_full.json').filter((x) => x.date >= from && !eth.has(x.metric_key)));
    expect([...new Set(week.map((x) => x.date))].sort()).toEqual(Array.from({ length: 7 }, (_, i) => iso(END - (7 - i) * DAY)));
    expect(new Set(week.map((x) => x.origin_key))).toEqual(new Set(['alpha', 'beta']));
    expect(set.entries.get('/v1/fundamentals_7d.json')!.contentType).toBe('application/json; charset=utf-8');
  });

  it('each Parquet file, read back by DuckDB, holds its JSON export\'s rows in order, with typed columns', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chainlytics-parquet-test-'));
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      for (const base of [...metrics.map((m) => `/v1/export/${m}`), '/v1/fundamentals_full']) {
        const entry = set.entries.get(`${base}.parquet`)!;
        expect(entry.contentType).toBe('application/vnd.apache.parquet');
        const file = join(dir, `${base.replaceAll('/', '_')}.parquet`);
        writeFileSync(file, entry.body);
        const types = (await conn.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file}')`)).getRowObjects().map((r) => [r.column_name, r.column_type]);
        expect(types).toEqual([['metric_key', 'VARCHAR'], ['origin_key', 'VARCHAR'], ['date', 'DATE'], ['value', 'DOUBLE']]);
        const read = await conn.runAndReadAll(`SELECT metric_key, origin_key, strftime(date, '%Y-%m-%d') AS date, value FROM read_parquet('${file}')`);
        const back = read.getRowObjects().map((r) => ({ metric_key: r.metric_key, origin_key: r.origin_key, date: r.date, value: r.value }));
        expect(back, base).toEqual(rows(`${base}.json`));
      }
    } finally {
      conn.closeSync();
      instance.closeSync();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('flat exports without any data', () => {
  it('are not built (no data, no document) and are reported', async () => {
    const store = await DuckDbStore.open({ path: ':memory:' });
    try {
      const built = await buildAllDocuments(store, [makeChain('alpha')], new FixedClock(NOW), { logger: silent });
      expect(built.inputs.filter((i) => i.path.startsWith('/v1/export/') || i.path.startsWith('/v1/fundamentals'))).toEqual([]);
      expect(built.report.skipped).toContainEqual({ path: '/v1/fundamentals_full.csv', reason: 'no chain has a metric detail document yet' });
    } finally {
      await store.close();
    }
  });
});

describe('Parquet files written at the same time', () => {
  // parquetOfRows keeps one database for the process (a connection and a temporary table per file):
  // files written side by side must each hold their own rows, as when written one after another.
  it('each holds its own rows, byte for byte as when written alone', async () => {
    const files = ['alpha', 'beta', 'gamma'].map((origin_key, f) =>
      Array.from({ length: 40 + 25 * f }, (_, i): ParquetRow => ({ metric_key: `m${f}`, origin_key, date: iso(Date.UTC(2024, 0, 1) + i * DAY), value: i % 7 === 3 ? null : i * (f + 1) + 0.5 })),
    );
    const together = await Promise.all(files.map((rows) => parquetOfRows(rows)));
    const alone: Buffer[] = [];
    for (const rows of files) alone.push(await parquetOfRows(rows));
    expect(together).toEqual(alone);
    const dir = mkdtempSync(join(tmpdir(), 'chainlytics-parquet-test-'));
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      for (const [f, bytes] of together.entries()) {
        const file = join(dir, `${f}.parquet`);
        writeFileSync(file, bytes);
        const read = await conn.runAndReadAll(`SELECT metric_key, origin_key, strftime(date, '%Y-%m-%d') AS date, value FROM read_parquet('${file}')`);
        expect(read.getRowObjects().map((r) => ({ metric_key: r.metric_key, origin_key: r.origin_key, date: r.date, value: r.value }))).toEqual(files[f]);
      }
    } finally {
      conn.closeSync();
      instance.closeSync();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
