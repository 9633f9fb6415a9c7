// The harness itself: two real ClickHouse nodes from chDB form one cluster of two shards, a
// Distributed table spreads rows over both, and a node stopped by PID stops answering.
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startClickHouseCluster, type ClickHouseCluster } from '../../support/clickhouse/cluster.js';
import { startTestCluster } from '../helpers/clickhouse-store.js';
import { TEST_NODE_QUERY_DEFAULTS, TEST_NODE_SERVER_SETTINGS } from '../helpers/test-cluster-settings.js';

describe('2-shard ClickHouse cluster from chDB', () => {
  let cluster: ClickHouseCluster;
  const clients: ClickHouseClient[] = [];

  beforeAll(async () => {
    cluster = await startClickHouseCluster();
    for (const n of cluster.nodes) clients.push(createClient({ url: n.url, clickhouse_settings: { output_format_json_quote_64bit_integers: 1 } }));
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await cluster?.stop();
  });

  it('forms one cluster of two shards and spreads a Distributed table over both', async () => {
    const [a, b] = clients as [ClickHouseClient, ClickHouseClient];
    const shards = await (await a.query({ query: `SELECT shard_num, host_address, port FROM system.clusters WHERE cluster = '${cluster.name}' ORDER BY shard_num`, format: 'JSONEachRow' })).json();
    expect(shards).toEqual(cluster.nodes.map((n, i) => ({ shard_num: i + 1, host_address: n.host, port: n.tcpPort })));

    for (const c of clients) {
      await c.command({ query: 'CREATE TABLE smoke_local (k UInt32, wei UInt256) ENGINE = MergeTree ORDER BY k' });
      await c.command({ query: `CREATE TABLE smoke (k UInt32, wei UInt256) ENGINE = Distributed(${cluster.name}, currentDatabase(), smoke_local, k)` });
    }
    const max = (1n << 256n) - 1n;
    await a.insert({
      table: 'smoke',
      values: Array.from({ length: 100 }, (_, k) => ({ k, wei: (max - BigInt(k)).toString() })),
      format: 'JSONEachRow',
      clickhouse_settings: { distributed_foreground_insert: 1 },
    });
    const local = async (c: ClickHouseClient) => Number(((await (await c.query({ query: 'SELECT count() AS n FROM smoke_local', format: 'JSONEachRow' })).json()) as Array<{ n: string }>)[0]!.n);
    expect(await local(a)).toBe(50);
    expect(await local(b)).toBe(50);
    // Read through the other node: rows of both shards, 256-bit values exact as quoted text.
    const total = (await (await b.query({ query: 'SELECT count() AS n FROM smoke', format: 'JSONEachRow' })).json()) as Array<{ n: string }>;
    expect(total).toEqual([{ n: '100' }]);
    const top = (await (await b.query({ query: 'SELECT k, wei FROM smoke WHERE k IN (0, 99) ORDER BY k', format: 'JSONEachRow' })).json()) as Array<{ k: number; wei: string }>;
    expect(top).toEqual([
      { k: 0, wei: max.toString() },
      { k: 99, wei: (max - 99n).toString() },
    ]);
  });

  it('stops a node by PID and starts it again on the same data', async () => {
    const node = cluster.nodes[1]!;
    const pid = node.pid()!;
    await node.stop();
    expect(() => process.kill(pid, 0)).toThrow();
    await expect(clients[0]!.query({ query: 'SELECT count() FROM smoke', format: 'JSONEachRow' })).rejects.toThrow();
    await node.start();
    const rows = (await (await clients[0]!.query({ query: 'SELECT count() AS n FROM smoke', format: 'JSONEachRow' })).json()) as Array<{ n: string }>;
    expect(rows).toEqual([{ n: '100' }]);
  });

  it("starts every session from the cluster's query defaults and the node from its server settings (the tests' nodes) or the engine's own, and logs at warning level", async () => {
    const changed = async (url: string) => {
      const c = createClient({ url });
      try {
        const rows = (await (await c.query({ query: "SELECT name, value FROM system.settings WHERE name IN ('max_threads', 'compile_expressions', 'compile_aggregate_expressions', 'compile_sort_description') AND changed ORDER BY name", format: 'JSONEachRow' })).json()) as Array<{ name: string; value: string }>;
        const level = (await (await c.query({ query: "SELECT value FROM system.server_settings WHERE name = 'logger.level'", format: 'JSONEachRow' })).json()) as Array<{ value: string }>;
        const server = (await (await c.query({ query: `SELECT name, value FROM system.server_settings WHERE name IN (${Object.keys(TEST_NODE_SERVER_SETTINGS).map((k) => `'${k}'`).join(', ')}) ORDER BY name`, format: 'JSONEachRow' })).json()) as Array<{ name: string; value: string }>;
        return { settings: Object.fromEntries(rows.map((r) => [r.name, r.value])), server: Object.fromEntries(server.map((r) => [r.name, r.value])), level: level[0]?.value };
      } finally {
        await c.close();
      }
    };
    // This file's own cluster was started without defaults: production's settings.
    // (memory_worker_period_ms 0: the engine's own choice of period.)
    for (const n of cluster.nodes) expect(await changed(n.url)).toEqual({ settings: {}, server: { memory_worker_period_ms: '0' }, level: 'warning' });
    // The run's shared cluster (test/global-setup.ts) has the tests' defaults on both nodes.
    expect(inject('sharedClickHouse')).toBeDefined();
    const shared = await startTestCluster();
    try {
      const expected = Object.fromEntries(Object.entries(TEST_NODE_QUERY_DEFAULTS).map(([k, v]) => [k, String(v)]));
      const server = Object.fromEntries(Object.entries(TEST_NODE_SERVER_SETTINGS).map(([k, v]) => [k, String(v)]));
      for (const n of shared.cluster.nodes) expect(await changed(n.url)).toEqual({ settings: expected, server, level: 'warning' });
    } finally {
      await shared.stop();
    }
  });
});
