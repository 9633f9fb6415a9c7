// Ingestion over the DuckDB store's group commit (store/duckdb/write-group.ts): writeBatch returns
// before its group commits, so a commit that fails later loses batches ingestion counted as
// written. It must hear of it and fetch them again from the stored checkpoint, never skip them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { Ingestor } from '../../src/ingest/ingestor.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { storeDigest } from '../store/helpers/digest.js';
import { failCommit } from '../store/helpers/fail-commit.js';
import { FakeChain } from './helpers/fake-chain.js';

const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const o of open.splice(0).reverse()) await o.close();
});

async function setUp(head: number, groupRows: number): Promise<{ chain: FakeChain; store: DuckDbStore; ing: Ingestor }> {
  const chain = await FakeChain.start({ head });
  open.push(chain);
  const store = await DuckDbStore.open({ path: ':memory:', groupRows });
  open.push(store);
  // Batches of 20 blocks (one fetch each), whatever the machine's speed: no time-based flush.
  const ing = new Ingestor({ store, chains: [chain.chainConfig()], clock: new FixedClock(Date.UTC(2024, 0, 1)), batchSize: 20, tuning: { writeMaxBlocks: 20, writeMaxMs: 3_600_000 } });
  open.push(ing);
  return { chain, store, ing };
}

/** The same chain ingested in one clean run, committed batch by batch. */
async function cleanDigest(chain: FakeChain) {
  const store = await DuckDbStore.open({ path: ':memory:', groupRows: 1 });
  open.push(store);
  const ing = new Ingestor({ store, chains: [chain.chainConfig()], clock: new FixedClock(Date.UTC(2024, 0, 1)), batchSize: 20 });
  open.push(ing);
  expect((await ing.syncOnce()).ok).toBe(true);
  return storeDigest(store);
}

describe('a group commit that fails', () => {
  it('in the middle of catch-up fails the round, and the next round writes the lost blocks again', async () => {
    const { chain, store, ing } = await setUp(300, 100);
    failCommit(1);
    const first = await ing.syncOnce();
    expect(first.ok).toBe(false);
    expect(first.chains[0]!.error).toMatch(/injected/);
    const cp = (await store.getCheckpoint('fake'))!.block_number;
    expect((await storeDigest(store)).blocks).toBe(cp + 1);
    expect(cp).toBeLessThan(300);
    const second = await ing.syncOnce();
    expect(second.ok).toBe(true);
    expect(await storeDigest(store)).toEqual(await cleanDigest(chain));
  });

  it('when another caller commits it, the next round reads the checkpoint again and skips nothing', async () => {
    const { chain, store, ing } = await setUp(100, 1_000_000);
    expect((await ing.syncOnce()).ok).toBe(true);
    // The round ended with its batches in the open group; the facts stage's read commits it, and fails.
    expect(store.uncommittedTransactions).toBeGreaterThan(0);
    failCommit();
    await expect(store.dirtyHours('fake')).rejects.toThrow(/injected/);
    expect(await store.getCheckpoint('fake')).toBeNull();
    chain.head = 160;
    const next = await ing.syncOnce();
    expect(next.ok).toBe(true);
    expect(next.chains[0]!.blocks_written).toBe(161);
    expect(await storeDigest(store)).toEqual(await cleanDigest(chain));
  });
});
