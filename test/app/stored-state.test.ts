// A restart with nothing new to ingest: the chains are caught up, and /healthz must say so from
// what the store holds (checkpoint block and its time), not "nothing ingested yet". Real
// devnet JSON-RPC, a DuckDB file written by the ingest entry point, then `serve` on that file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../src/app/ingest.js';
import { serve } from '../../src/app/serve.js';
import { FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { loadConfig } from '../../src/registry/config.js';

const clock = new FixedClock(Date.UTC(2025, 2, 10, 12, 30));
const logger = createLogger('silent');
const dir = mkdtempSync(join(tmpdir(), 'chainlytics-restart-'));
const K = 'base';
let devnet: Devnet;
let config: AppConfig;

beforeAll(async () => {
  devnet = await startDevnet({ seed: 5, clock, historyDays: 2, txPerDay: 60, chains: [K] });
  const defaults = loadConfig(null, {});
  config = {
    ...defaults,
    data_dir: dir,
    duckdb_path: join(dir, 'restart.duckdb'),
    chains: devnet.chainConfigs(),
    prices: { ...defaults.prices, coingecko_url: devnet.priceUrl, coingecko_api_key: null },
    server: { ...defaults.server, port: 0, host: '127.0.0.1', access_log: false },
  };
  expect(await ingest(config, { follow: false, signal: new AbortController().signal }, { clock, logger })).toEqual({ ok: true });
});

afterAll(async () => {
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a restart with nothing new to ingest', () => {
  it('reports each chain ok at its stored last block, before and after the first round', async () => {
    const head = devnet.head(K);
    const headTimeMs = devnet.blockTime(K, head) * 1000;
    const serving = await serve(config, { clock, logger });
    try {
      const chainState = async (): Promise<{ status: string; chain: Record<string, unknown> }> => {
        const h = await (await fetch(`${serving.base}/healthz`)).json();
        return { status: h.status, chain: h.chains.find((c: { origin_key: string }) => c.origin_key === K) };
      };
      // Before any round: no set yet (not_ready), but the chain's state comes from the store.
      const before = await chainState();
      expect(before.status).toBe('not_ready');
      expect(before.chain).toMatchObject({ status: 'ok', last_ingested_block: head, last_ingested_block_time: headTimeMs });
      expect(before.chain.message).toBeUndefined();
      // No set loaded: no document-set age at all (0 would read as a set built just now).
      const metrics = await (await fetch(`${serving.base}/metrics`)).text();
      expect(metrics).not.toMatch(/^chainlytics_document_set_age_seconds /m);

      const ac = new AbortController();
      const first = new Promise<void>((resolve) => serving.holder.onSwap(() => resolve()));
      const running = serving.run(ac.signal);
      await first;
      ac.abort();
      await running;
      // The round ingested nothing (the head has not moved), and the chain is still ok.
      const after = await chainState();
      expect(after.status).toBe('ok');
      expect(after.chain).toMatchObject({ status: 'ok', head_block: head, last_ingested_block: head, last_ingested_block_time: headTimeMs });
      expect(after.chain.message).toBeUndefined();
      expect(await (await fetch(`${serving.base}/metrics`)).text()).toMatch(/^chainlytics_document_set_age_seconds 0$/m);
    } finally {
      await serving.close();
    }
  });
});
