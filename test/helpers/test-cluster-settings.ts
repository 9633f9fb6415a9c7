// The query settings the test clusters' nodes start every statement from (support/clickhouse/
// cluster.ts passes them on each node's command line). Both nodes and the test runner share two
// cores, and a test's tables hold tens of rows: a second thread per query and the JIT compiler
// (which compiles each new expression after its third use, ~30-50 ms of LLVM on each node, and
// the statements' literals make most expressions new) cost CPU and gain nothing there. Neither
// changes an answer. Production and the benches keep ClickHouse's own defaults.
// Measured on app-facts-cache's store (a one-off profile of three full document builds, default vs
// these, alternating, two runs each): ClickHouse CPU per build 1.3-1.9 s -> 0.86-1.03 s, build wall
// 1.6-2.3 s -> 0.94-1.46 s.
import type { NodeQueryDefaults, NodeServerSettings } from '../../support/clickhouse/cluster.js';

export const TEST_NODE_QUERY_DEFAULTS: NodeQueryDefaults = {
  max_threads: 1,
  compile_expressions: 0,
  compile_aggregate_expressions: 0,
  compile_sort_description: 0,
};

// And their server settings (the top of each node's config.xml). ClickHouse's memory worker reads
// the process's memory figures every 100 ms to correct its memory tracker; on an idle test node
// that thread was most of the node's CPU (a one-off per-thread sample of an idle 2-node cluster
// over 40 s: MemoryWorker 0.31 CPU-s, everything else 0.21), and the nodes of a test run sit idle
// most of it. Once a second is plenty for tables of tens of rows; no answer depends on it.
// Measured idle, 60 s, both nodes, at load ~20: 0.81-0.85 CPU-s -> 0.50 CPU-s.
export const TEST_NODE_SERVER_SETTINGS: NodeServerSettings = {
  memory_worker_period_ms: 1000,
};
