// Golden test of the chain overview and today's running totals over the real pipeline: devnet
// JSON-RPC → Ingestor → DuckDB → facts, the devnet's labels and project directory through the
// real importers → documents. Ranking, KPI values, streaks, lifetime totals and levels,
// blockspace shares and the ecosystem table are checked against numbers derived here from the
// devnet's ground truth (its block generator), its price function and its label rows, for all
// six chains (mantle pays fees in MNT: its USD is MNT × the MNT price).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock, HOUR_MS } from '../../src/clock.js';
import { DEVNET_APPS, DEVNET_EXTRA_PROJECTS, devnetPrice, type Devnet } from '../../src/devnet/index.js';
import { LIFETIME_LADDERS } from '../../src/registry/achievement-ladders.js';
import type { Chain } from '../../src/registry/types.js';
import { sharedDevnetDocuments, type SharedDevnetDocuments } from '../helpers/devnet-documents.js';
import { devnetCategories } from '../helpers/devnet-categories.js';

const SEED = 23;
const HISTORY_DAYS = 20;
const LIVE_SINCE = Date.UTC(2024, 9, 14, 6);
const NOW = LIVE_SINCE + 10 * 60_000;
// Every devnet chain (built by the helper the manifest and compatibility suite use).
const ALL = ['ethereum', 'optimism', 'base', 'arbitrum', 'linea', 'mantle'];
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** The test's own reading of the ladders: the highest level at or below the total, and the way to the next. */
function expectedLevel(ladder: readonly number[], total: number): { level: number; percent_to_next_level: number | null } {
  const level = ladder.reduce((lv, t, i) => (t <= total ? i : lv), 0);
  if (level === ladder.length - 1) return { level, percent_to_next_level: null };
  return { level, percent_to_next_level: Math.round(((total - ladder[level]!) / (ladder[level + 1]! - ladder[level]!)) * 1e4) / 100 };
}

/** Consecutive growing days ending with the last value. */
function expectedStreak(values: readonly number[]): number {
  let n = 0;
  for (let i = values.length - 1; i > 0 && values[i]! > values[i - 1]!; i--) n++;
  return n;
}

describe('golden: devnet → chain overview', () => {
  let built: SharedDevnetDocuments;
  let devnet: Devnet;
  let chains: Chain[];
  const lastDay = Math.floor(NOW / DAY_MS) * DAY_MS - DAY_MS;
  const days = new Map<string, number[]>();
  const json = (path: string): any => {
    const e = built.set.entries.get(path);
    return e ? JSON.parse(e.body.toString('utf8')) : null;
  };
  const overview = (ok: string): any => json(`/v1/chains/${ok}/overview.json`).data;
  /** A day's fees in USD: gas-token amount × that token's price on the day (mantle pays in MNT). */
  const usd = (ok: string, wei: bigint, ms: number) => (Number(wei) / 1e18) * devnetPrice(SEED, chains.find((c) => c.origin_key === ok)!.gas_token, ms);

  beforeAll(async () => {
    built = await sharedDevnetDocuments({ seed: SEED, historyDays: HISTORY_DAYS, txPerDay: 300, historyBlockInterval: 3600, liveSinceMs: LIVE_SINCE, nowMs: NOW, publicBaseUrl: 'https://api.example.org' });
    ({ devnet, chains } = built);
    for (const ok of ALL) {
      const genesis = Math.floor((devnet.blockTime(ok, 0) * 1000) / DAY_MS) * DAY_MS;
      const list: number[] = [];
      for (let d = genesis; d <= lastDay; d += DAY_MS) list.push(d);
      days.set(ok, list);
    }
  }, 300_000);
  afterAll(async () => {
    await built?.close();
  });

  it('ranking of txcount, daa and fees across the chains on the last complete day', () => {
    const values: Record<string, Record<string, number>> = { txcount: {}, daa: {}, fees: {} };
    for (const ok of ALL) {
      const t = devnet.groundTruth(ok, lastDay);
      values.txcount![ok] = t.txcount;
      values.daa![ok] = t.distinct_senders;
      values.fees![ok] = usd(ok, t.fee_wei, lastDay);
    }
    for (const [metric, byChain] of Object.entries(values)) {
      for (const ok of ALL) {
        const rank = 1 + ALL.filter((o) => byChain[o]! > byChain[ok]!).length;
        const entry = overview(ok).ranking[metric];
        expect({ rank: entry.rank, out_of: entry.out_of, color_scale: entry.color_scale }, `${ok} ${metric}`).toEqual({ rank, out_of: ALL.length, color_scale: Math.round((rank / ALL.length) * 100) / 100 });
        if (metric === 'fees') {
          expect(entry.value).toBeNull();
          expect(rel(entry.value_usd, byChain[ok]!)).toBeLessThan(1e-9);
        } else expect(entry).toMatchObject({ value: byChain[ok], value_usd: null, value_eth: null });
      }
    }
  });

  it('KPI cards of txcount and fees equal the ground truth', () => {
    for (const ok of ALL) {
      const list = days.get(ok)!;
      const tx = list.map((d) => devnet.groundTruth(ok, d).txcount);
      const card = overview(ok).kpi_cards.txcount;
      expect(card.sparkline, ok).toEqual({ types: ['unix', 'value'], data: list.map((d, i) => [d, tx[i]]) });
      expect(card.current_values).toEqual({ types: ['value'], data: [tx[tx.length - 1]] });
      const n = tx.length;
      expect(card.wow_change).toEqual({ types: ['value'], data: [round4((tx[n - 1]! - tx[n - 8]!) / tx[n - 8]!)] });
      const fees = overview(ok).kpi_cards.fees;
      const dollars = usd(ok, devnet.groundTruth(ok, lastDay).fee_wei, lastDay);
      expect(fees.current_values.types).toEqual(['usd', 'eth']);
      expect(rel(fees.current_values.data[0], dollars)).toBeLessThan(1e-9);
      expect(rel(fees.current_values.data[1], dollars / devnetPrice(SEED, 'ethereum', lastDay))).toBeLessThan(1e-9);
    }
  });

  it('streaks and lifetime totals with their levels equal the ground truth', () => {
    for (const ok of ALL) {
      const list = days.get(ok)!;
      const truth = list.map((d) => devnet.groundTruth(ok, d));
      const tx = truth.map((t) => t.txcount);
      const feesUsd = truth.map((t, i) => usd(ok, t.fee_wei, list[i]!));
      const feesEth = feesUsd.map((x, i) => x / devnetPrice(SEED, 'ethereum', list[i]!));
      const a = overview(ok).achievements;
      expect(a.streaks.txcount.value, ok).toEqual({ streak_length: expectedStreak(tx), yesterday_value: tx[tx.length - 1] });
      expect(a.streaks.fees.usd.streak_length, ok).toBe(expectedStreak(feesUsd));
      expect(a.streaks.fees.eth.streak_length, ok).toBe(expectedStreak(feesEth));
      expect(rel(a.streaks.fees.usd.yesterday_value, feesUsd[feesUsd.length - 1]!)).toBeLessThan(1e-9);

      const txTotal = tx.reduce((x, y) => x + y, 0);
      expect(a.lifetime.txcount.value, ok).toEqual({ level: expectedLevel(LIFETIME_LADDERS.txcount!.value!, txTotal).level, total_value: txTotal, percent_to_next_level: expectedLevel(LIFETIME_LADDERS.txcount!.value!, txTotal).percent_to_next_level });
      const daaTotal = devnet.distinctSendersGroundTruth(ok, list[0]!, lastDay);
      expect(daaTotal).toBeLessThan(truth.reduce((x, t) => x + t.distinct_senders, 0)); // senders repeat across days
      expect(a.lifetime.daa.value, ok).toEqual({ ...expectedLevel(LIFETIME_LADDERS.daa!.value!, daaTotal), total_value: daaTotal });
      const usdTotal = feesUsd.reduce((x, y) => x + y, 0);
      expect(rel(a.lifetime.fees.usd.total_value, usdTotal)).toBeLessThan(1e-9);
      expect(a.lifetime.fees.usd.level).toBe(expectedLevel(LIFETIME_LADDERS.fees!.usd!, usdTotal).level);
      expect(a.lifetime.fees.eth.level).toBe(expectedLevel(LIFETIME_LADDERS.fees!.eth!, feesEth.reduce((x, y) => x + y, 0)).level);
    }
  });

  it('blockspace shares of the last 7 days from the generator and the label rows', () => {
    const { labels, categoryOf } = devnetCategories(ALL);
    let fallbackSeen = false;
    for (const ok of ALL) {
      const counts = new Map<string, number>();
      const add = (id: string, n: number) => counts.set(id, (counts.get(id) ?? 0) + n);
      for (let d = lastDay - 6 * DAY_MS; d <= lastDay; d += DAY_MS) {
        const t = devnet.blockspaceGroundTruth(ok, d);
        add('token_transfers', t.native_transfer);
        add('utility', t.contract_deployment);
        for (const [address, n] of t.calls) {
          add(categoryOf(ok, address), n);
          if (!labels.some((l) => l.origin_key === ok && l.address === address) && categoryOf(ok, address) !== 'unlabeled') fallbackSeen = true;
        }
      }
      const total = [...counts.values()].reduce((x, y) => x + y, 0);
      const expected = [...counts].filter(([, n]) => n > 0).sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
      const table = overview(ok).blockspace;
      expect(table.types).toEqual(['main_category_id', 'txcount', 'pct_share']);
      expect(table.data.map((r: any[]) => [r[0], r[1]]), ok).toEqual(expected);
      table.data.forEach((r: any[], i: number) => expect(r[2]).toBe(Math.round((expected[i]![1] / total) * 10000) / 100));
      const sum = table.data.reduce((x: number, r: any[]) => x + r[2], 0);
      expect(Math.abs(sum - 100)).toBeLessThan(0.05);
      expect(table.data.map((r: any[]) => r[0])).toContain('unlabeled');
      // The 7-day blockspace total is the chain's 7-day txcount.
      let tx = 0;
      for (let d = lastDay - 6 * DAY_MS; d <= lastDay; d += DAY_MS) tx += devnet.groundTruth(ok, d).txcount;
      expect(total).toBe(tx);
    }
    expect(fallbackSeen).toBe(true); // some chain's calls were categorized through the cross-chain fallback
  });

  it('ecosystem: active applications over 7 and 30 days and the 7-day txcount table', () => {
    const owners = [...DEVNET_APPS.map((a) => a.owner_project), ...DEVNET_EXTRA_PROJECTS.map((p) => p.owner_project)];
    for (const ok of ALL) {
      const week = owners.map((o) => [o, devnet.appGroundTruth(o, lastDay - 6 * DAY_MS, lastDay).chains[ok]?.txcount ?? 0] as [string, number]).filter(([, n]) => n > 0);
      week.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
      const month = owners.filter((o) => (devnet.appGroundTruth(o, lastDay - 29 * DAY_MS, lastDay).chains[ok]?.txcount ?? 0) > 0);
      const eco = overview(ok).ecosystem;
      expect(eco, ok).toEqual({ active_apps: { '7d': week.length, '30d': month.length }, apps: { types: ['owner_project', 'txcount'], data: week } });
      expect(week.length).toBeGreaterThan(1);
    }
  });

  it("streaks_today: today's complete hours from the generator", () => {
    const today = json('/v1/chains/all/streaks_today.json');
    const dayStart = Math.floor(NOW / DAY_MS) * DAY_MS;
    const hoursUntil = Math.floor(NOW / HOUR_MS) * HOUR_MS;
    for (const ok of ALL) {
      let tx = 0;
      let eth = 0;
      let dollars = 0;
      for (let h = dayStart; h < hoursUntil; h += HOUR_MS) {
        const t = devnet.partOfDayGroundTruth(ok, h, h + HOUR_MS);
        tx += t.txcount;
        const hourUsd = usd(ok, t.fee_wei, h);
        dollars += hourUsd;
        eth += hourUsd / devnetPrice(SEED, 'ethereum', h);
      }
      expect(tx).toBeGreaterThan(0);
      expect(today.data[ok].txcount.value, ok).toBe(tx);
      expect(rel(today.data[ok].fees.eth, eth), ok).toBeLessThan(1e-9);
      expect(rel(today.data[ok].fees.usd, dollars), ok).toBeLessThan(1e-9);
    }
  });
});
