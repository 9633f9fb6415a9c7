// Ingestion of every devnet chain (real JSON-RPC servers on loopback, each chain family),
// checked against the devnet's own ground truth per day, and against a clean run under
// injected faults, after a reorg and without eth_getBlockReceipts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { Ingestor, type BlockListener, type IngestorOptions } from '../../src/ingest/ingestor.js';
import { ChainWindow } from '../../src/live/window.js';
import { windowBlocks } from '../../src/live/window-blocks.js';
import type { Chain } from '../../src/registry/types.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { storeDigest } from '../store/helpers/digest.js';
import { dayAggregates } from './helpers/day-aggregates.js';

const NOW = Date.UTC(2024, 5, 10, 6); // on the hour: history only, the head stands still
const clock = new FixedClock(NOW);
let devnet: Devnet;
const toClose: Array<{ close(): Promise<unknown> }> = [];

beforeAll(async () => {
  devnet = await startDevnet({ seed: 11, clock, historyDays: 2.5, txPerDay: 150 });
});

afterAll(async () => {
  for (const c of toClose.reverse()) await c.close();
  await devnet?.close();
});

function config(key: string): Chain {
  return devnet.chainConfigs().find((c) => c.origin_key === key)!;
}

async function ingest(chains: Chain[], extra: Partial<IngestorOptions> = {}) {
  const store = await DuckDbStore.open({ path: ':memory:' });
  const ing = new Ingestor({ store, chains, clock, rpc: { timeoutMs: 2_000, backoff: { baseMs: 10, maxMs: 200 }, maxAttempts: 15, badCooldownMs: 100 }, ...extra });
  toClose.push(store, ing);
  const res = await ing.syncOnce();
  return { store, ing, res };
}

describe('devnet: every chain family against ground truth', () => {
  it('per day: user tx count, all txs, distinct senders and fee sum equal the generator', async () => {
    const { store, res } = await ingest(devnet.chainConfigs());
    expect(res.ok).toBe(true);
    for (const chain of devnet.chains) {
      const k = chain.origin_key;
      const r = res.chains.find((c) => c.origin_key === k)!;
      expect(r.last_block).toBe(devnet.head(k));
      const got = await dayAggregates(store, k);
      // Every day from genesis to today (the partial day included, up to the head).
      const firstDay = Math.floor((chain.genesis_time * 1000) / DAY_MS) * DAY_MS;
      let compared = 0;
      for (let day = firstDay; day <= NOW; day += DAY_MS) {
        const truth = devnet.groundTruth(k, day);
        const g = got.get(day) ?? { txcount: 0, tx_all: 0, distinct_senders: 0, fee_wei: 0n };
        expect({ chain: k, day, ...g }).toEqual({ chain: k, day, txcount: truth.txcount, tx_all: truth.tx_all, distinct_senders: truth.distinct_senders, fee_wei: truth.fee_wei });
        const [blocks] = await store.query('SELECT count(*) AS n FROM blocks WHERE origin_key = $1 AND block_time // 86400 * 86400000 = $2', [k, day]);
        expect(Number(blocks.n)).toBe(truth.blocks);
        compared++;
      }
      expect(compared).toBeGreaterThanOrEqual(3);
    }
    // The families differ where METRICS.md says they do: system/deposit txs are not user txs.
    const [op] = await store.query("SELECT count(*) FILTER (WHERE tx_type = 126) AS deposits, count(*) FILTER (WHERE tx_type = 126 AND is_user_tx) AS user_deposits, sum(l1_fee_wei) AS l1 FROM transactions WHERE origin_key = 'optimism'");
    expect(Number(op.deposits)).toBeGreaterThan(0);
    expect(Number(op.user_deposits)).toBe(0);
    expect(BigInt(op.l1 as bigint)).toBeGreaterThan(0n);
    const [arb] = await store.query("SELECT sum(l1_gas_used) AS l1g, count(*) FILTER (WHERE gas_used = 0 AND is_user_tx) AS bad FROM transactions WHERE origin_key = 'arbitrum'");
    expect(BigInt(arb.l1g as bigint)).toBeGreaterThan(0n);
    expect(Number(arb.bad)).toBe(0);
  });
});

describe('devnet: robustness', () => {
  it('20% injected faults (errors, 429, 5xx, timeouts, malformed, truncated) store the same data as a clean run', async () => {
    const chains = [config('base'), config('arbitrum')];
    const clean = await ingest(chains);
    const want = await storeDigest(clean.store);
    devnet.setFaults('*', { rate: 0.2, retryAfterS: 1, timeoutMs: 300 });
    try {
      const faulty = await ingest(chains);
      expect(faulty.res.ok).toBe(true);
      expect(await storeDigest(faulty.store)).toEqual(want);
      // Every kind of fault was injected (over both chains: which kinds one chain draws depends
      // on its seeded sequence and request count).
      const a = devnet.faultStats('base');
      const b = devnet.faultStats('arbitrum');
      for (const kind of ['rpc_error', 'http_429', 'http_5xx', 'timeout', 'malformed', 'truncated'] as const) expect(a[kind] + b[kind], kind).toBeGreaterThan(0);
    } finally {
      devnet.setFaults('*', { rate: 0 });
    }
  });

  it('without eth_getBlockReceipts the per-transaction fallback stores the same data', async () => {
    const chains = [config('optimism')];
    const want = await storeDigest((await ingest(chains)).store);
    devnet.setBlockReceipts('optimism', false);
    try {
      const { store, ing, res } = await ingest(chains);
      expect(res.ok).toBe(true);
      expect(ing.progress()[0].receipts_mode).toBe('per-tx');
      expect(await storeDigest(store)).toEqual(want);
    } finally {
      devnet.setBlockReceipts('optimism', true);
    }
  });

  it('after a reorg the stored chain equals the canonical one', async () => {
    const chains = [config('linea')];
    const { store, ing } = await ingest(chains);
    const before = await storeDigest(store);
    devnet.reorg('linea', 6);
    const res = await ing.syncOnce();
    expect(res.chains[0].reorgs).toBe(1);
    expect(res.chains[0].rolled_back_blocks).toBe(6);
    const after = await storeDigest(store);
    expect(after.blocks_md5).not.toBe(before.blocks_md5);
    const fresh = await ingest(chains);
    expect(after).toEqual(await storeDigest(fresh.store));
    const day = Math.floor(NOW / DAY_MS) * DAY_MS;
    const truth = devnet.groundTruth('linea', day);
    const got = (await dayAggregates(store, 'linea')).get(day)!;
    expect(got).toEqual({ txcount: truth.txcount, tx_all: truth.tx_all, distinct_senders: truth.distinct_senders, fee_wei: truth.fee_wei });
  });
});

describe('devnet: the live stream hears what is stored (CONTRACT.md 12.6)', () => {
  it('every stored batch and the reorg\'s rollback reach the block listener: the live window ends as the stored chain', async () => {
    const window = new ChainWindow();
    const heard = { blocks: 0, rollbacks: [] as number[] };
    const blocks: BlockListener = {
      written: (_key, batch) => {
        heard.blocks += batch.blocks.length;
        window.add(windowBlocks(batch, NOW, 0));
      },
      rolledBack: (_key, from) => {
        heard.rollbacks.push(from);
        window.rollback(from);
      },
    };
    const { store, ing, res } = await ingest([config('mantle')], { blocks });
    expect(heard.blocks).toBe(res.chains[0].blocks_written);
    const head = res.chains[0].last_block!;
    devnet.reorg('mantle', 4);
    const again = await ing.syncOnce();
    expect(again.chains[0].reorgs).toBe(1);
    expect(heard.rollbacks).toEqual([head - 3]);
    // The window's blocks are the stored (canonical) ones: numbers and transaction counts.
    const stored = await store.recentBlocks('mantle', 0);
    const w = window.view()!;
    const tail = stored.slice(stored.length - w.blocks.length);
    expect(w.blocks.map((b) => [b.number, b.time_s, b.tx_count])).toEqual(tail.map((b) => [b.block_number, b.block_time, b.tx_count]));
    expect(w.blocks.at(-1)!.number).toBe(head);
  });
});
