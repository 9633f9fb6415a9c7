// Price gaps in steady state: the same gap every round must not be a log line every round. The
// service's rounds over the devnet with a CSV price for the first day only (every later period
// converts with that earlier price: a 'fallback' gap), the logger captured as JSON lines.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Service } from '../../src/app/service.js';
import { DAY_MS, FixedClock, HOUR_MS } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { loadConfig } from '../../src/registry/config.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';

const START = Date.UTC(2025, 2, 10, 12, 30);
const clock = new FixedClock(START);
const dir = mkdtempSync(join(tmpdir(), 'chainlytics-gaps-'));
const lines: Array<{ level: number; msg: string; granularity?: string; periods?: number }> = [];
let devnet: Devnet;
let store: DuckDbStore;
let service: Service;
/** The devnet's chains with the one-day CSV price: every later period is a gap. */
let config: AppConfig;

beforeAll(async () => {
  devnet = await startDevnet({ seed: 9, clock, historyDays: 2, txPerDay: 60, chains: ['base'] });
  const firstDay = new Date(Math.floor(START / DAY_MS) * DAY_MS - 2 * DAY_MS).toISOString().slice(0, 10);
  const csv = join(dir, 'eth.csv');
  writeFileSync(csv, `date,asset,usd\n${firstDay},ethereum,2000\n`);
  const defaults = loadConfig(null, {});
  config = { ...defaults, chains: devnet.chainConfigs(), prices: { ...defaults.prices, coingecko_url: null, coingecko_api_key: null, csv: [csv] } };
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l));
      done();
    },
  });
  store = await DuckDbStore.open({ path: ':memory:' });
  service = new Service({ config, store, clock, logger: pino({ level: 'info' }, sink) });
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

const gapLines = () => lines.filter((l) => /price missing|no price/.test(l.msg));

describe('price gap logging over rounds', () => {
  it('logs each gap once at warn, not again while unchanged, again once when it grows', async () => {
    await service.round();
    const first = gapLines();
    expect(first.length).toBeGreaterThan(0);
    for (const l of first) expect(l.level).toBe(40); // warn, as docs/metrics.md says
    expect(new Set(first.map((l) => l.granularity))).toEqual(new Set(['daily', 'hourly']));

    // Same clock, same gaps: rounds log nothing about them.
    await service.round();
    await service.round();
    expect(gapLines()).toHaveLength(first.length);

    // An hour later the hourly gap covers one more hour: logged again, once.
    clock.advance(HOUR_MS);
    await service.round();
    await service.round();
    const later = gapLines().slice(first.length);
    expect(later).toHaveLength(1);
    expect(later[0]).toMatchObject({ level: 40, granularity: 'hourly' });
    const hourlyBefore = first.find((l) => l.granularity === 'hourly')!;
    expect(later[0].periods).toBe(hourlyBefore.periods! + 1);
  });

  it('the built-in devnet feed (simulatedPrices): the same gaps are logged at debug, never as warnings', async () => {
    const devLines: Array<{ level: number; msg: string }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n')) if (l) devLines.push(JSON.parse(l));
        done();
      },
    });
    // A second service over the same store: its own gap log, so every gap is new to it.
    const simulated = new Service({ config, store, clock, logger: pino({ level: 'debug' }, sink), simulatedPrices: true });
    try {
      await simulated.round();
    } finally {
      await simulated.close();
    }
    const gaps = devLines.filter((l) => /price missing|no price/.test(l.msg));
    expect(gaps.length).toBeGreaterThan(0);
    for (const l of gaps) expect(l.level).toBe(20);
    expect(devLines.filter((l) => l.level >= 40)).toEqual([]);
  });
});
