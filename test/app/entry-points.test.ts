// The entry points the CLI calls (src/app: ingest, buildToDirectory, serve), driven in-process
// against the devnet's real JSON-RPC servers with a fixed clock, a DuckDB file in a temporary
// directory and a real HTTP listener on an ephemeral port.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildToDirectory } from '../../src/app/build.js';
import { ingest } from '../../src/app/ingest.js';
import { serve } from '../../src/app/serve.js';
import { FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { llmsTxt } from '../../src/documents/llms-txt.js';
import { createLogger } from '../../src/log.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { loadConfig } from '../../src/registry/config.js';

const clock = new FixedClock(Date.UTC(2025, 2, 10, 12, 30));
const logger = createLogger('silent');
const dir = mkdtempSync(join(tmpdir(), 'chainlytics-app-'));
let devnet: Devnet;
let config: AppConfig;

beforeAll(async () => {
  devnet = await startDevnet({ seed: 3, clock, historyDays: 3, txPerDay: 60, chains: ['ethereum', 'base'] });
  const defaults = loadConfig(null, {});
  config = {
    ...defaults,
    data_dir: dir,
    duckdb_path: join(dir, 'app.duckdb'),
    chains: devnet.chainConfigs(),
    prices: { ...defaults.prices, coingecko_url: devnet.priceUrl, coingecko_api_key: null },
    // Port 0: the listener picks a free port; the address is what serve() returns.
    server: { ...defaults.server, port: 0, host: '127.0.0.1', access_log: false },
  };
});

afterAll(async () => {
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('src/app entry points', () => {
  it('ingest: one pass reaches every head and closes the store behind it', async () => {
    const r = await ingest(config, { follow: false, signal: new AbortController().signal }, { clock, logger });
    expect(r).toEqual({ ok: true });
    // The store was closed: the next entry point can open the same DuckDB file.
    expect(existsSync(config.duckdb_path)).toBe(true);
  });

  it('buildToDirectory: without ingesting, every document from the blocks stored; with a round, the same, each with its .gz and .br and the nginx map', async () => {
    // This one with a public URL configured: the export names it where the other has /v1.
    const withUrl = { ...config, server: { ...config.server, public_base_url: 'https://data.example.org', public_base_url_given: true } };
    const bare = await buildToDirectory(withUrl, { out: join(dir, 'bare'), ingest: false }, { clock, logger });
    const out = join(dir, 'site');
    const r = await buildToDirectory(config, { out, ingest: true }, { clock, logger });
    expect(r.out).toBe(out);
    expect(r.degraded).toBe(0);
    expect(r.documents).toBeGreaterThan(10);
    // --no-ingest fetches no block but computes the facts of those stored (the first test
    // ingested up to the heads): the builder of a deployment whose ingestion runs elsewhere.
    expect(bare.documents).toBe(r.documents);
    expect(existsSync(join(dir, 'bare', 'v1', 'metrics'))).toBe(true);
    const master = JSON.parse(readFileSync(join(out, 'v1', 'master.json'), 'utf8'));
    expect(Object.keys(master.chains).sort()).toEqual(['all_l2s', 'base', 'ethereum']);
    for (const ext of ['.gz', '.br']) expect(existsSync(join(out, 'v1', `master.json${ext}`))).toBe(true);
    expect(existsSync(join(out, 'nginx-hourly.map'))).toBe(true);
    // The dashboard next to v1/: its page names assets that were written with it.
    const page = readFileSync(join(out, 'index.html'), 'utf8');
    const assets = [...page.matchAll(/"(\/assets\/app-[0-9a-f]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets).toHaveLength(2);
    for (const a of assets) for (const ext of ['', '.gz', '.br']) expect(existsSync(join(out, `${a}${ext}`)), a + ext).toBe(true);
    // /docs (the dashboard's page, opened on its API explorer), and the OpenAPI server the
    // explorer reads: relative without a public URL.
    const servers = (site: string) => (JSON.parse(readFileSync(join(dir, site, 'v1', 'openapi.json'), 'utf8')) as { servers: unknown }).servers;
    expect(servers('site')).toEqual([{ url: '/v1' }]);
    expect(servers('bare')).toEqual([{ url: 'https://data.example.org/v1' }]);
    expect(readFileSync(join(out, 'docs', 'index.html'), 'utf8')).toBe(page);
    expect(readFileSync(join(dir, 'bare', 'docs', 'index.html'), 'utf8')).toBe(readFileSync(join(dir, 'bare', 'index.html'), 'utf8'));
    // /llms.txt next to v1/, naming the configured URL as the server's does; the Parquet exports
    // with the other flat exports (Parquet files begin and end with PAR1).
    expect(readFileSync(join(dir, 'bare', 'llms.txt'), 'utf8')).toBe(llmsTxt('https://data.example.org'));
    expect(readFileSync(join(out, 'llms.txt'), 'utf8')).toBe(llmsTxt(null));
    const parquet = readFileSync(join(out, 'v1', 'fundamentals_full.parquet'));
    expect([parquet.subarray(0, 4).toString('latin1'), parquet.subarray(-4).toString('latin1')]).toEqual(['PAR1', 'PAR1']);
  });

  it('serve: listens, answers 503 before the first round and the documents after it', async () => {
    const serving = await serve(config, { clock, logger });
    try {
      expect(serving.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${serving.base}/v1/master.json`)).status).toBe(503);
      // The dashboard answers before the documents exist (it then says the data is being prepared).
      const page = await fetch(`${serving.base}/`);
      expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
      expect(await page.text()).toMatch(/<script type="module" src="\/assets\/app-[0-9a-f]{12}\.js">/);
      const ac = new AbortController();
      const first = new Promise<number>((resolve) => serving.holder.onSwap((set) => resolve(set.entries.size)));
      const running = serving.run(ac.signal);
      expect(await first).toBeGreaterThan(10);
      ac.abort();
      await running;
      const master = await fetch(`${serving.base}/v1/master.json`);
      expect(master.status).toBe(200);
      expect(Object.keys((await master.json()).chains).sort()).toEqual(['all_l2s', 'base', 'ethereum']);
    } finally {
      await serving.close();
    }
    await expect(fetch(`${serving.base}/healthz`)).rejects.toThrow();
  });
});
