// A price API that is down (a refused port, or a black hole that accepts and never answers)
// must cost the rounds nothing: the HTTP sync runs behind a circuit breaker, a round only
// starts it, probes are spaced by a growing cool-down, the outage and the recovery are logged
// once each, and prices arrive once the source answers again on the same address.
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/clock.js';
import { CoinGeckoClient } from '../../../src/sources/prices/coingecko-client.js';
import { PriceUpdater } from '../../../src/sources/prices/price-updater.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { startBlackHole } from '../../../support/black-hole.js';
import { freePort } from '../../../support/free-port.js';
import { startFakeCoinGecko, type FakeCoinGecko } from './fake-coingecko.js';

const NOW = Date.UTC(2024, 3, 10, 15, 30);
const OUTAGE = 'price source unreachable';
const RECOVERY = 'price source recovered';

interface Line {
  level: number;
  msg: string;
}

let store: DuckDbStore;
let lines: Line[];
let fake: FakeCoinGecko | null;

beforeEach(async () => {
  store = await DuckDbStore.open({ path: ':memory:' });
  lines = [];
  fake = null;
});
afterEach(async () => {
  await fake?.close();
  await store.close();
});

function updater(url: string): PriceUpdater {
  const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s) as Line) });
  return new PriceUpdater({
    store,
    // Short client deadlines keep the test quick; the breaker, not the client, spaces the probes.
    client: new CoinGeckoClient({ baseUrl: url, retries: 1, timeoutMs: 300, backoff: { baseMs: 20, maxMs: 20 } }),
    sourceName: url,
    csv: [],
    assets: ['ethereum'],
    clock: new FixedClock(NOW),
    logger,
    breaker: { baseCooldownMs: 150, maxCooldownMs: 300 },
  });
}

/**
 * What a publishing round does with the price API: start a sync and go on. Returns the longest
 * time one such step took.
 */
async function rounds(u: PriceUpdater, forMs: number): Promise<number> {
  let longest = 0;
  const end = performance.now() + forMs;
  while (performance.now() < end) {
    const t0 = performance.now();
    await u.refreshCsv();
    void u.start();
    longest = Math.max(longest, performance.now() - t0);
    await new Promise((r) => setTimeout(r, 25));
  }
  return longest;
}

async function until(cond: () => Promise<boolean>, ms: number, u: PriceUpdater): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    void u.start();
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`condition not met within ${ms} ms`);
}

const count = (msg: string): number => lines.filter((l) => l.msg.startsWith(msg)).length;

describe('a price API that is down', () => {
  for (const kind of ['refused port', 'black hole'] as const) {
    it(`${kind}: rounds stay short, one outage line, one recovery line, prices once it answers`, async () => {
      const hole = kind === 'black hole' ? await startBlackHole() : null;
      const port = hole ? hole.port : await freePort();
      const u = updater(`http://127.0.0.1:${port}`);

      const longest = await rounds(u, 1_500);
      expect(longest).toBeLessThan(100);
      await u.pending;
      expect(u.breaker.isOpen).toBe(true);
      if (hole) {
        // Probes are spaced by the cool-down (150, 300, 300 ms... after each 2 × 300 ms
        // failing call): a handful of connections, not one per round.
        expect(hole.connections()).toBeGreaterThan(0);
        expect(hole.connections()).toBeLessThanOrEqual(8);
      }
      expect(count(OUTAGE)).toBe(1);
      expect(count(RECOVERY)).toBe(0);
      expect(lines.filter((l) => l.msg === 'price sync failed' || l.msg === 'current price fetch failed')).toEqual([]);
      expect(await store.readPrices('ethereum', 'daily')).toEqual([]);

      // The source comes back where it was.
      await hole?.close();
      fake = await startFakeCoinGecko(NOW, port);
      fake.prices = { ethereum: () => 3000 };
      await until(async () => (await store.readPrices('ethereum', 'daily')).length > 0, 5_000, u);
      await u.pending;
      expect((await store.readPrices('ethereum', 'hourly')).length).toBeGreaterThan(0);
      expect(u.breaker.isOpen).toBe(false);
      expect(u.changedSinceLastLook()).toBe(true);
      expect(count(OUTAGE)).toBe(1);
      expect(count(RECOVERY)).toBe(1);
    }, 30_000);
  }
});
