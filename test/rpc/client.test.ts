// The JSON-RPC client against real HTTP servers on loopback: batching, retries, 429 with
// Retry-After, timeouts, malformed and truncated bodies, JSON-RPC errors, validation of
// results (lying nodes), failover between URLs, eth_chainId checks and adaptive concurrency.
import { afterEach, describe, expect, it } from 'vitest';
import { RpcClient, type RpcClientOptions } from '../../src/rpc/client.js';
import { isMethodUnsupported, JsonRpcError, RpcExhaustedError } from '../../src/rpc/errors.js';
import { hexToNumber } from '../../src/rpc/hex.js';
import { FixedClock } from '../../src/clock.js';
import { freePort } from '../ingest/helpers/free-port.js';
import { ManualTime, VirtualTime } from '../helpers/virtual-time.js';
import { startScriptedNode, type RpcRequest, type ScriptedNode } from './helpers/scripted-node.js';

const nodes: ScriptedNode[] = [];
const clients: RpcClient[] = [];

async function node(): Promise<ScriptedNode> {
  const n = await startScriptedNode();
  nodes.push(n);
  return n;
}

function client(opts: Partial<RpcClientOptions> & Pick<RpcClientOptions, 'urls'>): RpcClient {
  const c = new RpcClient({ label: 'testchain', backoff: { baseMs: 10, maxMs: 50 }, timeoutMs: 2_000, ...opts });
  clients.push(c);
  return c;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(nodes.splice(0).map((n) => n.close()));
});

/** An honest node: eth_blockNumber 0x64, blocks whose number is the one asked for. */
function honest(req: RpcRequest) {
  if (req.method === 'eth_blockNumber') return { result: '0x64' };
  if (req.method === 'eth_chainId') return { result: '0xa' };
  if (req.method === 'eth_getBlockByNumber') return { result: { number: req.params[0], source: 'honest' } };
  return { error: { code: -32601, message: 'the method does not exist/is not available' } };
}

const blockValidator = (n: number) => (r: unknown) => {
  const got = hexToNumber((r as { number: unknown }).number, 'number');
  if (got !== n) throw new Error(`asked for block ${n}, got block ${got}`);
  return r as { number: string; source: string };
};

const blockCall = (n: number) => ({ method: 'eth_getBlockByNumber', params: [`0x${n.toString(16)}`, false], validate: blockValidator(n) });

describe('batching', () => {
  it('sends batchSize requests per HTTP exchange and returns results in input order', async () => {
    const n = await node();
    n.answer = honest;
    const c = client({ urls: [n.url], batchSize: 4 });
    const out = (await c.batch(Array.from({ length: 10 }, (_, i) => blockCall(i)))) as Array<{ number: string }>;
    expect(out.map((b) => Number(b.number))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(n.exchanges.map((e) => e.requests.length).sort()).toEqual([2, 4, 4]);
    expect(n.exchanges.every((e) => e.batch)).toBe(true);
  });

  it('a single call is sent as a plain JSON-RPC object', async () => {
    const n = await node();
    n.answer = honest;
    const c = client({ urls: [n.url] });
    expect(await c.call('eth_blockNumber', [])).toBe('0x64');
    expect(n.exchanges[0].batch).toBe(false);
  });

  it('splits a batch the node rejects as a whole', async () => {
    const n = await node();
    n.answer = honest;
    n.http = (res, _no, reqs) => {
      if (reqs.length <= 2) return false;
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch too large' } }));
      return true;
    };
    const c = client({ urls: [n.url], batchSize: 8 });
    const out = (await c.batch(Array.from({ length: 8 }, (_, i) => blockCall(i)))) as Array<{ number: string }>;
    expect(out.map((b) => Number(b.number))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(n.exchanges.filter((e) => e.requests.length <= 2)).toHaveLength(4);
  });
});

describe('retries', () => {
  it('retries only the failed entries of a batch (JSON-RPC error -32000)', async () => {
    const n = await node();
    let failedOnce = false;
    n.answer = (req) => {
      if (req.params[0] === '0x2' && !failedOnce) {
        failedOnce = true;
        return { error: { code: -32000, message: 'header not found' } };
      }
      return honest(req);
    };
    const c = client({ urls: [n.url] });
    const out = (await c.batch([0, 1, 2, 3].map(blockCall))) as Array<{ number: string }>;
    expect(out.map((b) => Number(b.number))).toEqual([0, 1, 2, 3]);
    expect(n.exchanges.map((e) => e.requests.length)).toEqual([4, 1]);
  });

  it('a method the node does not have fails at once, recognisably', async () => {
    const n = await node();
    n.answer = honest;
    const c = client({ urls: [n.url] });
    const err = await c.call('eth_getBlockReceipts', ['0x1']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JsonRpcError);
    expect(isMethodUnsupported(err)).toBe(true);
    expect(n.exchanges).toHaveLength(1);
  });

  it('retries a body that is not JSON and a body cut short (content-length mismatch)', async () => {
    const n = await node();
    n.answer = honest;
    n.http = (res, no) => {
      if (no === 0) {
        res.setHeader('content-type', 'application/json');
        res.end('[{"jsonrpc":"2.0","id":1,"result":{"numb');
        return true;
      }
      if (no === 1) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
        res.write('{"jsonrpc":"2.0",');
        setTimeout(() => res.socket?.destroy(), 10);
        return true;
      }
      return false;
    };
    const c = client({ urls: [n.url] });
    const b = (await c.call('eth_getBlockByNumber', ['0x5', false], blockValidator(5))) as { number: string };
    expect(b.number).toBe('0x5');
    expect(n.exchanges).toHaveLength(3);
  });

  it('gives up after maxAttempts with an error naming the chain, the call and the last cause', async () => {
    const n = await node();
    n.http = (res) => {
      res.statusCode = 503;
      res.end('upstream down');
      return true;
    };
    const c = client({ urls: [n.url], maxAttempts: 3 });
    const err = (await c.call('eth_blockNumber', []).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(RpcExhaustedError);
    expect(err.message).toMatch(/chain testchain: eth_blockNumber\(\) failed after 3 attempts; last error: HTTP 503 from http:\/\/127\.0\.0\.1:\d+: upstream down/);
    expect(n.exchanges).toHaveLength(3);
  });

  it('times out a node that does not answer', async () => {
    const n = await node();
    n.http = () => true; // never answers
    const time = new VirtualTime();
    // The deadlines wait on a ManualTime: each fires only once the node holds its request, so the
    // test sees both attempts reach the node and run into their deadlines whatever the load.
    const deadlines = new ManualTime();
    const c = client({ urls: [n.url], timeoutMs: 150, maxAttempts: 2, monotonic: time.monotonic, sleep: time.sleep, deadline: deadlines.sleep, random: () => 0.5 });
    const call = c.call('eth_blockNumber', []).catch((e: unknown) => e);
    for (let attempt = 1; attempt <= 2; attempt++) {
      const deadline = await deadlines.next();
      expect(deadline.ms).toBe(150);
      while (n.exchanges.length < attempt) await new Promise((r) => setTimeout(r, 5));
      deadline.fire();
    }
    const err = (await call) as Error;
    expect(err.message).toMatch(/no answer from .* within 150 ms/);
    // Between the attempts the client backed off once: base 10 ms, half fixed and half jitter (0.5 of 5 ms).
    expect(n.exchanges).toHaveLength(2);
    expect(time.sleeps).toEqual([8]);
    expect(deadlines.fired).toEqual([150, 150]);
  });
});

describe('HTTP 429', () => {
  it('waits the Retry-After seconds before asking the same node again', async () => {
    const n = await node();
    n.answer = honest;
    n.http = (res, no) => {
      if (no > 0) return false;
      res.writeHead(429, { 'retry-after': '1' });
      res.end('slow down');
      return true;
    };
    const time = new VirtualTime();
    const c = client({ urls: [n.url], monotonic: time.monotonic, sleep: time.sleep });
    expect(await c.call('eth_blockNumber', [])).toBe('0x64');
    expect(n.exchanges).toHaveLength(2);
    // The second request went out only after the whole second the node asked for.
    expect(time.sleeps).toEqual([1_000]);
  });

  it('accepts the HTTP-date form of Retry-After', async () => {
    const n = await node();
    n.answer = honest;
    n.http = (res, no) => {
      if (no > 0) return false;
      res.writeHead(429, { 'retry-after': new Date(wall.now() + 2_000).toUTCString() });
      res.end();
      return true;
    };
    // The wall clock on a whole second (HTTP dates have whole-second resolution): the date the
    // node sends is exactly 2 s ahead of the client's clock.
    const wall = new FixedClock(Date.UTC(2026, 0, 1, 12, 0, 0));
    const time = new VirtualTime();
    const c = client({ urls: [n.url], clock: wall, monotonic: time.monotonic, sleep: time.sleep });
    await c.call('eth_blockNumber', []);
    expect(n.exchanges).toHaveLength(2);
    expect(time.sleeps).toEqual([2_000]);
  });

  it('a run of 429s does not use up the attempts meant for failures', async () => {
    const n = await node();
    n.answer = honest;
    n.http = (res, no) => {
      if (no >= 10) return false;
      res.writeHead(429, { 'retry-after': '0' });
      res.end();
      return true;
    };
    const c = client({ urls: [n.url], maxAttempts: 3 });
    expect(await c.call('eth_blockNumber', [])).toBe('0x64');
    expect(n.exchanges).toHaveLength(11);
  });

  it('moves to another URL at once instead of waiting when one URL rate-limits', async () => {
    const limited = await node();
    limited.http = (res) => {
      res.writeHead(429, { 'retry-after': '30' });
      res.end();
      return true;
    };
    const other = await node();
    other.answer = honest;
    const time = new VirtualTime();
    const c = client({ urls: [limited.url, other.url], monotonic: time.monotonic, sleep: time.sleep });
    expect(await c.call('eth_blockNumber', [])).toBe('0x64');
    // No pause at all: the other URL answered the retry.
    expect(time.sleeps).toEqual([]);
    expect(limited.exchanges).toHaveLength(1);
  });
});

describe('failover and lying nodes', () => {
  it('uses the second URL when the first is dead, and avoids the dead one afterwards', async () => {
    const deadUrl = `http://127.0.0.1:${await freePort()}`;
    const live = await node();
    live.answer = honest;
    const c = client({ urls: [deadUrl, live.url] });
    const out = (await c.batch([0, 1, 2].map(blockCall))) as Array<{ number: string }>;
    expect(out.map((b) => b.number)).toEqual(['0x0', '0x1', '0x2']);
    for (let i = 0; i < 5; i++) await c.call('eth_blockNumber', []);
    expect(live.exchanges).toHaveLength(6);
    const stats = c.stats();
    expect(stats.endpoints[0].bad).toBe(true);
    expect(stats.endpoints[1].bad).toBe(false);
  });

  it('catches a node answering with the wrong block and takes the honest answer elsewhere', async () => {
    const liar = await node();
    liar.answer = (req) =>
      req.method === 'eth_getBlockByNumber' ? { result: { number: `0x${(Number(req.params[0]) + 1).toString(16)}`, source: 'liar' } } : honest(req);
    const good = await node();
    good.answer = honest;
    const c = client({ urls: [liar.url, good.url] });
    const out = (await c.batch([10, 11].map(blockCall))) as Array<{ number: string; source: string }>;
    expect(out).toEqual([
      { number: '0xa', source: 'honest' },
      { number: '0xb', source: 'honest' },
    ]);
    expect(liar.exchanges.length).toBeGreaterThanOrEqual(1);
    expect(c.stats().endpoints[0].bad).toBe(true);
  });

  it('a node that keeps lying ends in a clear error', async () => {
    const liar = await node();
    liar.answer = () => ({ result: { number: '0x63' } });
    const c = client({ urls: [liar.url], maxAttempts: 3 });
    const err = (await c.call('eth_getBlockByNumber', ['0x64', false], blockValidator(100)).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(RpcExhaustedError);
    expect(err.message).toMatch(/eth_getBlockByNumber\(0x64, false\) failed after 3 attempts; last error: eth_getBlockByNumber: invalid result from http:\/\/127\.0\.0\.1:\d+: asked for block 100, got block 99/);
  });
});

describe('eth_chainId check', () => {
  it('disables a URL serving another chain, naming chain, URL, expected and found id', async () => {
    const wrong = await node();
    wrong.answer = (req) => (req.method === 'eth_chainId' ? { result: '0x1' } : honest(req));
    const right = await node();
    right.answer = honest;
    const c = client({ urls: [wrong.url, right.url], expectedChainId: 10 });
    const report = await c.verifyChainIds();
    expect(report[0].error?.message).toBe(`chain testchain: RPC URL ${wrong.url} serves chain id 1, expected 10; this URL is not used`);
    expect(report[1].error).toBeNull();
    for (let i = 0; i < 3; i++) expect(await c.call('eth_blockNumber', [])).toBe('0x64');
    expect(wrong.exchanges.map((e) => e.requests[0].method)).toEqual(['eth_chainId']);
  });

  it('fails every call when no URL serves the expected chain', async () => {
    const wrong = await node();
    wrong.answer = (req) => (req.method === 'eth_chainId' ? { result: '0x1' } : honest(req));
    const c = client({ urls: [wrong.url], expectedChainId: 10 });
    await expect(c.call('eth_blockNumber', [])).rejects.toThrow(/no usable RPC URL: chain testchain: RPC URL .* serves chain id 1, expected 10/);
  });

  it('checks a URL that was down at start before its first use', async () => {
    const n = await node();
    n.answer = honest;
    const c = client({ urls: [n.url], expectedChainId: 10 });
    await c.call('eth_blockNumber', []);
    await c.call('eth_blockNumber', []);
    expect(n.exchanges.map((e) => e.requests[0].method)).toEqual(['eth_chainId', 'eth_blockNumber', 'eth_blockNumber']);
  });
});

describe('adaptive concurrency', () => {
  it('grows the number of requests in flight while healthy and halves it on 429', async () => {
    const n = await node();
    n.answer = honest;
    n.delayMs = 5;
    const c = client({ urls: [n.url], batchSize: 1, concurrency: { initial: 2, min: 1, max: 16 } });
    await c.batch(Array.from({ length: 300 }, (_, i) => blockCall(i)));
    const grown = c.stats().endpoints[0].concurrency_limit;
    expect(grown).toBeGreaterThanOrEqual(10);
    expect(Math.max(...n.exchanges.map((e) => e.concurrent))).toBeGreaterThan(2);

    let limited = 0;
    n.http = (res) => {
      if (limited++ >= 1) return false;
      res.writeHead(429, { 'retry-after': '0' });
      res.end();
      return true;
    };
    await c.call('eth_blockNumber', []);
    const after = c.stats().endpoints[0].concurrency_limit;
    expect(after).toBe(Math.floor(grown / 2));
  });
});

describe('counters per endpoint (/metrics)', () => {
  it('counts every HTTP exchange and each failed one under its kind, never under the URL', async () => {
    const n = await node();
    n.answer = (req, no) => {
      if (no === 3) return { result: { number: '0x6', source: 'liar' } }; // asked for block 5
      if (no === 4) return { error: { code: -32000, message: 'header not found' } };
      return honest(req);
    };
    n.http = (res, no) => {
      if (no === 0) {
        res.setHeader('content-type', 'application/json');
        res.end('{"jsonrpc":"2.0","id":1,"resu');
        return true;
      }
      if (no === 1) {
        res.writeHead(503);
        res.end('upstream down');
        return true;
      }
      if (no === 2) {
        res.writeHead(429, { 'retry-after': '0' });
        res.end('slow down');
        return true;
      }
      return false;
    };
    const time = new VirtualTime();
    const c = client({ urls: [n.url], monotonic: time.monotonic, sleep: time.sleep });
    expect(((await c.call('eth_getBlockByNumber', ['0x5', false], blockValidator(5))) as { number: string }).number).toBe('0x5');
    // Exchanges 0-4 failed one way each, exchange 5 answered.
    expect(n.exchanges).toHaveLength(6);
    const [ep] = c.stats().endpoints;
    expect(ep.endpoint).toBe('testchain rpc#1');
    expect(ep.exchanges).toBe(6);
    expect(ep.errors).toEqual({ malformed: 1, http_status: 1, rate_limited: 1, invalid_answer: 1, jsonrpc_error: 1 });
  });

  it('counts a URL serving another chain as wrong_chain, on that endpoint only', async () => {
    const wrong = await node();
    wrong.answer = (req) => (req.method === 'eth_chainId' ? { result: '0x1' } : honest(req));
    const right = await node();
    right.answer = honest;
    const c = client({ urls: [wrong.url, { url: right.url, name: 'backup' }], expectedChainId: 10 });
    await c.verifyChainIds();
    await c.call('eth_blockNumber', []);
    const [w, r] = c.stats().endpoints;
    expect([w.endpoint, w.exchanges, w.errors]).toEqual(['testchain rpc#1', 1, { wrong_chain: 1 }]);
    expect([r.endpoint, r.exchanges, r.errors]).toEqual(['testchain backup', 2, {}]);
  });
});
