// Golden test of fdv read from a token contract: mantle's token is given a contract on the
// devnet chain (one of its simulated tokens, whose totalSupply() changes daily), so fdv = the
// day's price × that contract's totalSupply() at the day's last block, read with eth_call by the
// supply sampler; on the days the node has no state for, fdv falls back to the registry's
// total_supply. The expected supply is asked from the devnet node directly with a plain
// JSON-RPC request at the block its ground truth names, never from the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock } from '../../src/clock.js';
import { devnetMarketPoint, type Devnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import type { Chain } from '../../src/registry/types.js';
import { syncMarketData } from '../../src/sources/market/sync-market.js';
import { CoinGeckoClient } from '../../src/sources/prices/coingecko-client.js';
import { StablecoinSampler } from '../../src/sources/stablecoins/supply-sampler.js';
import type { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { factValue } from '../metrics/chain-fixture.js';
import { sharedIngestedDevnet, type IngestedDevnet } from '../helpers/shared-devnet-store.js';
import { THREE_CHAIN_DEVNET } from './three-chain-devnet.js';

const silent = createLogger('silent');
// The sources golden files' devnet (its mantle's token and history serve this test as well), so
// its ingested store is the run's shared one; each case samples and computes on its own copy.
const { seed: SEED, nowMs: NOW } = THREE_CHAIN_DEVNET;
const YESTERDAY = Math.floor(NOW / DAY_MS) * DAY_MS - DAY_MS;
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

describe('golden: fdv from the token contract (eth_call totalSupply), else the registry supply', () => {
  const clock = new FixedClock(NOW);
  let devnet: Devnet;
  let shared: IngestedDevnet | undefined;
  let mantle: Chain;

  beforeAll(async () => {
    shared = await sharedIngestedDevnet(THREE_CHAIN_DEVNET);
    devnet = shared.devnet;
    const base = devnet.chainConfigs().find((c) => c.origin_key === 'mantle')!;
    const coin = base.stablecoins[0]!;
    // The token contract stands in for MNT; its own stablecoin list is left out so the contract is read as the token only.
    mantle = { ...base, stablecoins: [], token: { ...base.token!, address: coin.address, decimals: coin.decimals } };
  });
  afterAll(async () => shared?.close());

  async function pipeline(): Promise<DuckDbStore> {
    // Blocks and prices as ingested (ingestion reads no token contract and no state).
    const store = await shared!.copy();
    const chains = [devnet.chainConfigs().find((c) => c.origin_key === 'ethereum')!, mantle];
    const cg = new CoinGeckoClient({ baseUrl: devnet.priceUrl, retries: 2 });
    expect((await syncMarketData(store, cg, ['ethereum', 'mantle'], { clock, historyDays: 10 })).failed).toEqual([]);
    const sampler = new StablecoinSampler({ clock, logger: silent, rpc: { maxAttempts: 1 } });
    try {
      await sampler.run(store, chains);
    } finally {
      await sampler.close();
    }
    await computeFacts(store, chains, clock, { logger: silent });
    return store;
  }

  /** totalSupply() of the contract at the day's last block, asked from the devnet node itself. */
  async function supplyAt(day: number): Promise<number> {
    const block = devnet.stablecoinsGroundTruth('mantle', day).block;
    const res = await fetch(mantle.rpc_urls[0] as string, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: mantle.token!.address, data: '0x18160ddd' }, `0x${block.toString(16)}`] }),
    });
    return Number(BigInt(((await res.json()) as { result: string }).result)) / 10 ** mantle.token!.decimals!;
  }

  it("every day: the day's price × the contract's totalSupply() of that day", async () => {
    const store = await pipeline();
    try {
      let days = 0;
      for (let day = YESTERDAY; day > YESTERDAY - 5 * DAY_MS; day -= DAY_MS, days++) {
        const fdv = await factValue(store, 'mantle', 'fdv_usd', 'daily', day);
        expect(rel(fdv!, devnetMarketPoint(SEED, 'mantle', day).price * (await supplyAt(day)))).toBeLessThan(1e-9);
      }
      expect(days).toBe(5);
      // The contract's supply is not the registry's: the test tells the two apart.
      expect(await supplyAt(YESTERDAY)).not.toBe(mantle.token!.total_supply);
    } finally {
      await store.close();
    }
  });

  it('a node without the state of older days: those days fall back to the registry total_supply', async () => {
    devnet.setStateHistory('mantle', 50);
    try {
      const store = await pipeline();
      try {
        const old = YESTERDAY - 3 * DAY_MS;
        const fdv = await factValue(store, 'mantle', 'fdv_usd', 'daily', old);
        expect(rel(fdv!, devnetMarketPoint(SEED, 'mantle', old).price * mantle.token!.total_supply!)).toBeLessThan(1e-12);
        expect((await store.readSampleGaps(['mantle'])).some((g) => g.day_ms === old)).toBe(true);
      } finally {
        await store.close();
      }
    } finally {
      devnet.setStateHistory('mantle', null);
    }
  });
});
