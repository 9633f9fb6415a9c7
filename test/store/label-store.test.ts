// Round trips of every LabelStore method on both engines (DuckDB and the 2-shard ClickHouse
// cluster), and a DuckDB layout-2 file gaining the tables at open.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { Store } from '../../src/store/store.js';
import { SCHEMA_VERSION } from '../../src/store/duckdb/schema.js';
import type { LabelRow, MarketRow, ProjectRow } from '../../src/store/labels.js';
import { bothEngines } from '../helpers/both-engines.js';

const DAY = 86_400_000;
const D0 = Date.UTC(2024, 6, 1);
const A = '0x1111111254eeb25477b68fb85ed929f73a960582';
const B = '0x4200000000000000000000000000000000000006';

const LABELS: LabelRow[] = [
  { origin_key: 'base', address: A, contract_name: "O'Router", owner_project: '1-inch', usage_category: 'dex', verified: true },
  { origin_key: 'optimism', address: A, contract_name: null, owner_project: null, usage_category: null, verified: null },
  { origin_key: 'optimism', address: B, contract_name: 'WETH', owner_project: 'op', usage_category: 'fungible_tokens', verified: false },
];
const PROJECTS: ProjectRow[] = [
  { owner_project: 'uniswap', display_name: 'Uniswap', description: 'A "DEX"', main_github: 'uniswap', twitter: 'Uniswap', website: 'https://uniswap.org', logo_path: 'uniswap.svg', token_symbol: 'UNI', market_data_id: 'uniswap', features: ['swap', 'lp'] },
  { owner_project: '1-inch', display_name: '1inch', description: null, main_github: null, twitter: null, website: null, logo_path: null, token_symbol: null, market_data_id: null, features: [] },
];

let store: Store | null = null;
const OPEN = bothEngines();
let dir: string | null = null;
afterEach(async () => {
  await store?.close();
  store = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe.each(Object.keys(OPEN) as Array<keyof typeof OPEN>)('%s LabelStore', (engine) => {
  it('replaceLabels / readLabels: whole replacement, nulls and quotes kept', async () => {
    store = await OPEN[engine]();
    expect(await store.readLabels()).toEqual([]);
    await store.replaceLabels(LABELS);
    expect(await store.readLabels()).toEqual([LABELS[0], LABELS[1], LABELS[2]]);
    await store.replaceLabels([LABELS[2]!]);
    expect(await store.readLabels()).toEqual([LABELS[2]]);
    await store.replaceLabels([]);
    expect(await store.readLabels()).toEqual([]);
  });

  it('replaceLabels refuses a duplicate contract or an address not in lower case, and keeps the old rows', async () => {
    store = await OPEN[engine]();
    await store.replaceLabels(LABELS);
    await expect(store.replaceLabels([LABELS[0]!, LABELS[0]!])).rejects.toThrow(/appears twice/);
    await expect(store.replaceLabels([{ ...LABELS[0]!, address: A.toUpperCase() }])).rejects.toThrow(/lower-case/);
    expect(await store.readLabels()).toHaveLength(3);
  });

  it('replaceProjects / readProjects: every field, features as a list, ordered by owner_project', async () => {
    store = await OPEN[engine]();
    await store.replaceProjects(PROJECTS);
    expect(await store.readProjects()).toEqual([PROJECTS[1], PROJECTS[0]]);
    await store.replaceProjects([PROJECTS[1]!]);
    expect(await store.readProjects()).toEqual([PROJECTS[1]]);
    await expect(store.replaceProjects([PROJECTS[0]!, PROJECTS[0]!])).rejects.toThrow(/appears twice/);
  });

  it('writeMarketData upserts a day; readMarketData per id, by day', async () => {
    store = await OPEN[engine]();
    const rows: MarketRow[] = [
      { market_data_id: 'uniswap', day_ms: D0 + DAY, price_usd: 7.5, market_cap_usd: 4.5e9, volume_usd: null },
      { market_data_id: 'uniswap', day_ms: D0, price_usd: 7, market_cap_usd: 4.2e9, volume_usd: 1.2e8 },
      { market_data_id: 'aave', day_ms: D0, price_usd: 90, market_cap_usd: null, volume_usd: 3e7 },
    ];
    await store.writeMarketData(rows);
    expect(await store.readMarketData('uniswap')).toEqual([rows[1], rows[0]]);
    // A later fetch of the same day replaces it (today's provisional value).
    const today = { market_data_id: 'uniswap', day_ms: D0 + DAY, price_usd: 7.6, market_cap_usd: 4.6e9, volume_usd: 9e7 };
    await store.writeMarketData([today]);
    expect(await store.readMarketData('uniswap')).toEqual([rows[1], today]);
    expect(await store.readMarketData('aave')).toEqual([rows[2]]);
    expect(await store.readMarketData('nope')).toEqual([]);
    await store.writeMarketData([]);
    await expect(store.writeMarketData([{ ...today, day_ms: D0 + 5 }])).rejects.toThrow(/not a day start/);
    await expect(store.writeMarketData([{ ...today, price_usd: Number.NaN }])).rejects.toThrow(/finite/);
  });
});

describe('DuckDB label tables', () => {
  it('a file of layout version 2 gains the tables at open and keeps what it held', async () => {
    dir = mkdtempSync(join(tmpdir(), 'labels-store-'));
    const path = join(dir, 'v2.duckdb');
    const first = await DuckDbStore.open({ path });
    await first.writePrices([{ asset: 'ethereum', granularity: 'daily', period_ms: D0, usd: 3000 }]);
    for (const t of ['labels', 'projects', 'market_data']) await first.exec(`DROP TABLE ${t}`);
    await first.exec('UPDATE schema_version SET version = 2');
    await first.close();
    const duck = await DuckDbStore.open({ path });
    store = duck;
    expect(await duck.query('SELECT version FROM schema_version')).toEqual([{ version: SCHEMA_VERSION }]);
    expect(SCHEMA_VERSION).toBe(5);
    await duck.replaceLabels(LABELS);
    expect(await duck.readLabels()).toHaveLength(3);
    expect(await duck.readPrices('ethereum', 'daily')).toHaveLength(1);
  });
});
