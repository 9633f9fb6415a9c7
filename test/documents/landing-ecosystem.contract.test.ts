// CONTRACT.md 10.3 (landing page) and 10.4 (ecosystem overview) against hand-made chains: an L1
// named ethereum, two PROD L2s (l2b lags a day behind, so it has no value on the ranking day), a
// DEV L2 whose addresses still count as "another covered chain", and no application data.
// Every expected number is derived by the test from the transactions it wrote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import { buildDocumentSet, type DocumentSet } from '../../src/documents/document-set.js';
import { layer2Counts } from '../../src/documents/ecosystem/ecosystem-count.js';
import { createLogger } from '../../src/log.js';
import { CHAIN_METRICS } from '../../src/metrics/catalog.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { trailingMean } from '../../src/metrics/series.js';
import type { PriceRow } from '../../src/store/prices.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, makeChain, type BlockSpec } from '../metrics/chain-fixture.js';
import { DAY, expectedPeriod, genBlocks, HOUR, txsBetween } from './scenario.js';

const silent = createLogger('silent');
const START = Date.UTC(2024, 0, 10);
const DAYS = 30;
const END = START + DAYS * DAY; // the clock's day
const NOW = END + 90 * 60_000;
const LAST = END - DAY; // the build's last complete day
const B_UNTIL = END - DAY; // l2b's head is a day behind
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

describe('landing page and ecosystem overview (CONTRACT.md 10.3, 10.4)', () => {
  let store: DuckDbStore;
  let set: DocumentSet;
  const ethereum = makeChain('ethereum', { chain_type: 'l1', family: 'ethereum', launch_date: '2015-07-30' });
  const l2a = makeChain('l2a', { launch_date: '2023-03-15', name: 'L2 A' });
  const l2b = makeChain('l2b', { family: 'arbitrum', launch_date: '2023-05-02', name: 'L2 B' });
  const devc = makeChain('devc', { deployment: 'DEV', launch_date: '2023-03-01' });
  const chains = [ethereum, l2a, l2b, devc];
  const familyOf = { ethereum: 'ethereum', l2a: 'op', l2b: 'arbitrum', devc: 'op' } as const;
  type Key = keyof typeof familyOf;
  // Overlapping sender pools (1..10, 1..25, 8..): shared addresses; plus senders only l2a has,
  // and one only l2a and the DEV chain share.
  const blocks: Record<Key, BlockSpec[]> = {
    ethereum: genBlocks({ seed: 31, fromMs: START, days: DAYS, senders: 10 }),
    l2a: genBlocks({ seed: 32, fromMs: START, days: DAYS, senders: 25 }),
    l2b: genBlocks({ seed: 33, fromMs: START + 3 * DAY, days: DAYS - 4, senders: 12 }),
    devc: genBlocks({ seed: 34, fromMs: START, days: DAYS, senders: 4 }),
  };
  blocks.l2a.push({ time: (LAST - 2 * DAY + 5 * HOUR) / 1000, txs: [{ from: addr(0x901) }, { from: addr(0x902) }, { from: addr(0x903) }] });
  blocks.l2a.push({ time: (LAST - DAY + 7 * HOUR) / 1000, txs: [{ from: addr(0x904) }] });
  blocks.devc.push({ time: (LAST - DAY + 9 * HOUR) / 1000, txs: [{ from: addr(0x904) }] });
  for (const b of Object.values(blocks)) b.sort((x, y) => x.time - y.time);
  const heads: Record<Key, number> = { ethereum: END + HOUR, l2a: END + HOUR, l2b: B_UNTIL + 2 * HOUR, devc: END + HOUR };

  const json = (path: string): any => JSON.parse(set.entries.get(path)!.body.toString('utf8'));
  const exp = (ok: Key, lo: number, hi: number) => expectedPeriod(txsBetween(blocks[ok], lo, hi), (hi - lo) / 1000, familyOf[ok]);
  const week = (ok: Key) => exp(ok, LAST - 6 * DAY, LAST + DAY).senders;

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    for (const chain of chains) {
      const w = new ChainWriter(store, chain);
      await w.write(blocks[chain.origin_key as Key]);
      await w.write([{ time: heads[chain.origin_key as Key] / 1000 }]);
    }
    const prices: PriceRow[] = [];
    for (let d = START; d < END + DAY; d += DAY) prices.push({ asset: 'ethereum', granularity: 'daily', period_ms: d, usd: 2000 + (d - START) / DAY });
    await store.writePrices(prices);
    const clock = new FixedClock(NOW);
    await computeFacts(store, chains, clock, { logger: silent });
    const { inputs } = await buildAllDocuments(store, chains, clock, { logger: silent });
    set = buildDocumentSet(inputs, clock.now());
  });
  afterAll(async () => {
    await store.close();
  });

  describe('10.3 landing page', () => {
    it('table_visual: every PROD chain, ethereum included, with its registry texts', () => {
      const table = json('/v1/landing_page.json').data.metrics.table_visual;
      expect(Object.keys(table)).toEqual(['ethereum', 'l2a', 'l2b']);
      expect(table.l2a).toMatchObject({ chain_name: 'L2 A', technology: l2a.technology, purpose: l2a.purpose, company: l2a.company });
    });

    it('users over the last 7 complete days, user_share without ethereum in the denominator, cross-chain activity against every covered chain', () => {
      const table = json('/v1/landing_page.json').data.metrics.table_visual;
      const sets = { ethereum: week('ethereum'), l2a: week('l2a'), l2b: week('l2b'), devc: week('devc') };
      const l2Users = sets.l2a.size + sets.l2b.size;
      for (const ok of ['ethereum', 'l2a', 'l2b'] as const) {
        const others = (Object.keys(sets) as Key[]).filter((o) => o !== ok);
        const shared = [...sets[ok]].filter((a) => others.some((o) => sets[o].has(a))).length;
        expect(table[ok], ok).toMatchObject({ users: sets[ok].size, user_share: round4(sets[ok].size / l2Users), cross_chain_activity: round4(shared / sets[ok].size) });
      }
      // 0x904 is shared only with the DEV chain: it counts as cross-chain all the same.
      expect(sets.l2a.has(addr(0x904))).toBe(true);
      expect(table.l2a.cross_chain_activity).toBeLessThan(1);
    });

    it('ranking without ethereum, ranking_w_eth with it, the same ranking_landing keys on every chain; no value that day: null rank', () => {
      const table = json('/v1/landing_page.json').data.metrics.table_visual;
      const keys = CHAIN_METRICS.filter((m) => m.ranking_landing).map((m) => m.metric_id);
      for (const ok of Object.keys(table)) {
        expect(Object.keys(table[ok].ranking), ok).toEqual(keys);
        expect(Object.keys(table[ok].ranking_w_eth), ok).toEqual(keys);
      }
      const tx = { ethereum: exp('ethereum', LAST, LAST + DAY).txcount, l2a: exp('l2a', LAST, LAST + DAY).txcount };
      const ethFirst = tx.ethereum > tx.l2a;
      expect(table.l2a.ranking.txcount).toEqual({ rank: 1, out_of: 1, color_scale: 1, value: tx.l2a });
      expect(table.l2a.ranking_w_eth.txcount).toEqual({ rank: ethFirst ? 2 : 1, out_of: 2, color_scale: ethFirst ? 1 : 0.5, value: tx.l2a });
      expect(table.ethereum.ranking_w_eth.txcount).toEqual({ rank: ethFirst ? 1 : 2, out_of: 2, color_scale: ethFirst ? 0.5 : 1, value: tx.ethereum });
      expect(table.ethereum.ranking.txcount).toEqual({ rank: null, out_of: null, color_scale: null, value: null });
      // l2b lags a day: no value on the ranking day.
      expect(table.l2b.ranking.txcount).toEqual({ rank: null, out_of: null, color_scale: null, value: null });
      // Money metrics carry value_usd and value_eth instead of value.
      expect(Object.keys(table.l2a.ranking.fees)).toEqual(['rank', 'out_of', 'color_scale', 'value_usd', 'value_eth']);
      expect(table.l2b.ranking.fees).toEqual({ rank: null, out_of: null, color_scale: null, value_usd: null, value_eth: null });
    });

    it('all_l2s and ethereum: 7-day trailing means of the daily values, the first 6 rows as they are; ethereum has no rent_paid', () => {
      const d = json('/v1/landing_page.json').data;
      expect(d.all_l2s).toMatchObject({ chain_id: 'all_l2s', chain_name: 'All L2s', symbol: '-' });
      expect(d.ethereum).toMatchObject({ chain_id: 'ethereum', chain_name: 'Ethereum (L1)', symbol: 'ETH' });
      expect(d.ethereum.metrics.rent_paid).toBeUndefined();
      // The L2s are the PROD ones (section 8): the DEV chain adds nothing; complete on both: l2b's bound.
      const sums: number[] = [];
      for (let day = START; day < B_UNTIL; day += DAY) sums.push(exp('l2a', day, day + DAY).txcount + exp('l2b', day, day + DAY).txcount);
      const tx = d.all_l2s.metrics.txcount;
      expect(tx).toMatchObject({ metric_name: 'Transaction Count', avg: 'true', source: ['RPC'] });
      expect(tx.daily.types).toEqual(['unix', 'value']);
      expect(tx.daily.data.map((r: number[]) => r[0])).toEqual(sums.map((_, i) => START + i * DAY));
      tx.daily.data.forEach((r: number[], i: number) => {
        const want = i < 6 ? sums[i]! : sums.slice(i - 6, i + 1).reduce((a, b) => a + b, 0) / 7;
        expect(r[1]).toBeCloseTo(want, 9);
      });
      const eth = d.ethereum.metrics.txcount.daily.data as number[][];
      expect(eth[eth.length - 1]![0]).toBe(LAST);
      const ethDays: number[] = [];
      for (let day = LAST - 6 * DAY; day <= LAST; day += DAY) ethDays.push(exp('ethereum', day, day + DAY).txcount);
      expect(eth[eth.length - 1]![1]).toBeCloseTo(ethDays.reduce((a, b) => a + b, 0) / 7, 9);
      for (const block of [d.all_l2s, d.ethereum]) for (const m of Object.values(block.metrics) as any[]) expect(m.daily.data.length).toBeGreaterThan(0);
    });

    it('without application data: top_apps [], empty gainers and losers tables, top_contracts {}', () => {
      const d = json('/v1/landing_page.json').data;
      for (const ok of Object.keys(d.metrics.table_visual)) expect(d.metrics.table_visual[ok].top_apps).toEqual([]);
      expect(d.top_contracts).toEqual({});
      const columns = ['owner_project', 'txcount', 'prev_txcount', 'change'];
      expect(d.top_applications).toEqual({ gainers: { types: columns, data: [] }, losers: { types: columns, data: [] } });
    });
  });

  describe('10.4 ecosystem overview', () => {
    it('count_layer2s: a row per month from the first PROD L2 launch to the current month, launches named, unix last', () => {
      const c = json('/v1/ecosystem/overview.json').data.count_layer2s.daily;
      expect(c.types).toEqual(['value', 'l2s_launched', 'l2s_archived', 'unix']);
      const rows = c.values as any[][];
      expect(rows[0]).toEqual([1, [{ name: 'L2 A', origin_key: 'l2a' }], null, Date.UTC(2023, 2, 1)]);
      expect(rows[1]).toEqual([1, null, null, Date.UTC(2023, 3, 1)]);
      expect(rows[2]).toEqual([2, [{ name: 'L2 B', origin_key: 'l2b' }], null, Date.UTC(2023, 4, 1)]);
      expect(rows[rows.length - 1]).toEqual([2, null, null, Date.UTC(2024, 1, 1)]);
      expect(rows.length).toBe(12);
    });

    it('count_layer2s leaves out chains without a launch date and the L1; none without L2s', () => {
      expect(layer2Counts([makeChain('x', { launch_date: null }), ethereum], NOW)).toEqual([]);
      expect(layer2Counts([makeChain('x', { launch_date: '2024-02-29', name: 'x' })], Date.UTC(2024, 2, 3))).toEqual([
        [1, [{ name: 'x', origin_key: 'x' }], null, Date.UTC(2024, 1, 1)],
        [1, null, null, Date.UTC(2024, 2, 1)],
      ]);
    });

    it('count_layer2s: an archived L2 leaves the count in its archive month and is named there', () => {
      const a = makeChain('a', { name: 'A', launch_date: '2023-01-20', archived_date: '2023-03-05' });
      const b = makeChain('b', { name: 'B', launch_date: '2023-02-01' });
      expect(layer2Counts([a, b], Date.UTC(2023, 3, 10))).toEqual([
        [1, [{ name: 'A', origin_key: 'a' }], null, Date.UTC(2023, 0, 1)],
        [2, [{ name: 'B', origin_key: 'b' }], null, Date.UTC(2023, 1, 1)],
        [1, null, [{ name: 'A', origin_key: 'a' }], Date.UTC(2023, 2, 1)],
        [1, null, null, Date.UTC(2023, 3, 1)],
      ]);
    });

    it('tps: the L2s\' and ethereum\'s daily txcount ÷ 86400 as 8-day trailing means; stables and app_fees tables present', () => {
      const d = json('/v1/ecosystem/overview.json').data;
      const perSecond: number[] = [];
      for (let day = START; day < B_UNTIL; day += DAY) perSecond.push((exp('l2a', day, day + DAY).txcount + exp('l2b', day, day + DAY).txcount) / 86400);
      const rows = d.tps.layer_2s.daily.values as number[][];
      expect(d.tps.layer_2s.daily.types).toEqual(['value', 'unix']);
      expect(rows.map((r) => r[1])).toEqual(perSecond.map((_, i) => START + i * DAY));
      rows.forEach((r, i) => expect(r[0]).toBeCloseTo(i < 7 ? perSecond[i]! : perSecond.slice(i - 7, i + 1).reduce((a, b) => a + b, 0) / 8, 12));
      expect(d.tps.ethereum_mainnet.daily.values.length).toBeGreaterThan(0);
      for (const name of ['stables', 'app_fees']) {
        for (const side of ['layer_2s', 'ethereum_mainnet']) expect(d[name][side].daily.types, `${name}.${side}`).toEqual(['usd', 'eth', 'unix']);
      }
    });

    it('meet_l2s: every PROD L2, all-history distinct addresses, yesterday\'s figures (null where the chain has no such day yet)', () => {
      const meet = json('/v1/ecosystem/overview.json').data.meet_l2s;
      expect(Object.keys(meet)).toEqual(['l2a', 'l2b']);
      const all = (ok: Key) => exp(ok, START, END).senders.size;
      const y = exp('l2a', LAST, LAST + DAY);
      expect(meet.l2a).toEqual({ total_aa: all('l2a'), yesterday_aa: y.senders.size, stables_mcap_usd: null, stables_mcap_eth: null, tps: y.txcount / 86400, top_apps: [] });
      expect(meet.l2b).toEqual({ total_aa: all('l2b'), yesterday_aa: null, stables_mcap_usd: null, stables_mcap_eth: null, tps: null, top_apps: [] });
    });
  });

  it('trailingMean keeps every row: the first n−1 as they are, then means, null where a day is null', () => {
    const rows: Array<[number, number | null]> = [[0, 2], [1, 4], [2, 6], [3, null], [4, 8]];
    expect(trailingMean(rows, 2)).toEqual([[0, 2], [1, 3], [2, 5], [3, null], [4, null]]);
  });

  it('no chain with facts: neither document is built, both reported skipped', async () => {
    const empty = await DuckDbStore.open({ path: ':memory:' });
    try {
      const { inputs, report } = await buildAllDocuments(empty, [l2a], new FixedClock(NOW), { logger: silent });
      expect(inputs.map((i) => i.path)).not.toContain('/v1/landing_page.json');
      expect(report.skipped.map((s) => s.path)).toEqual(expect.arrayContaining(['/v1/landing_page.json', '/v1/ecosystem/overview.json']));
    } finally {
      await empty.close();
    }
  });
});
