// Scenario tests of the chain overview with a fixed clock: hand-made chains written into a real
// DuckDB store, facts computed and documents built by the real pipeline. Every expected number
// is written here from the transactions the test wrote (CONTRACT.md section 3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { BuildReport } from '../../src/documents/build-report.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import type { Chain } from '../../src/registry/types.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, makeChain, type BlockSpec, type TxSpec } from '../metrics/chain-fixture.js';
import { DAY, HOUR } from './scenario.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 5, 1);
const DAYS = 20;
const NOW = D0 + DAYS * DAY + HOUR + 5 * 60_000; // hour 0 of day 20 complete, hour 1 running
const YESTERDAY = '2024-06-20';
const ETH_USD = 1000;
const GAS = 1_000_000n;
/** Gas price (wei) for a fee of `usd` per transaction at ETH_USD and GAS gas. */
const priceFor = (usd: number): bigint => BigInt(Math.round((usd / ETH_USD) * 1e18)) / GAS;
const DEX = addr(0xde);
const UNLABELED = addr(0xee);

const tx = (from: number, usd: number, extra: Partial<TxSpec> = {}): TxSpec => ({ from: addr(from), gasUsed: GAS, gasPrice: priceFor(usd), to: addr(0x70), inputEmpty: true, ...extra });
const noon = (day: number): number => Math.floor((D0 + day * DAY + 12 * HOUR) / 1000);

/** One block per day at noon holding `txsOfDay(day)`. */
function days(txsOfDay: (day: number) => TxSpec[]): BlockSpec[] {
  return Array.from({ length: DAYS }, (_, d) => ({ time: noon(d), txs: txsOfDay(d) }));
}

const repeat = (n: number, make: (i: number) => TxSpec): TxSpec[] => Array.from({ length: n }, (_, i) => make(i));

const CHAINS: Record<string, BlockSpec[]> = {
  // Two transactions of $50 a day; yesterday $75 each: a new high of fees below the next round
  // threshold ($200). Txcount and senders stay flat: no highlight for them.
  flat: [...days((d) => [tx(1, d === DAYS - 1 ? 75 : 50), tx(2, d === DAYS - 1 ? 75 : 50)]), { time: Math.floor((D0 + DAYS * DAY + 10 * 60_000) / 1000), txs: [tx(1, 10), tx(2, 10), tx(3, 10)] }],
  // Fees of one transaction a day peaking at $900K, then $1.2M yesterday: crossing $1M.
  million: days((d) => [tx(1, d === DAYS - 1 ? 1_200_000 : d === 10 ? 900_000 : 500_000)]),
  // 1 transaction a day, then 2, 3, 4, 5 on the last four days: a 4-day streak.
  rising: days((d) => repeat(Math.max(1, d - DAYS + 6), (i) => tx(10 + i, 20))),
  // Growth up to 5 the day before yesterday, then 2 yesterday: the streak is broken (0).
  broken: days((d) => repeat(d === DAYS - 1 ? 2 : Math.max(1, d - DAYS + 7), (i) => tx(10 + i, 20))),
  // 50 transactions a day, 1000 in all (exactly txcount's level-1 threshold): 30 native
  // transfers, 10 calls to a labeled dex, 5 calls to an unlabeled contract, 5 deployments.
  exact: days(() => [
    ...repeat(30, (i) => tx(100 + i, 1)),
    ...repeat(10, (i) => tx(200 + i, 1, { to: DEX, inputEmpty: false })),
    ...repeat(5, (i) => tx(300 + i, 1, { to: UNLABELED, inputEmpty: false })),
    ...repeat(5, (i) => tx(400 + i, 1, { to: null, inputEmpty: false })),
  ]),
  // One sender, two $10 transactions a day; four on day 16 (new highs of txcount, throughput
  // and fees: $40), then $30 each yesterday ($60: past the round $50 above the old high).
  spiky: days((d) => repeat(d === 16 ? 4 : 2, () => tx(1, d === DAYS - 1 ? 30 : 10))),
  // Stops on day 15: no value on the last complete day of the build.
  lagging: days((d) => (d <= 15 ? [tx(1, 5)] : [])).filter((b) => b.txs!.length > 0),
};
/** Chains whose data stops early: no block closes their last days. */
const STOPPED = new Set(['lagging']);

describe('chain overview scenarios (fixed clock)', () => {
  const clock = new FixedClock(NOW);
  let store: DuckDbStore;
  let chains: Chain[];
  let inputs: DocumentInput[];
  let report: BuildReport;
  const doc = (ok: string): any => JSON.parse(JSON.stringify(inputs.find((i) => i.path === `/v1/chains/${ok}/overview.json`)?.json ?? null));

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    chains = [...Object.keys(CHAINS), 'dataless'].map((ok) => makeChain(ok, ok === 'flat' ? { events: [{ date: '2024-06-05', type: 'launch', title: 'Mainnet launch', short_title: 'Launch', description: 'Opened to everyone.', source: 'https://example.org/launch' }] } : {}));
    for (const chain of chains) {
      const blocks = CHAINS[chain.origin_key];
      // An empty block just before now closes yesterday and today's first hour: facts of a
      // period are complete once a later block exists.
      if (blocks) await new ChainWriter(store, chain).write(STOPPED.has(chain.origin_key) ? blocks : [...blocks, { time: Math.floor((NOW - 60_000) / 1000), txs: [] }]);
    }
    await store.writePrices(Array.from({ length: DAYS + 1 }, (_, d) => ({ asset: 'ethereum', granularity: 'daily' as const, period_ms: D0 + d * DAY, usd: ETH_USD })));
    await store.writePrices(Array.from({ length: (DAYS + 1) * 24 }, (_, h) => ({ asset: 'ethereum', granularity: 'hourly' as const, period_ms: D0 + h * HOUR, usd: ETH_USD })));
    await store.replaceLabels([{ origin_key: 'exact', address: DEX, contract_name: 'Pool', owner_project: 'dexy', usage_category: 'dex', verified: true }]);
    await computeFacts(store, chains, clock, { logger: silent });
    ({ inputs, report } = await buildAllDocuments(store, chains, clock, { logger: silent }));
  });
  afterAll(async () => {
    await store?.close();
  });

  it('a new all-time high yesterday is an ath_regular highlight; a flat week gives no growth highlight', () => {
    const h = doc('flat').data.highlights;
    expect(h).toEqual([
      {
        metric_id: 'fees',
        metric_name: 'Fees Paid by Users',
        type: 'ath_regular',
        date: YESTERDAY,
        header: 'New all-time high',
        text: `Fees Paid by Users reached $150 on ${YESTERDAY}, above the previous high of $100.`,
        value: '$150',
        icon: 'metrics-feespaidbyusers',
      },
    ]);
  });

  it('a new high crossing $1M is an ath_multiple, displayed in the unit', () => {
    const fees = doc('million').data.highlights.find((x: any) => x.metric_id === 'fees');
    expect(fees).toMatchObject({ type: 'ath_multiple', date: YESTERDAY, value: '$1.2M', header: 'All-time high above $1M' });
  });

  it('highlights: one per metric, newest first, ties in catalog order', () => {
    expect(doc('spiky').data.highlights.map((h: any) => [h.metric_id, h.type, h.date, h.value])).toEqual([
      ['fees', 'ath_multiple', YESTERDAY, '$60'],
      ['txcount', 'ath_regular', '2024-06-17', '4'],
      // 4 × 1M gas over the day's 86,400 s, shown with two significant digits.
      ['throughput', 'ath_regular', '2024-06-17', '0.000046 Mgas/s'],
    ]);
  });

  it('a chain without a value on the last complete day ranks -1 but keeps its KPI cards', () => {
    const lagging = doc('lagging').data;
    expect(lagging.ranking.txcount).toEqual({ rank: -1, out_of: -1, color_scale: 0, value: null, value_usd: null, value_eth: null });
    expect(lagging.kpi_cards.txcount.current_values).toEqual({ types: ['value'], data: [1] });
    expect(lagging.kpi_cards.txcount.sparkline.data.at(-1)[0]).toBe(D0 + 14 * DAY);
  });

  it('streaks count the days of growth ending yesterday; one broken yesterday is 0', () => {
    const rising = doc('rising').data.achievements.streaks;
    expect(rising.txcount).toEqual({ value: { streak_length: 4, yesterday_value: 5 } });
    expect(rising.fees.usd).toEqual({ streak_length: 4, yesterday_value: 100 });
    expect(rising.fees.eth.streak_length).toBe(4);
    expect(rising.fees.eth.yesterday_value).toBeCloseTo(0.1, 12);
    const broken = doc('broken').data.achievements.streaks;
    expect(broken.txcount).toEqual({ value: { streak_length: 0, yesterday_value: 2 } });
    expect(broken.fees.usd.streak_length).toBe(0);
  });

  it('a lifetime total exactly on a threshold is that level with 0 %, and its crossing is a level-up highlight', () => {
    const life = doc('exact').data.achievements.lifetime;
    expect(life.txcount).toEqual({ value: { level: 1, total_value: 1000, percent_to_next_level: 0 } });
    // The same 50 senders every day: the distinct count over all history (50), not the sum of
    // the days (1000); half way from level 0 to level 1 (100).
    expect(life.daa.value).toEqual({ level: 0, total_value: 50, percent_to_next_level: 50 });
    // $1 × 1000 = $1000 (ladder 100, 200, 500, 1000, 2000: level 4), 1 ETH (0.1, 0.2, 0.5, 1: level 4).
    expect(life.fees.usd).toEqual({ level: 4, total_value: 1000, percent_to_next_level: 0 });
    expect(life.fees.eth.level).toBe(4);
    const up = doc('exact').data.highlights.find((x: any) => x.metric_id === 'txcount');
    expect(up).toMatchObject({ type: 'lifetime_level_up', date: YESTERDAY, value: '1K' });
  });

  it('blockspace: the last 7 days by main category, native transfers, deployments and unlabeled calls included', () => {
    expect(doc('exact').data.blockspace).toEqual({
      types: ['main_category_id', 'txcount', 'pct_share'],
      data: [
        ['token_transfers', 210, 60],
        ['finance', 70, 20],
        ['unlabeled', 35, 10],
        ['utility', 35, 10],
      ],
    });
  });

  it('ranking: every ranked metric, costs cheapest first, -1 without a value; a card per metric with data', () => {
    const flat = doc('flat').data;
    // Yesterday's txcount: flat 2, million 1, rising 5, broken 2, exact 50, spiky 2 (lagging none).
    expect(flat.ranking.txcount).toEqual({ rank: 3, out_of: 6, color_scale: 0.5, value: 2, value_usd: null, value_eth: null });
    expect(doc('spiky').data.ranking.txcount.rank).toBe(3);
    expect(doc('exact').data.ranking.txcount).toMatchObject({ rank: 1, out_of: 6, color_scale: 0.17 });
    // Median fee yesterday: flat $75, million $1.2M, rising $20, broken $20, exact $1, spiky $30: cheapest first.
    expect(doc('exact').data.ranking.txcosts).toMatchObject({ rank: 1, out_of: 6, value: null, value_usd: 1 });
    expect(doc('spiky').data.ranking.txcosts.rank).toBe(4);
    expect(doc('million').data.ranking.txcosts).toMatchObject({ rank: 6, out_of: 6, color_scale: 1 });
    expect(doc('rising').data.ranking.txcosts.rank).toBe(2);
    expect(doc('broken').data.ranking.txcosts.rank).toBe(2);
    for (const ok of Object.keys(CHAINS).filter((k) => !STOPPED.has(k))) {
      const d = doc(ok).data;
      for (const id of Object.keys(d.kpi_cards)) expect(d.ranking[id].rank, `${ok} ${id}`).toBeGreaterThan(0);
      expect(Object.keys(d.kpi_cards)).toEqual(expect.arrayContaining(['txcount', 'daa', 'fees', 'txcosts', 'throughput']));
    }
    expect(flat.kpi_cards.txcount.current_values).toEqual({ types: ['value'], data: [2] });
    expect(flat.kpi_cards.fees.wow_change).toEqual({ types: ['usd', 'eth'], data: [0.5, 0.5] });
    expect(flat.kpi_cards.txcount.sparkline.data).toHaveLength(DAYS);
  });

  it('events come from the registry as authored; ecosystem is {} without application data', () => {
    expect(doc('flat').data.events).toEqual([{ date: '2024-06-05', type: 'launch', title: 'Mainnet launch', short_title: 'Launch', description: 'Opened to everyone.', source: 'https://example.org/launch' }]);
    expect(doc('exact').data.ecosystem).toEqual({});
    expect(doc('flat').data).toMatchObject({ chain_id: 'flat', chain_name: 'Flat' });
  });

  it('a chain without data has no overview, and the report says why', () => {
    expect(doc('dataless')).toBeNull();
    expect(report.skipped.find((s) => s.path === '/v1/chains/dataless/overview.json')?.reason).toMatch(/no complete day/);
  });

  it("streaks_today: today's complete hours so far, per chain with data", () => {
    const today = JSON.parse(JSON.stringify(inputs.find((i) => i.path === '/v1/chains/all/streaks_today.json')!.json));
    expect(today.data.flat).toEqual({ txcount: { value: 3 }, fees: { usd: 30, eth: 0.03 } });
    expect(today.data.million).toEqual({ txcount: { value: 0 }, fees: { usd: 0, eth: 0 } });
    expect(Object.keys(today.data).sort()).toEqual(Object.keys(CHAINS).sort());
    expect(today.last_updated_utc).toBe('2024-06-21 01:05:00');
  });
});
