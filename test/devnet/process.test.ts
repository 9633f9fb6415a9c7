import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnetProcess, type DevnetProcess } from '../../src/devnet/process.js';
import { call, hex, TEST_LIVE_SINCE, TEST_NOW_MS } from './helpers.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('devnet in a separate process', () => {
  let dev: DevnetProcess;

  beforeAll(async () => {
    dev = await startDevnetProcess({ seed: 2, fixedNowMs: TEST_NOW_MS, historyDays: 1, txPerDay: 100, chains: ['ethereum', 'arbitrum'] });
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('reports its chains, price feed and registry entries, and serves JSON-RPC from the child', async () => {
    expect(dev.pid).not.toBe(process.pid);
    expect(alive(dev.pid)).toBe(true);
    expect(dev.info.liveSince).toBe(TEST_LIVE_SINCE);
    expect(dev.info.chains.map((c) => c.origin_key)).toEqual(['ethereum', 'arbitrum']);
    const configs = dev.chainConfigs();
    expect(configs.map((c) => c.rpc_urls[0])).toEqual(dev.info.chains.map((c) => c.url));
    for (const c of dev.info.chains) {
      expect(await call(c.url, 'eth_chainId')).toBe(hex(c.evm_chain_id));
      const head = Number(await call(c.url, 'eth_blockNumber'));
      expect(head).toBe((86400 / 300) + Math.floor(1800 / c.block_time_s));
    }
    const r = await fetch(`${dev.info.priceUrl}/api/v3/simple/price?ids=ethereum&vs_currencies=usd`);
    expect((await r.json()).ethereum.usd).toBeGreaterThan(2000);
  });

  it('moves the frozen clock of the child', async () => {
    const url = dev.info.chains[0].url;
    const before = Number(await call(url, 'eth_blockNumber'));
    await dev.setNow(TEST_NOW_MS + 120_000);
    expect(Number(await call(url, 'eth_blockNumber'))).toBe(before + 10);
    await dev.setNow(TEST_NOW_MS);
  });

  it('refuses a Clock object, and close() ends the child', async () => {
    expect(() => startDevnetProcess({ clock: { now: () => 0 } } as never)).toThrow(/fixedNowMs/);
    const other = await startDevnetProcess({ fixedNowMs: TEST_NOW_MS, historyDays: 1, txPerDay: 10, chains: ['linea'] });
    const url = other.info.chains[0].url;
    await other.close();
    expect(alive(other.pid)).toBe(false);
    await expect(fetch(url, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('reports a start failure with the child’s message', async () => {
    await expect(startDevnetProcess({ chains: ['nope_chain'] })).rejects.toThrow(/unknown chain "nope_chain"/);
  });
});
