// A price API that is down (a refused port, or a black hole that accepts and never answers)
// must cost the rounds nothing: the HTTP sync runs behind a circuit breaker, a round only
// starts it, probes are spaced by a growing cool-down, the outage and the recovery are logged
// once each, and prices arrive once the source answers again on the same address.
//
// Nothing here reads the time: the breaker's clock, the client's waits between retries and the
// pauses between rounds are one VirtualTime, which moves only when something waits. A probe's
// own request (300 ms deadline, real) takes no virtual time: the test waits for it to end before
// the next round, so the probes' times and the cool-downs between them are exact.
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/clock.js';
import { CoinGeckoClient } from '../../../src/sources/prices/coingecko-client.js';
import { PriceUpdater } from '../../../src/sources/prices/price-updater.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { startBlackHole } from '../../../support/black-hole.js';
import { freePort } from '../../../support/free-port.js';
import { VirtualTime } from '../../helpers/virtual-time.js';
import { startFakeCoinGecko, type FakeCoinGecko } from './fake-coingecko.js';

const NOW = Date.UTC(2024, 3, 10, 15, 30);
const OUTAGE = 'price source unreachable';
const RECOVERY = 'price source recovered';
/** Virtual ms between two rounds. */
const ROUND_MS = 25;
/** The client's wait before its one retry: base 20 ms, half fixed and half jitter (0.5 of 10 ms). */
const RETRY_WAIT_MS = 15;

interface Line {
  level: number;
  msg: string;
}

let store: DuckDbStore;
let lines: Line[];
let fake: FakeCoinGecko | null;
let time: VirtualTime;

beforeEach(async () => {
  store = await DuckDbStore.open({ path: ':memory:' });
  lines = [];
  fake = null;
  time = new VirtualTime();
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
    client: new CoinGeckoClient({ baseUrl: url, retries: 1, timeoutMs: 300, backoff: { baseMs: 20, maxMs: 20 }, sleep: time.sleep, random: () => 0.5 }),
    sourceName: url,
    csv: [],
    assets: ['ethereum'],
    clock: new FixedClock(NOW),
    logger,
    breaker: { baseCooldownMs: 150, maxCooldownMs: 300, monotonic: time.monotonic },
  });
}

/** A sync a round started: when (virtual ms) it started and when it ended. */
interface Probe {
  at: number;
  endedAt: number;
}

/**
 * What publishing rounds do with the price API, one every ROUND_MS of virtual time for `forMs`
 * (or until `until` holds): refresh the CSV files, start a sync if one is due, and go on. When a
 * round started a sync (a probe), a second round runs while it is in flight: that round must
 * finish without waiting for it and must not start another. Only then does the test wait for
 * the probe to end, before the clock moves on.
 */
async function rounds(u: PriceUpdater, forMs: number, until?: () => Promise<boolean>): Promise<{ rounds: number; probes: Probe[] }> {
  const probes: Probe[] = [];
  let n = 0;
  const end = time.monotonic() + forMs;
  while (time.monotonic() < end) {
    n++;
    await u.refreshCsv();
    const at = time.monotonic();
    void u.start();
    const sync = u.pending;
    if (sync) {
      let settled = false;
      void sync.finally(() => (settled = true));
      await u.refreshCsv();
      expect(u.start()).toBe(sync);
      expect(settled, 'a round waited for the sync in flight').toBe(false);
      await sync;
      probes.push({ at, endedAt: time.monotonic() });
    }
    if (until && (await until())) break;
    await time.sleep(ROUND_MS);
  }
  return { rounds: n, probes };
}

const count = (msg: string): number => lines.filter((l) => l.msg.startsWith(msg)).length;

describe('a price API that is down', () => {
  for (const kind of ['refused port', 'black hole'] as const) {
    it(`${kind}: rounds never wait on it, probes spaced by the cool-down, one outage line, one recovery line, prices once it answers`, async () => {
      const hole = kind === 'black hole' ? await startBlackHole() : null;
      const port = hole ? hole.port : await freePort();
      const u = updater(`http://127.0.0.1:${port}`);

      const down = await rounds(u, 1_500);
      expect(u.pending).toBeNull();
      expect(u.breaker.isOpen).toBe(true);
      // A probe in the first round; each failed probe opens the breaker for its cool-down (150 ms,
      // then doubling up to 300 ms), counted from the probe's end; the first round after it
      // probes again. Each probe is one call, retried once after RETRY_WAIT_MS, then given up.
      expect(down.probes.map((p) => p.at)).toEqual([0, 165, 480, 795, 1_110, 1_425]);
      expect(down.probes.slice(1).map((p, i) => p.at - down.probes[i].endedAt)).toEqual([150, 300, 300, 300, 300]);
      expect(down.probes.map((p) => p.endedAt - p.at)).toEqual(Array(6).fill(RETRY_WAIT_MS));
      expect(time.sleeps.filter((ms) => ms !== ROUND_MS)).toEqual(Array(6).fill(RETRY_WAIT_MS));
      expect(down.rounds).toBe(57);
      if (hole) {
        // A handful of connections, not one per round: the two attempts of each probe, and
        // fetch's pool may open a spare one beside each attempt (seen on a busy machine, with
        // test files sharing a worker: 24 for 6 probes, against 57 rounds).
        expect(hole.connections()).toBeGreaterThan(0);
        expect(hole.connections()).toBeLessThanOrEqual(2 * 2 * down.probes.length);
        expect(hole.connections()).toBeLessThan(down.rounds / 2);
      }
      expect(count(OUTAGE)).toBe(1);
      expect(count(RECOVERY)).toBe(0);
      expect(lines.filter((l) => l.msg === 'price sync failed' || l.msg === 'current price fetch failed')).toEqual([]);
      expect(await store.readPrices('ethereum', 'daily')).toEqual([]);
      // What /metrics reports (chainlytics_source_*): every probe a failure, no success yet.
      expect(u.record.snapshot()).toEqual({ last_success_ms: null, failures: down.probes.length, failing: true });

      // The source comes back where it was: the first probe after the 300 ms cool-down finds it.
      await hole?.close();
      fake = await startFakeCoinGecko(NOW, port);
      fake.prices = { ethereum: () => 3000 };
      const up = await rounds(u, 1_000, async () => (await store.readPrices('ethereum', 'daily')).length > 0);
      expect((await store.readPrices('ethereum', 'daily')).length).toBeGreaterThan(0);
      expect(up.probes).toHaveLength(1);
      expect(up.probes[0].at - down.probes[5].endedAt).toBe(300);
      expect((await store.readPrices('ethereum', 'hourly')).length).toBeGreaterThan(0);
      expect(u.breaker.isOpen).toBe(false);
      expect(u.changedSinceLastLook()).toBe(true);
      expect(count(OUTAGE)).toBe(1);
      expect(count(RECOVERY)).toBe(1);
      expect(u.record.snapshot()).toEqual({ last_success_ms: NOW, failures: down.probes.length, failing: false });
    });
  }
});
