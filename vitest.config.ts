import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/longest-first-sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ (compiled src/, the dashboard's files) when missing or out of date, starts the
    // run's shared ClickHouse cluster and makes the cache folder of shared devnet document sets
    // (issue 22, a fast suite): a cluster start cost ~5 s of two ClickHouse processes in each of
    // ~20 files, and five files built one of two identical devnet sets (~25 CPU-s each). On the
    // overview/blockspace/landing golden files alone, on a machine at load 16-19: 99 → 50 CPU-s,
    // 394 → 227 s of summed test time.
    globalSetup: ['test/global-setup.ts'],
    // A guard against a hang, never a measure: integration tests start real servers, DuckDB,
    // anvil and ClickHouse, and the suite must pass while a second copy runs beside it on the same
    // two cores. At 120 s the multi-phase cases (round-faults, distributed-ingest, the pipelining
    // flood: 60-75 s alone on CI) timed out with other engineers' suites running beside them.
    // No file sets a shorter one of its own (test/suite/no-short-timeouts.test.ts): the browser
    // files' 240 s set-up was the first to fail on a loaded machine.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Test files share their worker's modules (not re-imported per file): on a 50-file subset the
    // import time fell from 52 s to 17 s and the run from 78 s to 45 s; on the whole suite import
    // went from ~200 s to 57 s. Every file closes what it starts (servers, stores, nodes) and
    // restores what it changes (process.env), so nothing it leaves behind reaches the next file.
    isolate: false,
    maxWorkers: 2,
    // Longest files first, on a fresh checkout too (test/longest-first-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    reporters: ['default'],
  },
});
