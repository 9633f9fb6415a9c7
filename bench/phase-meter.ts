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
export function phaseMeter(
  store: object,
  cluster: ClickHouseCluster | null,
): { measure<T>(fn: () => Promise<T>): Promise<{ result: T; cost: PhaseCost }>; report(log: (line: string) => void): void } {
  let statements = 0;
  const nodeCpu = (): number => (cluster ? cluster.nodes.reduce((s, n) => s + (nodeCpuSeconds(n.pid()) ?? 0), 0) : 0);
  // Wall time and nodes' CPU per kind of statement (its start, numbers and literals left out), for BENCH_PROFILE.
  const kinds = new Map<string, { ms: number; n: number; node: number }>();
  if (cluster) {
    const db = (store as { db?: Record<string, unknown> }).db;
    if (!db) throw new Error('phaseMeter: the ClickHouse store has no connection to count');
    for (const name of SENDERS) {
      const fn = db[name] as (...a: unknown[]) => Promise<unknown>;
      db[name] = async (...a: unknown[]) => {
        statements++;
        const kind = `${name} ${String(a[0]).replace(/'[^']*'/g, "'…'").replace(/\d+/g, 'N').replace(/\s+/g, ' ').slice(0, 150)}`;
        const t = performance.now();
        const k0 = nodeCpu();
        try {
          return await fn.apply(db, a);
        } finally {
          const k = kinds.get(kind) ?? { ms: 0, n: 0, node: 0 };
          k.ms += performance.now() - t;
          // The nodes' CPU while the statement ran (statements run one at a time, so this is
          // mostly its own, plus whatever merges the nodes ran meanwhile).
          k.node += nodeCpu() - k0;
          k.n++;
          kinds.set(kind, k);
        }
      };
    }
  }
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
    report(log) {
      for (const [kind, k] of [...kinds].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) log(`    ${(k.ms / 1000).toFixed(3)} s, nodes ${k.node.toFixed(2)} s CPU ${String(k.n).padStart(5)}×  ${kind}`);
      kinds.clear();
    },
  };
}

const round = (x: number): number => Number(x.toFixed(2));
