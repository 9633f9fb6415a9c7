// The ingestion pipeline end to end over real JSON-RPC (a deterministic fake chain on loopback)
// into a real DuckDB: full catch-up, reorgs inside and beyond the finality lag, the receipts
// fallback, lying and dead URLs, injected faults, start dates, retention and progress.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock } from '../../src/clock.js';
import { Ingestor, type IngestorOptions } from '../../src/ingest/ingestor.js';
import type { ChainProgress } from '../../src/ingest/progress.js';
import type { Chain } from '../../src/registry/types.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { storeDigest } from '../store/helpers/digest.js';
import { dayAggregates } from './helpers/day-aggregates.js';
import { FakeChain } from './helpers/fake-chain.js';
import { freePort } from './helpers/free-port.js';

const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});
afterAll(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function fakeChain(head: number): Promise<FakeChain> {
  const c = await FakeChain.start({ head });
  open.push(c);
  return c;
}

async function memStore(): Promise<DuckDbStore> {
  const s = await DuckDbStore.open({ path: ':memory:' });
  open.push(s);
  return s;
}

function ingestor(store: DuckDbStore, chains: Chain[], extra: Partial<IngestorOptions> = {}): Ingestor {
  const ing = new Ingestor({
    store,
    chains,
    clock: new FixedClock(Date.UTC(2024, 0, 1)),
    batchSize: 20,
    rpc: { timeoutMs: 500, backoff: { baseMs: 5, maxMs: 40 }, maxAttempts: 12, badCooldownMs: 200 },
    ...extra,
  });
  open.push(ing);
  return ing;
}

/** The same chain ingested once, cleanly, into a fresh store: the reference for equality. */
async function cleanDigest(chain: FakeChain, cfg: Chain = chain.chainConfig()) {
  const store = await memStore();
  const res = await ingestor(store, [cfg]).syncOnce();
  expect(res.ok).toBe(true);
  return storeDigest(store);
}

describe('catch-up', () => {
  it('stores every block and transaction of the chain, per day equal to the source', async () => {
    const chain = await fakeChain(700); // ~4.9 days of 600 s blocks
    const store = await memStore();
    const res = await ingestor(store, [chain.chainConfig()]).syncOnce();
    expect(res).toMatchObject({ ok: true, chains: [{ origin_key: 'fake', head: 700, last_block: 700, blocks_written: 701, reorgs: 0 }] });
    const got = await dayAggregates(store, 'fake');
    const want = chain.expectedDays(0, 700);
    expect([...got.keys()]).toEqual([...want.keys()]);
    for (const [day, w] of want) {
      expect(got.get(day)).toEqual({ txcount: w.txcount, tx_all: w.txcount, distinct_senders: w.senders.size, fee_wei: w.fees });
    }
    expect(await store.getCheckpoint('fake')).toEqual({ origin_key: 'fake', block_number: 700, block_hash: chain.hashOf(700) });
    // Every hour that received a block is dirty for the metrics stage.
    const hours = await store.dirtyHours('fake');
    expect(hours[0]).toBe(chain.t0 * 1000);
    expect(hours.length).toBe(Math.floor((700 * 600) / 3600) + 1);
  });

  it('a second round only fetches new blocks and a finished chain is idempotent', async () => {
    const chain = await fakeChain(100);
    const store = await memStore();
    const ing = ingestor(store, [chain.chainConfig()]);
    await ing.syncOnce();
    const exchangesAfterFirst = chain.node.exchanges.length;
    const again = await ing.syncOnce();
    expect(again.chains[0].blocks_written).toBe(0);
    // One eth_blockNumber plus one batch re-checking the unfinalized tail.
    expect(chain.node.exchanges.length - exchangesAfterFirst).toBe(2);
    chain.head = 130;
    const more = await ing.syncOnce();
    expect(more.chains[0]).toMatchObject({ blocks_written: 30, last_block: 130 });
    expect(await storeDigest(store)).toEqual(await cleanDigest(chain));
  });

  it('reports progress as data: totals, done, state and rates', async () => {
    const chain = await fakeChain(300);
    const store = await memStore();
    const seen: ChainProgress[] = [];
    const ing = ingestor(store, [chain.chainConfig()], { onProgress: (p) => seen.push(p), tuning: { writeMaxBlocks: 50 } });
    await ing.syncOnce();
    const [p] = ing.progress();
    expect(p).toMatchObject({ origin_key: 'fake', state: 'following', start_block: 0, head: 300, last_block: 300, blocks_done: 301, blocks_total: 301, eta_s: 0, error: null });
    expect(p.txs_written).toBe([...chain.expectedDays(0, 300).values()].reduce((s, d) => s + d.txcount, 0));
    const mid = seen.filter((s) => s.state === 'syncing' && s.blocks_done > 0 && s.blocks_done < 301);
    expect(mid.length).toBeGreaterThan(2);
    expect(mid.some((s) => s.tx_per_s > 0 && s.eta_s !== null)).toBe(true);
    // blocks_done only grows.
    for (let i = 1; i < seen.length; i++) expect(seen[i].blocks_done).toBeGreaterThanOrEqual(seen[i - 1].blocks_done);
  });
});

describe('reorgs', () => {
  it('a reorg within the finality lag is found by re-checking stored hashes and rolled back', async () => {
    const chain = await fakeChain(200);
    const store = await memStore();
    const ing = ingestor(store, [chain.chainConfig({ finality_lag: 8 })]);
    await ing.syncOnce();
    chain.reorg(5); // blocks 196..200 replaced, head unchanged
    const res = await ing.syncOnce();
    expect(res.chains[0]).toMatchObject({ reorgs: 1, rolled_back_blocks: 5, last_block: 200 });
    expect(await storeDigest(store)).toEqual(await cleanDigest(chain));
    // The replaced blocks' hours are dirty again for the metrics stage.
    expect(await store.dirtyHours('fake')).toContain(Math.floor(chain.timeOf(196) / 3600) * 3_600_000);
  });

  it('a reorg deeper than the lag is found through the parent hash of the next block', async () => {
    const chain = await fakeChain(200);
    const store = await memStore();
    const ing = ingestor(store, [chain.chainConfig({ finality_lag: 2 })]);
    await ing.syncOnce();
    chain.reorg(30); // 171..200 replaced; the re-check only looks at 199..200 after the head moves
    chain.head = 210;
    const res = await ing.syncOnce();
    expect(res.chains[0].reorgs).toBeGreaterThanOrEqual(1);
    expect(res.chains[0].last_block).toBe(210);
    expect(await storeDigest(store)).toEqual(await cleanDigest(chain));
  });

  it('several reorgs while following the head end on the canonical chain', async () => {
    const chain = await fakeChain(150);
    const store = await memStore();
    const ing = ingestor(store, [chain.chainConfig({ finality_lag: 6 })]);
    for (let round = 0; round < 6; round++) {
      chain.head += 3;
      if (round % 2 === 0) chain.reorg(2 + round);
      await ing.syncOnce();
    }
    expect(await storeDigest(store)).toEqual(await cleanDigest(chain));
  });
});

describe('receipts', () => {
  it('falls back to eth_getTransactionReceipt when eth_getBlockReceipts is missing, and remembers it', async () => {
    const chain = await fakeChain(120);
    const want = await cleanDigest(chain);
    chain.blockReceipts = false;
    const store = await memStore();
    const ing = ingestor(store, [chain.chainConfig()]);
    const res = await ing.syncOnce();
    expect(res.ok).toBe(true);
    expect(await storeDigest(store)).toEqual(want);
    expect(ing.progress()[0].receipts_mode).toBe('per-tx');
    const asked = (m: string) => chain.node.exchanges.flatMap((e) => e.requests).filter((r) => r.method === m).length;
    const blockReceiptCalls = asked('eth_getBlockReceipts');
    chain.head = 140;
    await ing.syncOnce();
    expect(asked('eth_getBlockReceipts')).toBe(blockReceiptCalls);
    expect(asked('eth_getTransactionReceipt')).toBeGreaterThan(100);
  });
});

describe('unreliable nodes', () => {
  it('20% injected faults of every kind give the same stored data as a clean run', async () => {
    const chain = await fakeChain(400);
    const want = await cleanDigest(chain);
    chain.faults = { rate: 0.2, kinds: ['429', '500', 'malformed', 'truncated', 'timeout', 'rpc-error'] };
    const store = await memStore();
    const res = await ingestor(store, [chain.chainConfig()]).syncOnce();
    expect(res.ok).toBe(true);
    expect(await storeDigest(store)).toEqual(want);
  });

  it('a lying URL next to an honest one: data equal to the clean run', async () => {
    const chain = await fakeChain(150);
    const liar = await FakeChain.start({ head: 150 });
    open.push(liar);
    liar.lieOffset = 1;
    const want = await cleanDigest(chain);
    const store = await memStore();
    const res = await ingestor(store, [chain.chainConfig({ rpc_urls: [liar.url, chain.url] })]).syncOnce();
    expect(res.ok).toBe(true);
    expect(await storeDigest(store)).toEqual(want);
    expect(liar.node.exchanges.length).toBeGreaterThan(0);
  });

  it('a dead first URL: everything comes from the second', async () => {
    const chain = await fakeChain(80);
    const want = await cleanDigest(chain);
    const store = await memStore();
    const dead = `http://127.0.0.1:${await freePort()}`;
    const res = await ingestor(store, [chain.chainConfig({ rpc_urls: [dead, chain.url] })]).syncOnce();
    expect(res.ok).toBe(true);
    expect(await storeDigest(store)).toEqual(want);
  });

  it('a URL of another chain is not used; if it is the only one the round fails with a clear error', async () => {
    const chain = await fakeChain(50);
    const other = await FakeChain.start({ head: 50, chainId: 1 });
    open.push(other);
    const store = await memStore();
    const ok = await ingestor(store, [chain.chainConfig({ rpc_urls: [other.url, chain.url] })]).syncOnce();
    expect(ok.ok).toBe(true);
    expect(other.node.exchanges.flatMap((e) => e.requests).map((r) => r.method)).toEqual(['eth_chainId']);

    const bad = await ingestor(await memStore(), [chain.chainConfig({ rpc_urls: [other.url] })]).syncOnce();
    expect(bad.ok).toBe(false);
    expect(bad.chains[0].error).toBe(`chain fake: RPC URL ${other.url} serves chain id 1, expected ${chain.chainId}; this URL is not used`);
  });

  it('a node that keeps lying fails the round with the reason, and other chains go on', async () => {
    const liar = await fakeChain(20);
    liar.lieOffset = 5;
    const good = await fakeChain(20);
    const store = await memStore();
    const res = await ingestor(store, [liar.chainConfig({ origin_key: 'liar' }), good.chainConfig({ origin_key: 'good' })], { rpc: { maxAttempts: 2, backoff: { baseMs: 1, maxMs: 2 } } }).syncOnce();
    expect(res.ok).toBe(false);
    expect(res.chains[0].error).toMatch(/^chain liar: .*failed after 2 attempts; last error: .*asked for block \d+, got block \d+/);
    expect(res.chains[1]).toMatchObject({ ok: true, last_block: 20 });
  });
});

describe('start and retention', () => {
  it('start.date begins at the first block at or after 00:00 UTC of that date', async () => {
    const chain = await fakeChain(600);
    const store = await memStore();
    // t0 is 2023-11-15 00:00 UTC; 144 blocks a day, so 2023-11-17 starts at block 288.
    const res = await ingestor(store, [chain.chainConfig({ start: { date: '2023-11-17' } })]).syncOnce();
    expect(res.ok).toBe(true);
    const [r] = await store.query('SELECT min(block_number) AS lo, max(block_number) AS hi FROM blocks');
    expect(r).toEqual({ lo: 288n, hi: 600n });
  });

  it('a start date after the head waits for blocks of that date, then starts exactly there', async () => {
    const chain = await fakeChain(100); // block 100 is 2023-11-15 16:40 UTC
    const store = await memStore();
    const ing = ingestor(store, [chain.chainConfig({ start: { date: '2023-11-16' } })]);
    const res = await ing.syncOnce();
    expect(res.chains[0]).toMatchObject({ ok: true, blocks_written: 0, last_block: null });
    expect(ing.progress()[0]).toMatchObject({ start_block: 101, blocks_total: 0 });
    chain.head = 200;
    const later = await ing.syncOnce();
    // 2023-11-16 00:00 is block 144; blocks 101..143 of the day before are not ingested.
    expect(later.chains[0]).toMatchObject({ ok: true, blocks_written: 57, last_block: 200 });
    const [r] = await store.query('SELECT min(block_number) AS lo FROM blocks');
    expect(r.lo).toBe(144n);
  });

  it('a malformed start date is refused with the chain and the value', async () => {
    const chain = await fakeChain(10);
    const res = await ingestor(await memStore(), [chain.chainConfig({ start: { date: '2024-13-45x' } })]).syncOnce();
    expect(res.chains[0].error).toBe('chain fake: start.date "2024-13-45x" is not a YYYY-MM-DD date');
  });

  it('retention deletes raw transactions of days older than retention_days, but only once their hours are computed', async () => {
    const chain = await fakeChain(144 * 6 - 1); // six whole days from 2023-11-15
    const store = await memStore();
    // "Now" is 2023-11-21 12:00; keeping 2 days keeps 2023-11-19 onwards.
    const clock = new FixedClock(Date.UTC(2023, 10, 21, 12));
    const ing = ingestor(store, [chain.chainConfig()], { clock, retentionDays: 2 });
    await ing.syncOnce();
    // Nothing was computed yet (all hours dirty), so nothing is pruned.
    const [all] = await store.query('SELECT count(*) AS n FROM transactions');
    const total = [...chain.expectedDays(0, 863).values()].reduce((s, d) => s + d.txcount, 0);
    expect(Number(all.n)).toBe(total);
    // The metrics stage computes everything; the next round prunes.
    await store.clearDirtyHours('fake', await store.dirtyHours('fake'));
    clock.advance(DAY_MS);
    chain.head += 1;
    const res = await ing.syncOnce();
    const cutoff = Date.UTC(2023, 10, 20) / 1000; // now is 2023-11-22 12:00 → keep 11-20 onwards
    const kept = [...chain.expectedDays(0, chain.head).entries()].filter(([d]) => d >= cutoff * 1000).reduce((s, [, d]) => s + d.txcount, 0);
    const [left] = await store.query('SELECT count(*) AS n, min(block_time) AS t FROM transactions');
    expect(Number(left.n)).toBe(kept);
    expect(Number(left.t)).toBeGreaterThanOrEqual(cutoff);
    expect(res.chains[0].pruned_txs).toBe(total - (kept - chain.txsOf(chain.head).length));
    // Blocks stay: reorg checks and block counts still work.
    const [blocks] = await store.query('SELECT count(*) AS n FROM blocks');
    expect(Number(blocks.n)).toBe(chain.head + 1);
  });
});
