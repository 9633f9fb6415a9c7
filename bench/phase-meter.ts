// What one phase of a benchmark cost beside its wall time (bench:engine): this process's CPU
// seconds (process.cpuUsage, so the load of the shared machine does not count), the ClickHouse
// nodes' CPU seconds (/proc) and the statements the store sent (each a round trip to the entry
// node, and about 20 ms of server CPU on small data, docs/scale.md).
import { performance } from 'node:perf_hooks';
import type { ClickHouseCluster } from '../support/clickhouse/cluster.js';
import { nodeCpuSeconds } from './engine-store.js';

export interface PhaseCost {
  wall_s: number;
  cpu_s: number;
  /** Both nodes together; absent for DuckDB. */
  node_cpu_s?: number;
  /** Statements sent to the entry node; absent for DuckDB. */
  statements?: number;
}

const SENDERS = ['all', 'each', 'run', 'insert', 'insertBinary'] as const;

/**
 * Counts the statements of a ClickHouse store's connection (its private `db`, wrapped here and
 * nowhere else) and measures phases. For DuckDB (no cluster) only wall and process CPU.
 */
export function phaseMeter(store: object, cluster: ClickHouseCluster | null): { measure<T>(fn: () => Promise<T>): Promise<{ result: T; cost: PhaseCost }> } {
  let statements = 0;
  if (cluster) {
    const db = (store as { db?: Record<string, unknown> }).db;
    if (!db) throw new Error('phaseMeter: the ClickHouse store has no connection to count');
    for (const name of SENDERS) {
      const fn = db[name] as (...a: unknown[]) => unknown;
      db[name] = (...a: unknown[]) => {
        statements++;
        return fn.apply(db, a);
      };
    }
  }
  const nodeCpu = (): number => (cluster ? cluster.nodes.reduce((s, n) => s + (nodeCpuSeconds(n.pid()) ?? 0), 0) : 0);
  return {
    async measure(fn) {
      const n0 = statements;
      const c0 = process.cpuUsage();
      const k0 = nodeCpu();
      const t0 = performance.now();
      const result = await fn();
      const wall = (performance.now() - t0) / 1000;
      const c = process.cpuUsage(c0);
      const cost: PhaseCost = { wall_s: round(wall), cpu_s: round((c.user + c.system) / 1e6) };
      if (cluster) {
        cost.node_cpu_s = round(nodeCpu() - k0);
        cost.statements = statements - n0;
      }
      return { result, cost };
    },
  };
}

const round = (x: number): number => Number(x.toFixed(2));
