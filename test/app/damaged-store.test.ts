// A DuckDB file damaged on disk (cut to half its size; random bytes over its middle) must stop
// `serve` with a message naming the file and what to do, never leave it answering 503 with
// "nothing ingested yet" while every round fails. The file is a real one written by the ingest
// entry point; serve is the entry point the CLI runs.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../src/app/ingest.js';
import { serve, type Serving } from '../../src/app/serve.js';
import { FixedClock } from '../../src/clock.js';
import { Rng } from '../../src/devnet/prng.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { loadConfig } from '../../src/registry/config.js';

const clock = new FixedClock(Date.UTC(2025, 2, 10, 12, 30));
const logger = createLogger('silent');
const dir = mkdtempSync(join(tmpdir(), 'chainlytics-damaged-'));
const good = join(dir, 'good.duckdb');
let devnet: Devnet;
let config: AppConfig;

beforeAll(async () => {
  devnet = await startDevnet({ seed: 3, clock, historyDays: 3, txPerDay: 60, chains: ['base'] });
  const defaults = loadConfig(null, {});
  config = {
    ...defaults,
    data_dir: dir,
    duckdb_path: good,
    chains: devnet.chainConfigs(),
    prices: { ...defaults.prices, coingecko_url: null, coingecko_api_key: null },
    server: { ...defaults.server, port: 0, host: '127.0.0.1', access_log: false },
  };
  expect(await ingest(config, { follow: false, signal: new AbortController().signal }, { clock, logger })).toEqual({ ok: true });
});

afterAll(async () => {
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

const DAMAGE: Record<string, (path: string) => void> = {
  'truncated to half': (path) => truncateSync(path, Math.floor(statSync(path).size / 2)),
  'random bytes over the middle': (path) => {
    const bytes = readFileSync(path);
    const rng = new Rng(11);
    // The middle half: past the header, over the blocks that hold the stored rows.
    for (let i = Math.floor(bytes.length / 4); i < Math.floor((3 * bytes.length) / 4); i++) bytes[i] = rng.u32() & 0xff;
    writeFileSync(path, bytes);
  },
};

describe('serve on a damaged store file', () => {
  it.each(Object.keys(DAMAGE))('%s: stops with the file named and what to do; /healthz and /metrics never claim a set', async (how) => {
    const path = join(dir, `${how.replace(/\W+/g, '-')}.duckdb`);
    copyFileSync(good, path);
    DAMAGE[how](path);
    const cfg = { ...config, duckdb_path: path };

    // The damage is found at open (serve rejects) or by the first round that reads it (run
    // rejects); either way within the test's time, and never by retrying rounds forever.
    let failure: unknown = null;
    let serving: Serving | null = null;
    try {
      serving = await serve(cfg, { clock, logger });
    } catch (err) {
      failure = err;
    }
    if (serving) {
      try {
        const ac = new AbortController();
        const stop = setTimeout(() => ac.abort(), 30_000);
        failure = await serving.run(ac.signal).then(
          () => null,
          (err: unknown) => err,
        );
        clearTimeout(stop);
        const health = await (await fetch(`${serving.base}/healthz`)).json();
        expect(health.status).toBe('not_ready');
        expect(health.document_set).toEqual({ loaded: false });
        expect(health.error).toContain(path);
        expect(health.error).toMatch(/restore the file from a backup, or move it aside/);
        const metrics = await (await fetch(`${serving.base}/metrics`)).text();
        expect(metrics).not.toMatch(/^chainlytics_document_set_age_seconds /m);
      } finally {
        await serving.close();
      }
    }
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain(path);
    expect(message).toMatch(/cannot be read/);
    expect(message).toMatch(/restore the file from a backup, or move it aside/);
  });
});
