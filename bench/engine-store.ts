// A fresh benchmark store on either engine (bench:engine, bench:volume): DuckDB in a file of a
// temporary directory, or a new 2-shard ClickHouse cluster on this machine, with what the
// benchmarks read beside the Store interface: a checksum of the raw rows (both engines must hold
// the same workload before their figures are compared), the disk they use and the nodes' peak RSS.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClickHouseStore } from '../src/store/clickhouse/clickhouse-store.js';
import { DuckDbStore } from '../src/store/duckdb/duckdb-store.js';
import type { EngineName } from '../src/store/store.js';
import { startClickHouseCluster, type ClickHouseCluster } from '../support/clickhouse/cluster.js';

export type { EngineName };

export interface EngineStore {
  engine: EngineName;
  store: DuckDbStore | ClickHouseStore;
  /** The cluster of a ClickHouse store, null for DuckDB. */
  cluster: ClickHouseCluster | null;
  /** The DuckDB file (unused for ClickHouse). */
  path: string;
  /** Closes the store, stops the cluster and removes every file. */
  close(): Promise<void>;
}

/** `systemLogs`: the cluster keeps system.query_log and system.part_log (bench/query-log.ts). */
export async function openEngineStore(engine: EngineName, label = 'engine', opts: { systemLogs?: boolean } = {}): Promise<EngineStore> {
  const dir = mkdtempSync(join(tmpdir(), `chainlytics-bench-${label}-`));
  const path = join(dir, 'bench.duckdb');
  let cluster: ClickHouseCluster | null = null;
  let store: DuckDbStore | ClickHouseStore;
  try {
    if (engine === 'clickhouse') {
      cluster = await startClickHouseCluster({ shards: 2, systemLogs: opts.systemLogs ?? false });
      store = await ClickHouseStore.open({ engine: 'clickhouse', url: cluster.nodes[0]!.url, database: 'bench', cluster: cluster.name, user: 'default', password_env: null, password: null });
    } else {
      store = await DuckDbStore.open({ path });
    }
  } catch (err) {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    engine,
    store,
    cluster,
    path,
    async close() {
      try {
        await store.close();
      } finally {
        await cluster?.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** What both engines must hold alike: counts, a wei sum, distinct senders and hash bounds of the raw rows. */
export async function rawChecksum(s: EngineStore): Promise<string> {
  const rows =
    s.engine === 'clickhouse'
      ? await (s.store as ClickHouseStore).query(
          `SELECT toString(count()) AS n, toString(sum(fee_wei)) AS fees, toString(uniqExact(from_address)) AS senders, toString(countIf(selector IS NULL)) AS empty,
             min(tx_hash) AS lo, max(tx_hash) AS hi, toString(sum(gas_limit)) AS gas FROM transactions FINAL`,
        )
      : await (s.store as DuckDbStore).query(
          `SELECT count(*)::VARCHAR AS n, sum(fee_wei)::VARCHAR AS fees, count(DISTINCT from_address)::VARCHAR AS senders, count(*) FILTER (WHERE selector IS NULL)::VARCHAR AS empty,
             min(tx_hash) AS lo, max(tx_hash) AS hi, sum(gas_limit)::VARCHAR AS gas FROM transactions`,
        );
  return JSON.stringify(rows[0]);
}

/** Everything stored (raw rows, facts, sets): the DuckDB file after a checkpoint, or the cluster's active parts. */
export async function diskMb(s: EngineStore): Promise<number> {
  if (!s.cluster) {
    await (s.store as DuckDbStore).exec('CHECKPOINT');
    return Math.round(statSync(s.path).size / 1_048_576);
  }
  const [r] = await (s.store as ClickHouseStore).query<{ b: string }>(
    `SELECT toString(sum(bytes_on_disk)) AS b FROM clusterAllReplicas('${s.cluster.name}', system.parts) WHERE database = currentDatabase() AND active`,
  );
  return Math.round(Number(r!.b) / 1_048_576);
}

/** Peak RSS of a ClickHouse node's process so far (VmHWM), MB; null when it is not running. */
export function nodePeakRssMb(pid: number | null): number | null {
  if (pid === null) return null;
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
}

/** CPU seconds (user + system, all threads) a ClickHouse node's process has used so far; null when it is not running. */
export function nodeCpuSeconds(pid: number | null): number | null {
  if (pid === null) return null;
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks (100 a second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The peak of this process's RSS, sampled every 200 ms from `reset()` on (for one engine's part of a run). */
export function rssSampler(): { reset(): void; peakMb(): number } {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 200);
  timer.unref();
  return {
    reset: () => void (peak = process.memoryUsage.rss()),
    peakMb: () => Math.round(Math.max(peak, process.memoryUsage.rss()) / 1_048_576),
  };
}
