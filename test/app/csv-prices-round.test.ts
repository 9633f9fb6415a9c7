// docs/metrics.md: price CSV files are read at every round. A corrected price in the file must
// reach the next round's facts and documents, also for periods already converted with the old
// price; an unchanged file must not make a round publish.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Service } from '../../src/app/service.js';
import { DAY_MS, FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { loadConfig } from '../../src/registry/config.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';

const START = Date.UTC(2025, 2, 10, 12, 30);
const clock = new FixedClock(START);
const dir = mkdtempSync(join(tmpdir(), 'chainlytics-csv-round-'));
const file = join(dir, 'prices.csv');
let devnet: Devnet;
let store: DuckDbStore;
let service: Service;

/** One daily ETH price per day of the devnet's history. */
function csv(usd: number): string {
  const lines = ['date,asset,usd'];
  for (let d = START - 5 * DAY_MS; d <= START; d += DAY_MS) lines.push(`${new Date(d).toISOString().slice(0, 10)},ethereum,${usd}`);
  return `${lines.join('\n')}\n`;
}

async function feesUsd(day: number): Promise<number> {
  const rows = await store.query<{ value: number }>(
    `SELECT value FROM facts WHERE origin_key = 'ethereum' AND metric_key = 'fees_paid_usd' AND granularity = 'daily' AND period_ms = ${day}`,
  );
  return Number(rows[0]!.value);
}

beforeAll(async () => {
  devnet = await startDevnet({ seed: 11, clock, historyDays: 3, txPerDay: 60, chains: ['ethereum'] });
  writeFileSync(file, csv(2000));
  const defaults = loadConfig(null, {});
  const config: AppConfig = { ...defaults, chains: devnet.chainConfigs(), prices: { ...defaults.prices, coingecko_url: null, coingecko_api_key: null, csv: [file] } };
  store = await DuckDbStore.open({ path: ':memory:' });
  service = new Service({ config, store, clock, logger: createLogger('silent') });
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('price CSV files between rounds', () => {
  it("uses a changed file's new prices in the next round, and does not publish for an unchanged one", async () => {
    const yesterday = Math.floor(START / DAY_MS) * DAY_MS - DAY_MS;
    expect((await service.round()).build).not.toBeNull();
    const before = await feesUsd(yesterday);
    expect(before).toBeGreaterThan(0);

    // Unchanged file, nothing new, same hour: nothing to publish.
    expect((await service.round()).build).toBeNull();

    writeFileSync(file, csv(3000));
    const next = await service.round();
    expect(next.build).not.toBeNull();
    expect(await feesUsd(yesterday)).toBeCloseTo(before * 1.5, 9);
  });
});
