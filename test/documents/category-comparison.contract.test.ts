// Contract tests of the category comparison documents (CONTRACT.md 11.3) on hand-made chains in a
// real DuckDB store: facts computed and documents built by the real pipeline, every expected
// number written here from the transactions the test wrote (fee = gas used × 1 gwei, ETH at 2000
// USD every day), one rule per test.
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import type { LabelRow, ProjectRow } from '../../src/store/labels.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, makeChain, type TxSpec } from '../metrics/chain-fixture.js';
import { DAY, HOUR } from './scenario.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 5, 1);
const day = (i: number) => D0 + i * DAY;
const NOW = day(9) + 2 * HOUR; // days 0..8 complete
const USD = 2000;
const S = (ms: number) => ms / 1000;
const DEX = addr(0xde);
const BRIDGE = addr(0xb1);
/** 60 unlabeled contracts, each called once on day 0 with a different fee. */
const other = (i: number) => addr(0x1000 + i);
/** Called 3 times on day 0 at the lowest fees of alpha's unlabeled contracts. */
const BUSY_CHEAP = addr(0x3000);
const BETA_BIG = addr(0x2000);
const BETA_SMALL = addr(0x2001);
const transfer = (): TxSpec => ({ from: addr(1), gasUsed: 21_000n });
const call = (to: string, gas: bigint): TxSpec => ({ from: addr(2), to, gasUsed: gas, inputEmpty: false });
/** ETH of a fee at 1 gwei per gas. */
const eth = (gas: number) => gas / 1e9;
const money = (gas: number) => [eth(gas), eth(gas) * USD];
const near = (row: unknown[]): unknown[] => row.map((v) => (typeof v === 'number' && !Number.isInteger(v) ? expect.closeTo(v, 12) : v));
const MAIN_IDS = ['finance', 'collectibles', 'social', 'token_transfers', 'utility', 'cross_chain', 'unlabeled'];
const DAILY_TYPES = ['unix', 'gas_fees_absolute_eth', 'gas_fees_absolute_usd', 'txcount_absolute'];
const VALUE_TYPES = ['gas_fees_absolute_eth', 'gas_fees_absolute_usd', 'gas_fees_share', 'txcount_absolute', 'txcount_share'];
const CONTRACT_TYPES = ['address', 'project_name', 'name', 'main_category_key', 'sub_category_key', 'chain', 'gas_fees_absolute_eth', 'gas_fees_absolute_usd', 'txcount_absolute'];
const WINDOWS = ['7d', '30d', '180d', 'max'];
const LABELS: LabelRow[] = [
  { origin_key: 'alpha', address: DEX, contract_name: 'Router', owner_project: 'uniswap', usage_category: 'dex', verified: true },
  // A project the directory does not hold: no display name.
  { origin_key: 'alpha', address: BRIDGE, contract_name: 'Bridge', owner_project: 'hop', usage_category: 'bridge', verified: null },
];
const PROJECT: Omit<ProjectRow, 'owner_project' | 'display_name'> = { description: null, main_github: null, twitter: null, website: null, logo_path: null, token_symbol: null, market_data_id: null, features: [] };
const UNLABELED_GAS = (i: number) => 30_000 + i * 100;

// alpha's day totals (gas, txcount), written out from the blocks below.
const ALPHA_DAY0_GAS = 2 * 21_000 + 100_000 + 50_000 + 40_000 + Array.from({ length: 60 }, (_, i) => UNLABELED_GAS(i)).reduce((a, b) => a + b, 0) + 3 * 9_000;
const ALPHA_DAY0_TX = 2 + 1 + 1 + 1 + 60 + 3;

describe('category comparison documents (CONTRACT.md 11.3)', () => {
  let store: DuckDbStore;
  const alpha = makeChain('alpha');
  const beta = makeChain('beta');
  // A DEV chain is never compared.
  const gamma = makeChain('gamma', { deployment: 'DEV' });
  const chains = [alpha, beta, gamma];
  const clock = new FixedClock(NOW);
  let inputs: DocumentInput[];
  const doc = (path: string, from = inputs): any => JSON.parse(JSON.stringify(from.find((i) => i.path === path)?.json ?? null));
  const category = (id: string, from = inputs) => doc(`/v1/blockspace/category_comparison/${id}.json`, from)?.data[id];
  const build = async () => (await buildAllDocuments(store, chains, clock, { logger: silent })).inputs;

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    await new ChainWriter(store, alpha).write([
      {
        time: S(day(0) + 12 * HOUR),
        txs: [
          transfer(),
          transfer(),
          { from: addr(3), to: null, gasUsed: 100_000n, inputEmpty: false },
          call(DEX, 50_000n),
          call(BRIDGE, 40_000n),
          ...Array.from({ length: 60 }, (_, i) => call(other(i), BigInt(UNLABELED_GAS(i)))),
          ...Array.from({ length: 3 }, () => call(BUSY_CHEAP, 9_000n)),
        ],
      },
      { time: S(day(3) + 12 * HOUR), txs: [transfer()] },
      { time: S(day(8) + 12 * HOUR), txs: [transfer(), call(DEX, 50_000n)] },
      { time: S(day(9) + HOUR) },
    ]);
    await new ChainWriter(store, beta).write([
      { time: S(day(5) + 12 * HOUR), txs: [transfer(), call(BETA_BIG, 1_000_000n), call(BETA_SMALL, 20_000n)] },
      { time: S(day(9) + HOUR) },
    ]);
    await new ChainWriter(store, gamma).write([{ time: S(day(0) + 12 * HOUR), txs: [transfer(), call(DEX, 50_000n)] }, { time: S(day(9) + HOUR) }]);
    await store.writePrices(Array.from({ length: 10 }, (_, i) => ({ asset: 'ethereum', granularity: 'daily' as const, period_ms: day(i), usd: USD })));
    await store.replaceLabels(LABELS);
    await store.replaceProjects([{ ...PROJECT, owner_project: 'uniswap', display_name: 'Uniswap' }]);
    await computeFacts(store, chains, clock, { logger: silent });
    inputs = await build();
  });
  afterAll(async () => {
    await store.close();
  });

  it('index.json: one key per main category in master.json order, subcategories an array of the subs with transactions', () => {
    const index = doc('/v1/blockspace/category_comparison/index.json');
    expect(Object.keys(index)).toEqual(['data', 'last_updated_utc']);
    expect(index.last_updated_utc).toBe('2024-06-10 02:00:00');
    const master = doc('/v1/master.json');
    expect(Object.keys(index.data)).toEqual(Object.keys(master.blockspace_categories.main_categories));
    expect(Object.keys(index.data)).toEqual(MAIN_IDS);
    expect(index.data).toEqual({
      finance: { type: 'main_category', subcategories: ['dex'] },
      collectibles: { type: 'main_category', subcategories: [] },
      social: { type: 'main_category', subcategories: [] },
      token_transfers: { type: 'main_category', subcategories: ['native_transfer'] },
      utility: { type: 'main_category', subcategories: ['contract_deployment'] },
      cross_chain: { type: 'main_category', subcategories: ['bridge'] },
      unlabeled: { type: 'main_category', subcategories: ['unlabeled'] },
    });
  });

  it('{main}.json for every main category: data holds that one key, a main_category node, and last_updated_utc', () => {
    const paths = inputs.map((i) => i.path).filter((p) => p.startsWith('/v1/blockspace/category_comparison/'));
    expect(paths.sort()).toEqual(['index', ...MAIN_IDS].map((id) => `/v1/blockspace/category_comparison/${id}.json`).sort());
    for (const id of MAIN_IDS) {
      const d = doc(`/v1/blockspace/category_comparison/${id}.json`);
      expect(Object.keys(d), id).toEqual(['data', 'last_updated_utc']);
      expect(Object.keys(d.data), id).toEqual([id]);
      expect(Object.keys(d.data[id]), id).toEqual(['type', 'subcategories', 'daily', 'daily_7d_rolling', 'aggregated']);
      expect(d.data[id].type).toBe('main_category');
    }
  });

  it('list: the mapped subs with a transaction, each with its sub_category node (daily included); no other sub', () => {
    const n = category('token_transfers');
    expect(Object.keys(n.subcategories)).toEqual(['list', 'native_transfer']);
    expect(n.subcategories.list).toEqual(['native_transfer']);
    const s = n.subcategories.native_transfer;
    expect(Object.keys(s)).toEqual(['type', 'daily', 'daily_7d_rolling', 'aggregated']);
    expect(s.type).toBe('sub_category');
    // The only sub with data: its node holds the main node's figures.
    expect(s.daily).toEqual(n.daily);
    expect(s.daily_7d_rolling).toEqual(n.daily_7d_rolling);
    for (const w of WINDOWS) expect(s.aggregated[w], w).toEqual({ data: n.aggregated[w].data });
    expect(category('finance').subcategories.dex.daily.alpha.map((r: number[]) => r[3])).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  it('a category without data: list [], daily and daily_7d_rolling with types only, empty data and contracts per window', () => {
    for (const id of ['collectibles', 'social']) {
      expect(category(id), id).toEqual({
        type: 'main_category',
        subcategories: { list: [] },
        daily: { types: DAILY_TYPES },
        daily_7d_rolling: { types: DAILY_TYPES },
        aggregated: Object.fromEntries(WINDOWS.map((w) => [w, { data: { types: VALUE_TYPES }, contracts: { types: CONTRACT_TYPES, data: [] } }])),
      });
    }
  });

  it('daily: per PROD chain with the category, every day from its first day in it to yesterday, zeros between, ascending', () => {
    const n = category('token_transfers');
    expect(n.daily.types).toEqual(DAILY_TYPES);
    expect(Object.keys(n.daily)).toEqual(['types', 'alpha', 'beta']);
    expect(n.daily.alpha).toEqual([
      near([day(0), ...money(42_000), 2]),
      [day(1), 0, 0, 0],
      [day(2), 0, 0, 0],
      near([day(3), ...money(21_000), 1]),
      [day(4), 0, 0, 0],
      [day(5), 0, 0, 0],
      [day(6), 0, 0, 0],
      [day(7), 0, 0, 0],
      near([day(8), ...money(21_000), 1]),
    ]);
    // beta starts on its own first day with a transfer.
    expect(n.daily.beta).toEqual([near([day(5), ...money(21_000), 1]), [day(6), 0, 0, 0], [day(7), 0, 0, 0], [day(8), 0, 0, 0]]);
    // utility: the deployment of day 0 only, then zeros up to yesterday.
    expect(category('utility').daily.alpha.map((r: number[]) => r[0])).toEqual(Array.from({ length: 9 }, (_, i) => day(i)));
    expect(category('utility').daily.beta).toBeUndefined();
  });

  it('daily_7d_rolling: from the 7th row, the mean of that row and the 6 before; shorter series have no rows', () => {
    const n = category('token_transfers');
    expect(n.daily_7d_rolling.types).toEqual(DAILY_TYPES);
    expect(n.daily_7d_rolling.alpha).toEqual([
      near([day(6), ...money(63_000 / 7), 3 / 7]),
      near([day(7), ...money(21_000 / 7), 1 / 7]),
      near([day(8), ...money(42_000 / 7), 2 / 7]),
    ]);
    expect(n.daily_7d_rolling.beta).toEqual([]);
  });

  it('aggregated: 7d, 30d, 180d, max per chain, values in types order, shares of the chain total with unlabeled (gas share on ETH)', () => {
    const n = category('token_transfers');
    expect(Object.keys(n.aggregated)).toEqual(WINDOWS);
    // alpha's last 7 days (2..8): a transfer on day 3, a transfer and a DEX call on day 8.
    expect(n.aggregated['7d'].data).toEqual({
      types: VALUE_TYPES,
      alpha: near([...money(42_000), 42_000 / 92_000, 2, 2 / 3]),
      beta: near([...money(21_000), 21_000 / 1_041_000, 1, 1 / 3]),
    });
    const maxGas = ALPHA_DAY0_GAS + 21_000 + 71_000;
    const maxTx = ALPHA_DAY0_TX + 1 + 2;
    for (const w of ['30d', '180d', 'max']) {
      expect(n.aggregated[w].data.alpha, w).toEqual(near([...money(84_000), 84_000 / maxGas, 4, 4 / maxTx]));
    }
    // The unlabeled calls count in the total: their share is of the same total.
    expect(category('unlabeled').aggregated.max.data.alpha[4]).toBeCloseTo(63 / maxTx, 12);
    // A chain's shares over every main category add up to 1.
    for (const w of WINDOWS) {
      for (const ok of ['alpha', 'beta']) {
        const rows = MAIN_IDS.map((id) => category(id).aggregated[w].data[ok]).filter(Boolean);
        expect(rows.reduce((a: number, r: number[]) => a + r[2]!, 0), `${w} ${ok}`).toBeCloseTo(1, 12);
        expect(rows.reduce((a: number, r: number[]) => a + r[4]!, 0), `${w} ${ok}`).toBeCloseTo(1, 12);
      }
    }
    // A chain without the category in the window has no key there.
    expect(Object.keys(category('finance').aggregated['7d'].data)).toEqual(['types', 'alpha']);
    expect(Object.keys(category('unlabeled').aggregated['7d'].data)).toEqual(['types', 'beta']);
  });

  it('contracts (main nodes only): top 50 by fees ∪ per (sub, chain) top 20 by fees and by txcount, fees descending, EIP-55, display names', () => {
    const u = category('unlabeled');
    expect(u.aggregated.max.contracts.types).toEqual(CONTRACT_TYPES);
    const row = (address: string, chain: string, gas: number, tx: number) => near([getAddress(address), null, null, 'unlabeled', 'unlabeled', chain, ...money(gas), tx]);
    // Top 50 by fees: beta's big contract and alpha's 49 dearest (59..11). alpha's three-call
    // contract is its top by txcount, beta's small one in beta's top 20 by fees: both join.
    // alpha's cheapest single calls (0..10) are in no list.
    expect(u.aggregated.max.contracts.data).toEqual([
      row(BETA_BIG, 'beta', 1_000_000, 1),
      ...Array.from({ length: 49 }, (_, k) => row(other(59 - k), 'alpha', UNLABELED_GAS(59 - k), 1)),
      row(BUSY_CHEAP, 'alpha', 27_000, 3),
      row(BETA_SMALL, 'beta', 20_000, 1),
    ]);
    expect(u.aggregated['7d'].contracts.data).toEqual([row(BETA_BIG, 'beta', 1_000_000, 1), row(BETA_SMALL, 'beta', 20_000, 1)]);
    expect(category('finance').aggregated.max.contracts.data).toEqual([near([getAddress(DEX), 'Uniswap', 'Router', 'finance', 'dex', 'alpha', ...money(100_000), 2])]);
    expect(category('finance').aggregated['7d'].contracts.data).toEqual([near([getAddress(DEX), 'Uniswap', 'Router', 'finance', 'dex', 'alpha', ...money(50_000), 1])]);
    expect(category('cross_chain').aggregated.max.contracts.data).toEqual([near([getAddress(BRIDGE), null, 'Bridge', 'cross_chain', 'bridge', 'alpha', ...money(40_000), 1])]);
    // Synthetic categories have no contract to list; sub nodes have no contracts at all.
    expect(category('token_transfers').aggregated.max.contracts.data).toEqual([]);
    for (const w of WINDOWS) expect(Object.keys(category('unlabeled').subcategories.unlabeled.aggregated[w]), w).toEqual(['data']);
  });

  it('a DEV chain is never compared; all_l2s is not a chain here', () => {
    for (const id of MAIN_IDS) {
      const n = category(id);
      for (const block of [n.daily, n.daily_7d_rolling, ...WINDOWS.map((w) => n.aggregated[w].data)]) {
        expect(Object.keys(block).filter((k) => k === 'gamma' || k === 'all_l2s'), id).toEqual([]);
      }
      for (const w of WINDOWS) expect(n.aggregated[w].contracts.data.filter((r: unknown[]) => r[5] === 'gamma'), id).toEqual([]);
    }
  });

  it('built from facts: pruning the raw transactions changes no byte', async () => {
    await store.pruneRaw('alpha', S(NOW));
    await store.pruneRaw('beta', S(NOW));
    const again = await build();
    for (const id of ['index', ...MAIN_IDS]) {
      const path = `/v1/blockspace/category_comparison/${id}.json`;
      expect(JSON.stringify(doc(path, again)), path).toBe(JSON.stringify(doc(path)));
    }
  });
});

describe('category comparison without any PROD blockspace', () => {
  it('publishes no document (a 404, never a document of nulls) and reports why', async () => {
    const store = await DuckDbStore.open({ path: ':memory:' });
    try {
      // Only system transactions (gas price 0): facts, but no blockspace.
      const idle = makeChain('idle');
      await new ChainWriter(store, idle).write([{ time: S(day(0) + 12 * HOUR), txs: [{ from: addr(5), gasPrice: 0n }] }, { time: S(day(1) + HOUR) }]);
      const clock = new FixedClock(day(1) + 2 * HOUR);
      await computeFacts(store, [idle], clock, { logger: silent });
      const { inputs, report } = await buildAllDocuments(store, [idle], clock, { logger: silent });
      expect(inputs.filter((i) => i.path.startsWith('/v1/blockspace/category_comparison/'))).toEqual([]);
      expect(report.skipped.filter((s) => s.path.startsWith('/v1/blockspace/category_comparison/')).map((s) => s.reason)).toEqual([
        'no PROD chain has a blockspace document yet',
        'no PROD chain has a blockspace document yet',
      ]);
    } finally {
      await store.close();
    }
  });
});
