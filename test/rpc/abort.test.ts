// Shutdown must not wait for a node that never answers: an aborted signal, or close(), ends a
// call in flight at once, with retries and backoff skipped, and is not counted against the URL.
import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RpcClient } from '../../src/rpc/client.js';
import { startBlackHole, type BlackHole } from '../../support/black-hole.js';

let hole: BlackHole;
beforeEach(async () => {
  hole = await startBlackHole();
});
afterEach(async () => {
  await hole.close();
});

// Default timeout (20 s) and attempts (8): only an abort can end these calls early.
const client = (): RpcClient => new RpcClient({ urls: [hole.url], label: 'stuck', expectedChainId: 1 });

describe('RpcClient against a node that never answers', () => {
  it('rejects within moments of its signal aborting', async () => {
    const c = client();
    const ac = new AbortController();
    const t0 = performance.now();
    const call = c.call('eth_blockNumber', [], undefined, ac.signal).catch((e: unknown) => e as Error);
    setTimeout(() => ac.abort(), 200);
    const err = await call;
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/aborted/);
    expect(hole.connections()).toBeGreaterThan(0);
    expect(c.stats().endpoints[0]!.bad).toBe(false);
    await c.close();
  });

  it('close() ends calls in flight and returns promptly', async () => {
    const c = client();
    const t0 = performance.now();
    const call = c.batch([{ method: 'eth_blockNumber', params: [] }]).catch((e: unknown) => e as Error);
    await new Promise((r) => setTimeout(r, 200));
    await c.close();
    expect(((await call) as Error).message).toMatch(/aborted|closed/);
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});
