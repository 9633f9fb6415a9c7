// Golden test of the landing page (CONTRACT.md 10.3) and the ecosystem overview (10.4) over the
// real pipeline (devnet JSON-RPC → Ingestor → DuckDB → facts → documents): users, user_share and
// cross_chain_activity from the devnet's own senders per chain, the ranking from its per-day
// counts, total_aa, yesterday's figures and the L2 tps series from its block generator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import type { Devnet } from '../../src/devnet/index.js';
import { sharedDevnetDocuments, type SharedDevnetDocuments } from '../helpers/devnet-documents.js';

// The overview and blockspace golden tests' devnet: the set is built once for the three of them
// (sharedDevnetDocuments); every expected value below comes from this devnet's generator.
const SEED = 23;
const HISTORY_DAYS = 20;
const LIVE_SINCE = Date.UTC(2024, 9, 14, 6);
const NOW = LIVE_SINCE + 10 * 60_000;
const ALL = ['ethereum', 'optimism', 'base', 'arbitrum', 'linea', 'mantle'];
const L2S = ALL.filter((ok) => ok !== 'ethereum');
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

describe('golden: devnet → landing page and ecosystem overview', () => {
  let built: SharedDevnetDocuments;
  let devnet: Devnet;
  const lastDay = Math.floor(NOW / DAY_MS) * DAY_MS - DAY_MS;
  const json = (path: string): any => {
    const e = built.set.entries.get(path);
    return e ? JSON.parse(e.body.toString('utf8')) : null;
  };
  const genesisDay = (ok: string) => Math.floor((devnet.blockTime(ok, 0) * 1000) / DAY_MS) * DAY_MS;

  beforeAll(async () => {
    built = await sharedDevnetDocuments({ seed: SEED, historyDays: HISTORY_DAYS, txPerDay: 300, historyBlockInterval: 3600, liveSinceMs: LIVE_SINCE, nowMs: NOW, publicBaseUrl: 'https://api.example.org' });
    ({ devnet } = built);
  }, 300_000);
  afterAll(async () => {
    await built?.close();
  });

  it('users, user_share and cross_chain_activity equal the senders of the last 7 complete days', () => {
    const senders = new Map(ALL.map((ok) => [ok, devnet.sendersGroundTruth(ok, lastDay - 6 * DAY_MS, lastDay)]));
    const l2Users = L2S.reduce((n, ok) => n + senders.get(ok)!.size, 0);
    const table = json('/v1/landing_page.json').data.metrics.table_visual;
    expect(Object.keys(table).sort()).toEqual([...ALL].sort());
    for (const ok of ALL) {
      const own = senders.get(ok)!;
      const shared = [...own].filter((a) => ALL.some((other) => other !== ok && senders.get(other)!.has(a))).length;
      expect(shared, `${ok}: the devnet's population spans chains`).toBeGreaterThan(0);
      expect(table[ok], ok).toMatchObject({ users: own.size, user_share: round4(own.size / l2Users), cross_chain_activity: round4(shared / own.size) });
    }
  });

  it('ranks every chain on the last complete day, with and without ethereum', () => {
    const table = json('/v1/landing_page.json').data.metrics.table_visual;
    const tx = new Map(ALL.map((ok) => [ok, devnet.groundTruth(ok, lastDay).txcount]));
    for (const ok of ALL) {
      const withEth = 1 + ALL.filter((o) => tx.get(o)! > tx.get(ok)!).length;
      expect(table[ok].ranking_w_eth.txcount, ok).toEqual({ rank: withEth, out_of: ALL.length, color_scale: Math.round((withEth / ALL.length) * 100) / 100, value: tx.get(ok) });
      if (ok === 'ethereum') {
        expect(table[ok].ranking.txcount).toEqual({ rank: null, out_of: null, color_scale: null, value: null });
        continue;
      }
      const without = 1 + L2S.filter((o) => tx.get(o)! > tx.get(ok)!).length;
      expect(table[ok].ranking.txcount, ok).toEqual({ rank: without, out_of: L2S.length, color_scale: Math.round((without / L2S.length) * 100) / 100, value: tx.get(ok) });
    }
  });

  it('the all-L2 txcount series is the 7-day trailing mean of the L2s\' daily sums', () => {
    const daily = json('/v1/landing_page.json').data.all_l2s.metrics.txcount.daily;
    const first = Math.min(...L2S.map(genesisDay));
    const sums: number[] = [];
    for (let d = first; d <= lastDay; d += DAY_MS) sums.push(L2S.reduce((n, ok) => n + devnet.groundTruth(ok, d).txcount, 0));
    const expected = sums.map((v, i) => [first + i * DAY_MS, i < 6 ? v : sums.slice(i - 6, i + 1).reduce((a, b) => a + b, 0) / 7]);
    expect(daily.types).toEqual(['unix', 'value']);
    expect(daily.data.length).toBe(expected.length);
    daily.data.forEach((row: number[], i: number) => {
      expect(row[0]).toBe(expected[i]![0]);
      expect(Math.abs(row[1]! - expected[i]![1]!)).toBeLessThan(1e-9);
    });
  });

  it('meet_l2s: all-time addresses, yesterday\'s addresses and tps of every L2', () => {
    const meet = json('/v1/ecosystem/overview.json').data.meet_l2s;
    expect(Object.keys(meet).sort()).toEqual([...L2S].sort());
    for (const ok of L2S) {
      const t = devnet.groundTruth(ok, lastDay);
      expect(meet[ok], ok).toMatchObject({
        total_aa: devnet.distinctSendersGroundTruth(ok, genesisDay(ok), lastDay),
        yesterday_aa: t.distinct_senders,
        tps: t.txcount / 86400,
      });
      expect(meet[ok].total_aa).toBeGreaterThan(t.distinct_senders);
    }
  });

  it('the L2 tps series is the 8-day trailing mean of the summed txcount per second, unix last', () => {
    const tps = json('/v1/ecosystem/overview.json').data.tps;
    const first = Math.min(...L2S.map(genesisDay));
    const perSecond: number[] = [];
    for (let d = first; d <= lastDay; d += DAY_MS) perSecond.push(L2S.reduce((n, ok) => n + devnet.groundTruth(ok, d).txcount, 0) / 86400);
    expect(tps.layer_2s.daily.types).toEqual(['value', 'unix']);
    const rows = tps.layer_2s.daily.values;
    expect(rows.length).toBe(perSecond.length);
    rows.forEach((row: number[], i: number) => {
      const want = i < 7 ? perSecond[i]! : perSecond.slice(i - 7, i + 1).reduce((a, b) => a + b, 0) / 8;
      expect(row[1]).toBe(first + i * DAY_MS);
      expect(Math.abs(row[0]! - want)).toBeLessThan(1e-12);
    });
  });
});
