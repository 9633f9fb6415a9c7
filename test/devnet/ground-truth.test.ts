import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock } from '../../src/clock.js';
import { batcherAddress, startDevnet, type Devnet, type DevnetChainInfo } from '../../src/devnet/index.js';
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
      // EIP-4844: blob gas is paid on top (type-3 receipts only carry the fields).
      const blobFee = BigInt(r.blobGasUsed ?? 0) * BigInt(r.blobGasPrice ?? 0);
      fee += gasUsed * price + l1Fee + blobFee;
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

  it("rent: the L1 carries each L2's batches, mostly type-3 blob transactions, and rentGroundTruth equals a scan of them", async () => {
    const day = Math.floor(TEST_NOW_MS / DAY_MS) * DAY_MS - DAY_MS;
    const l1 = dev.chains.find((x) => x.origin_key === 'ethereum')!;
    const data = await blocksWithReceipts(l1.url, dev.blockAt('ethereum', day / 1000) + 1, dev.blockAt('ethereum', day / 1000 + 86399));
    const perSender = new Map<string, { txs: number; blob_txs: number; fee_wei: bigint; blob_fee_wei: bigint; blob_gas: bigint }>();
    const blobsOf = new Map<string, { blob_gas: number; blob_fee_wei: bigint }>();
    let blobBlocks = 0;
    for (const { block, receipts } of data) {
      let blobGas = 0n;
      block.transactions.forEach((tx: any, i: number) => {
        const r = receipts[i];
        const s = perSender.get(tx.from) ?? { txs: 0, blob_txs: 0, fee_wei: 0n, blob_fee_wei: 0n, blob_gas: 0n };
        s.txs++;
        const blobFee = BigInt(r.blobGasUsed ?? 0) * BigInt(r.blobGasPrice ?? 0);
        s.fee_wei += BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice) + blobFee;
        s.blob_fee_wei += blobFee;
        s.blob_gas += BigInt(r.blobGasUsed ?? 0);
        if (tx.type === '0x3') {
          s.blob_txs++;
          // A blob transaction: empty calldata, one versioned hash per 131,072 blob gas, a
          // blob gas price between the protocol floor and tens of gwei, under its cap.
          expect(tx.input).toBe('0x');
          expect(tx.blobVersionedHashes.length * 131_072).toBe(Number(r.blobGasUsed));
          expect(tx.blobVersionedHashes.every((h: string) => /^0x01[0-9a-f]{62}$/.test(h))).toBe(true);
          expect(Number(r.blobGasPrice)).toBeGreaterThanOrEqual(1);
          expect(Number(r.blobGasPrice)).toBeLessThanOrEqual(3e10);
          expect(BigInt(tx.maxFeePerBlobGas)).toBeGreaterThanOrEqual(BigInt(r.blobGasPrice));
          blobGas += BigInt(r.blobGasUsed);
          const b = blobsOf.get(tx.from) ?? { blob_gas: 0, blob_fee_wei: 0n };
          b.blob_gas += Number(r.blobGasUsed);
          b.blob_fee_wei += BigInt(r.blobGasUsed) * BigInt(r.blobGasPrice);
          blobsOf.set(tx.from, b);
        } else expect(r.blobGasUsed).toBeUndefined();
        perSender.set(tx.from, s);
      });
      expect(BigInt(block.blobGasUsed)).toBe(blobGas);
      if (blobGas > 0n) blobBlocks++;
    }
    expect(blobBlocks).toBeGreaterThan(0);
    for (const l2 of ['optimism', 'base', 'arbitrum', 'linea', 'mantle']) {
      const truth = dev.rentGroundTruth(l2, day);
      expect(truth.txs).toBeGreaterThan(0);
      expect(truth.blob_txs).toBeGreaterThan(0);
      expect(perSender.get(batcherAddress(l2))).toEqual(truth);
      // The blobs alone (CONTRACT.md 11.2): bytes and blob gas × blob gas price.
      expect(dev.blobGroundTruth(l2, day)).toEqual(blobsOf.get(batcherAddress(l2)));
    }
    expect(() => dev.rentGroundTruth('ethereum', day)).toThrow(/posts no batches/);
  });
});
