// The ClickHouse store's group commit (store/clickhouse/write-group.ts): appending writeBatch calls
// are held and sent as one insert per table once the group is full, before any other call of the
// same store, and at close. Another process sees none of an open group's rows and no checkpoint
// past the last group sent; a group that fails to store leaves no checkpoint past what is stored,
// and a chain's later batch past the lost blocks fails until its writer reads the checkpoint again.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { Ingestor } from '../../src/ingest/ingestor.js';
import type { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import { startTestCluster, type TestCluster } from '../helpers/clickhouse-store.js';
import { runJsonLinesChild } from '../helpers/json-lines-child.js';
import { FakeChain } from '../ingest/helpers/fake-chain.js';
import { makeBatch, tipOf } from '../store/helpers/batches.js';
import { storeDigest } from '../store/helpers/digest.js';

const CHILD = fileURLToPath(new URL('./helpers/group-child.ts', import.meta.url));
type Batches = Array<[string, number, number]>;

/** Writes batches [origin, from, to] (3 transactions a block, 10 minutes apart unless `blockSeconds`) in order. */
async function write(s: ClickHouseStore, batches: Batches, blockSeconds?: number): Promise<void> {
  for (const [origin, from, to] of batches) {
    const b = makeBatch(origin, from, to, { blockSeconds });
    await s.writeBatch(origin, b, tipOf(b));
  }
}

describe('consecutive batches in one insert per table', () => {
  let ch: TestCluster;
  let dbs = 0;
  const open: ClickHouseStore[] = [];
  beforeAll(async () => {
    ch = await startTestCluster();
  });
  afterAll(async () => {
    for (const s of open.splice(0)) await s.close().catch(() => undefined);
    await ch?.stop();
  });

  /** Two stores on one fresh database: `s` with a group of `groupRows`, `other` sending every batch at once. */
  async function pair(groupRows: number): Promise<{ db: string; s: ClickHouseStore; other: ClickHouseStore }> {
    const db = `wg${process.pid}_${++dbs}`;
    const s = await ch.open(db, {}, { groupRows });
    const other = await ch.open(db, {}, { groupRows: 1 });
    open.push(s, other);
    return { db, s, other };
  }

  /** The digest of a fresh database holding exactly these batches, each sent alone. */
  async function digestOf(batches: Batches) {
    const { other } = await pair(1);
    await write(other, batches);
    return storeDigest(other);
  }

  it('holds batches until they reach the group size, then sends them with their checkpoints', async () => {
    const { s, other } = await pair(100);
    await write(s, [['c1', 0, 9], ['c2', 0, 9], ['c1', 10, 19]]);
    expect(s.uncommittedTransactions).toBe(90);
    expect(await other.getCheckpoint('c1')).toBeNull();
    expect((await storeDigest(other)).txs).toBe(0);
    await write(s, [['c2', 10, 19]]);
    expect(s.uncommittedTransactions).toBe(0);
    expect(await other.getCheckpoint('c1')).toEqual(tipOf(makeBatch('c1', 10, 19)));
    expect(await other.getCheckpoint('c2')).toEqual(tipOf(makeBatch('c2', 10, 19)));
    expect(await storeDigest(other)).toEqual(await digestOf([['c1', 0, 19], ['c2', 0, 19]]));
  });

  it('every other method of the same store sees the batches written before it', async () => {
    const { s } = await pair(1_000);
    await write(s, [['c1', 0, 9], ['c1', 10, 19]]);
    expect(s.uncommittedTransactions).toBe(60);
    expect(await s.getCheckpoint('c1')).toEqual(tipOf(makeBatch('c1', 10, 19)));
    expect(s.uncommittedTransactions).toBe(0);
    await write(s, [['c1', 20, 29]]);
    expect((await s.blockRefs('c1', 0, 100)).map((r) => r.block_number)).toEqual([...Array(30).keys()]);
    await write(s, [['c1', 30, 39]]);
    expect((await s.dirtyHours('c1')).length).toBe(Math.floor((39 * 600) / 3600) + 1);
    await write(s, [['c1', 40, 49]]);
    expect(await s.blockPeriods('c1', 'hourly', Date.UTC(2100, 0, 1))).toHaveLength(Math.floor((49 * 600) / 3600) + 1);
    await write(s, [['c1', 50, 59]]);
    expect(Number((await s.query<{ n: string }>('SELECT count() AS n FROM transactions FINAL'))[0]!.n)).toBe(180);
    await write(s, [['c1', 60, 69]]);
    expect(s.uncommittedTransactions).toBe(30);
    expect(await s.pruneRaw('c1', 0)).toBe(0);
    expect(s.uncommittedTransactions).toBe(0);
    expect((await storeDigest(s)).txs).toBe(210);
  });

  it('a rollback (reorg) after batches still in the group removes them and moves the checkpoint back', async () => {
    const { s } = await pair(1_000);
    await write(s, [['c1', 0, 9], ['c1', 10, 19], ['c1', 20, 29]]);
    const cp = tipOf(makeBatch('c1', 14, 14));
    await s.rollback('c1', 15, cp);
    expect(await s.getCheckpoint('c1')).toEqual(cp);
    const fork = makeBatch('c1', 15, 20, { fork: 1 });
    await s.writeBatch('c1', fork, tipOf(fork));
    const refs = await s.blockRefs('c1', 0, 100);
    expect(refs.map((r) => r.block_number)).toEqual([...Array(21).keys()]);
    expect(refs[15]!.block_hash).toBe(fork.blocks[0]!.block_hash);
    expect((await storeDigest(s)).txs).toBe(63);
  });

  it('a batch replacing blocks of the group (a retry) sends the group first and leaves one copy of each row', async () => {
    const { s } = await pair(1_000);
    await write(s, [['c1', 0, 9], ['c1', 10, 19]]);
    const retry = makeBatch('c1', 5, 14);
    await s.writeBatch('c1', retry, tipOf(retry));
    // Sent at once with the group before it: nothing is held.
    expect(s.uncommittedTransactions).toBe(0);
    await write(s, [['c1', 15, 19], ['c1', 20, 24]]);
    expect(s.uncommittedTransactions).toBe(15);
    expect(await storeDigest(s)).toEqual(await digestOf([['c1', 0, 24]]));
  });

  it('close sends the open group', async () => {
    const { db, s } = await pair(1_000);
    await write(s, [['c1', 0, 9], ['c1', 10, 19]]);
    expect(s.uncommittedTransactions).toBe(60);
    await s.close();
    const again = await ch.open(db);
    open.push(again);
    expect(await again.getCheckpoint('c1')).toEqual(tipOf(makeBatch('c1', 10, 19)));
    expect((await storeDigest(again)).txs).toBe(60);
  });

  it('a process killed with a group open loses that group and its checkpoints, nothing sent before', async () => {
    const { db, other } = await pair(1);
    const batches: Batches = [['c1', 0, 9], ['c2', 0, 9], ['c1', 10, 19], ['c1', 20, 29], ['c2', 10, 19]];
    const lines: Array<{ written?: [string, number, number]; uncommitted?: number }> = [];
    const exit = await runJsonLinesChild<{ written?: [string, number, number]; uncommitted?: number }>(
      CHILD,
      { settings: ch.settings(db), groupRows: 60, batches },
      (line, child) => {
        if (lines.push(line) === batches.length) child.kill('SIGKILL');
      },
    );
    expect(exit.signal).toBe('SIGKILL');
    // Sent after the second batch (60) and the fourth (60 more); the fifth was held.
    expect(lines.filter((l) => l.written).map((l) => l.uncommitted)).toEqual([30, 0, 30, 0, 30]);
    expect(await other.getCheckpoint('c1')).toEqual(tipOf(makeBatch('c1', 20, 29)));
    expect(await other.getCheckpoint('c2')).toEqual(tipOf(makeBatch('c2', 0, 9)));
    expect(await storeDigest(other)).toEqual(await digestOf([['c1', 0, 29], ['c2', 0, 9]]));
  });
});

describe('a group that fails to store', () => {
  let ch: TestCluster;
  const open: Array<{ close(): Promise<unknown> }> = [];
  beforeAll(async () => {
    ch = await startTestCluster({ own: true });
  });
  afterAll(async () => {
    for (const o of open.splice(0).reverse()) await o.close().catch(() => undefined);
    await ch?.stop();
  });

  it('fails the call that sends it; no checkpoint covers its blocks, and a chain resumes only from its checkpoint', async () => {
    const s = await ch.open(undefined, {}, { groupRows: 1_000 });
    const reference = await ch.open(undefined, {}, { groupRows: 1 });
    open.push(s, reference);
    // Hourly blocks over days: a chain's day lives on one shard, so the group's rows reach both.
    const H = 3600;
    await write(reference, [['c1', 0, 95], ['c2', 0, 47]], H);
    await write(s, [['c1', 0, 47], ['c2', 0, 47], ['c1', 48, 95]], H);
    const node2 = ch.cluster.nodes[1]!;
    await node2.stop();
    try {
      // The read sends the group first; the shard it could not reach is named in the error.
      await expect(s.getCheckpoint('c1')).rejects.toThrow(new RegExp(`${node2.host.replace(/\./g, '\\.')}:${node2.tcpPort}`));
    } finally {
      await node2.start();
    }
    // What the failed send stored depends on which shard each chain's rows and checkpoint live on;
    // whatever it is, a stored checkpoint covers only stored blocks, and something was lost.
    const last: Record<string, number> = { c1: 95, c2: 47 };
    const next: Record<string, number> = {};
    for (const k of Object.keys(last)) {
      const cp = await s.getCheckpoint(k);
      if (cp) expect(await s.blockRefs(k, 0, cp.block_number)).toHaveLength(cp.block_number + 1);
      next[k] = (cp?.block_number ?? -1) + 1;
    }
    expect(Object.keys(last).some((k) => next[k]! <= last[k]!)).toBe(true);
    for (const k of Object.keys(last)) {
      if (next[k]! > last[k]!) continue;
      // A writer that did not read its checkpoint again would leave a hole: refused.
      await expect(write(s, [[k, last[k]! + 1, last[k]! + 10]], H)).rejects.toThrow(/were written in a group that failed to store .* read the checkpoint again/);
      // From the stored checkpoint, every lost block is written again.
      await write(s, [[k, next[k]!, last[k]!]], H);
    }
    const digest = await storeDigest(reference);
    expect(digest.txs).toBe(432);
    expect(await storeDigest(s)).toEqual(digest);
  });

  it('ingestion sends its group at the end of each round, for other processes to see', async () => {
    const db = `wgi${process.pid}`;
    const chain = await FakeChain.start({ head: 100 });
    open.push(chain);
    const store = await ch.open(db, {}, { groupRows: 1_000_000 });
    const other = await ch.open(db, {}, { groupRows: 1 });
    open.push(store, other);
    // Batches of 20 blocks (one fetch each), whatever the machine's speed: no time-based flush.
    const ing = new Ingestor({ store, chains: [chain.chainConfig()], clock: new FixedClock(Date.UTC(2024, 0, 1)), batchSize: 20, tuning: { writeMaxBlocks: 20, writeMaxMs: 3_600_000 } });
    open.push(ing);
    expect((await ing.syncOnce()).ok).toBe(true);
    // Another process (a builder) sees the round's blocks once the round ends.
    expect(store.uncommittedTransactions).toBe(0);
    expect((await other.getCheckpoint('fake'))?.block_number).toBe(100);
    chain.head = 160;
    const next = await ing.syncOnce();
    expect(next.ok).toBe(true);
    expect(next.chains[0]!.blocks_written).toBe(60);
    expect(store.uncommittedTransactions).toBe(0);

    // The same chain ingested in one clean run, every batch sent at once.
    const clean = await ch.open(undefined, {}, { groupRows: 1 });
    open.push(clean);
    const cleanIng = new Ingestor({ store: clean, chains: [chain.chainConfig()], clock: new FixedClock(Date.UTC(2024, 0, 1)), batchSize: 20 });
    open.push(cleanIng);
    expect((await cleanIng.syncOnce()).ok).toBe(true);
    expect(await storeDigest(other)).toEqual(await storeDigest(clean));
  });
});
