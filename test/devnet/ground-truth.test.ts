import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet, type DevnetChainInfo } from '../../src/devnet/index.js';
import { blocksWithReceipts, call, hex, TEST_NOW_MS } from './helpers.js';

/** METRICS.md section 1, written from the spec for this test: what a direct scan of one day gives. */
async function scanDay(c: DevnetChainInfo, dayMs: number, head: number) {
  const start = dayMs / 1000;
  const end = start + 86400;
  // Find the day's block range from timestamps served over RPC (binary search).
  const ts = async (n: number): Promise<number> => Number((await call(c.url, 'eth_getBlockByNumber', [hex(n), false])).timestamp);
  const firstAtOrAfter = async (t: number): Promise<number> => {
    let lo = 0;
    let hi = head + 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((await ts(mid)) >= t) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const first = await firstAtOrAfter(start);
  const last = (await firstAtOrAfter(end)) - 1;
  const senders = new Set<string>();
  let txAll = 0;
  let txcount = 0;
  let fee = 0n;
  const data = await blocksWithReceipts(c.url, first, last);
  for (const { block, receipts } of data) {
    block.transactions.forEach((tx: any, i: number) => {
      const r = receipts[i];
      const gasUsed = BigInt(r.gasUsed);
      const price = r.effectiveGasPrice != null ? BigInt(r.effectiveGasPrice) : BigInt(tx.gasPrice ?? 0);
      const l1Fee = c.family === 'op' || c.family === 'scroll' ? BigInt(r.l1Fee ?? 0) : 0n;
      txAll++;
      senders.add(tx.from);
      fee += gasUsed * price + l1Fee;
      if (c.family === 'arbitrum' ? gasUsed > 0n : price > 0n) txcount++;
    });
  }
  return { day: dayMs, blocks: data.length, tx_all: txAll, txcount, distinct_senders: senders.size, fee_wei: fee };
}

describe('devnet ground truth', () => {
  let dev: Devnet;

  beforeAll(async () => {
    dev = await startDevnet({ seed: 11, clock: new FixedClock(TEST_NOW_MS), historyDays: 3, txPerDay: 250 });
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('equals a scan over RPC of a complete history day, on every chain', async () => {
    const day = Math.floor(TEST_NOW_MS / DAY_MS) * DAY_MS - DAY_MS; // yesterday: all history blocks
    for (const c of dev.chains) {
      const truth = dev.groundTruth(c.origin_key, day);
      expect(truth.blocks).toBe(288);
      expect(truth.txcount).toBeGreaterThan(20);
      expect(truth.txcount).toBeLessThanOrEqual(truth.tx_all);
      expect(truth.distinct_senders).toBeLessThan(truth.tx_all);
      expect(await scanDay(c, day, dev.head(c.origin_key))).toEqual(truth);
    }
  });

  it('equals a scan of the current day, history and live blocks up to the head', async () => {
    const day = Math.floor(TEST_NOW_MS / DAY_MS) * DAY_MS;
    for (const k of ['ethereum', 'optimism', 'arbitrum']) {
      const c = dev.chains.find((x) => x.origin_key === k)!;
      const truth = dev.groundTruth(k, day);
      expect(truth.blocks).toBe(120 + 1 + 1800 / c.block_time_s); // 10 h of history, liveSince, 30 min live
      expect(await scanDay(c, day, dev.head(k))).toEqual(truth);
    }
  });

  it('counts deposits and system transactions in tx_all but not in txcount', () => {
    const day = Math.floor(TEST_NOW_MS / DAY_MS) * DAY_MS - DAY_MS;
    for (const k of ['optimism', 'base', 'arbitrum']) {
      const t = dev.groundTruth(k, day);
      expect(t.tx_all - t.txcount).toBeGreaterThanOrEqual(t.blocks - 1); // one system tx per block at least
    }
    const l1 = dev.groundTruth('ethereum', day);
    expect(l1.tx_all).toBe(l1.txcount);
  });
});
