// Contract tests of the blockspace documents (CONTRACT.md section 10.5) on hand-made chains in a
// real DuckDB store: facts computed and documents built by the real pipeline, every expected
// number written here from the transactions the test wrote (fee = gas used × 1 gwei).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { MAIN_CATEGORIES } from '../../src/registry/categories.js';
import type { LabelRow } from '../../src/store/labels.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, makeChain, type TxSpec } from '../metrics/chain-fixture.js';
import { DAY, HOUR } from './scenario.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 5, 1);
const NOW = D0 + 3 * DAY + 2 * HOUR; // days 0..2 complete
const DEX = addr(0xde);
const other = (i: number) => addr(0x1000 + i);
const BETA_CONTRACT = addr(0x2000);
const S = (ms: number) => ms / 1000;
const transfer = (gas = 21_000n): TxSpec => ({ from: addr(1), gasUsed: gas });
const call = (to: string, gas: bigint): TxSpec => ({ from: addr(2), to, gasUsed: gas, inputEmpty: false });
/** ETH of a fee at 1 gwei per gas. */
const eth = (gas: number) => gas / 1e9;
/** A row or values with every number to 12 decimals (the money step divides wei in floating point). */
const near = (row: unknown[]) => row.map((v) => (typeof v === 'number' && !Number.isInteger(v) ? expect.closeTo(v, 12) : v));
const CATEGORIES = MAIN_CATEGORIES.map((m) => m.id);
const LABELS: LabelRow[] = [{ origin_key: 'alpha', address: DEX, contract_name: 'Router', owner_project: 'uniswap', usage_category: 'dex', verified: true }];

describe('blockspace documents (CONTRACT.md 10.5)', () => {
  let store: DuckDbStore;
  const alpha = makeChain('alpha');
  const beta = makeChain('beta');
  // Only system transactions (gas price 0): facts, but no blockspace.
  const idle = makeChain('idle');
  const chains = [alpha, beta, idle];
  const clock = new FixedClock(NOW);
  let inputs: DocumentInput[];
  const doc = (path: string, from = inputs): any => JSON.parse(JSON.stringify(from.find((i) => i.path === path)?.json ?? null));
  const build = async () => (await buildAllDocuments(store, chains, clock, { logger: silent })).inputs;

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    // Day 0: two native transfers, a deployment, a call to the labeled DEX and 60 calls to
    // unlabeled contracts (more than the top 50), each paying a different fee. Day 1: one
    // transfer. Day 2: one DEX call. Day 3: the head.
    await new ChainWriter(store, alpha).write([
      {
        time: S(D0 + 12 * HOUR),
        txs: [
          transfer(),
          transfer(),
          { from: addr(3), to: null, gasUsed: 100_000n, inputEmpty: false },
          call(DEX, 50_000n),
          ...Array.from({ length: 60 }, (_, i) => call(other(i), BigInt(30_000 + i * 100))),
        ],
      },
      { time: S(D0 + DAY + 12 * HOUR), txs: [transfer()] },
      { time: S(D0 + 2 * DAY + 12 * HOUR), txs: [call(DEX, 50_000n)] },
      { time: S(D0 + 3 * DAY + HOUR) },
    ]);
    await new ChainWriter(store, beta).write([
      { time: S(D0 + 12 * HOUR), txs: [call(BETA_CONTRACT, 1_000_000n)] },
      { time: S(D0 + 2 * DAY + 12 * HOUR), txs: [transfer()] },
      { time: S(D0 + 3 * DAY + HOUR) },
    ]);
    await new ChainWriter(store, idle).write([{ time: S(D0 + 12 * HOUR), txs: [{ from: addr(5), gasPrice: 0n }] }, { time: S(D0 + 3 * DAY + HOUR) }]);
    // No price before day 1: day 0's USD is unknown (null), never 0.
    await store.writePrices([1, 2, 3].map((d) => ({ asset: 'ethereum', granularity: 'daily' as const, period_ms: D0 + d * DAY, usd: d === 1 ? 2000 : 2500 })));
    await store.replaceLabels(LABELS);
    await computeFacts(store, chains, clock, { logger: silent });
    inputs = await build();
  });
  afterAll(async () => {
    await store.close();
  });

  it('the per-chain document is the chain object itself: no envelope, no last_updated_utc', () => {
    const d = doc('/v1/chains/blockspace/alpha.json');
    expect(Object.keys(d)).toEqual(['chain_name', 'daily', 'overview', 'totals']);
    expect(d.chain_name).toBe('Alpha');
    expect(d.daily.types).toEqual(['unix', 'gas_fees_eth_absolute', 'gas_fees_usd_absolute', 'txcount_absolute', 'gas_fees_share_eth', 'gas_fees_share_usd', 'txcount_share']);
    expect(d.overview.types).toEqual(d.daily.types.slice(1));
    expect(d.totals.types).toEqual(['gas_fees_eth_absolute', 'gas_fees_usd_absolute', 'txcount_absolute']);
    expect(Object.keys(d.overview)).toEqual(['types', '1d', '7d', '30d', '180d', 'max']);
    expect(Object.keys(d.totals)).toEqual(['types', '1d', '7d', '30d', '180d', 'max']);
  });

  it('every main category is a key of daily (data [] when never used) and of every timeframe ({} when empty)', () => {
    const d = doc('/v1/chains/blockspace/alpha.json');
    expect(Object.keys(d.daily)).toEqual(['types', ...CATEGORIES]);
    for (const id of ['collectibles', 'social', 'cross_chain']) expect(d.daily[id], id).toEqual({ data: [] });
    for (const tf of ['1d', '7d', '30d', '180d', 'max']) {
      expect(Object.keys(d.overview[tf]), tf).toEqual(CATEGORIES);
      for (const id of ['collectibles', 'social', 'cross_chain']) expect(d.overview[tf][id], `${tf} ${id}`).toEqual({});
    }
    // 1d is the last complete day only: one DEX call.
    expect(d.overview['1d'].token_transfers).toEqual({});
    expect(d.overview['1d'].finance.data).toEqual(near([eth(50_000), eth(50_000) * 2500, 1, 1, 1, 1]));
    expect(d.totals['1d'].data).toEqual(near([eth(50_000), eth(50_000) * 2500, 1]));
  });

  it('daily rows ascending, one per day with transactions; shares are fractions of the day; unknown USD is null', () => {
    const d = doc('/v1/chains/blockspace/alpha.json');
    const day0Gas = 2 * 21_000 + 100_000 + 50_000 + Array.from({ length: 60 }, (_, i) => 30_000 + i * 100).reduce((x, y) => x + y, 0);
    const rows = d.daily.token_transfers.data;
    expect(rows.map((r: number[]) => r[0])).toEqual([D0, D0 + DAY, D0 + 2 * DAY]);
    expect(rows[0][1]).toBeCloseTo(eth(42_000), 15);
    expect(rows[0][2]).toBeNull(); // no price on day 0
    expect(rows[0][3]).toBe(2);
    expect(rows[0][4]).toBeCloseTo(42_000 / day0Gas, 12);
    expect(rows[0][5]).toBeNull();
    expect(rows[0][6]).toBe(2 / 64);
    expect(rows[1]).toEqual(near([D0 + DAY, eth(21_000), eth(21_000) * 2000, 1, 1, 1, 1]));
    expect(rows[2]).toEqual([D0 + 2 * DAY, 0, 0, 0, 0, 0, 0]);
    // The deployment is utility (a synthetic category); the 60 unlabeled calls are unlabeled.
    expect(d.daily.utility.data[0].slice(0, 4)).toEqual(near([D0, eth(100_000), null, 1]));
    expect(d.daily.unlabeled.data[0][3]).toBe(60);
    // Over a window: shares of the window's total; USD null once a day of it has no price.
    expect(d.overview.max.token_transfers.data[2]).toBe(3);
    expect(d.overview.max.token_transfers.data[1]).toBeNull();
    expect(d.overview.max.token_transfers.data[4]).toBeNull();
    expect(d.overview.max.token_transfers.data[5]).toBe(3 / 66);
    expect(d.overview.max.unlabeled.data[5]).toBe(60 / 66);
    expect(d.totals.max.data[2]).toBe(66);
  });

  it('contracts: the top 50 of a category and window by fees, with the contract columns and the label', () => {
    const d = doc('/v1/chains/blockspace/alpha.json');
    const unlabeled = d.overview.max.unlabeled.contracts;
    expect(unlabeled.types).toEqual(['address', 'project_name', 'name', 'main_category_key', 'sub_category_key', 'chain', 'gas_fees_absolute_eth', 'gas_fees_absolute_usd', 'txcount_absolute']);
    expect(unlabeled.data).toHaveLength(50);
    expect(unlabeled.data.map((r: unknown[]) => r[0])).toEqual(Array.from({ length: 50 }, (_, i) => other(59 - i)));
    expect(unlabeled.data[0]).toEqual(near([other(59), null, null, 'unlabeled', 'unlabeled', 'alpha', eth(35_900), null, 1]));
    expect(d.overview.max.finance.contracts.data).toEqual([near([DEX, 'uniswap', 'Router', 'finance', 'dex', 'alpha', eth(100_000), null, 2])]);
    expect(d.overview['1d'].finance.contracts.data).toEqual([near([DEX, 'uniswap', 'Router', 'finance', 'dex', 'alpha', eth(50_000), eth(50_000) * 2500, 1])]);
    // A category of synthetic transactions only has no contract to list.
    expect(d.overview.max.utility.contracts).toEqual({ types: unlabeled.types, data: [] });
  });

  it('a chain without user transactions has no blockspace document, and master.json locks its tab', () => {
    expect(doc('/v1/chains/blockspace/idle.json')).toBeNull();
    const master = doc('/v1/master.json');
    expect(master.chains.idle.tab_status.blockspace).toBe('locked');
    expect(master.chains.alpha.tab_status.blockspace).toBe('active');
    expect(master.chains.all_l2s.tab_status.blockspace).toBe('locked');
  });

  it('overview.json: every chain with a document plus all_l2s, 7d to max, daily types only, contracts (top 100) only under all_l2s', () => {
    const o = doc('/v1/blockspace/overview.json');
    expect(Object.keys(o)).toEqual(['data']);
    expect(o.data.metric_id).toBe('overview');
    expect(Object.keys(o.data.chains)).toEqual(['all_l2s', 'alpha', 'beta']);
    for (const [k, c] of Object.entries<any>(o.data.chains)) {
      expect(c.daily, k).toEqual({ types: doc('/v1/chains/blockspace/alpha.json').daily.types });
      expect(Object.keys(c.overview), k).toEqual(['types', '7d', '30d', '90d', '180d', '365d', 'max']);
      for (const tf of ['7d', '30d', '90d', '180d', '365d', 'max']) {
        expect(Object.keys(c.overview[tf]), `${k} ${tf}`).toEqual(CATEGORIES);
        for (const e of Object.values<any>(c.overview[tf])) expect('contracts' in e, `${k} ${tf}`).toBe(k === 'all_l2s' && 'data' in e);
      }
    }
    const all = o.data.chains.all_l2s;
    expect(all.chain_name).toBe('All L2s');
    expect(all.overview['7d'].unlabeled.data[2]).toBe(61);
    expect(all.totals.max.data[2]).toBe(66 + 2);
    // beta's contract paid the most: first, with its chain; 61 contracts fit in the top 100.
    expect(all.overview.max.unlabeled.contracts.data).toHaveLength(61);
    expect(all.overview.max.unlabeled.contracts.data[0].slice(0, 7)).toEqual(near([BETA_CONTRACT, null, null, 'unlabeled', 'unlabeled', 'beta', eth(1_000_000)]));
  });

  it('a day computed before the synthetic facts existed is left out, not published as its calls alone', async () => {
    // As a store from an older version holds it: the day's application facts, no synthetic ones.
    await store.query(`DELETE FROM facts WHERE metric_key LIKE 'blockspace_%' AND origin_key = 'alpha' AND period_ms = ${D0}`);
    await store.query(`DELETE FROM native_facts WHERE metric_key LIKE 'blockspace_%' AND origin_key = 'alpha' AND period_ms = ${D0}`);
    const d = doc('/v1/chains/blockspace/alpha.json', await build());
    expect(d.daily.token_transfers.data.map((r: number[]) => r[0])).toEqual([D0 + DAY, D0 + 2 * DAY]);
    expect(d.daily.unlabeled).toEqual({ data: [] });
    expect(d.totals.max.data[2]).toBe(2);
    // Recomputed (a full run), the day is back as before.
    await computeFacts(store, chains, clock, { full: true, logger: silent });
    expect(JSON.stringify(doc('/v1/chains/blockspace/alpha.json', await build()))).toBe(JSON.stringify(doc('/v1/chains/blockspace/alpha.json')));
  });

  it('the series outlives the raw transactions: pruning them changes no blockspace byte', async () => {
    await store.pruneRaw('alpha', S(NOW));
    await store.pruneRaw('beta', S(NOW));
    const again = await build();
    for (const path of ['/v1/chains/blockspace/alpha.json', '/v1/chains/blockspace/beta.json', '/v1/blockspace/overview.json']) {
      expect(JSON.stringify(doc(path, again)), path).toBe(JSON.stringify(doc(path)));
    }
  });

  it('a relabel shows at the next build without recomputing facts', async () => {
    await store.replaceLabels([...LABELS, { origin_key: 'alpha', address: other(0), contract_name: 'Bridge', owner_project: 'hop', usage_category: 'bridge', verified: null }]);
    const d = doc('/v1/chains/blockspace/alpha.json', await build());
    expect(d.overview.max.cross_chain.data[2]).toBe(1);
    expect(d.overview.max.unlabeled.data[2]).toBe(59);
    expect(d.overview.max.cross_chain.contracts.data[0].slice(0, 6)).toEqual([other(0), 'hop', 'Bridge', 'cross_chain', 'bridge', 'alpha']);
    await store.replaceLabels(LABELS);
  });

  it('an hour of the running day changes no blockspace byte: only a completed day does', async () => {
    const w = new ChainWriter(store, alpha);
    w.next = 4;
    await w.write([{ time: S(D0 + 3 * DAY + 2 * HOUR + 60_000), txs: [transfer(), call(DEX, 50_000n)] }]);
    const later = new FixedClock(NOW + HOUR);
    await computeFacts(store, chains, later, { logger: silent });
    const again = (await buildAllDocuments(store, chains, later, { logger: silent })).inputs;
    for (const path of ['/v1/chains/blockspace/alpha.json', '/v1/blockspace/overview.json']) {
      expect(JSON.stringify(doc(path, again)), path).toBe(JSON.stringify(doc(path)));
    }
    // The same transactions in a completed day do show.
    const nextDay = new FixedClock(D0 + 4 * DAY + HOUR);
    await w.write([{ time: S(D0 + 4 * DAY + 60_000) }]);
    await computeFacts(store, chains, nextDay, { logger: silent });
    const d = doc('/v1/chains/blockspace/alpha.json', (await buildAllDocuments(store, chains, nextDay, { logger: silent })).inputs);
    expect(d.overview['1d'].token_transfers.data[2]).toBe(1);
    expect(d.overview['1d'].finance.data[2]).toBe(1);
    expect(d.totals.max.data[2]).toBe(68);
  });
});

describe('blockspace of a chain whose gas token has no price', () => {
  it('ETH and USD are null, never 0; counts and transaction shares stay exact', async () => {
    const store = await DuckDbStore.open({ path: ':memory:' });
    try {
      const gamma = makeChain('gamma', { gas_token: 'gamma-token', symbol: 'GT' });
      await new ChainWriter(store, gamma).write([
        { time: S(D0 + 12 * HOUR), txs: [transfer(), call(DEX, 50_000n), call(DEX, 50_000n)] },
        { time: S(D0 + DAY + HOUR) },
      ]);
      await store.writePrices([{ asset: 'ethereum', granularity: 'daily', period_ms: D0, usd: 2000 }]);
      const clock = new FixedClock(D0 + DAY + 2 * HOUR);
      await computeFacts(store, [gamma], clock, { logger: silent });
      const { inputs } = await buildAllDocuments(store, [gamma], clock, { logger: silent });
      const d = JSON.parse(JSON.stringify(inputs.find((i) => i.path === '/v1/chains/blockspace/gamma.json')!.json));
      expect(d.daily.token_transfers.data).toEqual([[D0, null, null, 1, null, null, 1 / 3]]);
      expect(d.overview.max.unlabeled.data).toEqual([null, null, 2, null, null, 2 / 3]);
      expect(d.overview.max.unlabeled.contracts.data).toEqual([[DEX, null, null, 'unlabeled', 'unlabeled', 'gamma', null, null, 2]]);
      expect(d.totals.max.data).toEqual([null, null, 3]);
    } finally {
      await store.close();
    }
  });
});
