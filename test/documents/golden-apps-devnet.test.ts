// Golden test of the application documents over the real pipeline: devnet JSON-RPC → Ingestor →
// DuckDB → contract facts, the devnet's label CSV and OSS Directory files through the real
// importers, its market data through the real sync → documents. Every number is checked against
// the devnet's own ground truth (`appGroundTruth`, computed from the block generator) and price
// functions, never against the code under test.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock, HOUR_MS } from '../../src/clock.js';
import {
  DEVNET_APP_CASES,
  DEVNET_APPS,
  DEVNET_EXTRA_PROJECTS,
  DEVNET_LABELS,
  devnetLabelsCsv,
  devnetMarketPoint,
  devnetPrice,
  startDevnet,
  writeDevnetAppFiles,
  type AppTruth,
  type Devnet,
} from '../../src/devnet/index.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import type { Chain } from '../../src/registry/types.js';
import { MAIN_CATEGORIES, USAGE_CATEGORIES } from '../../src/registry/categories.js';
import { LabelSources } from '../../src/sources/labels/label-sources.js';
import { syncMarketData } from '../../src/sources/market/sync-market.js';
import { CoinGeckoClient } from '../../src/sources/prices/coingecko-client.js';
import { loadProjectDirectory } from '../../src/sources/projects/project-directory.js';
import type { Store } from '../../src/store/store.js';
import { bothEngines } from '../helpers/both-engines.js';
import { devnetCategories } from '../helpers/devnet-categories.js';
import { ingestWithPrices } from '../helpers/ingest-devnet.js';

const silent = createLogger('silent');
const SEED = 11;
const HISTORY_DAYS = 12;
const LIVE_SINCE = Date.UTC(2024, 8, 20, 6);
const NOW = LIVE_SINCE + 10 * 60_000;
// ETH gas chains only (USD = ETH × the ETH price), covering every label case of the devnet.
const KEYS = ['ethereum', 'base', 'arbitrum', 'linea'];
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

const OPEN = bothEngines();

describe.each(Object.keys(OPEN) as Array<keyof typeof OPEN>)('golden on %s: devnet → application documents', (engine) => {
  const clock = new FixedClock(NOW);
  const dir = mkdtempSync(join(tmpdir(), 'chainlytics-golden-apps-'));
  let devnet: Devnet;
  let store: Store;
  let chains: Chain[];
  let labels: LabelSources;
  let inputs: DocumentInput[];
  let days: number[];
  const lastDay = Math.floor(NOW / DAY_MS) * DAY_MS - DAY_MS;
  const json = (path: string): any => JSON.parse(JSON.stringify(inputs.find((i) => i.path === path)?.json ?? null));
  const build = async () => ({ inputs } = await buildAllDocuments(store, chains, clock, { logger: silent }));
  const truth = (owner: string, from: number, to = from, rows = DEVNET_LABELS): AppTruth => devnet.appGroundTruth(owner, from, to, rows);

  beforeAll(async () => {
    // A history block every 15 minutes (the devnet's default is 5): every figure here is a
    // day's or an hour's, from the generator's own blocks, so a third of the blocks to ingest on
    // each engine (the transactions per day stay). At one block an hour the seed's driftwood
    // had no call on the last day, a case the window checks below do not express.
    devnet = await startDevnet({ seed: SEED, clock, historyDays: HISTORY_DAYS, txPerDay: 600, historyBlockInterval: 900, chains: KEYS, liveSince: LIVE_SINCE / 1000 });
    chains = devnet.chainConfigs();
    store = await OPEN[engine]();
    await ingestWithPrices(store, devnet, clock, HISTORY_DAYS + 5);
    await computeFacts(store, chains, clock, { logger: silent });
    // The devnet's application files through the real importers.
    const files = writeDevnetAppFiles(dir, { chains: KEYS });
    labels = new LabelSources({ files: [files.labelsCsv], urls: [], chains, clock, logger: silent });
    expect(await labels.refresh(store)).not.toBeNull();
    const directory = loadProjectDirectory(files.projectsDir, files.overlay);
    expect(directory.issues).toEqual([]);
    await store.replaceProjects(directory.projects);
    const ids = directory.projects.flatMap((p) => (p.market_data_id ? [p.market_data_id] : []));
    const client = new CoinGeckoClient({ baseUrl: devnet.priceUrl, retries: 2, clock });
    expect((await syncMarketData(store, client, ids, { clock, historyDays: HISTORY_DAYS + 5 })).failed).toEqual([]);
    await build();
    const genesis = Math.min(...KEYS.map((k) => Math.floor((devnet.blockTime(k, 0) * 1000) / DAY_MS) * DAY_MS));
    days = [];
    for (let d = genesis; d <= lastDay; d += DAY_MS) days.push(d);
  });
  afterAll(async () => {
    await store?.close();
    await devnet?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Checks every metric of one project's app details against the ground truth. */
  function checkDetails(owner: string): void {
    const doc = json(`/v1/apps/details/${owner}.json`);
    expect(doc, owner).not.toBeNull();
    const all = truth(owner, days[0]!, lastDay);
    const active = Object.keys(all.chains);
    expect(Object.keys(doc.metrics.txcount.over_time).sort(), owner).toEqual([...active].sort());
    for (const ok of active) {
      const perDay = days.map((d) => truth(owner, d).chains[ok]);
      const first = perDay.findIndex((s) => s && s.txcount > 0);
      const tx = doc.metrics.txcount.over_time[ok].daily.data;
      const daa = doc.metrics.daa.over_time[ok].daily.data;
      const fees = doc.metrics.gas_fees.over_time[ok].daily.data;
      const rate = doc.metrics.success_rate.over_time[ok].daily.data;
      // From the first active day to yesterday, days without calls as 0 (success rate: omitted).
      expect(tx.map((r: number[]) => r[0]), `${owner} ${ok}`).toEqual(days.slice(first));
      days.slice(first).forEach((d, j) => {
        const s = perDay[first + j];
        expect(tx[j], `${owner} ${ok} txcount`).toEqual([d, s?.txcount ?? 0]);
        expect(daa[j], `${owner} ${ok} daa`).toEqual([d, s?.distinct_senders ?? 0]);
        const eth = Number(s?.fee_wei ?? 0n) / 1e18;
        expect(rel(fees[j][2], eth), `${owner} ${ok} fees eth`).toBeLessThan(1e-12);
        expect(rel(fees[j][1], eth * devnetPrice(SEED, 'ethereum', d)), `${owner} ${ok} fees usd`).toBeLessThan(1e-12);
      });
      const rated = days.slice(first).flatMap((d, j) => {
        const s = perDay[first + j];
        return s && s.txcount > 0 ? [[d, s.successes / s.txcount]] : [];
      });
      expect(rate, `${owner} ${ok} success_rate`).toEqual(rated);
      // Hourly (the last 14 days of complete hours: all of this devnet's history) from the first
      // active hour: txcount and exact distinct senders per hour from the generator.
      const hourlyTx = doc.metrics.txcount.over_time[ok].hourly.data as number[][];
      const hourlyDaa = doc.metrics.daa.over_time[ok].hourly.data as number[][];
      const lastHour = Math.floor(NOW / HOUR_MS) * HOUR_MS - HOUR_MS;
      expect(hourlyDaa.map((r) => r[0]), `${owner} ${ok} hours`).toEqual(hourlyTx.map((r) => r[0]));
      expect(hourlyDaa[hourlyDaa.length - 1]![0], `${owner} ${ok}`).toBe(lastHour);
      const hourTruth = hourlyDaa.map(([h]) => devnet.appHourGroundTruth(owner, h!).chains[ok]);
      expect(hourTruth[0]?.txcount ?? 0, `${owner} ${ok} first hour`).toBeGreaterThan(0);
      expect(hourlyTx, `${owner} ${ok} hourly txcount`).toEqual(hourlyDaa.map(([h], j) => [h, hourTruth[j]?.txcount ?? 0]));
      expect(hourlyDaa, `${owner} ${ok} hourly daa`).toEqual(hourlyDaa.map(([h], j) => [h, hourTruth[j]?.distinct_senders ?? 0]));
      // Windows: sums, distinct senders over the window, weighted success rate.
      for (const [w, n] of [['1d', 1], ['7d', 7], ['30d', 30]] as const) {
        const t = truth(owner, lastDay - (n - 1) * DAY_MS, lastDay).chains[ok];
        expect(doc.metrics.txcount.aggregated.data[ok][w], `${owner} ${ok} ${w}`).toEqual([t?.txcount ?? 0]);
        expect(doc.metrics.daa.aggregated.data[ok][w], `${owner} ${ok} ${w}`).toEqual([t?.distinct_senders ?? 0]);
        expect(doc.metrics.success_rate.aggregated.data[ok][w][0], `${owner} ${ok} ${w}`).toBeCloseTo(t && t.txcount ? t.successes / t.txcount : NaN, 12);
      }
    }
    // KPI cards over cross-chain totals: a sender on two chains counts once.
    const firstDay = days.findIndex((d) => truth(owner, d).txcount > 0);
    expect(doc.kpi_cards.txcount.sparkline.data, owner).toEqual(days.slice(firstDay).map((d) => [d, truth(owner, d).txcount]));
    expect(doc.kpi_cards.daa.sparkline.data, owner).toEqual(days.slice(firstDay).map((d) => [d, truth(owner, d).distinct_senders]));
    expect(Object.keys(doc.first_seen).sort()).toEqual([...active].sort());
    const month = truth(owner, lastDay - 29 * DAY_MS, lastDay);
    expect(doc.chains_by_size).toEqual([...active].sort((a, b) => (month.chains[b]?.txcount ?? 0) - (month.chains[a]?.txcount ?? 0) || (a < b ? -1 : 1)));
    // Contracts table (max): every contract with calls, with the truth's counts.
    const rows = doc.contracts_table.max.data as Array<[string, string, string, string, string, boolean, number, number, number, number]>;
    for (const c of all.contracts) {
      const row = rows.find((r) => r[0].toLowerCase() === c.address && r[4] === c.origin_key);
      expect(row, `${owner} ${c.origin_key} ${c.address}`).toBeDefined();
      expect([row![6], row![9]]).toEqual([c.txcount, c.distinct_senders]);
    }
  }

  it('every metric of devswap, multicaller (cross-chain fallback) and harborlight (one chain) equals the ground truth', () => {
    for (const owner of ['devswap', 'multicaller', 'harborlight']) checkDetails(owner);
    // Multicall3 is labeled on ethereum only: the other chains' calls count through the fallback.
    expect(Object.keys(json('/v1/apps/details/multicaller.json').metrics.txcount.over_time).length).toBeGreaterThan(1);
    expect(Object.keys(json('/v1/apps/details/harborlight.json').first_seen)).toEqual(['base']);
    // The hourly daa is a distinct count, not a transaction count: some hour has a repeat sender.
    const tx = json('/v1/apps/details/devswap.json').metrics.txcount.over_time.ethereum.hourly.data as number[][];
    const daa = json('/v1/apps/details/devswap.json').metrics.daa.over_time.ethereum.hourly.data as number[][];
    expect(daa.some((r, j) => r[1]! > 0 && r[1]! < tx[j]![1]!)).toBe(true);
  });

  it('token metrics of devswap equal the devnet market feed (key all, complete days)', () => {
    const m = json('/v1/apps/details/devswap.json').metrics;
    const id = DEVNET_APPS.find((a) => a.owner_project === 'devswap')!.token!.coingecko_id;
    const price = m.token_price.over_time.all.daily.data as number[][];
    expect(price.length).toBeGreaterThan(HISTORY_DAYS);
    expect(price[price.length - 1]![0]).toBe(lastDay);
    for (const [d, usd, eth] of price) {
      const p = devnetMarketPoint(SEED, id, d!);
      expect(rel(usd!, p.price)).toBeLessThan(1e-9);
      expect(rel(eth!, p.price / devnetPrice(SEED, 'ethereum', d!))).toBeLessThan(1e-9);
    }
    const caps = m.market_cap.over_time.all.daily.data as number[][];
    for (const [d, usd] of caps) expect(rel(usd!, devnetMarketPoint(SEED, id, d!).market_cap)).toBeLessThan(1e-9);
  });

  it('driftwood (called on some days only) has zeros on the other days', () => {
    checkDetails(DEVNET_APP_CASES.someDays.owner_project);
    const data = json(`/v1/apps/details/${DEVNET_APP_CASES.someDays.owner_project}.json`).metrics.txcount.over_time.ethereum.daily.data as number[][];
    expect(data.some((r) => r[1] === 0)).toBe(true);
  });

  it('the whole filtered list: members, txcount, active_on, RANK() and category from the ground truth', () => {
    const doc = json('/v1/labels/projects_filtered.json');
    const directory = [...DEVNET_APPS.map((a) => [a.owner_project, a.usage_category]), ...DEVNET_EXTRA_PROJECTS.map((p) => [p.owner_project, p.usage_category])];
    const expected = directory
      .filter(([owner]) => truth(owner!, days[0]!, lastDay).txcount > 0)
      .map(([owner, category]) => {
        const t = truth(owner!, lastDay - 29 * DAY_MS, lastDay);
        const active_on = Object.fromEntries(Object.entries(t.chains).filter(([, s]) => s.txcount > 0).map(([ok, s]) => [ok, s.txcount]).sort(([a], [b]) => (a! < b! ? -1 : 1)));
        return { owner: owner!, txcount: t.txcount, active_on, category: category! };
      })
      .sort((a, b) => b.txcount - a.txcount || (a.owner < b.owner ? -1 : 1));
    const ranks = expected.map((e) => 1 + expected.filter((o) => o.txcount > e.txcount).length);
    expect(doc.data.data.map((r: unknown[]) => [r[0], r[8], r[9], r[10]])).toEqual(expected.map((e, i) => [e.owner, e.txcount, e.active_on, ranks[i]]));
    for (const r of doc.data.data) {
      const e = expected.find((x) => x.owner === r[0])!;
      // One usage category per devnet project, except the disputed EntryPoint (erc4337 for both).
      expect(r[11], e.owner).toBe(USAGE_CATEGORIES[e.category]);
    }
    expect(doc.data.data.map((r: unknown[]) => r[0])).not.toContain(DEVNET_APP_CASES.dormant.owner_project);
  });

  it('a labeled project without activity is in projects.json only (no app details)', () => {
    const all = json('/v1/labels/projects.json').data.data.map((r: unknown[]) => r[0]);
    expect(all).toContain(DEVNET_APP_CASES.dormant.owner_project);
    expect(all).toContain(DEVNET_APP_CASES.directoryOnly.owner_project);
    expect(inputs.some((i) => i.path === `/v1/apps/details/${DEVNET_APP_CASES.dormant.owner_project}.json`)).toBe(false);
  });

  it('app_overview_1d and _7d: every row from the ground truth, the N days before as prev_*, every filtered project present', () => {
    const listed: string[] = json('/v1/labels/projects_filtered.json').data.data.map((r: unknown[]) => r[0]);
    // USD: each day's fees at that day's ETH price (every chain here pays gas in ETH).
    const money = (owner: string, ok: string, [from, to]: readonly [number, number]): [number, number] => {
      let eth = 0;
      let usd = 0;
      for (let d = from; d <= to; d += DAY_MS) {
        const e = Number(truth(owner, d).chains[ok]?.fee_wei ?? 0n) / 1e18;
        eth += e;
        usd += e * devnetPrice(SEED, 'ethereum', d);
      }
      return [eth, usd];
    };
    const kinds = new Set<string>();
    for (const n of [1, 7]) {
      const doc = json(`/v1/apps/app_overview_${n}d.json`);
      const cur = [lastDay - (n - 1) * DAY_MS, lastDay] as const;
      const prev = [lastDay - (2 * n - 1) * DAY_MS, lastDay - n * DAY_MS] as const;
      const expected = listed.flatMap((owner) => {
        const [c, p, both] = [truth(owner, ...cur), truth(owner, ...prev), truth(owner, prev[0], cur[1])];
        const chains = Object.keys(both.chains).sort();
        // Without a call in the 2N days: a zero row per chain the project ever had calls on.
        if (chains.length === 0) return Object.keys(truth(owner, days[0]!, lastDay).chains).sort().map((ok) => [owner, ok, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        return chains.map((ok) => {
          const [eth, usd] = money(owner, ok, cur);
          const [prevEth, prevUsd] = money(owner, ok, prev);
          const contracts = both.contracts.filter((x) => x.origin_key === ok).length;
          return [owner, ok, contracts, eth, prevEth, usd, prevUsd, c.chains[ok]?.txcount ?? 0, p.chains[ok]?.txcount ?? 0, c.chains[ok]?.distinct_senders ?? 0, p.chains[ok]?.distinct_senders ?? 0];
        });
      });
      const rows = doc.data.data as unknown[][];
      const exact = (r: unknown[]) => [r[0], r[1], r[2], r[7], r[8], r[9], r[10]];
      expect(rows.map(exact), `${n}d`).toEqual(expected.map(exact));
      rows.forEach((r, i) => {
        for (const col of [3, 4, 5, 6]) {
          const want = expected[i]![col] as number;
          expect(Math.abs((r[col] as number) - want), `${n}d ${r[0]} ${r[1]} ${doc.data.types[col]}`).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(want)));
        }
        kinds.add(r[2] === 0 ? 'zeros' : r[7] === 0 ? 'prev only' : r[8] === 0 ? 'window only' : 'both');
      });
      expect(new Set(rows.map((r) => r[0])), `${n}d`).toEqual(new Set(listed));
    }
    // Rows active in both windows, and rows active only before the window, are among them (zero
    // rows are the contract test's: every devnet project calls within two days).
    expect(kinds.has('both') && kinds.has('prev only'), [...kinds].join()).toBe(true);
  });

  it('a relabel between two builds gives the new numbers without re-ingesting', async () => {
    // DevSwap's factory on ethereum now belongs to tidepool.
    const factory = DEVNET_APPS.find((a) => a.owner_project === 'devswap')!.contracts.find((c) => c.contract_name === 'DevSwapFactory' && c.origin_key === 'ethereum')!;
    const relabeled = DEVNET_LABELS.map((l) => (l.origin_key === 'ethereum' && l.address === factory.address ? { ...l, owner_project: 'tidepool' } : l));
    const before = json('/v1/labels/projects_filtered.json').data.data.find((r: unknown[]) => r[0] === 'devswap')[8];
    const file = join(dir, 'labels.csv');
    writeFileSync(file, devnetLabelsCsv(relabeled, KEYS));
    expect(await labels.refresh(store)).not.toBeNull();
    await build();
    const rows = json('/v1/labels/projects_filtered.json').data.data;
    const month = (owner: string) => truth(owner, lastDay - 29 * DAY_MS, lastDay, relabeled).txcount;
    expect(rows.find((r: unknown[]) => r[0] === 'devswap')[8]).toBe(month('devswap'));
    expect(rows.find((r: unknown[]) => r[0] === 'tidepool')[8]).toBe(month('tidepool'));
    expect(month('devswap')).toBeLessThan(before);
  });

  it('category comparison (CONTRACT.md 11.3): daily rows, rolling means, window shares and contracts from the generator', () => {
    // The labels the relabel test above left in the store: DevSwap's factory on ethereum is tidepool's.
    const factory = DEVNET_APPS.find((a) => a.owner_project === 'devswap')!.contracts.find((c) => c.contract_name === 'DevSwapFactory' && c.origin_key === 'ethereum')!;
    const labelsNow = DEVNET_LABELS.map((l) => (l.origin_key === 'ethereum' && l.address === factory.address ? { ...l, owner_project: 'tidepool' } : l));
    const { labelOf, categoryOf, subCategoryOf } = devnetCategories(KEYS, labelsNow);
    const displayName = new Map<string, string>([...DEVNET_APPS, ...DEVNET_EXTRA_PROJECTS].map((p) => [p.owner_project, p.display_name]));
    const prod = chains.filter((c) => c.deployment === 'PROD').map((c) => c.origin_key);
    expect(prod).toContain('ethereum');
    type Fig = { eth: number; usd: number; txcount: number };
    type DayFigs = Map<string, Map<number, Fig>>;
    // Per chain, from the generator: category id (main or sub) → day → figures, and contract → day → figures.
    const truth = new Map<string, { cats: DayFigs; contracts: DayFigs }>();
    for (const ok of prod) {
      const cats: DayFigs = new Map();
      const contracts: DayFigs = new Map();
      const add = (into: DayFigs, id: string, n: number, wei: bigint, d: number) => {
        if (n === 0) return;
        const byDay = into.get(id) ?? new Map<number, Fig>();
        into.set(id, byDay);
        const f = byDay.get(d) ?? { eth: 0, usd: 0, txcount: 0 };
        const eth = Number(wei) / 1e18;
        byDay.set(d, { eth: f.eth + eth, usd: f.usd + eth * devnetPrice(SEED, 'ethereum', d), txcount: f.txcount + n });
      };
      for (let d = Math.floor((devnet.blockTime(ok, 0) * 1000) / DAY_MS) * DAY_MS; d <= lastDay; d += DAY_MS) {
        const t = devnet.blockspaceGroundTruth(ok, d);
        for (const id of ['token_transfers', 'native_transfer']) add(cats, id, t.native_transfer, t.native_transfer_fee_wei, d);
        for (const id of ['utility', 'contract_deployment']) add(cats, id, t.contract_deployment, t.contract_deployment_fee_wei, d);
        for (const [a, n] of t.calls) {
          const wei = t.call_fee_wei.get(a)!;
          for (const id of new Set([categoryOf(ok, a), subCategoryOf(ok, a)])) add(cats, id, n, wei, d);
          add(contracts, a, n, wei, d);
        }
      }
      truth.set(ok, { cats, contracts });
    }
    const sum = (byDay: Map<number, Fig> | undefined, from: number): Fig => {
      const out = { eth: 0, usd: 0, txcount: 0 };
      for (const [d, f] of byDay ?? []) if (d >= from) (out.eth += f.eth), (out.usd += f.usd), (out.txcount += f.txcount);
      return out;
    };
    const close = (got: number[], want: number[], at: string) => want.forEach((w, i) => expect(rel(got[i]!, w), `${at} [${i}] ${got[i]} vs ${w}`).toBeLessThan(1e-9));
    const WINDOW_FROM: Record<string, number> = { '7d': lastDay - 6 * DAY_MS, '30d': lastDay - 29 * DAY_MS, '180d': lastDay - 179 * DAY_MS, max: -Infinity };
    const mainIds = MAIN_CATEGORIES.map((m) => m.id);
    const index = json('/v1/blockspace/category_comparison/index.json');
    expect(Object.keys(index.data)).toEqual(mainIds);
    /** A node's daily rows, rolling rows and window data for category `id` against the truth. */
    const checkNode = (node: any, id: string, at: string) => {
      for (const ok of prod) {
        const byDay = truth.get(ok)!.cats.get(id);
        if (!byDay) {
          expect(node.daily[ok], `${at} ${ok}`).toBeUndefined();
          continue;
        }
        const first = Math.min(...byDay.keys());
        const want: number[][] = [];
        for (let d = first; d <= lastDay; d += DAY_MS) {
          const f = byDay.get(d);
          want.push([d, f?.eth ?? 0, f?.usd ?? 0, f?.txcount ?? 0]);
        }
        const rows = node.daily[ok] as number[][];
        expect(rows.map((r) => [r[0], r[3]]), `${at} ${ok} days`).toEqual(want.map((r) => [r[0], r[3]]));
        rows.forEach((r, i) => close(r, want[i]!, `${at} ${ok} ${r[0]}`));
        const rolling = want.slice(6).map((r, i) => [r[0]!, ...[1, 2, 3].map((c) => want.slice(i, i + 7).reduce((a, x) => a + x[c]!, 0) / 7)]);
        expect((node.daily_7d_rolling[ok] as number[][]).map((r) => r[0]), `${at} ${ok} rolling`).toEqual(rolling.map((r) => r[0]));
        (node.daily_7d_rolling[ok] as number[][]).forEach((r, i) => close(r, rolling[i]!, `${at} ${ok} rolling ${r[0]}`));
        for (const [w, from] of Object.entries(WINDOW_FROM)) {
          const f = sum(byDay, from);
          const total = mainIds.reduce((t, m) => {
            const x = sum(truth.get(ok)!.cats.get(m), from);
            return { eth: t.eth + x.eth, txcount: t.txcount + x.txcount };
          }, { eth: 0, txcount: 0 });
          const got = node.aggregated[w].data[ok];
          if (f.txcount === 0) expect(got, `${at} ${ok} ${w}`).toBeUndefined();
          else {
            expect(got[3], `${at} ${ok} ${w} txcount`).toBe(f.txcount);
            close(got, [f.eth, f.usd, f.eth / total.eth, f.txcount, f.txcount / total.txcount], `${at} ${ok} ${w}`);
          }
        }
      }
    };
    for (const m of MAIN_CATEGORIES) {
      const node = json(`/v1/blockspace/category_comparison/${m.id}.json`).data[m.id];
      const list = m.sub.filter((s) => prod.some((ok) => truth.get(ok)!.cats.has(s)));
      expect(node.subcategories.list, m.id).toEqual(list);
      expect(index.data[m.id].subcategories, m.id).toEqual(list);
      checkNode(node, m.id, m.id);
      for (const s of list) checkNode(node.subcategories[s], s, `${m.id}/${s}`);
      // Contracts of the 30 days: the top 50 by fees, plus each (sub, chain)'s top 20 by fees and by txcount.
      const candidates = prod.flatMap((ok) =>
        [...truth.get(ok)!.contracts].filter(([a]) => categoryOf(ok, a) === m.id).map(([a, byDay]) => ({ ok, a, f: sum(byDay, WINDOW_FROM['30d']!) })),
      ).filter((c) => c.f.txcount > 0);
      const byFees = (x: (typeof candidates)[number], y: (typeof candidates)[number]) => y.f.eth - x.f.eth || y.f.txcount - x.f.txcount || (x.ok < y.ok ? -1 : x.ok > y.ok ? 1 : x.a < y.a ? -1 : 1);
      const chosen = new Set([...candidates].sort(byFees).slice(0, 50));
      for (const ok of prod) {
        for (const s of m.sub) {
          const group = candidates.filter((c) => c.ok === ok && subCategoryOf(ok, c.a) === s);
          for (const c of [...group].sort(byFees).slice(0, 20)) chosen.add(c);
          for (const c of [...group].sort((x, y) => y.f.txcount - x.f.txcount || byFees(x, y)).slice(0, 20)) chosen.add(c);
        }
      }
      const want = [...chosen].sort(byFees);
      const table = node.aggregated['30d'].contracts.data as unknown[][];
      expect(table.map((r) => [r[0], r[5]]), `${m.id} contracts`).toEqual(want.map((c) => [getAddress(c.a), c.ok]));
      table.forEach((r, i) => {
        const c = want[i]!;
        const label = labelOf(c.ok, c.a);
        expect(r.slice(1, 5), `${m.id} ${c.ok} ${c.a}`).toEqual([label ? (displayName.get(label.owner_project) ?? null) : null, label?.contract_name ?? null, m.id, subCategoryOf(c.ok, c.a)]);
        expect(r[8]).toBe(c.f.txcount);
        close([r[6] as number, r[7] as number], [c.f.eth, c.f.usd], `${m.id} ${c.a} fees`);
      });
    }
    // The devnet has unlabeled traffic on every chain: more than 50 contracts compete there.
    expect(json('/v1/blockspace/category_comparison/unlabeled.json').data.unlabeled.aggregated['30d'].contracts.data.length).toBeGreaterThan(50);
  });
});
