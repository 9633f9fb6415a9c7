import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { call, hex, post, rpc, TEST_NOW_MS } from './helpers.js';

describe('devnet JSON-RPC protocol', () => {
  let dev: Devnet;
  let url: string;
  const k = 'ethereum';

  beforeAll(async () => {
    dev = await startDevnet({ clock: new FixedClock(TEST_NOW_MS), historyDays: 2, txPerDay: 200, chains: [k, 'base'] });
    url = dev.chains[0].url;
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('answers a batch with one response per call, ids echoed, errors in place', async () => {
    const r = await post(url, [
      { jsonrpc: '2.0', id: 'a', method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 7, method: 'eth_nope', params: [] },
      { jsonrpc: '2.0', id: null, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 9, method: 'eth_getBlockByNumber', params: ['0xzz', false] },
      { jsonrpc: '2.0', method: 'eth_chainId', params: [] }, // a notification: no response
    ]);
    expect(r.status).toBe(200);
    const items = JSON.parse(r.text);
    expect(items).toHaveLength(4);
    expect(items[0]).toEqual({ jsonrpc: '2.0', id: 'a', result: hex(dev.head(k)) });
    expect(items[1].id).toBe(7);
    expect(items[1].error.code).toBe(-32601);
    expect(items[1].error.message).toContain('eth_nope');
    expect(items[2]).toEqual({ jsonrpc: '2.0', id: null, result: hex(dev.chains[0].evm_chain_id) });
    expect(items[3].error.code).toBe(-32602);
  });

  it('echoes string ids exactly, non-ASCII included', async () => {
    const r = await post(url, { jsonrpc: '2.0', id: 'zürich-🚀', method: 'eth_chainId', params: [] });
    expect(JSON.parse(r.text)).toEqual({ jsonrpc: '2.0', id: 'zürich-🚀', result: hex(dev.chains[0].evm_chain_id) });
    expect(Number(r.headers.get('content-length'))).toBe(Buffer.byteLength(r.text));
    const bad = JSON.parse((await post(url, { jsonrpc: '2.0', id: 2, method: 'eth_ünknown' })).text);
    expect(bad.error).toEqual({ code: -32601, message: 'the method eth_ünknown does not exist/is not available' });
  });

  it('uses the JSON-RPC error codes for bad requests', async () => {
    const parse = JSON.parse((await post(url, '{"jsonrpc":"2.0","id":1,')).text);
    expect(parse).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.any(String) } });
    expect(JSON.parse((await post(url, '[]')).text).error.code).toBe(-32600);
    expect(JSON.parse((await post(url, '[1]')).text)[0].error.code).toBe(-32600);
    expect(JSON.parse((await post(url, { jsonrpc: '1.0', id: 1, method: 'eth_chainId' })).text).error.code).toBe(-32600);
    expect(JSON.parse((await post(url, { jsonrpc: '2.0', id: 1, method: 42 })).text).error.code).toBe(-32600);
    expect((await rpc(url, 'eth_getBlockByNumber', ['latest', 'yes'])).error?.code).toBe(-32602);
    expect((await rpc(url, 'eth_getTransactionReceipt', ['0x1234'])).error?.code).toBe(-32602);
    expect((await rpc(url, 'eth_call', [{ to: 'nope', data: '0x' }])).error?.code).toBe(-32602);
    const get = await fetch(url);
    expect(get.status).toBe(405);
  });

  it('resolves block tags and answers null for blocks above the head', async () => {
    const head = dev.head(k);
    const block = async (tag: string): Promise<number | null> => {
      const b = await call(url, 'eth_getBlockByNumber', [tag, false]);
      return b === null ? null : Number(b.number);
    };
    expect(await block('latest')).toBe(head);
    expect(await block('pending')).toBe(head);
    expect(await block('earliest')).toBe(0);
    expect(await block('safe')).toBe(head - 32);
    expect(await block('finalized')).toBe(head - 64);
    expect(await block(hex(head + 1))).toBeNull();
    expect(await call(url, 'eth_getBlockReceipts', [hex(head + 1)])).toBeNull();
    expect(await call(url, 'eth_getBlockByHash', [`0x${'ab'.repeat(32)}`, false])).toBeNull();
    const hashes = await call(url, 'eth_getBlockByNumber', [hex(head - 3), false]);
    const full = await call(url, 'eth_getBlockByNumber', [hex(head - 3), true]);
    expect(hashes.transactions).toEqual(full.transactions.map((t: any) => t.hash));
  });

  it('turns eth_getBlockReceipts off and on, like a node without the method', async () => {
    dev.setBlockReceipts(k, false);
    try {
      const r = await rpc(url, 'eth_getBlockReceipts', ['latest']);
      expect(r.error?.code).toBe(-32601);
      // The per-transaction fallback still works.
      const b = await call(url, 'eth_getBlockByNumber', [hex(100), true]);
      for (const tx of b.transactions) expect((await call(url, 'eth_getTransactionReceipt', [tx.hash])).transactionHash).toBe(tx.hash);
      // Other chains are unaffected.
      expect(Array.isArray(await call(dev.chains[1].url, 'eth_getBlockReceipts', ['latest']))).toBe(true);
    } finally {
      dev.setBlockReceipts(k, true);
    }
    expect(Array.isArray(await call(url, 'eth_getBlockReceipts', ['latest']))).toBe(true);
  });

  it('rejects bad options and unknown chains with messages that name the problem', async () => {
    await expect(startDevnet({ chains: ['nope_chain'] })).rejects.toThrow(/unknown chain "nope_chain".*ethereum/);
    await expect(startDevnet({ historyBlockInterval: 0 })).rejects.toThrow(/historyBlockInterval/);
    await expect(startDevnet({ clock: new FixedClock(TEST_NOW_MS), liveSince: TEST_NOW_MS / 1000 + 10 })).rejects.toThrow(/liveSince/);
    expect(() => dev.head('nope_chain')).toThrow(/no chain "nope_chain"/);
    expect(() => dev.groundTruth(k, TEST_NOW_MS)).toThrow(/UTC day start/);
  });
});
