// One bad source stalls nothing: `serve` with two devnet chains next to a chain whose RPC node
// accepts connections and never answers, and a price API that does the same. The first set waits
// for its deadline, not for the black holes, and carries the devnet chains' documents; a clock
// moved past the hour publishes a new set in the very next round; and aborting ends run() and
// close() without waiting out the requests in flight to the black holes.
//
// Nothing here reads the time. The service waits (first-set deadline, pause between rounds)
// through a ManualTime the test fires, so the tests assert the waits requested and what each one
// led to. The black holes never answer, the RPC and price deadlines are the defaults (20 s, 15 s)
// and the clients' waits between retries are held for good: a call to a black hole ends only
// when it is aborted, so a shutdown that did not abort it would hang and fail the test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Serving } from '../../src/app/serve.js';
import { FixedClock, HOUR_MS } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { loadConfig } from '../../src/registry/config.js';
import { startBlackHole, type BlackHole } from '../../support/black-hole.js';
import { startBlockGate } from '../helpers/block-gate.js';
import { nextSwap } from '../helpers/next-swap.js';
import { ManualTime } from '../helpers/virtual-time.js';

const START = Date.UTC(2025, 2, 10, 12, 30);
const clock = new FixedClock(START);
const dir = mkdtempSync(join(tmpdir(), 'chainlytics-stuck-'));
const FIRST_SET_WAIT_MS = 2_000;
const ROUND_INTERVAL_MS = 200;
/** The service's waits: the first-set deadline and the pauses between rounds. */
const time = new ManualTime();
/**
 * The RPC and price clients' waits between retries, held and never fired: once a request to a
 * black hole has run into its deadline, only an abort can end the call.
 */
const clientTime = new ManualTime();
/**
 * The RPC and price clients' request deadlines (20 s and 15 s by default), held and never fired:
 * a request to a black hole stays open for as long as the test runs, however slow the machine
 * (with real timers a test slower than 20 s saw the deadline close it first).
 */
const deadlines = new ManualTime();
let devnet: Devnet;
let rpcHole: BlackHole;
let priceHole: BlackHole;
let serving: Serving | null = null;
const ac = new AbortController();
let running: Promise<void> | null = null;

/** `p`, or a rejection naming what did not happen within `ms` (clean-up only: no test decides by it). */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
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
  // first-set wait are shortened, and the service and its clients wait on the test's ManualTimes.
  serving = await serve(config, {
    clock,
    logger: createLogger('silent'),
    timing: {
      roundIntervalMs: ROUND_INTERVAL_MS,
      firstSetWaitMs: FIRST_SET_WAIT_MS,
      sleep: time.sleep,
      rpc: { sleep: clientTime.sleep, deadline: deadlines.sleep },
      priceClient: { sleep: clientTime.sleep, deadline: deadlines.sleep },
    },
  });
});

afterAll(async () => {
  ac.abort();
  await within(Promise.resolve(running), 15_000, 'run() after abort').catch(() => undefined);
  await within(serving?.close() ?? Promise.resolve(), 15_000, 'close()').catch(() => undefined);
  await rpcHole?.close();
  await priceHole?.close();
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface HealthChain {
  origin_key: string;
  head_block: number | null;
  last_ingested_block: number | null;
}

async function healthChains(s: Serving): Promise<Map<string, HealthChain>> {
  const body = (await (await fetch(`${s.base}/healthz`)).json()) as { chains: HealthChain[] };
  return new Map(body.chains.map((c) => [c.origin_key, c]));
}

/** Resolves once /healthz shows both devnet chains caught up with their heads (their first pass done). */
async function devnetChainsCaughtUp(s: Serving): Promise<Map<string, HealthChain>> {
  for (;;) {
    const chains = await healthChains(s);
    const done = ['base', 'ethereum'].every((k) => {
      const c = chains.get(k);
      return c !== undefined && c.head_block !== null && c.last_ingested_block === c.head_block;
    });
    if (done) return chains;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Resolves once every connection the black hole accepted has been closed by the client. */
async function drained(hole: BlackHole): Promise<void> {
  while (hole.open() > 0) await new Promise((r) => setTimeout(r, 20));
}

describe('a black-holed RPC node and price API next to healthy chains', () => {
  it('publishes the healthy chains once the first-set deadline fires, while the black holes never answer', async () => {
    const s = serving!;
    expect((await fetch(`${s.base}/v1/master.json`)).status).toBe(503);
    running = s.run(ac.signal);
    // run() asks to wait for every chain's first pass, at most the first-set wait.
    const deadline = await time.next();
    expect(deadline.ms).toBe(FIRST_SET_WAIT_MS);
    // Both devnet chains finish their first pass while the deadline is pending; the stuck one never does.
    const chains = await devnetChainsCaughtUp(s);
    expect(chains.get('dev_stuck')?.last_ingested_block).toBeNull();
    expect(rpcHole.connections()).toBeGreaterThan(0);
    // Nothing was published before the deadline: the first set waits for it, not for the stuck chain.
    expect(s.holder.current()).toBeNull();
    expect((await fetch(`${s.base}/v1/master.json`)).status).toBe(503);

    const first = nextSwap(s.holder);
    deadline.fire();
    await first;
    expect(time.fired).toEqual([FIRST_SET_WAIT_MS]);

    const master = await fetch(`${s.base}/v1/master.json`);
    expect(master.status).toBe(200);
    // all_l2s: base is an L2 with documents. The stuck chain has no complete day stored, so the set leaves it out.
    expect(Object.keys((await master.json()).chains).sort()).toEqual(['all_l2s', 'base', 'ethereum']);
    for (const chain of ['base', 'ethereum']) {
      expect((await fetch(`${s.base}/v1/metrics/chains/${chain}/txcount.json`)).status, chain).toBe(200);
    }
    // Its documents are coming, not missing: 503 not_ready, with what is known of its progress.
    const stuck = await fetch(`${s.base}/v1/metrics/chains/dev_stuck/txcount.json`);
    expect(stuck.status).toBe(503);
    expect(stuck.headers.get('retry-after')).toBe('60');
    expect((await stuck.json()).error).toMatchObject({ code: 'not_ready', message: 'Chain dev_stuck is still catching up: its documents are published once its first complete day is stored.' });
    expect(rpcHole.open()).toBeGreaterThan(0); // still waiting on the node that never answers
    // Its requests wait on the default deadlines, which the test holds: RPC 20 s, prices 15 s.
    expect(new Set(deadlines.requested)).toEqual(new Set([20_000, 15_000]));
    expect(deadlines.fired).toEqual([]);
  });

  it('publishes a new set in the first round after the clock passes the hour', async () => {
    const s = serving!;
    const before = s.holder.current()!.builtAt;
    // Between rounds the service pauses for the round interval (the hour is 30 minutes away).
    const pause = await time.next();
    expect(pause.ms).toBe(ROUND_INTERVAL_MS);
    clock.set(Date.UTC(2025, 2, 10, 13, 0, 1));
    const next = nextSwap(s.holder);
    pause.fire();
    const set = await next;
    // The round that this one pause started published the set: no further wait was fired.
    expect(time.fired).toEqual([FIRST_SET_WAIT_MS, ROUND_INTERVAL_MS]);
    expect(set.builtAt).toBeGreaterThan(before);
    expect(Math.floor(set.builtAt / HOUR_MS)).toBe(Math.floor(clock.now() / HOUR_MS));
  });

  it('stops on abort: run() ends without another round, close() ends the server, the store and the connections', async () => {
    const s = serving!;
    // The service is between rounds; the RPC and price requests to the black holes are in flight.
    const pause = await time.next();
    const fired = time.fired.length;
    ac.abort();
    await running!;
    await s.close();
    serving = null;
    // The abort cut the pause short; no wait was fired after it, so nothing was waited out.
    expect(time.aborted).toEqual([pause.ms]);
    expect(time.holding).toBe(0);
    expect(time.fired).toHaveLength(fired);
    // The calls to the black holes ended by the abort: any wait between their retries was cut
    // short, none ran out (clientTime never fires one), and every connection they had open was
    // closed by the client (a black hole closes none).
    expect(clientTime.fired).toEqual([]);
    expect(clientTime.holding).toBe(0);
    await drained(rpcHole);
    await drained(priceHole);
    expect(rpcHole.open() + priceHole.open()).toBe(0);
  });
});

interface HealthProgress {
  state: string;
  blocks_done: number;
  blocks_total: number;
  percent: number | null;
  blocks_per_second: number;
  eta_seconds: number | null;
}

describe('/healthz during a backfill', () => {
  it('shows the chain\'s blocks done of total, percent and ETA, agreeing with each other and with the devnet\'s head', async () => {
    const ethereum = devnet.chainConfigs().find((c) => c.origin_key === 'ethereum')!;
    const head = devnet.head('ethereum');
    // Blocks from the middle of the range on are held: the backfill stops half-way, for good.
    const firstHeld = Math.floor(head / 2);
    const gate = await startBlockGate(ethereum.rpc_urls[0]!, firstHeld);
    const defaults = loadConfig(null, {});
    const config: AppConfig = {
      ...defaults,
      data_dir: dir,
      duckdb_path: join(dir, 'backfill.duckdb'),
      chains: [{ ...ethereum, rpc_urls: [gate.url] }],
      prices: { ...defaults.prices, coingecko_url: null, coingecko_api_key: null },
      server: { ...defaults.server, port: 0, host: '127.0.0.1', access_log: false },
    };
    // Ingestion measures on a clock that moves 250 ms per reading (never the machine's): write
    // groups close after four readings, and the rate and ETA follow from the readings alone.
    let mono = 0;
    const waits = new ManualTime();
    const rpcWaits = new ManualTime();
    const s = await serve(config, {
      clock,
      logger: createLogger('silent'),
      timing: { sleep: waits.sleep, rpc: { timeoutMs: 600_000, sleep: rpcWaits.sleep }, monotonic: () => (mono += 250) },
    });
    const stop = new AbortController();
    const run = s.run(stop.signal);
    try {
      let status = 0;
      let chain: HealthChain & { progress: HealthProgress };
      for (;;) {
        const res = await fetch(`${s.base}/healthz`);
        status = res.status;
        chain = ((await res.json()) as { chains: Array<HealthChain & { progress: HealthProgress }> }).chains[0]!;
        if (gate.held() > 0 && chain.last_ingested_block !== null) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(503); // no document set yet: the first one waits for the backfill
      const p = chain.progress;
      expect(chain.head_block).toBe(head);
      expect(p.state).toBe('syncing');
      // The configured range is block 0 to the head; what is stored is 0 to last_ingested_block.
      expect(p.blocks_total).toBe(head + 1);
      expect(p.blocks_done).toBe(chain.last_ingested_block! + 1);
      expect(p.blocks_done).toBeGreaterThan(0);
      expect(p.blocks_done).toBeLessThanOrEqual(firstHeld);
      expect(p.percent).toBe(Math.floor((p.blocks_done / p.blocks_total) * 1000) / 10);
      expect(p.percent!).toBeGreaterThan(0);
      expect(p.percent!).toBeLessThan(100);
      expect(p.blocks_per_second).toBeGreaterThan(0);
      expect(p.eta_seconds).toBe(Math.round((p.blocks_total - p.blocks_done) / p.blocks_per_second));
    } finally {
      stop.abort();
      await within(run, 15_000, 'run() after abort').catch(() => undefined);
      await within(s.close(), 15_000, 'close()').catch(() => undefined);
      await gate.close();
    }
  });
});
