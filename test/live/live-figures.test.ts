// The live figures of CONTRACT.md 12.6 from small block sequences, each expected value worked out
// by hand in the comments: the window rule, tps and block_time, a reorg, the fee classes and
// their fallbacks, the conversion at the newest prices and their age, the highs, the history's
// thinning, the ecosystem totals and the cold-start replay through DuckDB itself.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { ATH_FILE, readStoredHighs } from '../../src/live/ath-file.js';
import { costFields, windowFigures } from '../../src/live/chain-figures.js';
import { LiveHub } from '../../src/live/live-hub.js';
import { resolveLiveSettings } from '../../src/registry/live-settings.js';
import { nativeFees } from '../../src/live/fee-figures.js';
import { globalMetrics } from '../../src/live/global-metrics.js';
import { TpsHighs } from '../../src/live/highs.js';
import { TpsHistory } from '../../src/live/history.js';
import type { LiveChain } from '../../src/live/live-chain.js';
import { LiveState } from '../../src/live/live-state.js';
import { LivePrices } from '../../src/live/prices.js';
import { ChainWindow, type WindowBlock } from '../../src/live/window.js';
import { windowBlocks } from '../../src/live/window-blocks.js';
import { replayStoredBlocks } from '../../src/live/cold-start.js';
import { openStore } from '../../src/store/open-store.js';
import type { NormalizedBatch, NormalizedTx } from '../../src/store/rows.js';

const GWEI = 1e9;
const HOUR = 3_600_000;

function block(number: number, time_s: number, tx_count: number, priced: Array<[gas: number, fee: number]> = []): WindowBlock {
  return { number, time_s, tx_count, ingested_ms: time_s * 1000, gas: priced.map((p) => p[0]), fees: priced.map((p) => p[1]) };
}

// Seven blocks 2 s apart: 100 @1000 … 106 @1012 with 4, 6, 2, 8, 4, 6, 10 transactions.
const SEVEN = [block(100, 1000, 4), block(101, 1002, 6), block(102, 1004, 2), block(103, 1006, 8), block(104, 1008, 4), block(105, 1010, 6), block(106, 1012, 10)];

describe('the window W and tps, block_time (12.6)', () => {
  it('takes the fewest newest blocks (at least 3) spanning 12 s', () => {
    const w = new ChainWindow();
    w.add(SEVEN);
    // n = 3 spans 1012 − 1008 = 4 s, … n = 7 spans 1012 − 1000 = 12 s: W is all seven.
    // tps = 40 txs ÷ (12 × 7/6) = 40/14 = 2.857… → 2.9; block_time = 12/6 = 2.
    const v = w.view()!;
    expect(v.blocks.map((b) => b.number)).toEqual([100, 101, 102, 103, 104, 105, 106]);
    expect(windowFigures(v)).toMatchObject({ tps: 2.9, block_time: 2 });
    // One more block @1014 (5 txs): n = 7 spans 1014 − 1002 = 12: W is 101…107.
    // tps = (6+2+8+4+6+10+5 = 41) ÷ 14 = 2.928… → 2.9.
    w.add([block(107, 1014, 5)]);
    expect(w.view()!.blocks[0].number).toBe(101);
    // Slow blocks: 3 blocks 20 s apart span 40 s ≥ 12 with n = 3: tps = 9 ÷ (40 × 3/2) = 0.15 → 0.2 (0.15 rounds up: 1.5 → 2),
    // block_time 20.
    const slow = new ChainWindow();
    slow.add([block(1, 0, 3), block(2, 20, 3), block(3, 40, 3)]);
    expect(windowFigures(slow.view()!)).toMatchObject({ tps: 0.2, block_time: 20 });
  });

  it('a reorg replaces blocks: a rollback drops them, blocks written again take their place', () => {
    const w = new ChainWindow();
    w.add(SEVEN);
    w.rollback(105);
    // 100…104 span 8 s < 12: W is all five: (4+6+2+8+4 = 24) ÷ (8 × 5/4 = 10) = 2.4; block_time 8/4 = 2.
    expect(windowFigures(w.view()!)).toMatchObject({ tps: 2.4, block_time: 2 });
    // A new 105 @1011 with 3 txs: six blocks span 11 s: 27 ÷ (11 × 6/5 = 13.2) = 2.045… → 2.0; block_time 11/5 = 2.2.
    w.add([block(105, 1011, 3)]);
    expect(windowFigures(w.view()!)).toMatchObject({ tps: 2, block_time: 2.2 });
    // A batch starting below the newest block replaces from there on (the writer after a fork).
    w.add([block(104, 1009, 1), block(105, 1013, 1)]);
    // 100…103 and the new 104, 105: n = 6 spans 1013 − 1000 = 13: (4+6+2+8+1+1 = 22) ÷ (13 × 6/5 = 15.6) = 1.41… → 1.4.
    expect(w.view()!.blocks.map((b) => b.number)).toEqual([100, 101, 102, 103, 104, 105]);
    expect(windowFigures(w.view()!).tps).toBe(1.4);
  });

  it('has no figures with fewer than two blocks or a zero span', () => {
    const w = new ChainWindow();
    w.add([block(1, 50, 9)]);
    expect(w.view()).toBeNull();
    w.add([block(2, 50, 9)]);
    expect(w.view()).toBeNull();
  });
});

describe('costs (12.6)', () => {
  // Priced: 21,000 gas at 10 gwei = 2.1e14 wei; 60,000 at 10 = 6e14 and 70,000 at 20 = 1.4e15 (ERC-20 class);
  // 300,000 at 10 = 3e15 (swap class). The unpriced transaction is not passed in (price 0).
  const PRICED: Array<[number, number]> = [
    [21_000, 21_000 * 10 * GWEI],
    [60_000, 60_000 * 10 * GWEI],
    [70_000, 70_000 * 20 * GWEI],
    [300_000, 300_000 * 10 * GWEI],
  ];

  it('the classes, mean and median in wei', () => {
    // erc20 = median(6e14, 1.4e15) = 1e15; swap = 3e15; avg = 5.21e15 / 4 = 1.3025e15; median of four = (6e14 + 1.4e15)/2 = 1e15.
    expect(nativeFees([block(1, 0, 5, PRICED)])).toEqual({ erc20: 1e15, swap: 3e15, avg: 1.3025e15, median: 1e15 });
    // No transaction of either class: (Σ fee ÷ Σ gas) × 65,000 and × 350,000. 2.1e14 + 2e15 = 2.21e15 over 121,000 gas.
    const f = nativeFees([block(1, 0, 2, [[21_000, 2.1e14], [100_000, 2e15]])])!;
    expect(f.erc20).toBeCloseTo((2.21e15 / 121_000) * 65_000, -3);
    expect(f.swap).toBeCloseTo((2.21e15 / 121_000) * 350_000, -3);
    expect(nativeFees([block(1, 0, 3)])).toBeNull();
  });

  it('only the newest 5,000 priced transactions count', () => {
    // 4,000 old ones of 1 wei, then 5,000 new ones of 3 wei: the mean of the newest 5,000 is 3.
    const old = block(1, 0, 4000, Array.from({ length: 4000 }, () => [21_000, 1] as [number, number]));
    const recent = block(2, 12, 5000, Array.from({ length: 5000 }, () => [21_000, 3] as [number, number]));
    expect(nativeFees([old, recent])!.avg).toBe(3);
  });

  it('a fee is gas × effective price + l1_fee, without the blob fee; unpriced transactions are left out', () => {
    const tx = (i: number, gas: bigint, price: bigint, l1: bigint, blobGas: bigint): NormalizedTx =>
      ({ block_number: 7, tx_index: i, gas_used: gas, gas_price_wei: price, l1_fee_wei: l1, blob_gas_used: blobGas, blob_gas_price_wei: 5n }) as NormalizedTx;
    const batch = {
      blocks: [{ origin_key: 'x', block_number: 7, block_hash: '0x', parent_hash: '0x', block_time: 100, gas_used: 0n, base_fee_wei: null, tx_count: 3 }],
      txs: [tx(0, 60_000n, 1_000_000_000n, 50_000_000_000_000n, 131_072n), tx(1, 21_000n, 0n, 0n, 0n), tx(2, 1n, 1n, 0n, 0n)],
    } as NormalizedBatch;
    // 60,000 × 1 gwei = 6e13, + l1 5e13 = 1.1e14; the blob part (131,072 × 5) is not in it.
    const [b] = windowBlocks(batch, 1234, 0);
    expect(b).toMatchObject({ number: 7, tx_count: 3, ingested_ms: 1234, gas: [60_000, 1], fees: [1.1e14, 1] });
    // Blocks older than the horizon are not taken.
    expect(windowBlocks(batch, 1234, 101)).toEqual([]);
  });

  it('converts at the newest prices, ETH-equivalent and USD; nothing without a price under 24 h old', () => {
    const prices = new LivePrices();
    const at = Date.UTC(2026, 7, 4, 9, 0, 30);
    const hour = Date.UTC(2026, 7, 4, 8); // the 08:00 hour ends at 09:00
    prices.set('ethereum', 2000, hour, HOUR);
    prices.set('mantle', 0.5, hour, HOUR);
    const fees = { erc20: 1e15, swap: 3e15, avg: 1.3025e15, median: 1e15 };
    // An ether chain: 1e15 wei = 0.001 ETH = $2; 3e15 = 0.003 = $6; 1.3025e15 = 0.0013025 = $2.605.
    const eth = costFields(fees, prices.conversion('ethereum', at));
    expect(eth.tx_cost_erc20_transfer).toBeCloseTo(0.001, 15);
    expect(eth.tx_cost_erc20_transfer_usd).toBeCloseTo(2, 12);
    expect(eth.tx_cost_swap_usd).toBeCloseTo(6, 12);
    expect(eth.tx_cost_avg).toBeCloseTo(0.0013025, 15);
    expect(eth.tx_cost_median_usd).toBeCloseTo(2, 12);
    // A chain paying in a $0.50 token: 1e15 wei of it = 0.001 token = $0.0005 = 2.5e-7 ETH at $2,000.
    const mnt = costFields(fees, prices.conversion('mantle', at));
    expect(mnt.tx_cost_erc20_transfer_usd).toBeCloseTo(0.0005, 15);
    expect(mnt.tx_cost_erc20_transfer).toBeCloseTo(2.5e-7, 18);
    // 24 h after the price's hour ended it is still used; a moment later all eight are 0.
    expect(prices.conversion('ethereum', hour + HOUR + 24 * HOUR)).not.toBeNull();
    expect(Object.values(costFields(fees, prices.conversion('ethereum', hour + HOUR + 24 * HOUR + 1)))).toEqual(Array(8).fill(0));
    // No token price: nothing, even with the ETH price.
    expect(prices.conversion('unknown-token', at)).toBeNull();
    // A zero fee among the figures: all eight 0 rather than some.
    expect(Object.values(costFields({ ...fees, median: 0 }, prices.conversion('ethereum', at)))).toEqual(Array(8).fill(0));
  });
});

describe('highs and history (12.6)', () => {
  it('ATH is the first highest sample; the 24 h high is exact over the last 24 h', () => {
    const h = new TpsHighs({ value: 9, at_ms: 0 }); // restored from the file
    const day = 24 * HOUR;
    expect(h.add(5, day)).toBe(false);
    expect(h.add(7, day + 1000)).toBe(false);
    expect(h.add(7, day + 2000)).toBe(false);
    expect(h.add(3, day + 3000)).toBe(false);
    expect(h.high24h(day + 3000)).toEqual({ value: 7, at_ms: day + 1000 });
    // 24 h after the first 7 it leaves the window; the second 7 is then the high; then the 3.
    expect(h.high24h(2 * day + 1000)).toEqual({ value: 7, at_ms: day + 2000 });
    expect(h.high24h(2 * day + 2000)).toEqual({ value: 3, at_ms: day + 3000 });
    expect(h.add(12, 2 * day + 5000)).toBe(true);
    expect(h.ath).toEqual({ value: 12, at_ms: 2 * day + 5000 });
    // An equal value is not a new ATH: the first time counts.
    expect(h.add(12, 2 * day + 6000)).toBe(false);
  });

  it('history keeps 24 h, drops interior points of a strictly monotonic run, keeps ATH points', () => {
    const hist = new TpsHistory(2); // grows as needed
    hist.add(1, 1000, false);
    hist.add(2, 2000, false);
    hist.add(3, 3000, false); // 1 < 2 < 3: the 2 is dropped
    hist.add(3.0005, 4000, false); // within ε of 3: no run, kept
    hist.add(5, 5000, true);
    hist.add(7, 6000, false); // 3.0005 < 5 < 7, but 5 set an ATH: kept
    hist.add(4, 7000, false);
    expect(hist.newestFirst(0, 10_000, 100).map((p) => [p.tps, p.timestamp_ms, p.is_ath])).toEqual([
      [4, 7000, false],
      [7, 6000, false],
      [5, 5000, true],
      [3.0005, 4000, false],
      [3, 3000, false],
      [1, 1000, false],
    ]);
    expect(hist.newestFirst(0, 10_000, 2).map((p) => p.tps)).toEqual([4, 7]);
    expect(hist.newestFirst(4000, 6000, 100).map((p) => p.tps)).toEqual([7, 5, 3.0005]);
    // 24 h later the points up to 3000 have gone.
    hist.expire(24 * HOUR + 3500);
    expect(hist.newestFirst(0, Infinity, 100).map((p) => p.timestamp_ms)).toEqual([7000, 6000, 5000, 4000]);
  });
});

describe('ecosystem totals (12.3)', () => {
  const chain = (key: string, tps: number, erc20Eth: number, erc20Usd: number): LiveChain =>
    ({ chain_name: key, display_name: key, tps, block_time: 1, timestamp: 0, last_updated: '', tx_cost_erc20_transfer: erc20Eth, tx_cost_erc20_transfer_usd: erc20Usd }) as LiveChain;

  it('the L2 set is tps > 0 and cost > 0 without ethereum; the average is weighted by tps', () => {
    const data = [chain('a', 10, 0.0001, 0.2), chain('b', 30, 0.0002, 0.4), chain('c', 0, 0.0009, 1.8), chain('d', 5, 0, 0), chain('ethereum', 15.5, 0.001, 2)];
    const g = globalMetrics(data, 60.5, { value: 70, at_ms: 0 }, { value: 61, at_ms: 1000 }, Date.UTC(2026, 0, 1));
    // L2 set: a and b. Weighted: (10 × 0.2 + 30 × 0.4) / 40 = 14/40 = 0.35 USD; (10 × 0.0001 + 30 × 0.0002)/40 = 0.000175 ETH.
    expect(g.layer2s_tx_cost_usd).toBeCloseTo(0.35, 12);
    expect(g.layer2s_tx_cost_eth).toBeCloseTo(0.000175, 15);
    expect(g).toMatchObject({
      total_tps: 60.5,
      highest_tps: 30,
      highest_l2_cost_usd: 0.4,
      ethereum_tx_cost_usd: 2,
      ethereum_tx_cost_eth: 0.001,
      total_tps_ath: 70,
      total_tps_ath_timestamp: '1970-01-01T00:00:00.000Z',
      total_tps_24h_high: 61,
      total_tps_24h_high_timestamp: '1970-01-01T00:00:01.000Z',
      total_chains: 5,
      active_chains: 4,
      last_updated: '2026-01-01T00:00:00.000Z',
    });
    const none = globalMetrics([chain('ethereum', 1, 0, 0)], 1, { value: 1, at_ms: 0 }, { value: 1, at_ms: 0 }, 0);
    expect([none.highest_l2_cost_usd, none.layer2s_tx_cost_usd, none.layer2s_tx_cost_eth, none.ethereum_tx_cost_usd]).toEqual([null, null, null, 0]);
  });

  it('a chain is fresh for 60 s after its newest block was written; samples only when W changes', () => {
    const s = new LiveState([{ origin_key: 'b', name: 'Bee', gas_token: 'ethereum' }, { origin_key: 'a', name: 'Ay', gas_token: 'ethereum' }]);
    const t0 = 1_000_000;
    s.chains.get('a')!.window.add([0, 1, 2, 3].map((i) => ({ ...block(i, 1000 + 4 * i, 6), ingested_ms: t0 })));
    s.chains.get('b')!.window.add([0, 1, 2].map((i) => ({ ...block(i, 1000 + 6 * i, 3), ingested_ms: t0 })));
    // a: n = 4 spans 12 s: 24 ÷ (12 × 4/3 = 16) = 1.5; b: n = 3 spans 12 s: 9 ÷ 18 = 0.5. Total 2.0.
    const first = s.tick(t0);
    expect(first.data.map((c) => [c.chain_name, c.display_name, c.tps])).toEqual([['a', 'Ay', 1.5], ['b', 'Bee', 0.5]]);
    expect(first.global.total_tps).toBe(2);
    expect(s.history.size).toBe(1);
    // Next tick, no new block: no chain sample, one ecosystem point.
    s.tick(t0 + 1000);
    expect(s.chains.get('a')!.history.size).toBe(1);
    expect(s.history.size).toBe(2);
    // 60 s after the write still fresh, a millisecond later not: out of data and totals.
    expect(s.tick(t0 + 60_000).data).toHaveLength(2);
    const stale = s.tick(t0 + 60_001);
    expect(stale.data).toEqual([]);
    expect(stale.global.total_tps).toBe(0);
    expect(s.storedHighs()).toEqual({ total: { value: 2, at_ms: t0 }, chains: { a: { value: 1.5, at_ms: t0 }, b: { value: 0.5, at_ms: t0 } } });
  });
});

describe('cold start (12.6) through DuckDB', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chainlytics-live-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('replays the stored blocks of the last minutes: the window, history and highs exist at once', async () => {
    const store = await openStore({ engine: 'duckdb', path: join(dir, 'live.duckdb') });
    try {
      const now = Date.UTC(2026, 7, 4, 9, 0, 0);
      const nowS = now / 1000;
      // Blocks every 4 s over the last 20 minutes, 8 txs each; the last 3 blocks have priced txs.
      const blocks = [];
      const txs: NormalizedTx[] = [];
      for (let i = 0; i < 300; i++) {
        const n = 1000 + i;
        const time = nowS - 1196 + 4 * i; // the newest at now − 0 s: 1196 = 4 × 299
        blocks.push({ origin_key: 'a', block_number: n, block_hash: `0x${n.toString(16).padStart(64, '0')}`, parent_hash: `0x${(n - 1).toString(16).padStart(64, '0')}`, block_time: time, gas_used: 0n, base_fee_wei: null, tx_count: 8 });
        for (let t = 0; t < 8; t++) txs.push(txRow(n, time, t, i >= 297 && t === 0 ? 1_000_000_000n : 0n));
      }
      await store.writeBatch('a', { blocks, txs }, { origin_key: 'a', block_number: 1299, block_hash: blocks[299].block_hash });
      const s = new LiveState([{ origin_key: 'a', name: 'A', gas_token: 'ethereum' }]);
      s.prices.set('ethereum', 2000, now - HOUR, HOUR);
      const replayed = await replayStoredBlocks(store, s, now, 15 * 60_000);
      // 15 minutes of blocks every 4 s: times now − 900 … now, 226 blocks.
      expect(replayed).toBe(226);
      const snap = s.tick(now);
      // W: 4 blocks span 12 s: 32 txs ÷ (12 × 4/3 = 16) = 2; block_time 4.
      expect(snap.data[0]).toMatchObject({ chain_name: 'a', tps: 2, block_time: 4, timestamp: now });
      // The newest 4 blocks hold 3 priced txs of 60,000 gas at 1 gwei: 6e13 wei = 0.00006 ETH = $0.12, all classes (ERC-20 by size).
      expect(snap.data[0].tx_cost_erc20_transfer).toBeCloseTo(0.00006, 15);
      expect(snap.data[0].tx_cost_median_usd).toBeCloseTo(0.12, 12);
      // The first sample is the replay tick at now − 888 s, when the first complete W is in (now − 900 … − 888,
      // n = 4 spanning 12 s): 32 txs ÷ (12 × 4/3) = 2. The shorter windows before it set no high. Histories
      // have points at once.
      const chain = s.chains.get('a')!;
      expect(chain.highs.ath).toEqual({ value: 2, at_ms: now - 888_000 });
      expect(s.history.size).toBeGreaterThan(0);
      expect(chain.history.size).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });
});

function txRow(block: number, time: number, index: number, price: bigint): NormalizedTx {
  return {
    origin_key: 'a',
    block_number: block,
    block_hash: `0x${block.toString(16).padStart(64, '0')}`,
    block_time: time,
    tx_hash: `0x${(block * 100 + index).toString(16).padStart(64, '0')}`,
    tx_index: index,
    tx_type: 2,
    nonce: 0n,
    from_address: `0x${'1'.repeat(40)}`,
    to_address: `0x${'2'.repeat(40)}`,
    created_contract: null,
    input_empty: true,
    selector: null,
    value_wei: 0n,
    gas_limit: 60_000n,
    gas_used: 60_000n,
    status: 1,
    gas_price_wei: price,
    l1_fee_wei: 0n,
    l1_gas_used: 0n,
    blob_gas_used: 0n,
    blob_gas_price_wei: 0n,
    fee_wei: 60_000n * price,
    is_user_tx: price > 0n,
  };
}

describe('all-time highs across restarts (12.6)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chainlytics-ath-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are written at shutdown and read by the next process; a missing or broken file starts over', async () => {
    const file = join(dir, ATH_FILE);
    const clock = new FixedClock(Date.UTC(2026, 7, 4, 9));
    const settings = resolveLiveSettings({});
    const chains = [{ origin_key: 'a', name: 'A', gas_token: 'ethereum' }];
    const first = new LiveHub({ chains, settings, stallMs: 20_000, clock, highs: await readStoredHighs(file), highsFile: file });
    // Three blocks 6 s apart, 9 txs each: 27 ÷ (12 × 3/2) = 1.5 tx/s.
    first.state.chains.get('a')!.window.add([0, 1, 2].map((i) => ({ ...block(i, clock.now() / 1000 - 12 + 6 * i, 9), ingested_ms: clock.now() })));
    first.tick();
    await first.shutdown();
    const at = clock.now();
    expect(await readStoredHighs(file)).toEqual({ total: { value: 1.5, at_ms: at }, chains: { a: { value: 1.5, at_ms: at } } });
    // The next process: no block yet, the highs are the stored ones; a lower sample does not replace them.
    clock.advance(3_600_000);
    const second = new LiveHub({ chains, settings, stallMs: 20_000, clock, highs: await readStoredHighs(file), highsFile: file });
    second.state.chains.get('a')!.window.add([0, 1, 2].map((i) => ({ ...block(10 + i, clock.now() / 1000 - 12 + 6 * i, 3), ingested_ms: clock.now() })));
    second.tick();
    expect(second.state.chains.get('a')!.highs.ath).toEqual({ value: 1.5, at_ms: at });
    expect(second.latest.global.total_tps_ath).toBe(1.5);
    writeFileSync(file, '{not json');
    expect(await readStoredHighs(file)).toEqual({ total: null, chains: {} });
  });
});
