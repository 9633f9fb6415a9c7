// A 2-shard ClickHouse cluster for the store tests and fresh ClickHouse stores on it: each open
// gets its own database, so tests never see each other's rows.
//
// The run starts one cluster (test/global-setup.ts) and every file uses it: a cluster start costs
// about 5 s of two ClickHouse processes, paid before by each of ~20 files. A file on the shared
// cluster drops the databases it made when it stops, and may not stop, kill or restart a node
// (its nodes throw): the fault tests, which do, ask for their own cluster with `{ own: true }`.
// Outside a vitest run with the global setup (nothing provided), every call starts its own.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startClickHouseCluster, waitForPing, type ClickHouseCluster, type ClickHouseNode } from '../../support/clickhouse/cluster.js';
import { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import type { ConnectionRuntime } from '../../src/store/clickhouse/connection.js';
import type { ClickHouseSettings } from '../../src/registry/store-settings.js';
import { SHARED_CLICKHOUSE_FAILED, type SharedClickHouse } from './shared-clickhouse.js';
import { TEST_NODE_QUERY_DEFAULTS, TEST_NODE_SERVER_SETTINGS } from './test-cluster-settings.js';

export interface TestCluster {
  cluster: ClickHouseCluster;
  /** Settings of a store in `database` (default: a fresh name) through node 1. */
  settings(database?: string): ClickHouseSettings;
  /**
   * `runtime`: the connection's sleep and version clock (tests record the retry delays);
   * `groupRows`: the transactions writeBatch holds before sending (1: every batch sent at once).
   */
  open(database?: string, runtime?: ConnectionRuntime, opts?: { groupRows?: number }): Promise<ClickHouseStore>;
  /** Own cluster: stops it. Shared cluster: drops the databases this handle named. */
  stop(): Promise<void>;
}

let databases = 0;

/** `own`: a cluster of this file alone, for tests that stop, kill or restart its nodes. */
export async function startTestCluster(opts: { own?: boolean } = {}): Promise<TestCluster> {
  const shared = opts.own ? undefined : inject('sharedClickHouse');
  if (!shared) {
    const cluster = await startClickHouseCluster({ shards: 2, queryDefaults: TEST_NODE_QUERY_DEFAULTS, serverSettings: TEST_NODE_SERVER_SETTINGS });
    return handle(cluster, () => cluster.stop());
  }
  await waitForPing(
    shared.nodes.map((n) => n.url),
    async () => {
      const failed = join(shared.root, SHARED_CLICKHOUSE_FAILED);
      return existsSync(failed) ? readFileSync(failed, 'utf8') : null;
    },
  );
  const named = new Set<string>();
  return handle(
    sharedView(shared),
    async () => {
      for (const node of shared.nodes) {
        for (const db of named) {
          const res = await fetch(node.url, { method: 'POST', body: `DROP DATABASE IF EXISTS \`${db}\` SYNC` });
          if (!res.ok) throw new Error(`dropping ${db} on ${node.name}: ${res.status} ${await res.text()}`);
        }
      }
    },
    (database) => named.add(database),
  );
}

function handle(cluster: ClickHouseCluster, stop: () => Promise<void>, named: (database: string) => void = () => {}): TestCluster {
  const settings = (database = `t${process.pid}_${++databases}`): ClickHouseSettings => {
    named(database);
    return {
      engine: 'clickhouse',
      url: cluster.nodes[0]!.url,
      database,
      cluster: cluster.name,
      user: 'default',
      password_env: null,
      password: null,
    };
  };
  return {
    cluster,
    settings,
    open: (database, runtime, opts) => ClickHouseStore.open(settings(database), runtime, opts),
    stop,
  };
}

/** The shared cluster's nodes: their addresses, and an error for any attempt to stop or restart one. */
function sharedView(shared: SharedClickHouse): ClickHouseCluster {
  const why = (name: string) => new Error(`${name} belongs to the run's shared ClickHouse cluster (its process and log are the main process's): a test that stops, restarts or watches nodes takes startTestCluster({ own: true })`);
  const refuse = (name: string) => async (): Promise<never> => {
    throw why(name);
  };
  const nodes: ClickHouseNode[] = shared.nodes.map((n) => ({
    ...n,
    pid: () => {
      throw why(n.name);
    },
    start: refuse(n.name),
    stop: refuse(n.name),
    kill: refuse(n.name),
    log: refuse(n.name),
  }));
  return { name: shared.name, nodes, stop: refuse('the cluster') };
}
