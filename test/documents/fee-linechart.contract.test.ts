// CONTRACT.md 10.2 and 11.5 against hand-made chains: one with 200 days of history, one lagging two
// hours, one that started 3 days ago, one whose raw transactions older than 12 hours were pruned
// (retention_days), an `ethereum` chain and a chain not flagged for the fee table (both left out).
// None is `optimism`, which the reference page reads by name (11.5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { buildKinds } from '../helpers/build-kinds.js';
import { addr, ChainWriter, GWEI, isUserTx, makeChain, type BlockSpec, type TxSpec } from '../metrics/chain-fixture.js';
import { DAY, HOUR, rng } from './scenario.js';

const silent = createLogger('silent');
const T = Date.UTC(2024, 4, 20, 12); // the newest complete hour of the leading chains ends here
const NOW = T + 25 * 60_000;
const MIN10 = 10 * 60_000;
const H4 = 4 * HOUR;
const PRUNED_BEFORE = T - 12 * HOUR;

/** Two blocks per 20 minutes with a few transactions, from `from` to `to`. */
function history(seed: number, from: number, to: number): BlockSpec[] {
  const r = rng(seed);
  const blocks: BlockSpec[] = [];
  for (let t = from; t < to; t += 20 * 60_000) {
    const txs: TxSpec[] = [];
    const n = Math.floor(r() * 4);
    for (let i = 0; i < n; i++) {
      const swap = r() < 0.3;
      txs.push({ from: addr(1 + Math.floor(r() * 9)), gasUsed: swap ? 200_000n : 21_000n, gasPrice: BigInt(1 + Math.floor(r() * 9)) * GWEI / 10n, inputEmpty: !swap });
    }
    if (r() < 0.2) txs.push({ from: addr(0x5e), gasPrice: 0n, gasUsed: 60_000n }); // a deposit: no fee, not a user tx
    blocks.push({ time: Math.floor((t + 60_000) / 1000), txs }, { time: Math.floor((t + 11 * 60_000) / 1000) });
  }
  return blocks;
}

type Table = { types: string[]; granularity: string; data: Array<Array<number | null>> };
type Doc = { chain_data: Record<string, Record<string, Record<string, Table>>>; last_updated_utc: string };
type Master = { fee_metrics: Record<string, unknown> };

// In the order the reference page reads them by position (11.5), not the fee table's.
const METRICS = ['txcosts_median', 'txcosts_native_median', 'tps', 'throughput', 'txcosts_swap', 'txcosts_avg'];
const COSTS = ['txcosts_median', 'txcosts_native_median', 'txcosts_swap', 'txcosts_avg'];
const FRAMES = { '24hrs': ['10_min', MIN10, 144], '7d': ['hourly', HOUR, 168], '30d': ['4_hours', H4, 180], '180d': ['daily', DAY, 180] } as const;

describe('fee line chart (CONTRACT.md 10.2)', () => {
  let store: DuckDbStore;
  let doc: Doc;
  let master: Master;
  const chains = {
    old: makeChain('old'),
    lagging: makeChain('lagging'),
    young: makeChain('young'),
    pruned: makeChain('pruned'),
    ethereum: makeChain('ethereum'),
    hidden: makeChain('hidden', { flags: { fee_table: false, apps: false } }),
  };
  const histories: Record<keyof typeof chains, BlockSpec[]> = {
    old: history(1, T - 200 * DAY, T),
    lagging: history(2, T - 40 * DAY, T - 2 * HOUR),
    young: history(3, T - 3 * DAY, T),
    pruned: history(4, T - 40 * DAY, T),
    ethereum: history(5, T - 40 * DAY, T),
    hidden: history(6, T - 40 * DAY, T),
  };
  const userTxs = (key: keyof typeof chains, from: number, to: number) =>
    histories[key].filter((b) => b.time * 1000 >= from && b.time * 1000 < to).flatMap((b) => b.txs ?? []).filter((t) => isUserTx(t)).length;

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    for (const [key, blocks] of Object.entries(histories)) {
      const w = new ChainWriter(store, chains[key as keyof typeof chains]);
      await w.write(blocks);
      await w.write([{ time: Math.floor((blocks.at(-1)!.time * 1000 + 20 * 60_000) / 1000) }]); // the head completes the last hour
    }
    const prices = [];
    for (let d = T - 210 * DAY; d < T; d += DAY) prices.push({ asset: 'ethereum', granularity: 'daily' as const, period_ms: d, usd: 3000 + (d / DAY) % 50 });
    for (let h = T - 40 * DAY; h < T + HOUR; h += HOUR) prices.push({ asset: 'ethereum', granularity: 'hourly' as const, period_ms: h, usd: 3000 + (h / HOUR) % 97 });
    await store.writePrices(prices);
    const clock = new FixedClock(NOW);
    await computeFacts(store, Object.values(chains), clock, { logger: silent });
    // Retention deletes raw transactions only after their hours' facts are computed (chain-sync.ts).
    expect(await store.pruneRaw('pruned', PRUNED_BEFORE / 1000)).toBeGreaterThan(0);
    const built = await buildAllDocuments(store, Object.values(chains), clock, { logger: silent });
    const input = built.inputs.find((i) => i.path === '/v1/fees/linechart.json')!;
    expect(input.freshness).toBe('hourly');
    doc = JSON.parse(JSON.stringify(input.json)) as Doc;
    master = JSON.parse(JSON.stringify(built.inputs.find((i) => i.path === '/v1/master.json')!.json)) as Master;
  });
  afterAll(async () => {
    await store.close();
  });

  it('has every fee-table chain except ethereum (and optimism, 11.5), and last_updated_utc', () => {
    expect(Object.keys(doc)).toEqual(['chain_data', 'last_updated_utc']);
    expect(Object.keys(doc.chain_data).sort()).toEqual(['lagging', 'old', 'optimism', 'pruned', 'young']);
    expect(doc.last_updated_utc).toBe('2024-05-20 12:25:00');
  });

  it('every chain has the same six metrics × four timeframes, with the contract columns and granularity names', () => {
    for (const c of Object.values(doc.chain_data)) {
      expect(Object.keys(c)).toEqual(METRICS);
      for (const m of METRICS) {
        expect(Object.keys(c[m]!)).toEqual(Object.keys(FRAMES));
        for (const [tf, [granularity]] of Object.entries(FRAMES)) {
          const t = c[m]![tf]!;
          expect(Object.keys(t)).toEqual(['types', 'granularity', 'data']);
          expect(t.granularity).toBe(granularity);
          expect(t.types).toEqual(COSTS.includes(m) ? ['unix', 'value_eth', 'value_usd'] : ['unix', 'value']);
          for (const row of t.data) expect(row.length).toBe(t.types.length);
        }
      }
    }
  });

  it('rows are the complete buckets of each timeframe, oldest first, ending at the newest complete hour (day)', () => {
    const old = doc.chain_data.old!;
    for (const [tf, [, step, count]] of Object.entries(FRAMES)) {
      const newestEnd = tf === '180d' ? Math.floor(T / DAY) * DAY : tf === '30d' ? Math.floor(T / H4) * H4 : T;
      const expected = Array.from({ length: count }, (_, i) => newestEnd - (count - i) * step);
      for (const m of METRICS) expect(old[m]![tf]!.data.map((r) => r[0]), `${m} ${tf}`).toEqual(expected);
    }
    // The newest bucket, the last row, is complete: it ends at or before the newest complete hour, never in the running one.
    expect(old.tps!['24hrs']!.data.at(-1)![0]! + MIN10).toBe(T);
  });

  it('row i is the same bucket on every chain; a lagging chain has nulls where it has not reached', () => {
    for (const tf of Object.keys(FRAMES)) {
      const unix = doc.chain_data.old!.tps![tf]!.data.map((r) => r[0]);
      for (const key of ['lagging', 'pruned']) expect(doc.chain_data[key]!.tps![tf]!.data.map((r) => r[0]), `${key} ${tf}`).toEqual(unix);
    }
    const lag = doc.chain_data.lagging!;
    expect(lag.tps!['24hrs']!.data.slice(-12).every((r) => r[1] === null)).toBe(true); // two hours of 10-minute buckets
    expect(lag.tps!['24hrs']!.data.at(-13)![1]).not.toBeNull();
    expect(lag.tps!['7d']!.data.slice(-2).every((r) => r[1] === null)).toBe(true);
    expect(lag.tps!['7d']!.data.at(-3)![1]).not.toBeNull();
    expect(lag.txcosts_median!['30d']!.data.at(-1)!.slice(1)).toEqual([null, null]); // the 4-hour bucket it has not finished
  });

  it('a chain that started later has the same rows, null before its first data (as in the fee table)', () => {
    const young = doc.chain_data.young!;
    for (const [tf, [, step, count]] of Object.entries(FRAMES)) {
      const rows = young.tps![tf]!.data;
      expect(rows.length, tf).toBe(count);
      const started = tf === '180d' ? Math.floor((T - 3 * DAY) / DAY) * DAY : T - 3 * DAY;
      for (const [unix, v] of rows) expect(v === null, `${tf} ${unix}`).toBe(unix! < started);
      expect(rows.filter((r) => r[1] !== null).length, tf).toBe(Math.min(count, Math.round((T - started) / step) - (tf === '180d' ? 1 : 0)));
    }
  });

  it('tps is the bucket\'s user transactions ÷ its seconds, for every bucket length', () => {
    const old = doc.chain_data.old!;
    for (const [tf, [, step]] of Object.entries(FRAMES)) {
      for (const [unix, v] of old.tps![tf]!.data.slice(-20)) expect(v, `${tf} ${unix}`).toBeCloseTo(userTxs('old', unix!, unix! + step) / (step / 1000), 12);
    }
  });

  it('10-minute buckets whose raw transactions were pruned are null; 4-hour, hourly and daily buckets are facts computed before, and stay', () => {
    const p = doc.chain_data.pruned!;
    for (const m of METRICS) {
      for (const row of p[m]!['24hrs']!.data) {
        const gone = row[0]! < PRUNED_BEFORE;
        if (gone) expect(row.slice(1), `${m} ${row[0]}`).toEqual(row.slice(1).map(() => null));
      }
    }
    const fourHours = p.tps!['30d']!.data;
    expect(fourHours.length).toBe(180);
    for (const [unix, v] of fourHours) expect(v, `${unix}`).toBeCloseTo(userTxs('pruned', unix!, unix! + H4) / (H4 / 1000), 12);
    const fresh = p.tps!['24hrs']!.data.filter((r) => r[0]! >= PRUNED_BEFORE);
    expect(fresh.length).toBe(72);
    for (const [unix, v] of fresh) expect(v).toBeCloseTo(userTxs('pruned', unix!, unix! + MIN10) / 600, 12);
    for (const [unix, v] of p.tps!['7d']!.data) expect(v).toBeCloseTo(userTxs('pruned', unix!, unix! + HOUR) / 3600, 12);
    expect(p.tps!['180d']!.data.filter((r) => r[0]! >= T - 40 * DAY).every((r) => r[1] !== null)).toBe(true);
  });

  it('after a new hour, the incremental facts give the same document as a full rebuild (4-hour buckets included)', async () => {
    const at = T + HOUR + 25 * 60_000;
    const w = new ChainWriter(store, chains.old);
    await w.write(history(7, T + 20 * 60_000, T + HOUR + 20 * 60_000).filter((b) => b.time * 1000 >= T + 20 * 60_000));
    const clock = new FixedClock(at);
    await computeFacts(store, Object.values(chains), clock, { logger: silent });
    // The line chart alone: the full build of beforeAll already made every other document.
    const build = async () => JSON.stringify((await buildKinds(store, Object.values(chains), clock, ['fee_linechart'], { logger: silent })).find((i) => i.path === '/v1/fees/linechart.json')!.json);
    const incremental = await build();
    expect(JSON.parse(incremental).chain_data.old.tps['7d'].data.at(-1)[0]).toBe(T);
    await computeFacts(store, Object.values(chains).filter((c) => c !== chains.pruned), clock, { full: true, logger: silent });
    expect(await build()).toBe(incremental);
  });

  it('costs are null (never 0) in a bucket without a paying transaction, and value_usd has 4 decimals', () => {
    for (const c of Object.values(doc.chain_data)) {
      for (const m of COSTS) {
        for (const t of Object.values(c[m]!)) {
          for (const row of t.data) {
            if (row[2] !== null) expect(Math.round(row[2]! * 1e4) / 1e4).toBe(row[2]);
            expect(row[1]).not.toBe(0);
          }
        }
      }
    }
    const quiet = doc.chain_data.old!.tps!['24hrs']!.data.findIndex((r) => r[1] === 0);
    if (quiet >= 0) expect(doc.chain_data.old!.txcosts_median!['24hrs']!.data[quiet]!.slice(1)).toEqual([null, null]);
  });
  describe('row order and what the reference page reads (CONTRACT.md 11.5)', () => {
    const tables = () => Object.entries(doc.chain_data).flatMap(([ok, c]) => Object.entries(c).flatMap(([m, t]) => Object.entries(t).map(([tf, table]) => ({ at: `${ok} ${m} ${tf}`, tf, table }))));

    it('every table is oldest first: unix ascends by exactly one bucket per row (a line chart refuses x out of order; its tooltip steps by x[1] − x[0] > 0)', () => {
      let rows = 0;
      for (const { at, tf, table } of tables()) {
        const step = FRAMES[tf as keyof typeof FRAMES][1];
        table.data.forEach((r, i) => {
          if (i > 0) expect(r[0]! - table.data[i - 1]![0]!, `${at} row ${i}`).toBe(step);
        });
        rows += table.data.length;
      }
      expect(rows).toBeGreaterThan(4 * 6 * 600);
    });

    it("the last row is the newest complete bucket, the value the page shows as the chain's current one", () => {
      const old = doc.chain_data.old!;
      for (const [tf, [, step]] of Object.entries(FRAMES)) {
        const newest = (tf === '180d' ? Math.floor(T / DAY) * DAY : tf === '30d' ? Math.floor(T / H4) * H4 : T) - step;
        // F:app/(fees)/fees/FeesChart.tsx:605 — chainData[chainData.length - 1][dataIndex].
        const [unix, current] = old.tps![tf]!.data[old.tps![tf]!.data.length - 1]!;
        expect(unix, tf).toBe(newest);
        expect(current, tf).toBeCloseTo(userTxs('old', newest, newest + step) / (step / 1000), 12);
      }
    });

    it('optimism is always there: every metric and timeframe with its types and granularity, no rows when it is not charted', () => {
      const op = doc.chain_data.optimism!;
      expect(Object.keys(op)).toEqual(METRICS);
      for (const m of METRICS) {
        expect(Object.keys(op[m]!)).toEqual(Object.keys(FRAMES));
        for (const [tf, [granularity]] of Object.entries(FRAMES)) {
          expect(op[m]![tf], `${m} ${tf}`).toEqual({ types: COSTS.includes(m) ? ['unix', 'value_eth', 'value_usd'] : ['unix', 'value'], granularity, data: [] });
        }
      }
    });

    it("keys in the order the page reads them by position, every metric a key of master.json's fee_metrics", () => {
      for (const [ok, c] of Object.entries(doc.chain_data)) {
        expect(Object.keys(c), ok).toEqual(['txcosts_median', 'txcosts_native_median', 'tps', 'throughput', 'txcosts_swap', 'txcosts_avg']);
        for (const m of Object.keys(c)) expect(Object.keys(c[m]!), `${ok} ${m}`).toEqual(['24hrs', '7d', '30d', '180d']);
      }
      for (const m of METRICS) expect(master.fee_metrics, m).toHaveProperty(m);
    });
  });
});
