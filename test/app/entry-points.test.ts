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

describe('serve: the live stream (CONTRACT.md 12.6)', () => {
  /** A JSON-RPC call to the devnet node of `key`, over HTTP like any client. */
  async function rpc<T>(key: string, method: string, params: unknown[]): Promise<T> {
    const entry = config.chains.find((c) => c.origin_key === key)!.rpc_urls[0];
    const url = typeof entry === 'string' ? entry : entry.url;
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return ((await res.json()) as { result: T }).result;
  }

  it('after ingest, a chain\'s live tps, block_time and median fee are what its newest blocks on the node give', async () => {
    // The tick loop waits until closed: the figures are the cold start's, replayed from the store.
    const held = (_ms: number, signal?: AbortSignal): Promise<void> => new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
    const serving = await serve(config, { clock, logger, liveSleep: held });
    try {
      // W from the node itself: the newest n blocks, n the smallest >= 3 spanning 12 s.
      const head = Number(await rpc<string>('base', 'eth_blockNumber', []));
      const blocks: Array<{ time: number; txs: number; n: number }> = [];
      for (let n = head; blocks.length < 3 || blocks[0].time - blocks[blocks.length - 1].time < 12; n--) {
        const b = await rpc<{ timestamp: string; transactions: string[] }>('base', 'eth_getBlockByNumber', [`0x${n.toString(16)}`, false]);
        blocks.push({ time: Number(b.timestamp), txs: b.transactions.length, n });
      }
      const span = blocks[0].time - blocks[blocks.length - 1].time;
      const count = blocks.length;
      const txs = blocks.reduce((a, b) => a + b.txs, 0);
      const fees: number[] = [];
      for (const b of blocks) {
        const receipts = await rpc<Array<{ gasUsed: string; effectiveGasPrice: string; l1Fee?: string }>>('base', 'eth_getBlockReceipts', [`0x${b.n.toString(16)}`]);
        for (const r of receipts) {
          const price = BigInt(r.effectiveGasPrice);
          if (price > 0n) fees.push(Number(BigInt(r.gasUsed) * price + BigInt(r.l1Fee ?? '0x0')));
        }
      }
      fees.sort((a, b) => a - b);
      const res = await fetch(`${serving.base}/api/chain/base`);
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: Record<string, number> };
      // Every OP-stack block carries its deposit transaction, which counts (12.6: all transactions).
      expect(txs).toBeGreaterThanOrEqual(count);
      expect(data.tps).toBe(Math.round((txs / ((span * count) / (count - 1))) * 10) / 10);
      expect(data.block_time).toBe(Math.round((span / (count - 1)) * 1000) / 1000);
      if (fees.length === 0) {
        // This devnet's traffic is light: W may hold only the unpriced deposits. Then no cost is known.
        expect([data.tx_cost_median, data.tx_cost_median_usd, data.tx_cost_erc20_transfer, data.tx_cost_avg]).toEqual([0, 0, 0, 0]);
      } else {
        // base pays in ether: the ETH figure is the median fee in ether, at whatever ETH price is held.
        const median = fees.length % 2 === 1 ? fees[(fees.length - 1) / 2] : (fees[fees.length / 2 - 1] + fees[fees.length / 2]) / 2;
        expect(data.tx_cost_median).toBeCloseTo(median / 1e18, 15);
      }
      // The ecosystem message holds both chains, and both histories have points at once.
      const all = (await (await fetch(`${serving.base}/api/data`)).json()) as { data: Record<string, unknown> };
      expect(Object.keys(all.data)).toEqual(['base', 'ethereum']);
      const history = (await (await fetch(`${serving.base}/api/history?limit=5`)).json()) as { history: unknown[] };
      expect(history.history.length).toBeGreaterThan(0);
    } finally {
      await serving.close();
    }
  });
});
