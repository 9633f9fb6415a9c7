// The Store's ingestion contract on both engines, a real DuckDB and a real 2-shard ClickHouse
// cluster: exact round trip of every column, idempotent writes with their checkpoint (a retried
// write never doubles a row), rollback, retention and dirty hours. DuckDB's transactions make a
// failed write leave nothing behind; ClickHouse, without them, is covered by the retry instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { startTestCluster, type TestCluster } from '../helpers/clickhouse-store.js';
import { blockHash, makeBatch, tipOf } from './helpers/batches.js';
import { storeDigest } from './helpers/digest.js';

const HOUR = 3_600_000;
const dir = mkdtempSync(join(tmpdir(), 'chainlytics-store-'));
let cluster: TestCluster | undefined;

type AnyStore = DuckDbStore | ClickHouseStore;

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const ENGINES = {
  duckdb: () => DuckDbStore.open({ path: ':memory:' }),
  clickhouse: () => cluster!.open(),
} satisfies Record<string, () => Promise<AnyStore>>;

const INT_COLUMNS = new Set(['tx_index', 'tx_type', 'status', 'tx_count']);
const BIG_COLUMNS = new Set(['block_number', 'block_time', 'nonce', 'value_wei', 'gas_limit', 'gas_used', 'gas_price_wei', 'l1_fee_wei', 'l1_gas_used', 'fee_wei', 'base_fee_wei', 'blob_gas_used', 'blob_gas_price_wei']);

/** Rows of a table as DuckDB returns them (bigint for wide integers), on either engine. */
async function rows(store: AnyStore, table: 'transactions' | 'blocks', columns = '*'): Promise<Array<Record<string, unknown>>> {
  const order = table === 'transactions' ? 'origin_key, block_number, tx_index' : 'origin_key, block_number';
  if (store instanceof DuckDbStore) return store.query(`SELECT ${columns} FROM ${table} ORDER BY ${order}`);
  const raw = await store.query(`SELECT ${columns === '*' ? '* EXCEPT (version, deleted)' : columns} FROM ${table} FINAL ORDER BY ${order}`);
  return raw.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : BIG_COLUMNS.has(k) ? BigInt(v as string) : INT_COLUMNS.has(k) ? Number(v) : v])),
  );
}

/** Transactions per stored block. */
async function txsPerBlock(store: AnyStore): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const r of await rows(store, 'transactions', 'block_number')) out.set(Number(r.block_number), (out.get(Number(r.block_number)) ?? 0) + 1);
  return out;
}

describe.each(Object.keys(ENGINES) as Array<keyof typeof ENGINES>)('%s store', (engine) => {
let store: AnyStore;

beforeEach(async () => {
  await store?.close();
  store = await ENGINES[engine]();
});

afterAll(async () => {
  await store?.close();
});

describe('writeBatch', () => {
  it('stores every column exactly, including wei beyond 2^64 and nulls', async () => {
    const batch = makeBatch('c1', 10, 11);
    // A blob transaction's price beyond 2^64 must come back exact too.
    batch.txs[2] = { ...batch.txs[2]!, blob_gas_used: 131_072n, blob_gas_price_wei: 2n ** 65n + 3n };
    await store.writeBatch('c1', batch, tipOf(batch));
    const txs = await rows(store, 'transactions');
    expect(txs).toHaveLength(6);
    const t = batch.txs[2];
    const r = txs[2];
    expect(r).toEqual({
      origin_key: 'c1',
      block_number: 10n,
      block_hash: t.block_hash,
      block_time: BigInt(t.block_time),
      tx_hash: t.tx_hash,
      tx_index: 2,
      tx_type: 2,
      nonce: 102n,
      from_address: t.from_address,
      to_address: null,
      created_contract: t.created_contract,
      input_empty: false,
      selector: '0xa9059cbb',
      value_wei: 2n ** 70n + 10n,
      gas_limit: 50_000n,
      gas_used: 21_000n,
      status: 1,
      gas_price_wei: 1_000_000_000n,
      l1_fee_wei: 2n,
      l1_gas_used: 0n,
      blob_gas_used: 131_072n,
      blob_gas_price_wei: 2n ** 65n + 3n,
      fee_wei: 21_000_000_000_002n,
      is_user_tx: true,
    });
    const blocks = await rows(store, 'blocks', 'block_number, base_fee_wei, tx_count');
    expect(blocks).toEqual([
      { block_number: 10n, base_fee_wei: 7n, tx_count: 3 },
      { block_number: 11n, base_fee_wei: null, tx_count: 3 },
    ]);
  });

  it('writing the same batch twice leaves the same rows (idempotent)', async () => {
    const batch = makeBatch('c1', 0, 49);
    await store.writeBatch('c1', batch, tipOf(batch));
    const once = await storeDigest(store);
    await store.writeBatch('c1', batch, tipOf(batch));
    expect(await storeDigest(store)).toEqual(once);
    expect(once.txs).toBe(150);
    expect(once.blocks).toBe(50);
  });


  it('an overlapping batch replaces the blocks it contains and keeps the others', async () => {
    const a = makeBatch('c1', 0, 9);
    await store.writeBatch('c1', a, tipOf(a));
    const b = makeBatch('c1', 5, 14, { fork: 1 });
    await store.writeBatch('c1', b, tipOf(b));
    const refs = await store.blockRefs('c1', 0, 100);
    expect(refs).toHaveLength(15);
    const counts = await txsPerBlock(store);
    for (const r of refs) {
      expect(r.block_hash).toBe(blockHash('c1', r.block_number, r.block_number < 5 ? 0 : 1));
      expect(counts.get(r.block_number)).toBe(3);
    }
  });

  // The stores skip reading what is stored when a batch starts past the chain's highest block
  // they know of; these would keep a replaced block's surplus transactions if that bound were
  // ever below what is stored. A fork with fewer transactions per block shows it: same-key rows
  // would hide a missed replacement, the surplus tx_index rows cannot.
  it('a reorg of blocks it wrote before, starting at its highest block, replaces their transactions', async () => {
    const a = makeBatch('c1', 0, 9);
    await store.writeBatch('c1', a, tipOf(a));
    const b = makeBatch('c1', 10, 19);
    await store.writeBatch('c1', b, tipOf(b));
    const fork = makeBatch('c1', 19, 24, { fork: 1, txPerBlock: 1 });
    await store.writeBatch('c1', fork, tipOf(fork));
    const again = makeBatch('c1', 12, 14, { fork: 2, txPerBlock: 2 });
    await store.writeBatch('c1', again, tipOf(again));
    const counts = await txsPerBlock(store);
    expect([...counts.entries()].filter(([, n]) => n !== 3)).toEqual([
      [12, 2], [13, 2], [14, 2], [19, 1], [20, 1], [21, 1], [22, 1], [23, 1], [24, 1],
    ]);
    expect((await store.blockRefs('c1', 19, 19))[0]?.block_hash).toBe(blockHash('c1', 19, 1));
  });

  it('after a rollback, blocks written again and then reorganised lose their surplus transactions', async () => {
    const a = makeBatch('c1', 0, 9);
    await store.writeBatch('c1', a, tipOf(a));
    await store.rollback('c1', 6, tipOf(makeBatch('c1', 5, 5)));
    const rewritten = makeBatch('c1', 6, 12, { fork: 3 });
    await store.writeBatch('c1', rewritten, tipOf(rewritten));
    const last = makeBatch('c1', 11, 12, { fork: 4, txPerBlock: 1 });
    await store.writeBatch('c1', last, tipOf(last));
    const counts = await txsPerBlock(store);
    expect([...counts.entries()].filter(([, n]) => n !== 3)).toEqual([[11, 1], [12, 1]]);
    expect(counts.size).toBe(13);
  });

  it('keeps chains apart', async () => {
    const a = makeBatch('c1', 0, 4);
    const b = makeBatch('c2', 0, 4, { txPerBlock: 1 });
    await store.writeBatch('c1', a, tipOf(a));
    await store.writeBatch('c2', b, tipOf(b));
    await store.writeBatch('c1', a, tipOf(a));
    expect((await storeDigest(store, 'c1')).txs).toBe(15);
    expect((await storeDigest(store, 'c2')).txs).toBe(5);
  });

  it('refuses rows of another chain and transactions without their block, writing nothing', async () => {
    const good = makeBatch('c1', 0, 2);
    await store.writeBatch('c1', good, tipOf(good));
    const before = await storeDigest(store);
    const wrongChain = makeBatch('c2', 3, 4);
    await expect(store.writeBatch('c1', wrongChain, { ...tipOf(wrongChain), origin_key: 'c1' })).rejects.toThrow(/block 3 is of chain c2/);
    const orphan = makeBatch('c1', 3, 4);
    orphan.blocks.pop();
    await expect(store.writeBatch('c1', orphan, tipOf(orphan))).rejects.toThrow(/has no block in the batch/);
    expect(await storeDigest(store)).toEqual(before);
  });



  it('an empty batch only moves the checkpoint', async () => {
    await store.writeBatch('c1', { blocks: [], txs: [] }, { origin_key: 'c1', block_number: 41, block_hash: '0xabc' });
    expect(await store.getCheckpoint('c1')).toEqual({ origin_key: 'c1', block_number: 41, block_hash: '0xabc' });
    expect((await storeDigest(store)).blocks).toBe(0);
  });
});

describe('checkpoints and rollback', () => {
  it('has no checkpoint before the first write, then the last written block', async () => {
    expect(await store.getCheckpoint('c1')).toBeNull();
    const batch = makeBatch('c1', 100, 120);
    await store.writeBatch('c1', batch, tipOf(batch));
    expect(await store.getCheckpoint('c1')).toEqual({ origin_key: 'c1', block_number: 120, block_hash: blockHash('c1', 120) });
  });

  it('rollback deletes blocks >= fromBlock with their transactions and moves the checkpoint back', async () => {
    const batch = makeBatch('c1', 0, 19);
    await store.writeBatch('c1', batch, tipOf(batch));
    await store.rollback('c1', 15, { origin_key: 'c1', block_number: 14, block_hash: blockHash('c1', 14) });
    const txs = await rows(store, 'transactions', 'block_number');
    expect([txs.length, txs.at(-1)?.block_number]).toEqual([45, 14n]);
    expect((await store.blockRefs('c1', 0, 100)).map((r) => r.block_number)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect((await store.getCheckpoint('c1'))?.block_number).toBe(14);
    // Writing the canonical blocks afterwards gives the same data as never having had the fork.
    const canonical = makeBatch('c1', 15, 19, { fork: 2 });
    await store.writeBatch('c1', canonical, tipOf(canonical));
    const fresh = await ENGINES[engine]();
    const a = makeBatch('c1', 0, 14);
    await fresh.writeBatch('c1', a, tipOf(a));
    await fresh.writeBatch('c1', canonical, tipOf(canonical));
    expect(await storeDigest(store)).toEqual(await storeDigest(fresh));
    await fresh.close();
  });

  it('rollback to before the first block removes the checkpoint', async () => {
    const batch = makeBatch('c1', 5, 9);
    await store.writeBatch('c1', batch, tipOf(batch));
    await store.rollback('c1', 5, null);
    expect(await store.getCheckpoint('c1')).toBeNull();
    expect((await storeDigest(store)).blocks).toBe(0);
  });

  it('blockRefs returns number, hash and parent hash in ascending order within the range', async () => {
    const batch = makeBatch('c1', 0, 9);
    await store.writeBatch('c1', batch, tipOf(batch));
    expect(await store.blockRefs('c1', 3, 5)).toEqual([3, 4, 5].map((n) => ({ block_number: n, block_hash: blockHash('c1', n), parent_hash: blockHash('c1', n - 1) })));
  });
});

describe('dirty hours', () => {
  it('records the hours of written blocks, ascending and without duplicates, per chain', async () => {
    // 600 s blocks from t0 = 1_700_000_000 (14:13:20 UTC): blocks 0..11 span three hours.
    const batch = makeBatch('c1', 0, 11);
    await store.writeBatch('c1', batch, tipOf(batch));
    const h0 = Math.floor(1_700_000_000 / 3600) * HOUR;
    expect(await store.dirtyHours('c1')).toEqual([h0, h0 + HOUR, h0 + 2 * HOUR]);
    expect(await store.dirtyHours('c2')).toEqual([]);
  });

  it('a write into an hour the facts stage cleared marks it dirty again; an hour written twice is kept once', async () => {
    const h0 = Math.floor(1_700_000_000 / 3600) * HOUR;
    // Blocks 0..4 are in h0, 5..10 in h0 + 1 (600 s blocks from 14:13:20 UTC).
    const write = async (from: number, to: number): Promise<void> => {
      const batch = makeBatch('c1', from, to);
      await store.writeBatch('c1', batch, tipOf(batch));
    };
    await write(0, 2);
    await store.clearDirtyHours('c1', [h0]);
    expect(await store.dirtyHours('c1')).toEqual([]);
    await write(3, 6);
    expect(await store.dirtyHours('c1')).toEqual([h0, h0 + HOUR]);
    await write(7, 8);
    expect(await store.dirtyHours('c1')).toEqual([h0, h0 + HOUR]);
    expect(await store.getCheckpoint('c1')).toEqual({ origin_key: 'c1', block_number: 8, block_hash: blockHash('c1', 8) });
    await store.clearDirtyHours('c1', [h0, h0 + HOUR]);
    await write(9, 9);
    expect(await store.dirtyHours('c1')).toEqual([h0 + HOUR]);
  });

  it('clearDirtyHours forgets only the given hours; a rollback marks its hours dirty again', async () => {
    const batch = makeBatch('c1', 0, 11);
    await store.writeBatch('c1', batch, tipOf(batch));
    const hours = await store.dirtyHours('c1');
    await store.clearDirtyHours('c1', hours.slice(0, 2));
    expect(await store.dirtyHours('c1')).toEqual([hours[2]]);
    await store.clearDirtyHours('c1', [hours[2]]);
    expect(await store.dirtyHours('c1')).toEqual([]);
    // Block 5 is at 1_700_003_000 s, in the second hour.
    await store.rollback('c1', 5, { origin_key: 'c1', block_number: 4, block_hash: blockHash('c1', 4) });
    expect(await store.dirtyHours('c1')).toEqual([hours[1], hours[2]]);
  });
});

describe('fact set bookkeeping (backfill of a changed fact set)', () => {
  it('records one signature per chain, replaced by the next', async () => {
    expect(await store.factSet('c1')).toBeNull();
    await store.writeFactSet('c1', 'first');
    await store.writeFactSet('c2', 'other');
    await store.writeFactSet('c1', 'second');
    expect([await store.factSet('c1'), await store.factSet('c2')]).toEqual(['second', 'other']);
  });

  it('markDirtyHours adds hours once; firstRetainedDay is the day of the earliest stored transaction, null once pruned', async () => {
    const batch = makeBatch('c1', 0, 11);
    await store.writeBatch('c1', batch, tipOf(batch));
    const hours = await store.dirtyHours('c1');
    await store.clearDirtyHours('c1', hours);
    await store.markDirtyHours('c1', [hours[1]!, hours[2]!]);
    await store.markDirtyHours('c1', [hours[1]!]);
    expect(await store.dirtyHours('c1')).toEqual([hours[1], hours[2]]);
    expect(await store.dirtyHours('c2')).toEqual([]);
    expect(await store.firstRetainedDay('c1')).toBe(Math.floor(1_700_000_000 / 86_400) * 86_400_000);
    expect(await store.firstRetainedDay('c2')).toBeNull();
    await store.pruneRaw('c1', 1_800_000_000);
    expect(await store.firstRetainedDay('c1')).toBeNull();
  });
});

describe('retention', () => {
  it('pruneRaw deletes transactions before the cutoff, keeps blocks, and says how many', async () => {
    const batch = makeBatch('c1', 0, 9);
    await store.writeBatch('c1', batch, tipOf(batch));
    const other = makeBatch('c2', 0, 9);
    await store.writeBatch('c2', other, tipOf(other));
    // Blocks 0..4 are before t0 + 5×600.
    expect(await store.pruneRaw('c1', 1_700_000_000 + 5 * 600)).toBe(15);
    const left = (await rows(store, 'transactions', 'origin_key, block_number')).filter((r) => r.origin_key === 'c1');
    expect([left.length, left[0]?.block_number]).toEqual([15, 5n]);
    expect((await storeDigest(store, 'c1')).blocks).toBe(10);
    expect((await storeDigest(store, 'c2')).txs).toBe(30);
  });
});

});

describe('duckdb writes', () => {
  let store: AnyStore;
  beforeEach(async () => {
    await store?.close();
    store = await ENGINES.duckdb();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('is atomic: a failure inside the transaction leaves rows and checkpoint as they were', async () => {
    const good = makeBatch('c1', 0, 2);
    await store.writeBatch('c1', good, tipOf(good));
    const before = await storeDigest(store);
    const bad = makeBatch('c1', 2, 5, { fork: 1 });
    // NOT NULL violation on the last row: detected by DuckDB after the deletes and appends ran.
    (bad.txs[bad.txs.length - 1] as { from_address: string | null }).from_address = null;
    await expect(store.writeBatch('c1', bad, tipOf(bad))).rejects.toThrow();
    expect(await storeDigest(store)).toEqual(before);
    expect(await store.getCheckpoint('c1')).toEqual(tipOf(good));
  });
});

describe('clickhouse writes', () => {
  let store: AnyStore;
  beforeEach(async () => {
    await store?.close();
    store = await ENGINES.clickhouse();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('a retried insert is stored twice, then collapses into one row per key on every shard', async () => {
    const ch = store as ClickHouseStore;
    const batch = makeBatch('c1', 0, 49, { blockSeconds: 3600 });
    await ch.writeBatch('c1', batch, tipOf(batch));
    await ch.writeBatch('c1', batch, tipOf(batch));
    const [{ db }] = (await ch.query('SELECT currentDatabase() AS db')) as Array<{ db: string }>;
    const perNode = async (sql: string) => {
      const out: number[] = [];
      for (const node of cluster!.cluster.nodes) {
        const res = await fetch(`${node.url}/?database=${db}`, { method: 'POST', body: sql });
        expect(res.status, await res.clone().text()).toBe(200);
        out.push(Number((await res.text()).trim() || 0));
      }
      return out;
    };
    // 50 hourly blocks span three days: both shards hold some, and each row was inserted twice.
    const before = await perNode('SELECT count() FROM transactions_local');
    expect(before.every((n) => n > 0)).toBe(true);
    expect(before.reduce((a, b) => a + b)).toBe(300);
    expect((await storeDigest(ch)).txs).toBe(150);
    await perNode('OPTIMIZE TABLE transactions_local FINAL');
    expect((await perNode('SELECT count() FROM transactions_local')).reduce((a, b) => a + b)).toBe(150);
  });

  it('a store opened on blocks another store wrote (a restarted process) replaces them in a reorg', async () => {
    const [{ db }] = (await (store as ClickHouseStore).query('SELECT currentDatabase() AS db')) as Array<{ db: string }>;
    const before = await cluster!.open(db);
    const a = makeBatch('c1', 0, 9);
    await before.writeBatch('c1', a, tipOf(a));
    await before.close();
    const fork = makeBatch('c1', 5, 7, { fork: 1, txPerBlock: 1 });
    await store.writeBatch('c1', fork, tipOf(fork));
    expect([...(await txsPerBlock(store)).entries()].filter(([, n]) => n !== 3)).toEqual([[5, 1], [6, 1], [7, 1]]);
  });

  it('a write that fails part way leaves, after its retry, exactly the rows of one write', async () => {
    const good = makeBatch('c1', 0, 2);
    await store.writeBatch('c1', good, tipOf(good));
    const bad = makeBatch('c1', 2, 5, { fork: 1 });
    (bad.txs[bad.txs.length - 1] as { from_address: string | null }).from_address = null;
    await expect(store.writeBatch('c1', bad, tipOf(bad))).rejects.toThrow(/from_address/);
    expect(await store.getCheckpoint('c1')).toEqual(tipOf(good));
    const fixed = makeBatch('c1', 2, 5, { fork: 1 });
    await store.writeBatch('c1', fixed, tipOf(fixed));
    const fresh = await ENGINES.clickhouse();
    const a = makeBatch('c1', 0, 1);
    await fresh.writeBatch('c1', a, tipOf(a));
    await fresh.writeBatch('c1', fixed, tipOf(fixed));
    expect(await storeDigest(store)).toEqual(await storeDigest(fresh));
    await fresh.close();
  });
});

describe('a DuckDB database file', () => {
  it('keeps rows, checkpoints and dirty hours across close and reopen', async () => {
    const path = join(dir, 'persist.duckdb');
    const a = await DuckDbStore.open({ path });
    const batch = makeBatch('c1', 0, 30);
    await a.writeBatch('c1', batch, tipOf(batch));
    const before = await storeDigest(a);
    const dirty = await a.dirtyHours('c1');
    await a.close();
    const b = await DuckDbStore.open({ path });
    expect(await storeDigest(b)).toEqual(before);
    expect(await b.dirtyHours('c1')).toEqual(dirty);
    await b.close();
  });
});

describe.each(Object.keys(ENGINES) as Array<keyof typeof ENGINES>)('%s: the live stream\'s cold-start reads', (engine) => {
  it('recentBlocks from a time on, recentFees the newest priced transactions in block order, rolled-back blocks gone', async () => {
    const s = await ENGINES[engine]();
    try {
      // Blocks 0…9 every 10 s from 1,000,000; in each, tx 0 is unpriced, txs 1 and 2 pay 21,000 × 1 gwei + l1_fee 1 or 2 wei.
      const b = makeBatch('lv', 0, 9, { t0: 1_000_000, blockSeconds: 10 });
      for (const t of b.txs) if (t.tx_index === 0) t.gas_price_wei = 0n;
      await s.writeBatch('lv', b, tipOf(b));
      await s.rollback('lv', 9, { origin_key: 'lv', block_number: 8, block_hash: blockHash('lv', 8) });
      const blocks = await s.recentBlocks('lv', 1_000_050);
      expect(blocks).toEqual([5, 6, 7, 8].map((n) => ({ block_number: n, block_hash: blockHash('lv', n), block_time: 1_000_000 + 10 * n, tx_count: 3 })));
      // Priced in blocks 6…8: six; the newest five, oldest first.
      const fee = (l1: number) => 21_000 * 1e9 + l1;
      expect(await s.recentFees('lv', 6, 5)).toEqual([
        { block_number: 6, gas_used: 21_000, fee_wei: fee(2) },
        { block_number: 7, gas_used: 21_000, fee_wei: fee(1) },
        { block_number: 7, gas_used: 21_000, fee_wei: fee(2) },
        { block_number: 8, gas_used: 21_000, fee_wei: fee(1) },
        { block_number: 8, gas_used: 21_000, fee_wei: fee(2) },
      ]);
    } finally {
      await s.close();
    }
  });
});
