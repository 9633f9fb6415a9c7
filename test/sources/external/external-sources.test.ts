// The external source of tvl and app_revenue against a real local HTTP server in DefiLlama's
// shapes and real CSV files, on the mock chain (complete days D0 and D0 + 1): values stored
// per day, and every way a day can be missing (feed down, HTTP errors, a malformed body, a CSV
// missing a day, a malformed CSV) recorded as a gap with its reason, logged once, never 0; the
// feed's key (in the URL path, as DefiLlama's Pro host has it) never reaches a log or a reason.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/clock.js';
import { createLogger } from '../../../src/log.js';
import { dataGapsByChain } from '../../../src/metrics/data-gaps.js';
import { DefiLlamaClient } from '../../../src/sources/external/defillama-client.js';
import { parseExternalCsv } from '../../../src/sources/external/external-csv.js';
import { ExternalSources } from '../../../src/sources/external/external-sync.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { ChainWriter, makeChain, mockChainBlocks, MOCK_D0 as D0, MOCK_DAY_MS as DAY, MOCK_NOW } from '../../metrics/chain-fixture.js';

const KEY = 'k3y-s3cr3t-0123456789';
const chain = makeChain('mock_op', { defillama: 'Mock Chain' });

/** What the server answers next: a status and a body per path kind. */
let answer: { status: number; tvl: unknown; fees: unknown } = { status: 200, tvl: [], fees: { totalDataChart: [] } };
const requests: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const tvl = (req.url ?? '').includes('/v2/historicalChainTvl/');
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(typeof (tvl ? answer.tvl : answer.fees) === 'string' ? (tvl ? answer.tvl : answer.fees) as string : JSON.stringify(tvl ? answer.tvl : answer.fees));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/${KEY}`;
});
afterAll(async () => new Promise<void>((r) => server.close(() => r())));

describe('external source (tvl, app_revenue)', () => {
  let store: DuckDbStore;
  let dir: string;
  const lines: string[] = [];
  const logger = createLogger('info', { write: (l: string) => void lines.push(l) });
  const clock = new FixedClock(MOCK_NOW);

  async function setup(): Promise<void> {
    store = await DuckDbStore.open({ path: ':memory:' });
    await new ChainWriter(store, chain).write(mockChainBlocks());
    dir = mkdtempSync(join(tmpdir(), 'chainlytics-ext-'));
    lines.length = 0;
    requests.length = 0;
  }
  afterEach(async () => {
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const sources = (url: string | null, csv: { tvl?: string[]; app_revenue?: string[] } = {}) =>
    new ExternalSources({
      client: url ? new DefiLlamaClient({ baseUrl: url, retries: 1, backoff: { baseMs: 1, maxMs: 1 }, timeoutMs: 2_000 }) : null,
      csv: { tvl: csv.tvl ?? [], app_revenue: csv.app_revenue ?? [] },
      clock,
      logger,
      breaker: { baseCooldownMs: 0 },
    });
  const gaps = async (series: string) => (await store.readSampleGaps(['mock_op'])).filter((g) => g.source === series);
  const values = async (series: string) => (await store.readExternalValues('mock_op', series)).map((v) => [v.day_ms, v.usd]);

  it('stores both shapes per complete day (today and days before the chain left out); no gaps', async () => {
    await setup();
    answer = {
      status: 200,
      tvl: [D0 - DAY, D0, D0 + DAY, D0 + 2 * DAY].map((d, i) => ({ date: d / 1000, tvl: 100 + i })),
      fees: { totalDataChart: [[D0 / 1000, 5], [(D0 + DAY) / 1000 + 3600, 6]] },
    };
    expect(await sources(base).run(store, [chain])).toEqual({ changed: true, new_gaps: 0 });
    expect(await values('tvl')).toEqual([[D0, 101], [D0 + DAY, 102]]);
    expect(await values('app_revenue')).toEqual([[D0, 5], [D0 + DAY, 6]]);
    expect(requests).toEqual([`/${KEY}/v2/historicalChainTvl/Mock%20Chain`, `/${KEY}/overview/fees/Mock%20Chain`]);
    expect(await gaps('tvl')).toEqual([]);
  });

  it('feed down: every complete day is a gap with the reason, logged once, nothing stored; the key is in no log or reason', async () => {
    await setup();
    const src = sources(`http://127.0.0.1:1/${KEY}`);
    expect((await src.run(store, [chain])).new_gaps).toBe(4); // 2 days × 2 series
    expect(await values('tvl')).toEqual([]);
    const g = await gaps('tvl');
    expect(g.map((x) => x.day_ms)).toEqual([D0, D0 + DAY]);
    expect(g[0]!.reason).toMatch(/^the tvl source failed: external source: http:\/\/127\.0\.0\.1:1\/…\/v2\/historicalChainTvl\/Mock%20Chain: .*gave up after 2 attempts/);
    expect((await src.run(store, [chain])).new_gaps).toBe(0); // known gaps are not logged again
    const warned = lines.filter((l) => l.includes('no value for these days'));
    expect(warned).toHaveLength(2);
    expect(JSON.parse(warned[0]!)).toMatchObject({ origin_key: 'mock_op', metric: 'tvl', days: 2, first: '2024-01-01', last: '2024-01-02' });
    // /healthz and the build report read these summaries.
    expect(dataGapsByChain(await store.readSampleGaps(['mock_op'])).get('mock_op')!.map((s) => [s.metric, s.days])).toEqual([['app_revenue', 2], ['tvl', 2]]);
    for (const text of [...lines, ...g.map((x) => x.reason)]) expect(text).not.toContain(KEY);
  });

  it('HTTP errors: a 5xx after its retries and a 404 are gaps with the status; a malformed body says what is wrong', async () => {
    await setup();
    answer = { status: 503, tvl: 'busy', fees: 'busy' };
    await sources(base).run(store, [chain]);
    expect((await gaps('tvl'))[0]!.reason).toContain('HTTP 503');
    await store.writeSampleGaps('mock_op', 'tvl', [], [D0, D0 + DAY]);
    await store.writeSampleGaps('mock_op', 'app_revenue', [], [D0, D0 + DAY]);
    answer = { status: 404, tvl: { error: 'chain not found' }, fees: { error: 'chain not found' } };
    await sources(base).run(store, [chain]);
    expect((await gaps('tvl'))[0]!.reason).toContain('HTTP 404');
    await store.writeSampleGaps('mock_op', 'tvl', [], [D0, D0 + DAY]);
    answer = { status: 200, tvl: [{ date: 'yesterday', tvl: 1 }], fees: { totalDataChart: [] } };
    await sources(base).run(store, [chain]);
    expect((await gaps('tvl'))[0]!.reason).toMatch(/unexpected body from .*historicalChainTvl.*: 0\.date: /);
    for (const text of [...lines, ...(await gaps('tvl')).map((x) => x.reason)]) expect(text).not.toContain(KEY);
  });

  it('a gap in the feed is a gap; a later value clears it', async () => {
    await setup();
    answer = { status: 200, tvl: [{ date: D0 / 1000, tvl: 7 }, { date: (D0 + DAY) / 1000, tvl: null }], fees: { totalDataChart: [[D0 / 1000, 1], [(D0 + DAY) / 1000, 2]] } };
    await sources(base).run(store, [chain]);
    expect((await gaps('tvl')).map((g) => [g.day_ms, g.reason])).toEqual([[D0 + DAY, 'the tvl source has no value for the day']]);
    answer = { status: 200, tvl: [{ date: D0 / 1000, tvl: 7 }, { date: (D0 + DAY) / 1000, tvl: 8 }], fees: answer.fees };
    expect((await sources(base).run(store, [chain])).changed).toBe(true);
    expect(await gaps('tvl')).toEqual([]);
    expect(await values('tvl')).toEqual([[D0, 7], [D0 + DAY, 8]]);
  });

  it('a CSV missing a day: that day is a gap, the other stored; a CSV row wins over the feed', async () => {
    await setup();
    const file = join(dir, 'tvl.csv');
    writeFileSync(file, 'date,origin_key,usd\n2024-01-01,mock_op,42\n2024-01-01,other_chain,1\n');
    await sources(null, { tvl: [file] }).run(store, [chain]);
    expect(await values('tvl')).toEqual([[D0, 42]]);
    expect((await gaps('tvl')).map((g) => [g.day_ms, g.reason])).toEqual([[D0 + DAY, 'no row for the day in the tvl CSV files']]);
    expect(await gaps('app_revenue')).toEqual([]); // no source covers the chain's app_revenue
    answer = { status: 200, tvl: [{ date: D0 / 1000, tvl: 1 }, { date: (D0 + DAY) / 1000, tvl: 2 }], fees: { totalDataChart: [] } };
    await sources(base, { tvl: [file] }).run(store, [chain]);
    expect(await values('tvl')).toEqual([[D0, 42], [D0 + DAY, 2]]);
  });

  it('a malformed CSV is not used: logged once with the file, each bad line and what is wrong', async () => {
    await setup();
    const file = join(dir, 'tvl.csv');
    writeFileSync(file, 'date,origin_key,usd\n2024-01-01,mock_op,42\n2024-02-30,mock_op,1\n2024-01-02,Mock-Op,1\n2024-01-02,mock_op,-5\n2024-01-02,mock_op\n2024-01-01,mock_op,43\n');
    const src = sources(null, { tvl: [file] });
    await src.run(store, [chain]);
    await src.run(store, [chain]);
    expect(await values('tvl')).toEqual([]);
    const errors = lines.filter((l) => l.includes('tvl CSV not used'));
    expect(errors).toHaveLength(1);
    const err = JSON.parse(errors[0]!).err as string;
    expect(err).toContain(file);
    for (const why of [
      'line 3: date "2024-02-30" is not a UTC day YYYY-MM-DD',
      'line 4: origin_key "Mock-Op" is not a chain key',
      'line 5: usd "-5" is not a number of 0 or more',
      'line 6: 2 columns, expected 3',
      'line 7: mock_op on 2024-01-01 was already given on line 2',
    ])
      expect(err).toContain(why);
  });

  it('parseExternalCsv reads a fully quoted spreadsheet export: BOM, CRLF, a quoted comma, a trailing newline', () => {
    const text = '\uFEFF"date","origin_key","usd"\r\n"2024-01-01","mock_op","42.5"\r\n"2024-01-02", "mock_op" ,"7"\r\n';
    expect(parseExternalCsv(text, 'tvl.csv')).toEqual([
      { origin_key: 'mock_op', day_ms: D0, usd: 42.5 },
      { origin_key: 'mock_op', day_ms: D0 + DAY, usd: 7 },
    ]);
    expect(() => parseExternalCsv('date,origin_key,usd\r\n2024-01-01,mock_op,"1,000"\r\n', 'tvl.csv')).toThrow('tvl.csv: 1 problem(s) (expected header "date,origin_key,usd"):\n  line 2: usd "1,000" is not a number of 0 or more');
  });

  it('parseExternalCsv names the file and line of text that is not CSV', () => {
    expect(() => parseExternalCsv('date,origin_key,usd\n2024-01-01,mock_op,1\n2024-01-02,"mock_op,2\n', 'rev.csv')).toThrow(
      'rev.csv: 1 problem(s) (expected header "date,origin_key,usd"):\n  line 3: a quoted field is never closed',
    );
  });

  it('parseExternalCsv rejects a wrong header', () => {
    expect(() => parseExternalCsv('day,chain,value\n', 'x.csv')).toThrow('x.csv: 1 problem(s) (expected header "date,origin_key,usd"):\n  line 1: header is "day,chain,value"');
  });
});
