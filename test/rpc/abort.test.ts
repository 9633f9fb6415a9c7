// Shutdown must not wait for a node that never answers: an aborted signal, or close(), ends a
// call in flight at once, with retries and backoff skipped, and is not counted against the URL.
// Nothing here reads the time: the request deadline is 20 s and there are 8 attempts, so a call
// that ended for any reason but the abort would outlast the test's own timeout; the virtual time
// shows that no backoff was waited.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RpcClient } from '../../src/rpc/client.js';
import { startBlackHole, type BlackHole } from '../../support/black-hole.js';
import { VirtualTime } from '../helpers/virtual-time.js';

let hole: BlackHole;
beforeEach(async () => {
  hole = await startBlackHole();
});
afterEach(async () => {
  await hole.close();
});

// Default timeout (20 s) and attempts (8): only an abort can end these calls early.
const client = (time: VirtualTime): RpcClient =>
  new RpcClient({ urls: [hole.url], label: 'stuck', expectedChainId: 1, monotonic: time.monotonic, sleep: time.sleep });

/** Resolves once the black hole holds a connection: the call is in flight, not yet sent. */
async function inFlight(): Promise<void> {
  while (hole.connections() === 0) await new Promise((r) => setImmediate(r));
}

describe('RpcClient against a node that never answers', () => {
  it('rejects within moments of its signal aborting', async () => {
    const time = new VirtualTime();
    const c = client(time);
    const ac = new AbortController();
    const call = c.call('eth_blockNumber', [], undefined, ac.signal).catch((e: unknown) => e as Error);
    await inFlight();
    ac.abort();
    const err = await call;
    expect(time.sleeps).toEqual([]);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/aborted/);
    expect(hole.connections()).toBeGreaterThan(0);
    expect(c.stats().endpoints[0]!.bad).toBe(false);
    await c.close();
  });

  it('close() ends calls in flight and returns promptly', async () => {
    const time = new VirtualTime();
    const c = client(time);
    const call = c.batch([{ method: 'eth_blockNumber', params: [] }]).catch((e: unknown) => e as Error);
    await inFlight();
    await c.close();
    expect(((await call) as Error).message).toMatch(/aborted|closed/);
    expect(time.sleeps).toEqual([]);
  });
});
