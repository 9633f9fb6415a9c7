import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { blocksWithReceipts, call, hex, TEST_NOW_MS } from './helpers.js';

describe('devnet reorgs', () => {
  let dev: Devnet;
  const clock = new FixedClock(TEST_NOW_MS);
  const k = 'base';
  let url: string;

  beforeAll(async () => {
    // Enough traffic that live blocks carry user transactions.
    dev = await startDevnet({ clock, historyDays: 1, txPerDay: 10_000, chains: [k] });
    url = dev.chains[0].url;
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('replaces exactly the last k blocks, keeping parent links consistent', async () => {
    const head = dev.head(k);
    const depth = 6;
    const from = head - 15;
    const before = await blocksWithReceipts(url, from, head);
    const truthBefore = dev.groundTruth(k, Math.floor(TEST_NOW_MS / DAY_MS) * DAY_MS);
    dev.reorg(k, depth);
    const after = await blocksWithReceipts(url, from, head);
    for (let i = 0; i < after.length; i++) {
      const n = from + i;
      const replaced = n > head - depth;
      const [b0, b1] = [before[i].block, after[i].block];
      expect(b1.number).toBe(hex(n));
      expect(b1.timestamp).toBe(b0.timestamp);
      if (replaced) {
        expect(b1.hash).not.toBe(b0.hash);
        const oldHashes = new Set(b0.transactions.map((t: any) => t.hash));
        for (const t of b1.transactions) expect(oldHashes.has(t.hash)).toBe(false);
        for (const r of after[i].receipts) expect(r.blockHash).toBe(b1.hash);
      } else {
        expect(JSON.stringify(after[i])).toBe(JSON.stringify(before[i]));
      }
      if (i > 0) expect(b1.parentHash).toBe(after[i - 1].block.hash);
    }
    // The old fork is gone: its block hashes and transactions are unknown now.
    const oldTip = before[before.length - 1];
    expect(await call(url, 'eth_getBlockByHash', [oldTip.block.hash, false])).toBeNull();
    const oldTx = before.slice(-depth).flatMap((b) => b.block.transactions)[1];
    expect(await call(url, 'eth_getTransactionReceipt', [oldTx.hash])).toBeNull();
    const newTip = after[after.length - 1];
    expect(await call(url, 'eth_getBlockByHash', [newTip.block.hash, false])).toMatchObject({ number: hex(head) });
    // Ground truth follows the new fork.
    const truthAfter = dev.groundTruth(k, Math.floor(TEST_NOW_MS / DAY_MS) * DAY_MS);
    expect(truthAfter.blocks).toBe(truthBefore.blocks);
    expect(truthAfter.fee_wei).not.toBe(truthBefore.fee_wei);
  });

  it('builds the next blocks on the new fork', async () => {
    const head = dev.head(k);
    dev.reorg(k, 2);
    const tip = await call(url, 'eth_getBlockByNumber', ['latest', false]);
    clock.advance(4000);
    try {
      const next = await call(url, 'eth_getBlockByNumber', [hex(head + 1), false]);
      expect(next.parentHash).toBe(tip.hash);
    } finally {
      clock.set(TEST_NOW_MS);
    }
  });

  it('rejects impossible depths', () => {
    expect(() => dev.reorg(k, 0)).toThrow(/positive integer/);
    expect(() => dev.reorg(k, dev.head(k) + 1)).toThrow(/genesis/);
  });
});
