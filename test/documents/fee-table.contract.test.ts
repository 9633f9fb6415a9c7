// CONTRACT.md section 2 against hand-made chains: a chain at the head, one lagging three hours,
// one that started ten hours ago, one without swap-sized transactions, and one not flagged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { BuildReport } from '../../src/documents/build-report.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, feeOf, GWEI, isUserTx, makeChain, median, type BlockSpec, type TxSpec } from '../metrics/chain-fixture.js';
import { HOUR, rng } from './scenario.js';

const silent = createLogger('silent');
const T = Date.UTC(2024, 4, 20, 12); // newest complete hour of the leading chain ends here
const NOW = T + 20 * 60_000;
const hourUsd = (h: number) => 3000 + ((h / HOUR) % 97);
const NO_PRICE_HOUR = T - 6 * HOUR; // this hour has no price of its own

function hourBlocks(seed: number, from: number, to: number, swaps = true): BlockSpec[] {
  const r = rng(seed);
  const blocks: BlockSpec[] = [];
  for (let h = from; h < to; h += HOUR) {
    const txs: TxSpec[] = [];
    const n = 2 + Math.floor(r() * 6);
    for (let i = 0; i < n; i++) {
      const kind = r();
      const gasUsed = kind < 0.4 ? 21_000n : kind < 0.7 && swaps ? 200_000n + BigInt(Math.floor(r() * 100_000)) : 400_000n;
      txs.push({ from: addr(1 + Math.floor(r() * 20)), gasUsed, gasPrice: BigInt(1 + Math.floor(r() * 9)) * GWEI / 10n, l1Fee: BigInt(Math.floor(r() * 1e9)), inputEmpty: gasUsed === 21_000n });
    }
    if (r() < 0.3) txs.push({ from: addr(0x5e), gasPrice: 0n, gasUsed: 60_000n }); // a deposit: not a user tx
    blocks.push({ time: (h + Math.floor(r() * 3_000_000)) / 1000 }, { time: Math.floor((h + 3_100_000) / 1000), txs });
  }
  return blocks.map((b) => ({ ...b, time: Math.floor(b.time) }));
}

type FeeDoc = { chain_data: Record<string, { hourly: Record<string, { types: string[]; data: Array<Array<number | null>> }> }> };

describe('fee table (CONTRACT.md 2)', () => {
  let store: DuckDbStore;
  let doc: FeeDoc;
  let report: BuildReport;
  const chains = {
    fast: makeChain('fast'),
    lagging: makeChain('lagging'),
    young: makeChain('young'),
    noswap: makeChain('noswap'),
    hidden: makeChain('hidden', { flags: { fee_table: false, apps: false } }),
  };
  const histories: Record<string, BlockSpec[]> = {
    fast: hourBlocks(1, T - 48 * HOUR, T),
    lagging: hourBlocks(2, T - 48 * HOUR, T - 3 * HOUR),
    young: hourBlocks(3, T - 10 * HOUR, T),
    noswap: hourBlocks(4, T - 48 * HOUR, T, false),
    hidden: hourBlocks(5, T - 48 * HOUR, T),
  };

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    for (const [key, blocks] of Object.entries(histories)) {
      const w = new ChainWriter(store, chains[key as keyof typeof chains]);
      await w.write(blocks);
      const last = blocks.at(-1)!.time * 1000;
      await w.write([{ time: Math.floor((Math.floor(last / HOUR) * HOUR + HOUR) / 1000) }]); // head: completes the last hour
    }
    const prices = [];
    for (let h = T - 50 * HOUR; h < T + HOUR; h += HOUR) if (h !== NO_PRICE_HOUR) prices.push({ asset: 'ethereum', granularity: 'hourly' as const, period_ms: h, usd: hourUsd(h) });
    await store.writePrices(prices);
    const clock = new FixedClock(NOW);
    await computeFacts(store, Object.values(chains), clock, { logger: silent });
    const built = await buildAllDocuments(store, Object.values(chains), clock, { logger: silent });
    report = built.report;
    const input = built.inputs.find((i) => i.path === '/v1/fees/table.json')!;
    expect(input.freshness).toBe('hourly');
    doc = JSON.parse(JSON.stringify(input.json)) as FeeDoc;
  });
  afterAll(async () => {
    await store.close();
  });

  // CONTRACT.md 2: the complete hours that started less than 30 hours before the build, 29 rows
  // (was 30 before the contract changed: the oldest row was then always over 30 hours old).
  const hours = Array.from({ length: 29 }, (_, i) => T - HOUR - i * HOUR); // newest first
  const txsOf = (key: string, h: number) => histories[key]!.filter((b) => b.time * 1000 >= h && b.time * 1000 < h + HOUR).flatMap((b) => b.txs ?? []);
  const priceAt = (h: number) => hourUsd(h === NO_PRICE_HOUR ? h - HOUR : h); // the latest earlier price
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
  const norm = (vals: Array<number | null>, invert: boolean) => {
    const known = vals.filter((v): v is number => v !== null);
    const lo = Math.min(...known);
    const hi = Math.max(...known);
    return vals.map((v) => (v === null ? null : hi === lo ? 0 : Math.round((invert ? 1 - (v - lo) / (hi - lo) : (v - lo) / (hi - lo)) * 100) / 100));
  };

  it('has only chain_data (no last_updated_utc) and every fee-table chain, with all six metrics', () => {
    expect(Object.keys(doc)).toEqual(['chain_data']);
    expect(Object.keys(doc.chain_data).sort()).toEqual(['fast', 'lagging', 'noswap', 'young']);
    for (const c of Object.values(doc.chain_data)) {
      expect(Object.keys(c)).toEqual(['hourly']);
      expect(Object.keys(c.hourly).sort()).toEqual(['throughput', 'tps', 'txcosts_avg', 'txcosts_median', 'txcosts_native_median', 'txcosts_swap']);
      for (const m of ['txcosts_median', 'txcosts_native_median', 'txcosts_avg', 'txcosts_swap']) expect(c.hourly[m]!.types).toEqual(['unix', 'value_eth', 'value_usd', 'normalized']);
      for (const m of ['tps', 'throughput']) expect(c.hourly[m]!.types).toEqual(['unix', 'value', 'normalized']);
    }
  });

  it('rows are the 29 complete hours of the last 30 hours, newest first, and row i is the same hour on every chain', () => {
    for (const c of Object.values(doc.chain_data)) {
      for (const [name, t] of Object.entries(c.hourly)) {
        if (name === 'txcosts_swap' && t.data.length === 0) continue;
        expect(t.data.map((r) => r[0])).toEqual(hours);
      }
    }
  });

  it('a lagging chain has nulls for the hours it has not reached; a young chain for hours before it started', () => {
    const lag = doc.chain_data.lagging!.hourly;
    for (const m of Object.values(lag)) {
      expect(m.data.slice(0, 3).every((r) => r.slice(1).every((v) => v === null))).toBe(true);
      expect(m.data[3]![1]).not.toBeNull();
    }
    const young = doc.chain_data.young!.hourly.tps!;
    expect(young.data.slice(0, 10).every((r) => r[1] !== null)).toBe(true);
    expect(young.data.slice(10).every((r) => r[1] === null && r[2] === null)).toBe(true);
  });

  it('values follow METRICS.md section 3; value_usd is value_eth times that hour\'s price, 4 decimals', () => {
    for (const key of ['fast', 'lagging', 'young', 'noswap']) {
      const c = doc.chain_data[key]!.hourly;
      hours.forEach((h, i) => {
        const txs = txsOf(key, h);
        const reached = key !== 'lagging' || h < T - 3 * HOUR;
        const started = key !== 'young' || h >= T - 10 * HOUR;
        if (!reached || !started) return;
        const fees = txs.map((t) => feeOf(t)).filter((f) => f > 0n);
        const native = txs.filter((t) => t.inputEmpty && t.to !== null).map((t) => feeOf(t)).filter((f) => f > 0n);
        const swap = txs.filter((t) => (t.gasUsed ?? 0n) >= 150_000n && (t.gasUsed ?? 0n) <= 350_000n).map((t) => feeOf(t)).filter((f) => f > 0n);
        const expectEth = (metric: string, eth: number | null) => {
          const row = c[metric]!.data[i];
          if (row === undefined) return; // a metric with data: [] (checked separately)
          if (eth === null) return expect(row.slice(1)).toEqual([null, null, null]);
          expect(row[1]).toBeCloseTo(eth, 15);
          expect(row[2]).toBe(r4(eth * priceAt(h)));
        };
        expectEth('txcosts_median', median(fees)! / 1e18);
        expectEth('txcosts_native_median', native.length ? median(native)! / 1e18 : null);
        expectEth('txcosts_swap', swap.length ? median(swap)! / 1e18 : null);
        expectEth('txcosts_avg', Number(fees.reduce((a, b) => a + b, 0n)) / fees.length / 1e18);
        expect(c.tps!.data[i]![1]).toBeCloseTo(txs.filter((t) => isUserTx(t)).length / 3600, 12);
        expect(c.throughput!.data[i]![1]).toBeCloseTo(Number(txs.reduce((a, t) => a + (t.gasUsed ?? 21_000n), 0n)) / 3600 / 1e6, 12);
      });
    }
  });

  it('normalized: 0 = best within a chain and metric, inverted for tps and throughput, null where the value is null, 2 decimals', () => {
    for (const c of Object.values(doc.chain_data)) {
      for (const [name, t] of Object.entries(c.hourly)) {
        if (t.data.length === 0) continue;
        const money = t.types.length === 4;
        const vals = t.data.map((r) => r[1]!);
        expect(t.data.map((r) => r[money ? 3 : 2])).toEqual(norm(vals, name === 'tps' || name === 'throughput'));
      }
      const tps = c.hourly.tps!.data;
      const best = Math.max(...tps.filter((r) => r[1] !== null).map((r) => r[1]!));
      expect(tps.find((r) => r[1] === best)![2]).toBe(0);
      const costs = c.hourly.txcosts_median!.data;
      const cheapest = Math.min(...costs.filter((r) => r[1] !== null).map((r) => r[1]!));
      expect(costs.find((r) => r[1] === cheapest)![3]).toBe(0);
    }
  });

  it('at :00, :01 and :59 of an hour: 29 rows, the last (oldest) row started less than 30 hours before the build', async () => {
    for (const at of [T, T + 60_000, T + 59 * 60_000]) {
      const built = await buildAllDocuments(store, Object.values(chains), new FixedClock(at), { logger: silent });
      const d = JSON.parse(JSON.stringify(built.inputs.find((i) => i.path === '/v1/fees/table.json')!.json)) as FeeDoc;
      for (const [key, c] of Object.entries(d.chain_data)) {
        for (const [name, t] of Object.entries(c.hourly)) {
          if (t.data.length === 0) continue;
          const label = `${new Date(at).toISOString()} ${key} ${name}`;
          expect(t.data.length, label).toBe(29);
          expect(at - t.data.at(-1)![0]!, label).toBeLessThan(30 * HOUR);
          expect(t.data[0]![0], label).toBe(T - HOUR); // the newest complete hour
        }
      }
    }
  });

  it('when every chain lags, rows 30 hours old or older are left out rather than published', async () => {
    const at = T + HOUR + 30 * 60_000; // facts still end at T: every chain is an hour behind
    const built = await buildAllDocuments(store, Object.values(chains), new FixedClock(at), { logger: silent });
    const d = JSON.parse(JSON.stringify(built.inputs.find((i) => i.path === '/v1/fees/table.json')!.json)) as FeeDoc;
    const tps = d.chain_data.fast!.hourly.tps!.data;
    expect(tps[0]![0]).toBe(T - HOUR);
    expect(tps.length).toBe(28);
    expect(at - tps.at(-1)![0]!).toBeLessThan(30 * HOUR);
  });

  it('a metric that cannot be computed for a chain has "data": []', () => {
    expect(doc.chain_data.noswap!.hourly.txcosts_swap).toEqual({ types: ['unix', 'value_eth', 'value_usd', 'normalized'], data: [] });
  });

  it('reports the hour converted with the latest earlier price', () => {
    const status = report.degraded.find((d) => d.path === '/v1/fees/table.json')!;
    expect(status.price_gaps).toEqual(
      ['fast', 'lagging', 'young', 'noswap'].map((origin_key) => ({ origin_key, asset: 'ethereum', granularity: 'hourly', status: 'fallback', periods: 1, first_ms: NO_PRICE_HOUR, last_ms: NO_PRICE_HOUR })),
    );
  });
});
