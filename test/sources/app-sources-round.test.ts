// The service's rounds import the application sources (src/app/service.ts): labels and the
// project directory from files, market data from the CoinGecko-shaped API for the ids the
// directory names; a changed label file makes the next round publish, an unchanged one not.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Service } from '../../src/app/service.js';
import { FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { loadConfig } from '../../src/registry/config.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { startFakeCoinGecko, type FakeCoinGecko } from './prices/fake-coingecko.js';

const START = Date.UTC(2025, 2, 10, 12, 30);
const clock = new FixedClock(START);
const dir = mkdtempSync(join(tmpdir(), 'chainlytics-app-sources-'));
const labels = join(dir, 'labels.csv');
let devnet: Devnet;
let fake: FakeCoinGecko;
let store: DuckDbStore;
let service: Service;
let chainId: number;
/** A label file naming one contract on the devnet's chain. */
const row = (owner: string): string => `address,chain_id,contract_name,owner_project,usage_category\n0x1111111254eeb25477b68fb85ed929f73a960582,eip155:${chainId},Router,${owner},dex\n`;

beforeAll(async () => {
  devnet = await startDevnet({ seed: 5, clock, historyDays: 2, txPerDay: 30, chains: ['base'] });
  fake = await startFakeCoinGecko(START);
  fake.prices = { ethereum: () => 2000, aave: () => 90 };
  fake.marketCaps = { aave: () => 1.3e9 };
  fake.volumes = { aave: () => 1e8 };
  cpSync(join(import.meta.dirname, '../fixtures/oss-directory/projects'), join(dir, 'projects'), { recursive: true });
  chainId = devnet.chainConfigs()[0]!.evm_chain_id;
  writeFileSync(labels, row('1-inch'));
  const defaults = loadConfig(null, {});
  const config: AppConfig = {
    ...defaults,
    chains: devnet.chainConfigs(),
    prices: { ...defaults.prices, coingecko_url: fake.url, coingecko_api_key: null },
    labels: { files: [labels], urls: [] },
    projects: { dir: join(dir, 'projects'), overlay: null },
    market_data: { ids: [], history_days: 10 },
  };
  store = await DuckDbStore.open({ path: ':memory:' });
  service = new Service({ config, store, clock, logger: createLogger('silent'), priceClient: { retries: 0 } });
});

afterAll(async () => {
  await service?.close();
  await store?.close();
  await devnet?.close();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('application sources in the rounds', () => {
  it('imports labels, projects and the directory\'s market data; re-imports a changed label file', async () => {
    expect((await service.round()).build).not.toBeNull();
    expect((await store.readLabels()).map((l) => [l.origin_key, l.owner_project])).toEqual([['base', '1-inch']]);
    expect(await store.readProjects()).toHaveLength(7);
    // aave and uniswap name token_coingecko_api_id; the fake knows aave only.
    const aave = await store.readMarketData('aave');
    expect(aave.length).toBeGreaterThan(5);
    expect(aave[aave.length - 1]).toMatchObject({ price_usd: 90, market_cap_usd: 1.3e9, volume_usd: 1e8 });

    expect((await service.round()).build).toBeNull();
    writeFileSync(labels, row('uniswap'));
    expect((await service.round()).build).not.toBeNull();
    expect((await store.readLabels())[0]!.owner_project).toBe('uniswap');
  });
});
