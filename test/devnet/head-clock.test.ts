import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { DEVNET_CHAIN_SPECS, startDevnet, type Devnet } from '../../src/devnet/index.js';
import { call, hex, TEST_LIVE_SINCE, TEST_NOW_MS } from './helpers.js';

describe('devnet timeline and head', () => {
  let dev: Devnet;
  const clock = new FixedClock(TEST_NOW_MS);

  beforeAll(async () => {
    dev = await startDevnet({ clock, historyDays: 2, historyBlockInterval: 600, txPerDay: 100 });
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('has sparse history from genesis to liveSince, then blocks at the live block time', async () => {
    expect(dev.liveSince).toBe(TEST_LIVE_SINCE); // default: now rounded down to the hour
    for (const c of dev.chains) {
      expect(c.genesis_time).toBe(TEST_LIVE_SINCE - 2 * 86400);
      const spec = DEVNET_CHAIN_SPECS.find((s) => s.origin_key === c.origin_key)!;
      expect(c.block_time_s).toBe(spec.block_time_s);
      const ts = async (n: number): Promise<number> => Number((await call(c.url, 'eth_getBlockByNumber', [hex(n), false])).timestamp);
      expect(await ts(0)).toBe(c.genesis_time);
      expect((await ts(1)) - (await ts(0))).toBe(600);
      const live = (2 * 86400) / 600; // history blocks
      expect(await ts(live)).toBe(TEST_LIVE_SINCE);
      expect((await ts(live - 1)) + 600).toBe(TEST_LIVE_SINCE);
      expect((await ts(live + 2)) - (await ts(live + 1))).toBe(c.block_time_s);
      expect(dev.head(c.origin_key)).toBe(live + Math.floor(1800 / c.block_time_s));
      expect(dev.blockAt(c.origin_key, TEST_LIVE_SINCE - 1)).toBe(live - 1);
      expect(dev.blockAt(c.origin_key, c.genesis_time - 1)).toBe(-1);
      expect(await ts(dev.head(c.origin_key))).toBeLessThanOrEqual(TEST_NOW_MS / 1000);
    }
  });

  it('advances the head with the clock, and blocks appear only when their time has come', async () => {
    for (const c of dev.chains) {
      const head = dev.head(c.origin_key);
      expect(await call(c.url, 'eth_blockNumber')).toBe(hex(head));
      expect(await call(c.url, 'eth_getBlockByNumber', [hex(head + 1), false])).toBeNull();
    }
    clock.advance(12_000);
    try {
      for (const c of dev.chains) {
        const before = dev.blockAt(c.origin_key, TEST_NOW_MS / 1000);
        const after = dev.head(c.origin_key);
        expect(after - before).toBe(12 / c.block_time_s);
        expect(await call(c.url, 'eth_blockNumber')).toBe(hex(after));
        const b = await call(c.url, 'eth_getBlockByNumber', [hex(after), false]);
        expect(Number(b.timestamp)).toBe(TEST_NOW_MS / 1000 + 12);
        const latest = await call(c.url, 'eth_getBlockByNumber', ['latest', false]);
        expect(latest.hash).toBe(b.hash);
      }
    } finally {
      clock.set(TEST_NOW_MS);
    }
  });

  it('defaults liveSince to the start of the current hour of the system clock', async () => {
    const d = await startDevnet({ historyDays: 1, txPerDay: 10, chains: ['linea'] });
    try {
      const now = Math.floor(Date.now() / 1000);
      expect(d.liveSince % 3600).toBe(0);
      expect(now - d.liveSince).toBeGreaterThanOrEqual(0);
      expect(now - d.liveSince).toBeLessThan(3601);
      expect(Number(await call(d.chains[0].url, 'eth_blockNumber'))).toBe(d.head('linea'));
    } finally {
      await d.close();
    }
  });
});
