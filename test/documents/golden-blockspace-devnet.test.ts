// Golden test of the blockspace documents over the real pipeline: devnet JSON-RPC → Ingestor →
// DuckDB → facts, the devnet's labels through the real importer → documents. Category totals,
// shares, daily rows and top contracts are checked against numbers derived here from the
// devnet's ground truth (its block generator: every user transaction's kind, called address and
// fee), its price function and its label rows, applying the category rule of METRICS.md 5 here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import { devnetPrice, type Devnet } from '../../src/devnet/index.js';
import { MAIN_CATEGORIES } from '../../src/registry/categories.js';
import type { Chain } from '../../src/registry/types.js';
import { sharedDevnetDocuments, type SharedDevnetDocuments } from '../helpers/devnet-documents.js';
import { devnetCategories } from '../helpers/devnet-categories.js';

const SEED = 23;
const HISTORY_DAYS = 20;
const LIVE_SINCE = Date.UTC(2024, 9, 14, 6);
const NOW = LIVE_SINCE + 10 * 60_000;
const ALL = ['ethereum', 'optimism', 'base', 'arbitrum', 'linea', 'mantle'];
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

interface Fig {
  eth: number;
  usd: number;
  txcount: number;
}

describe('golden: devnet → blockspace documents', () => {
  let built: SharedDevnetDocuments;
  let devnet: Devnet;
  let chains: Chain[];
  const lastDay = Math.floor(NOW / DAY_MS) * DAY_MS - DAY_MS;
  const json = (path: string): any => {
    const e = built.set.entries.get(path);
    return e ? JSON.parse(e.body.toString('utf8')) : null;
  };
  const { labels, categoryOf } = devnetCategories(ALL);
  /** Money of a day's fees: the gas token's amount × its price that day; ETH = USD ÷ the ETH price. */
  const money = (ok: string, wei: bigint, day: number) => {
    const usd = (Number(wei) / 1e18) * devnetPrice(SEED, chains.find((c) => c.origin_key === ok)!.gas_token, day);
    return { usd, eth: usd / devnetPrice(SEED, 'ethereum', day) };
  };
  /** Per category, the truth of the days [from, to]; and per called address. */
  const truth = (ok: string, from: number, to = lastDay) => {
    const cats = new Map<string, Fig>();
    const contracts = new Map<string, Fig>();
    const add = (into: Map<string, Fig>, id: string, n: number, wei: bigint, day: number) => {
      const f = into.get(id) ?? { eth: 0, usd: 0, txcount: 0 };
      const m = money(ok, wei, day);
      into.set(id, { eth: f.eth + m.eth, usd: f.usd + m.usd, txcount: f.txcount + n });
    };
    for (let d = from; d <= to; d += DAY_MS) {
      const t = devnet.blockspaceGroundTruth(ok, d);
      add(cats, 'token_transfers', t.native_transfer, t.native_transfer_fee_wei, d);
      add(cats, 'utility', t.contract_deployment, t.contract_deployment_fee_wei, d);
      for (const [address, n] of t.calls) {
        add(cats, categoryOf(ok, address), n, t.call_fee_wei.get(address)!, d);
        add(contracts, address, n, t.call_fee_wei.get(address)!, d);
      }
    }
    return { cats, contracts };
  };
  const genesisDay = (ok: string) => Math.floor((devnet.blockTime(ok, 0) * 1000) / DAY_MS) * DAY_MS;

  beforeAll(async () => {
    built = await sharedDevnetDocuments({ seed: SEED, historyDays: HISTORY_DAYS, txPerDay: 300, historyBlockInterval: 3600, liveSinceMs: LIVE_SINCE, nowMs: NOW, publicBaseUrl: 'https://api.example.org' });
    ({ devnet, chains } = built);
  }, 300_000);
  afterAll(async () => {
    await built?.close();
  });

  it('per chain, the 7d and max category totals, shares and totals from the generator (mantle pays in MNT)', () => {
    for (const ok of ALL) {
      const doc = json(`/v1/chains/blockspace/${ok}.json`);
      expect(doc, ok).not.toBeNull();
      for (const [tf, from] of [
        ['7d', lastDay - 6 * DAY_MS],
        ['max', genesisDay(ok)],
      ] as const) {
        const { cats } = truth(ok, from);
        const total = { eth: 0, usd: 0, txcount: 0 };
        for (const f of cats.values()) {
          total.eth += f.eth;
          total.usd += f.usd;
          total.txcount += f.txcount;
        }
        for (const { id } of MAIN_CATEGORIES) {
          const f = cats.get(id);
          const entry = doc.overview[tf][id];
          if (!f || f.txcount === 0) {
            expect(entry, `${ok} ${tf} ${id}`).toEqual({});
            continue;
          }
          const [eth, usd, txcount, shareEth, shareUsd, shareTx] = entry.data;
          expect(txcount, `${ok} ${tf} ${id}`).toBe(f.txcount);
          expect(rel(eth, f.eth), `${ok} ${tf} ${id} eth`).toBeLessThan(1e-9);
          expect(rel(usd, f.usd), `${ok} ${tf} ${id} usd`).toBeLessThan(1e-9);
          expect(rel(shareTx, f.txcount / total.txcount)).toBeLessThan(1e-12);
          expect(rel(shareEth, f.eth / total.eth)).toBeLessThan(1e-9);
          expect(rel(shareUsd, f.usd / total.usd)).toBeLessThan(1e-9);
        }
        const [eth, usd, txcount] = doc.totals[tf].data;
        expect(txcount, `${ok} ${tf} total`).toBe(total.txcount);
        expect(rel(eth, total.eth)).toBeLessThan(1e-9);
        expect(rel(usd, total.usd)).toBeLessThan(1e-9);
      }
      // The blockspace total of a day is the chain's txcount of the day.
      let tx = 0;
      for (let d = genesisDay(ok); d <= lastDay; d += DAY_MS) tx += devnet.groundTruth(ok, d).txcount;
      expect(doc.totals.max.data[2], ok).toBe(tx);
    }
  });

  it("daily rows: one per day with transactions, ascending, a category's day from the generator", () => {
    for (const ok of ['base', 'arbitrum']) {
      const doc = json(`/v1/chains/blockspace/${ok}.json`);
      const rows: any[][] = doc.daily.token_transfers.data;
      expect(rows.map((r) => r[0])).toEqual([...rows.map((r) => r[0])].sort((a, b) => a - b));
      expect(rows.at(-1)![0]).toBe(lastDay);
      for (const day of [lastDay, lastDay - 3 * DAY_MS]) {
        const { cats } = truth(ok, day, day);
        const dayTotal = devnet.groundTruth(ok, day).txcount;
        for (const id of ['token_transfers', 'utility']) {
          const expected = cats.get(id)!;
          const row = doc.daily[id].data.find((r: any[]) => r[0] === day);
          expect(row[3], `${ok} ${id} ${day}`).toBe(expected.txcount);
          expect(rel(row[1], expected.eth)).toBeLessThan(1e-9);
          expect(rel(row[6], expected.txcount / dayTotal)).toBeLessThan(1e-12);
        }
      }
    }
  });

  it('top contracts of a category and window are the generator\'s biggest payers, with their labels', () => {
    const ok = 'base';
    const doc = json(`/v1/chains/blockspace/${ok}.json`);
    const { contracts } = truth(ok, lastDay - 29 * DAY_MS);
    for (const { id } of MAIN_CATEGORIES) {
      const expected = [...contracts].filter(([a]) => categoryOf(ok, a) === id).sort((x, y) => y[1].eth - x[1].eth);
      const table = doc.overview['30d'][id].contracts;
      if (expected.length === 0) continue;
      expect(table.data.length, id).toBe(Math.min(50, expected.length));
      const [address, project, , main, sub, chain, eth, , txcount] = table.data[0];
      expect(address).toBe(expected[0]![0]);
      expect([main, chain, txcount]).toEqual([id, ok, expected[0]![1].txcount]);
      expect(rel(eth, expected[0]![1].eth)).toBeLessThan(1e-9);
      const label = labels.find((l) => l.address === address && l.origin_key === ok) ?? labels.find((l) => l.address === address);
      expect(project).toBe(id === 'unlabeled' ? null : label!.owner_project);
      expect(sub).toBe(id === 'unlabeled' ? 'unlabeled' : label!.usage_category);
    }
  });

  it('overview: all_l2s sums the L2s per category; its contracts span the L2s', () => {
    const doc = json('/v1/blockspace/overview.json');
    const l2s = chains.filter((c) => c.chain_type !== 'l1' && c.deployment === 'PROD').map((c) => c.origin_key);
    expect(l2s.length).toBeGreaterThan(1);
    const sums = new Map<string, number>();
    for (const ok of l2s) for (const [id, f] of truth(ok, lastDay - 29 * DAY_MS).cats) sums.set(id, (sums.get(id) ?? 0) + f.txcount);
    const agg = doc.data.chains.all_l2s.overview['30d'];
    for (const [id, n] of sums) if (n > 0) expect(agg[id].data[2], id).toBe(n);
    const chainsListed = new Set(Object.values(agg).flatMap((e: any) => (e.contracts ? e.contracts.data.map((r: any[]) => r[5]) : [])));
    expect(chainsListed.size).toBeGreaterThan(1);
    // A chain's entry equals its own document's numbers over the shared timeframes.
    expect(doc.data.chains.base.overview['30d']).toEqual(stripContracts(json('/v1/chains/blockspace/base.json').overview['30d']));
  });
});

function stripContracts(tf: Record<string, any>): Record<string, any> {
  return Object.fromEntries(Object.entries(tf).map(([id, e]) => [id, e.data ? { data: e.data } : e]));
}
