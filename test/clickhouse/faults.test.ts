// Faults of the ClickHouse store on a real 2-shard cluster: the cluster down at start, one node
// down in the middle of ingestion. Errors name the node; writes resumed from the checkpoint once
// the node is back leave exactly the rows of an undisturbed run, nothing lost or doubled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import { startTestCluster, type TestCluster } from '../helpers/clickhouse-store.js';
import { makeBatch, tipOf } from '../store/helpers/batches.js';
import { storeDigest } from '../store/helpers/digest.js';

describe('ClickHouse store faults', () => {
  let ch: TestCluster;
  beforeAll(async () => {
    ch = await startTestCluster({ own: true });
  });
  afterAll(async () => {
    await ch?.stop();
  });

  it('down at start: opening fails after its retries with an error naming the node', async () => {
    const down = { ...ch.settings(), url: 'http://127.0.0.1:9' };
    // The retry pauses are asked of an injected sleep that returns at once: the test sees the
    // backoff that was requested, not how long a busy machine took.
    const delays: number[] = [];
    const err = await ClickHouseStore.open(down, { sleep: async (ms) => void delays.push(ms) }).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/^ClickHouse node 127\.0\.0\.1:9 \(ping\): .*ECONNREFUSED/);
    expect(delays).toEqual([250, 500, 1000]); // four attempts, the pause doubling
  });

  it('one node down mid-ingestion: writes and reads fail naming the node; resumed from the checkpoint, nothing is lost or doubled', async () => {
    // Every batch sent as it is written, so the write that meets the stopped node is the one that
    // fails (a held group fails at the call that sends it: test/clickhouse/write-group.test.ts).
    const store = await ch.open(undefined, {}, { groupRows: 1 });
    const reference = await ch.open(undefined, {}, { groupRows: 1 });
    // Hourly blocks over four days: every write touches both shards.
    const all = makeBatch('c1', 0, 95, { blockSeconds: 3600, txPerBlock: 2 });
    const batches = Array.from({ length: 8 }, (_, i) => ({ blocks: all.blocks.slice(i * 12, i * 12 + 12), txs: all.txs.slice(i * 24, i * 24 + 24) }));
    try {
      for (const b of batches) await reference.writeBatch('c1', b, tipOf(b));

      for (const b of batches.slice(0, 3)) await store.writeBatch('c1', b, tipOf(b));
      const node2 = ch.cluster.nodes[1]!;
      await node2.stop();
      const writeErr = await store.writeBatch('c1', batches[3]!, tipOf(batches[3]!)).then(
        () => null,
        (e: Error) => e,
      );
      // The entry node answers; the shard it could not reach is named in ClickHouse's message.
      expect(writeErr?.message).toMatch(new RegExp(`^ClickHouse node 127\\.0\\.0\\.1:\\d+ .*${node2.host.replace(/\./g, '\\.')}:${node2.tcpPort}`, 's'));
      await expect(store.blockRefs('c1', 0, 100)).rejects.toThrow(new RegExp(`${node2.host.replace(/\./g, '\\.')}:${node2.tcpPort}`));
      await node2.start();

      // What the ingestor does: go on from the stored checkpoint.
      const cp = await store.getCheckpoint('c1');
      expect(cp?.block_number).toBe(35);
      for (const b of batches.filter((x) => x.blocks[0]!.block_number > cp!.block_number)) await store.writeBatch('c1', b, tipOf(b));
      expect(await storeDigest(store)).toEqual(await storeDigest(reference));
      expect((await storeDigest(store)).txs).toBe(192);
    } finally {
      await store.close();
      await reference.close();
    }
  });
});
