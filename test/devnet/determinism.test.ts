import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { hex, post, TEST_NOW_MS } from './helpers.js';

// Raw response bytes of a batch asking for blocks (full) and their receipts.
async function rawBlocks(url: string, numbers: number[]): Promise<string> {
  const body = numbers.flatMap((n, i) => [
    { jsonrpc: '2.0', id: 2 * i, method: 'eth_getBlockByNumber', params: [hex(n), true] },
    { jsonrpc: '2.0', id: 2 * i + 1, method: 'eth_getBlockReceipts', params: [hex(n)] },
  ]);
  return (await post(url, body)).text;
}

describe('devnet determinism', () => {
  let a: Devnet;
  let b: Devnet;
  let other: Devnet;
  const opts = { historyDays: 3, txPerDay: 300 };

  beforeAll(async () => {
    a = await startDevnet({ ...opts, seed: 7, clock: new FixedClock(TEST_NOW_MS) });
    b = await startDevnet({ ...opts, seed: 7, clock: new FixedClock(TEST_NOW_MS) });
    other = await startDevnet({ ...opts, seed: 8, clock: new FixedClock(TEST_NOW_MS) });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), other?.close()]);
  });

  it('serves byte-identical blocks and receipts for the same seed, on every chain', async () => {
    for (const chain of a.chains) {
      const k = chain.origin_key;
      const head = a.head(k);
      const live = a.blockAt(k, a.liveSince);
      const numbers = [0, 1, 137, live - 1, live, live + 1, head];
      const x = await rawBlocks(chain.url, numbers);
      const y = await rawBlocks(b.chains.find((c) => c.origin_key === k)!.url, numbers);
      expect(x.length).toBeGreaterThan(1000);
      expect(x).toBe(y);
    }
  });

  it('serves different chains for a different seed (same timeline)', async () => {
    for (const chain of a.chains) {
      const k = chain.origin_key;
      const n = 500;
      const [x, y] = await Promise.all([rawBlocks(chain.url, [n]), rawBlocks(other.chains.find((c) => c.origin_key === k)!.url, [n])]);
      const bx = JSON.parse(x)[0].result;
      const by = JSON.parse(y)[0].result;
      expect(bx.timestamp).toBe(by.timestamp); // the timeline depends on options, not on the seed
      expect(bx.hash).not.toBe(by.hash);
      expect(x).not.toBe(y);
    }
  });

  it('does not depend on the order blocks are asked for or on the block cache', async () => {
    const url = a.chains[1].url;
    const first = await rawBlocks(url, [300]);
    // Walk far enough to push block 300 out of the cache, backwards.
    for (let n = 800; n > 600; n -= 50) await rawBlocks(url, Array.from({ length: 50 }, (_, i) => n - i));
    expect(await rawBlocks(url, [300])).toBe(first);
    // A fresh devnet that was never asked for anything before gives the same bytes too.
    const fresh = await startDevnet({ ...opts, seed: 7, clock: new FixedClock(TEST_NOW_MS), chains: [a.chains[1].origin_key] });
    try {
      expect(await rawBlocks(fresh.chains[0].url, [300])).toBe(first);
    } finally {
      await fresh.close();
    }
  });

  it('restarted with the persisted liveSince, serves the same chain later', async () => {
    const later = new FixedClock(TEST_NOW_MS + 5 * 3600_000);
    const restarted = await startDevnet({ ...opts, seed: 7, clock: later, liveSince: a.liveSince, chains: ['ethereum'] });
    try {
      const url = a.chains.find((c) => c.origin_key === 'ethereum')!.url;
      const head = a.head('ethereum');
      expect(restarted.head('ethereum')).toBe(head + (5 * 3600) / 12);
      expect(await rawBlocks(restarted.chains[0].url, [10, head])).toBe(await rawBlocks(url, [10, head]));
    } finally {
      await restarted.close();
    }
  });
});
