// One bad source stalls nothing: `serve` with two devnet chains next to a chain whose RPC node
// accepts connections and never answers, and a price API that does the same. The devnet
// chains' documents are published within a bound while the black holes never answer, a clock
// moved past the hour publishes a new set promptly, and shutdown finishes within 10 s (the
// requests in flight to the black holes are aborted, not waited out).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Serving } from '../../src/app/serve.js';
import { FixedClock, HOUR_MS } from '../../src/clock.js';
import type { DocumentSet } from '../../src/documents/document-set.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { loadConfig } from '../../src/registry/config.js';
import { startBlackHole, type BlackHole } from '../../support/black-hole.js';

const START = Date.UTC(2025, 2, 10, 12, 30);
const clock = new FixedClock(START);
const dir = mkdtempSync(join(tmpdir(), 'chainlytics-stuck-'));
const FIRST_SET_WAIT_MS = 2_000;
let devnet: Devnet;
let rpcHole: BlackHole;
let priceHole: BlackHole;
let serving: Serving | null = null;
const ac = new AbortController();
let running: Promise<void> | null = null;

/** `p`, or a rejection naming what did not happen within `ms`. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

function nextSwap(s: Serving): Promise<DocumentSet> {
  return new Promise((resolve) => {
    const off = s.holder.onSwap((set) => {
      off();
      resolve(set);
    });
  });
}

beforeAll(async () => {
  devnet = await startDevnet({ seed: 5, clock, historyDays: 3, txPerDay: 60, chains: ['ethereum', 'base'] });
  rpcHole = await startBlackHole();
  priceHole = await startBlackHole();
  const defaults = loadConfig(null, {});
  const template = devnet.chainConfigs()[1]!;
  const stuck = { ...template, origin_key: 'dev_stuck', name: 'Stuck', name_short: 'Stuck', evm_chain_id: 424242, rpc_urls: [rpcHole.url] };
  const config: AppConfig = {
    ...defaults,
    data_dir: dir,
    duckdb_path: join(dir, 'stuck.duckdb'),
    chains: [...devnet.chainConfigs(), stuck],
    prices: { ...defaults.prices, coingecko_url: priceHole.url, coingecko_api_key: null },
    server: { ...defaults.server, port: 0, host: '127.0.0.1', access_log: false },
  };
  // Default RPC and price timeouts (20 s, 15 s with retries): only the round pace and the
  // first-set wait are shortened.
  serving = await serve(config, { clock, logger: createLogger('silent'), timing: { roundIntervalMs: 200, firstSetWaitMs: FIRST_SET_WAIT_MS } });
});

afterAll(async () => {
  ac.abort();
  await within(Promise.resolve(running), 15_000, 'run() after abort').catch(() => undefined);
  await within(serving?.close() ?? Promise.resolve(), 15_000, 'close()').catch(() => undefined);
  await rpcHole?.close();
  await priceHole?.close();
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('a black-holed RPC node and price API next to healthy chains', () => {
  it('publishes the healthy chains within the first-set wait while the black holes never answer', async () => {
    const s = serving!;
    expect((await fetch(`${s.base}/v1/master.json`)).status).toBe(503);
    const t0 = performance.now();
    const first = nextSwap(s);
    running = s.run(ac.signal);
    await within(first, FIRST_SET_WAIT_MS + 6_000, 'first document set');
    const ms = performance.now() - t0;
    // Both devnet chains finish their first pass in well under the wait; the stuck one never does.
    expect(ms).toBeLessThan(FIRST_SET_WAIT_MS + 6_000);
    expect(rpcHole.connections()).toBeGreaterThan(0);

    const master = await fetch(`${s.base}/v1/master.json`);
    expect(master.status).toBe(200);
    expect(Object.keys((await master.json()).chains).sort()).toEqual(['all_l2s', 'base', 'dev_stuck', 'ethereum']); // all_l2s: base is an L2 with documents
    for (const chain of ['base', 'ethereum']) {
      expect((await fetch(`${s.base}/v1/metrics/chains/${chain}/txcount.json`)).status, chain).toBe(200);
    }
    expect((await fetch(`${s.base}/v1/metrics/chains/dev_stuck/txcount.json`)).status).toBe(404);
  }, 30_000);

  it('publishes a new set promptly once the clock passes the hour', async () => {
    const s = serving!;
    const before = s.holder.current()!.builtAt;
    clock.set(Date.UTC(2025, 2, 10, 13, 0, 1));
    const t0 = performance.now();
    const set = await within(nextSwap(s), 3_000, 'set after the hour');
    expect(performance.now() - t0).toBeLessThan(3_000);
    expect(set.builtAt).toBeGreaterThan(before);
    expect(Math.floor(set.builtAt / HOUR_MS)).toBe(Math.floor(clock.now() / HOUR_MS));
  }, 30_000);

  it('stops within 10 s: abort ends run(), close() ends the server, the store and the connections', async () => {
    const s = serving!;
    const t0 = performance.now();
    ac.abort();
    await within(running!, 10_000, 'run() after abort');
    await within(s.close(), 10_000, 'close()');
    serving = null;
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(10_000);
  }, 30_000);
});
