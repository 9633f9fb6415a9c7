// Contract tests of the application documents (CONTRACT.md sections 4, 5 and 6 `app_metrics`) on
// two hand-built chains. Every expected number is worked out in the comments from the
// transactions below (100,000 gas at 1 gwei = 1e14 wei = 0.0001 ETH per call unless said), not
// from the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { LabelRow, ProjectRow } from '../../src/store/labels.js';
import { addr, ChainWriter, GWEI, makeChain, type BlockSpec, type TxSpec } from '../metrics/chain-fixture.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const D = (i: number) => D0 + i * DAY;
const at = (ms: number) => ms / 1000;

const U1 = addr(0x101);
const U2 = addr(0x102);
const U3 = addr(0x103);
// EIP-55's own test vectors, so the checksummed form is known without computing it.
const P_SUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const Q_SUM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const R_SUM = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const T_SUM = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb';
const [P, Q, R, T] = [P_SUM, Q_SUM, R_SUM, T_SUM].map((a) => a.toLowerCase()) as [string, string, string, string];
const Z = addr(0x777); // alpha-dex, labeled, never called (digits only: EIP-55 leaves it as is)
const S = addr(0x5717); // dormant, labeled, never called
const G = addr(0x6057); // ghost: labeled for a project outside the directory

const call = (from: string, to: string, gasUsed = 100_000n, status: 0 | 1 = 1): TxSpec => ({ from, to, gasUsed, gasPrice: GWEI, inputEmpty: false, status });

// alpha: day 1 10:00 U1→P, U2→P (failed), U1→Q (50,000 gas: 5e13 wei); day 3 10:00 U2→P, U3→T,
// U1→T, U1→G. Days 0 and 2 have blocks but no call.
const alphaBlocks: BlockSpec[] = [
  { time: at(D(0) + HOUR) },
  { time: at(D(1) + 10 * HOUR), txs: [call(U1, P), call(U2, P, 100_000n, 0), call(U1, Q, 50_000n)] },
  { time: at(D(2) + HOUR) },
  { time: at(D(3) + 10 * HOUR), txs: [call(U2, P), call(U3, T), call(U1, T), call(U1, G)] },
  { time: at(D(4) + HOUR) },
];
// beta: day 0 05:00 U1→P (same address, no beta label: falls back to alpha's); U3→R (beta-game)
// on days 1 and 2 only.
const betaBlocks: BlockSpec[] = [
  { time: at(D(0) + 5 * HOUR), txs: [call(U1, P)] },
  { time: at(D(1) + 5 * HOUR), txs: [call(U3, R)] },
  { time: at(D(2) + 5 * HOUR), txs: [call(U3, R)] },
  { time: at(D(3) + 5 * HOUR) },
  { time: at(D(4) + HOUR) },
];
// gamma: activity, but no application data: U1 calls an unlabeled contract, and gamma's only
// label (dormant's treasury) is never called.
const W = addr(0x9999);
const gammaBlocks: BlockSpec[] = [
  { time: at(D(1) + 7 * HOUR), txs: [call(U1, W)] },
  { time: at(D(4) + HOUR) },
];
const NOW = D(4) + 1.5 * HOUR; // days 0-3 complete; hours up to day 4 01:00
const ETH_USD = [2000, 2500, 3000, 3500];

const label = (origin_key: string, address: string, owner_project: string, usage_category: string, contract_name: string, verified: boolean | null = true): LabelRow => ({
  origin_key,
  address,
  contract_name,
  owner_project,
  usage_category,
  verified,
});
const LABELS: LabelRow[] = [
  label('alpha', P, 'alpha-dex', 'dex', 'DexRouter'),
  label('alpha', Q, 'alpha-dex', 'fungible_tokens', 'DexToken', null),
  label('alpha', Z, 'alpha-dex', 'dex', 'DexUnused', false),
  label('beta', R, 'beta-game', 'gaming', 'Game'),
  label('alpha', T, 'tied', 'oracle', 'Feed'),
  label('alpha', S, 'dormant', 'governance', 'Treasury'),
  label('alpha', G, 'ghost', 'dex', 'Ghost'),
  label('gamma', S, 'dormant', 'governance', 'Treasury'),
];
const project = (owner_project: string, over: Partial<ProjectRow> = {}): ProjectRow => ({
  owner_project,
  display_name: owner_project.toUpperCase(),
  description: `About ${owner_project}`,
  main_github: `${owner_project}-org`,
  twitter: `${owner_project}_x`,
  website: `https://${owner_project}.example`,
  logo_path: `${owner_project}.svg`,
  token_symbol: null,
  market_data_id: null,
  features: [],
  ...over,
});
const PROJECTS: ProjectRow[] = [
  project('tied'),
  project('alpha-dex', { token_symbol: 'adx', market_data_id: 'adex', features: ['swap'] }),
  project('beta-game'),
  project('dormant'),
  project('nolabel', { main_github: null, twitter: null, website: null, logo_path: null }),
];

type Table = { types: string[]; data: unknown[][] };

describe('application documents (CONTRACT.md 4, 5, 6)', () => {
  let store: DuckDbStore;
  let docs: DocumentInput[];
  const alpha = makeChain('alpha');
  const beta = makeChain('beta');
  const gamma = makeChain('gamma');
  const json = (path: string): any => JSON.parse(JSON.stringify(docs.find((d) => d.path === path)?.json ?? null));
  const build = async () => (docs = (await buildAllDocuments(store, [alpha, beta, gamma], new FixedClock(NOW), { logger: silent })).inputs);

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    await store.writePrices(ETH_USD.map((usd, i) => ({ asset: 'ethereum', granularity: 'daily' as const, period_ms: D(i), usd })));
    await new ChainWriter(store, alpha).write(alphaBlocks);
    await new ChainWriter(store, beta).write(betaBlocks);
    await new ChainWriter(store, gamma).write(gammaBlocks);
    await computeFacts(store, [alpha, beta, gamma], new FixedClock(NOW), { logger: silent });
    await store.replaceLabels(LABELS);
    await store.replaceProjects(PROJECTS);
    // Token days: 1-3 complete, day 4 provisional (not published: not a complete day).
    await store.writeMarketData([1, 2, 3, 4].map((i) => ({ market_data_id: 'adex', day_ms: D(i), price_usd: [2, 3, 5, 8][i - 1]!, market_cap_usd: 1e6 * i, volume_usd: i === 2 ? 0 : 1e4 })));
    await build();
  });
  afterAll(async () => store?.close());

  it('projects_filtered: active directory projects, txcount descending, RANK() ties, every column', () => {
    const doc = json('/v1/labels/projects_filtered.json');
    expect(doc.last_updated_utc).toBe('2024-01-05 01:30:00');
    expect(doc.data.types).toEqual([
      'owner_project', 'display_name', 'description', 'main_github', 'twitter', 'website', 'logo_path', 'token_symbol',
      'txcount', 'active_on', 'ecosystem_rank', 'sub_category', 'main_category', 'sub_categories', 'features',
    ]);
    // alpha-dex: alpha P 3 + Q 1 (days 1, 3), beta P 1 (fallback) = 5 over 30 days. Categories by
    // txcount: dex 4, fungible_tokens 1 × 0.05. beta-game and tied: 2 each, rank 2 both; ghost is
    // not in the directory, dormant and nolabel have no transaction.
    expect(doc.data.data).toEqual([
      ['alpha-dex', 'ALPHA-DEX', 'About alpha-dex', 'alpha-dex-org', 'alpha-dex_x', 'https://alpha-dex.example', 'alpha-dex.svg', 'ADX', 5, { alpha: 4, beta: 1 }, 1, 'Decentralized Exchange', 'Finance', ['dex', 'fungible_tokens'], ['swap']],
      ['beta-game', 'BETA-GAME', 'About beta-game', 'beta-game-org', 'beta-game_x', 'https://beta-game.example', 'beta-game.svg', null, 2, { beta: 2 }, 2, 'Gaming', 'Social', ['gaming'], []],
      ['tied', 'TIED', 'About tied', 'tied-org', 'tied_x', 'https://tied.example', 'tied.svg', null, 2, { alpha: 2 }, 2, 'Oracle', 'Utility', ['oracle'], []],
    ]);
  });

  it('projects.json: every directory project, directory columns then categories', () => {
    const doc = json('/v1/labels/projects.json');
    expect(doc.data.types).toEqual(['owner_project', 'display_name', 'description', 'main_github', 'twitter', 'website', 'logo_path', 'token_symbol', 'sub_category', 'main_category', 'sub_categories']);
    expect(doc.data.data.map((r: unknown[]) => r[0])).toEqual(['alpha-dex', 'beta-game', 'dormant', 'nolabel', 'tied']);
    expect(doc.data.data[2].slice(8)).toEqual([null, null, []]);
    expect(doc.data.data[3]).toEqual(['nolabel', 'NOLABEL', 'About nolabel', null, null, null, null, null, null, null, []]);
  });

  it('app details exist for exactly the filtered list', () => {
    expect(docs.filter((d) => d.path.startsWith('/v1/apps/details/')).map((d) => d.path).sort()).toEqual(
      ['alpha-dex', 'beta-game', 'tied'].map((p) => `/v1/apps/details/${p}.json`),
    );
  });

  it('metrics: every key, daily series from the first active day to yesterday, zeros filled, success rate omitted', () => {
    const m = json('/v1/apps/details/alpha-dex.json').metrics;
    expect(Object.keys(m)).toEqual(['txcount', 'daa', 'gas_fees', 'success_rate', 'market_cap', 'token_price', 'token_volume']);
    expect(m.txcount.metric_name).toBe('Transaction Count');
    expect(Object.keys(m.txcount.over_time)).toEqual(['alpha', 'beta']);
    expect(m.txcount.over_time.alpha.daily).toEqual({ types: ['unix', 'value'], data: [[D(1), 3], [D(2), 0], [D(3), 1]] });
    expect(m.txcount.over_time.beta.daily.data).toEqual([[D(0), 1], [D(1), 0], [D(2), 0], [D(3), 0]]);
    // daa: day 1 U1, U2; day 3 U2.
    expect(m.daa.over_time.alpha.daily.data).toEqual([[D(1), 2], [D(2), 0], [D(3), 1]]);
    // gas_fees: day 1 2.5e14 wei = 0.00025 ETH × 2,500 = 0.625 USD; day 3 0.0001 × 3,500 = 0.35.
    const fees = m.gas_fees.over_time.alpha.daily;
    expect(fees.types).toEqual(['unix', 'usd', 'eth']);
    expect(fees.data.map((r: number[]) => [r[0], +r[1]!.toFixed(9), +r[2]!.toFixed(12)])).toEqual([[D(1), 0.625, 0.00025], [D(2), 0, 0], [D(3), 0.35, 0.0001]]);
    // success_rate: day 1 2 of 3, day 2 no transaction (omitted), day 3 1 of 1.
    expect(m.success_rate.over_time.alpha.daily.data).toEqual([[D(1), 2 / 3], [D(3), 1]]);
  });

  it('hourly: complete hours from the first active hour, within 14 days', () => {
    const h = json('/v1/apps/details/alpha-dex.json').metrics.txcount.over_time.alpha.hourly;
    // First call day 1 10:00; complete hours end at day 4 01:00 (exclusive).
    expect(h.data[0]).toEqual([D(1) + 10 * HOUR, 3]);
    expect(h.data.length).toBe((D(4) + HOUR - (D(1) + 10 * HOUR)) / HOUR);
    expect(h.data.filter((r: number[]) => r[1] !== 0)).toEqual([[D(1) + 10 * HOUR, 3], [D(3) + 10 * HOUR, 1]]);
  });

  it('hourly daa: exact distinct senders per chain and hour, the same hours as txcount', () => {
    const m = json('/v1/apps/details/alpha-dex.json').metrics;
    const h = m.daa.over_time.alpha.hourly;
    expect(h.types).toEqual(['unix', 'value']);
    expect(h.data.map((r: number[]) => r[0])).toEqual(m.txcount.over_time.alpha.hourly.data.map((r: number[]) => r[0]));
    // Day 1 10:00: U1→P, U2→P, U1→Q: two senders (U1 once over two contracts); day 3 10:00: U2→P
    // (U3→T and U1→T are tied's, U1→G is ghost's).
    expect(h.data.filter((r: number[]) => r[1] !== 0)).toEqual([[D(1) + 10 * HOUR, 2], [D(3) + 10 * HOUR, 1]]);
    // beta: U1→P at day 0 05:00 (fallback label), the window's first hour with a call.
    expect(m.daa.over_time.beta.hourly.data[0]).toEqual([D(0) + 5 * HOUR, 1]);
    expect(m.daa.over_time.beta.hourly.data.slice(1).every((r: number[]) => r[1] === 0)).toBe(true);
    // tied: U3→T and U1→T at day 3 10:00.
    expect(json('/v1/apps/details/tied.json').metrics.daa.over_time.alpha.hourly.data.filter((r: number[]) => r[1] !== 0)).toEqual([[D(3) + 10 * HOUR, 2]]);
  });

  it('aggregated: sums, distinct senders, weighted success rate per window; zeros and null without activity', () => {
    const m = json('/v1/apps/details/alpha-dex.json').metrics;
    expect(m.txcount.aggregated.types).toEqual(['value']);
    expect(Object.keys(m.txcount.aggregated.data.alpha)).toEqual(['1d', '7d', '30d', '90d', '180d', '365d', 'max']);
    expect(m.txcount.aggregated.data.alpha['1d']).toEqual([1]);
    expect(m.txcount.aggregated.data.alpha['7d']).toEqual([4]);
    expect(m.txcount.aggregated.data.beta['1d']).toEqual([0]);
    expect(m.txcount.aggregated.data.beta.max).toEqual([1]);
    expect(m.daa.aggregated.data.alpha['7d']).toEqual([2]);
    expect(m.daa.aggregated.data.beta['1d']).toEqual([0]);
    expect(m.success_rate.aggregated.data.alpha['7d']).toEqual([3 / 4]);
    expect(m.success_rate.aggregated.data.beta['1d']).toEqual([null]);
    const f = m.gas_fees.aggregated.data.alpha['7d'];
    expect([+f[0].toFixed(9), +f[1].toFixed(12)]).toEqual([0.975, 0.00035]);
  });

  it('token metrics under "all": complete days, ETH at the day\'s price, window means; {} without a token', () => {
    const m = json('/v1/apps/details/alpha-dex.json').metrics;
    expect(m.token_price.over_time).toEqual({ all: { daily: { types: ['unix', 'usd', 'eth'], data: [[D(1), 2, 2 / 2500], [D(2), 3, 3 / 3000], [D(3), 5, 5 / 3500]] } } });
    expect(m.token_price.aggregated.data.all['1d']).toEqual([5, 5 / 3500]);
    expect(m.token_price.aggregated.data.all['7d'][0]).toBeCloseTo(10 / 3, 12);
    expect(m.token_volume.over_time.all.daily.data[1]).toEqual([D(2), 0, 0]);
    expect(m.market_cap.over_time.all.daily.data.map((r: number[]) => r[1])).toEqual([1e6, 2e6, 3e6]);
    const other = json('/v1/apps/details/beta-game.json').metrics;
    for (const id of ['market_cap', 'token_price', 'token_volume']) expect(other[id]).toMatchObject({ over_time: {}, aggregated: { types: ['usd', 'eth'], data: {} } });
  });

  it('kpi_cards over cross-chain totals; first_seen ascending by date; chains_by_size by 30-day txcount', () => {
    const d = json('/v1/apps/details/alpha-dex.json');
    // Totals: day 0 1 (beta), day 1 3, day 2 0, day 3 1. daa: day 0 U1, day 1 U1+U2, day 3 U2.
    expect(d.kpi_cards.txcount).toEqual({
      sparkline: { types: ['unix', 'value'], data: [[D(0), 1], [D(1), 3], [D(2), 0], [D(3), 1]] },
      current_values: { types: ['value'], data: [1] },
      wow_change: { types: ['value'], data: [0] },
    });
    expect(d.kpi_cards.daa.sparkline.data).toEqual([[D(0), 1], [D(1), 2], [D(2), 0], [D(3), 1]]);
    expect(d.kpi_cards.success_rate.sparkline.data).toEqual([[D(0), 1], [D(1), 2 / 3], [D(3), 1]]);
    expect(d.kpi_cards.token_price.current_values.data).toEqual([5, 5 / 3500]);
    expect(Object.entries(d.first_seen)).toEqual([['beta', '2024-01-01'], ['alpha', '2024-01-02']]);
    expect(d.chains_by_size).toEqual(['alpha', 'beta']);
    expect(json('/v1/apps/details/beta-game.json').kpi_cards.market_cap).toBeUndefined();
  });

  it('contracts_table: every labeled contract (zeros without activity), fees_paid_eth descending, EIP-55', () => {
    const t = json('/v1/apps/details/alpha-dex.json').contracts_table;
    expect(Object.keys(t)).toEqual(['1d', '7d', '30d', '90d', '180d', '365d', 'max']);
    expect(t.max.types).toEqual(['address', 'name', 'main_category_key', 'sub_category_key', 'origin_key', 'verified', 'txcount', 'fees_paid_eth', 'fees_paid_usd', 'daa']);
    const round = (rows: unknown[][]) => rows.map((r) => r.map((v) => (typeof v === 'number' ? +v.toFixed(12) : v)));
    // P on alpha: 3 calls, 3e14 wei (0.25 USD + 0.25 + 0.35); P on beta (fallback label: name
    // kept, verified false): 1 call, 0.2 USD; Q: 5e13 wei, 0.125 USD; Z: never called.
    expect(round(t.max.data)).toEqual([
      [P_SUM, 'DexRouter', 'finance', 'dex', 'alpha', true, 3, 0.0003, 0.85, 2],
      [P_SUM, 'DexRouter', 'finance', 'dex', 'beta', false, 1, 0.0001, 0.2, 1],
      [Q_SUM, 'DexToken', 'token_transfers', 'fungible_tokens', 'alpha', false, 1, 0.00005, 0.125, 1],
      [Z, 'DexUnused', 'finance', 'dex', 'alpha', false, 0, 0, 0, 0],
    ]);
    // Ties (no activity in the window) by chain, then address.
    expect(t['1d'].data.map((r: unknown[]) => [r[0], r[4], r[6], r[9]])).toEqual([[P_SUM, 'alpha', 1, 1], [Z, 'alpha', 0, 0], [Q_SUM, 'alpha', 0, 0], [P_SUM, 'beta', 0, 0]]);
  });

  it('master.json app_metrics: the metrics keys plus chain_specific and toggles', () => {
    const am = json('/v1/master.json').app_metrics;
    expect(Object.keys(am)).toEqual(['txcount', 'daa', 'gas_fees', 'success_rate', 'market_cap', 'token_price', 'token_volume']);
    expect(am.txcount).toMatchObject({ name: 'Transaction Count', metric_type: 'app_metrics', chain_specific: true, toggles: ['absolute', 'stacked', 'percentage'], supported_chains: ['alpha', 'beta'], hourly_available: true, monthly_agg: 'sum', fundamental: true });
    expect(am.daa).toMatchObject({ monthly_agg: 'unique', all_l2s_aggregate: 'unique', hourly_available: true });
    expect(am.gas_fees.metric_keys).toEqual(['contract_fees_paid_usd', 'contract_fees_paid_eth']);
    expect(am.token_price).toMatchObject({ chain_specific: false, toggles: ['absolute'], supported_chains: [], hourly_available: false });
    const chainKeys = Object.keys(json('/v1/master.json').metrics.txcount);
    for (const m of Object.values(am) as Array<Record<string, unknown>>) expect(Object.keys(m)).toEqual([...chainKeys, 'chain_specific', 'toggles']);
  });

  it('master.json chains: enable_contracts and the apps tab where a project has a labeled contract with calls', () => {
    const chains = json('/v1/master.json').chains;
    const apps = (ok: string) => [chains[ok].enable_contracts, chains[ok].tab_status.apps];
    expect(apps('alpha')).toEqual([true, 'active']);
    // beta: beta-game's R, and P through alpha's label (the cross-chain fallback).
    expect(apps('beta')).toEqual([true, 'active']);
    // gamma: calls only to an unlabeled contract, a labeled contract never called.
    expect(apps('gamma')).toEqual([false, 'locked']);
    // all_l2s is no chain of its own: app details are keyed by real chains.
    if (chains.all_l2s) expect(apps('all_l2s')).toEqual([false, 'locked']);
  });

  it('a relabel shows at the next build without recomputing facts', async () => {
    await store.replaceLabels(LABELS.map((l) => (l.address === Q ? { ...l, owner_project: 'tied' } : l)));
    await build();
    const rows = json('/v1/labels/projects_filtered.json').data.data.map((r: unknown[]) => [r[0], r[8], r[10]]);
    expect(rows).toEqual([['alpha-dex', 4, 1], ['tied', 3, 2], ['beta-game', 2, 3]]);
    await store.replaceLabels(LABELS);
    await build();
  });

  // Last: it deletes raw transactions of the shared store.
  it('hourly daa is null, not an undercount, for hours whose raw transactions were pruned', async () => {
    // Retention drops alpha's raw transactions before day 2: day 1 10:00 (3 calls stored as
    // facts) can no longer be counted; day 3 10:00 still can; empty hours stay 0 (no call stored).
    expect(await store.pruneRaw('alpha', at(D(2)))).toBeGreaterThan(0);
    await build();
    const m = json('/v1/apps/details/alpha-dex.json').metrics;
    const daa = new Map<number, number | null>(m.daa.over_time.alpha.hourly.data.map((r: [number, number | null]) => [r[0], r[1]]));
    expect(daa.get(D(1) + 10 * HOUR)).toBeNull();
    expect(daa.get(D(1) + 11 * HOUR)).toBe(0);
    expect(daa.get(D(3) + 10 * HOUR)).toBe(1);
    expect([...daa.values()].filter((v) => v === null)).toHaveLength(1);
    // The facts themselves are kept: txcount and the daily daa are unchanged.
    expect(m.txcount.over_time.alpha.hourly.data[0]).toEqual([D(1) + 10 * HOUR, 3]);
    expect(m.daa.over_time.alpha.daily.data).toEqual([[D(1), 2], [D(2), 0], [D(3), 1]]);
  });
});
