// A node's answer is read only up to a cap sized from the request (issue 23, item 2): against a
// real HTTP server that announces 4 GiB and streams without end, the call fails with a message
// naming the endpoint by its label, the cap and the setting to raise; the endpoint is avoided;
// the bytes the server got out before the client closed stay small (counted by the server) and
// so does this process's RSS. A batch of honest but large answers is asked again in halves.
import { afterEach, describe, expect, it } from 'vitest';
import { SMALL_ANSWER_BYTES } from '../../src/rpc/answer-cap.js';
import { MIB } from '../../src/rpc/capped-body.js';
import { RpcClient, type RpcClientOptions } from '../../src/rpc/client.js';
import { RpcAnswerTooLargeError, RpcExhaustedError, RpcHttpError, publicMessage } from '../../src/rpc/errors.js';
import { startEndlessAnswer, type EndlessAnswer } from '../helpers/endless-answer.js';
import { VirtualTime } from '../helpers/virtual-time.js';
import { startScriptedNode, type ScriptedNode } from './helpers/scripted-node.js';

const servers: Array<EndlessAnswer | ScriptedNode> = [];
const clients: RpcClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function endless(opts?: Parameters<typeof startEndlessAnswer>[0]): Promise<EndlessAnswer> {
  const s = await startEndlessAnswer(opts);
  servers.push(s);
  return s;
}

function client(opts: Partial<RpcClientOptions> & { urls: string[] }): { c: RpcClient; time: VirtualTime } {
  const time = new VirtualTime();
  // A deadline far beyond anything the test waits for: only the cap can end these calls.
  const c = new RpcClient({ label: 'testchain', timeoutMs: 600_000, maxAttempts: 2, monotonic: time.monotonic, sleep: time.sleep, ...opts });
  clients.push(c);
  return { c, time };
}

/** Loopback socket buffers hold a few MiB whatever the client does; 4 GiB is what reading on would take. */
const SOCKET_SLACK = 32 * MIB;
const RSS_SLACK = 100 * MIB;

describe('an answer larger than its cap', () => {
  it('Content-Length 4 GiB: refused before reading, clear message, endpoint avoided, little sent, RSS flat', async () => {
    const node = await endless();
    const baseline = process.memoryUsage.rss();
    const { c } = client({ urls: [node.url] });
    const err = await c.call('eth_blockNumber', []).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(RpcExhaustedError);
    const last = (err as RpcExhaustedError).lastError;
    expect(last).toBeInstanceOf(RpcAnswerTooLargeError);
    expect(last.message).toBe(
      `answer from ${node.url} larger than 1 MiB, the cap for eth_blockNumber (Content-Length 4294967296); the server is faulty, or its answers need more than max_answer_mb.rpc allows: raise it (docs/configuration.md)`,
    );
    // In public the endpoint is its label, never its URL.
    expect(publicMessage(err)).toContain('answer from testchain rpc#1 larger than 1 MiB, the cap for eth_blockNumber');
    expect(publicMessage(err)).not.toContain('127.0.0.1');
    expect(c.stats().endpoints[0]).toMatchObject({ endpoint: 'testchain rpc#1', bad: true });

    // Both attempts reached the server, and each connection was closed long before 4 GiB.
    expect(node.written).toHaveLength(2);
    for (const i of [0, 1]) expect(await node.closed(i)).toBeLessThan(SOCKET_SLACK);
    expect(node.peakRss() - baseline).toBeLessThan(RSS_SLACK);
    expect(process.memoryUsage.rss() - baseline).toBeLessThan(RSS_SLACK);
  });

  it('no Content-Length (chunked, endless): cut off just past the cap of the block it asked for', async () => {
    const node = await endless({ announce: null });
    const baseline = process.memoryUsage.rss();
    const { c } = client({ urls: [node.url], maxAnswerBytes: 4 * MIB, maxAttempts: 1 });
    const err = await c.call('eth_getBlockReceipts', ['0x10']).catch((e: unknown) => e);

    const last = (err as RpcExhaustedError).lastError;
    expect(last).toBeInstanceOf(RpcAnswerTooLargeError);
    expect(last.message).toMatch(/larger than 4 MiB, the cap for eth_getBlockReceipts \((\d+) bytes read\); .*raise it/);
    const read = Number(/\((\d+) bytes read\)/.exec(last.message)![1]);
    expect(read).toBeGreaterThan(4 * MIB);
    expect(read).toBeLessThan(4 * MIB + 256 * 1024); // one chunk past the cap, not more
    expect(await node.closed(0)).toBeLessThan(4 * MIB + SOCKET_SLACK);
    expect(node.peakRss() - baseline).toBeLessThan(RSS_SLACK);
  });

  it('an error page that never ends is not read whole either', async () => {
    const node = await endless({ status: 502, announce: null });
    const { c } = client({ urls: [node.url], maxAttempts: 1 });
    const err = await c.call('eth_chainId', []).catch((e: unknown) => e);
    expect((err as RpcExhaustedError).lastError).toBeInstanceOf(RpcHttpError);
    expect((err as RpcExhaustedError).lastError.message).toBe(`HTTP 502 from ${node.url}`);
    expect(await node.closed(0)).toBeLessThan(SOCKET_SLACK);
  });

  it('sizes the cap from the request: small calls 1 MiB each, a batch adds up, block content up to the ceiling', async () => {
    const node = await endless();
    const { c } = client({ urls: [node.url], maxAnswerBytes: 8 * MIB, maxAttempts: 1, batchSize: 100 });
    const capOf = async (calls: Array<{ method: string; params: unknown[] }>) => {
      const err = (await c.batch(calls).catch((e: unknown) => e)) as RpcExhaustedError;
      return /larger than (.*?) \((?:Content-Length|\d+ bytes read)/.exec(err.lastError.message)?.[1];
    };
    const header = (n: number) => ({ method: 'eth_getBlockByNumber', params: [`0x${n.toString(16)}`, false] });
    expect(await capOf([header(1)])).toBe(`${SMALL_ANSWER_BYTES / MIB} MiB, the cap for eth_getBlockByNumber`);
    expect(await capOf([header(1), header(2), header(3)])).toBe('3 MiB, the cap for 3 calls (eth_getBlockByNumber, …)');
    expect(await capOf([{ method: 'eth_getBlockByNumber', params: ['0x1', true] }])).toBe('8 MiB, the cap for eth_getBlockByNumber');
    expect(node.written).toHaveLength(3);
    // 20 MiB of budgets over an 8 MiB ceiling: the exchange is capped at 8 MiB, then asked in
    // halves (10 calls, still over) and quarters (5 calls, 5 MiB, within their budgets), where it fails.
    expect(await capOf(Array.from({ length: 20 }, (_, i) => header(i)))).toBe('5 MiB, the cap for 5 calls (eth_getBlockByNumber, …)');
    expect(node.written.length).toBeGreaterThanOrEqual(3 + 1 + 2 + 1);
  });
});

describe('a batch of honest answers larger than one exchange may hold', () => {
  it('is asked again in halves; the node is not blamed', async () => {
    const node = await startScriptedNode();
    servers.push(node);
    // Receipts of about 300 KiB per block: four of them pass a 1 MiB ceiling, two do not.
    const receipts = (n: string) => [{ blockNumber: n, logs: 'x'.repeat(300 * 1024) }];
    node.answer = (req) => ({ result: receipts(req.params[0] as string) });
    const { c } = client({ urls: [node.url], maxAnswerBytes: MIB, maxAttempts: 1 });
    const blocks = ['0x1', '0x2', '0x3', '0x4'];
    const out = (await c.batch(blocks.map((n) => ({ method: 'eth_getBlockReceipts', params: [n] })))) as Array<Array<{ blockNumber: string }>>;
    expect(out.map((r) => r[0]!.blockNumber)).toEqual(blocks);
    expect(node.exchanges.map((e) => e.requests.length)).toEqual([4, 2, 2]);
    expect(c.stats().endpoints[0]!.bad).toBe(false);
  });

  it('a single call past the ceiling fails and marks the endpoint', async () => {
    const node = await startScriptedNode();
    servers.push(node);
    node.answer = () => ({ result: [{ logs: 'x'.repeat(2 * MIB) }] });
    const { c } = client({ urls: [node.url], maxAnswerBytes: MIB, maxAttempts: 1 });
    const err = await c.call('eth_getBlockReceipts', ['0x1']).catch((e: unknown) => e);
    expect((err as RpcExhaustedError).lastError).toBeInstanceOf(RpcAnswerTooLargeError);
    expect(c.stats().endpoints[0]!.bad).toBe(true);
  });
});
