// The order vitest hands test files to its two workers (vitest.config.ts, sequence.sequencer):
// longest first, so that the short files fill in at the end and both workers finish together.
// A worker takes the next file when it is free; a run ends when its last file ends, so a long
// file started late is a tail during which the other worker sits idle.
//
// vitest's own order is longest first only for files it has timed in an earlier run on this
// machine (its results cache); on a fresh checkout (CI) it starts the largest files first, and
// several of the slowest files are among the smallest (manifest-clickhouse, manifest,
// distributed-ingest, round-faults): they started last. Here a file vitest has timed keeps its
// time; a file it has not timed takes its estimate from SLOW_FILES; the rest keep vitest's order
// after them.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds per file from a whole-suite run (2 workers, load ~9); only their order matters. Files
 * under 20 s are left out: any order of them fills the tail well enough.
 */
export const SLOW_FILES: Readonly<Record<string, number>> = {
  // app-facts-cache.test.ts (202 s for both engines) split by engine: its cases took ~22% of the
  // time on DuckDB and ~78% on ClickHouse.
  'test/documents/app-facts-cache-clickhouse.test.ts': 158,
  // pages.browser.test.ts (164 s) split in two: its main pages (~55%) and the pages of the other
  // documents with the live stream (document-pages.browser.test.ts, ~45%).
  'test/dashboard/pages.browser.test.ts': 90,
  'test/dashboard/document-pages.browser.test.ts': 74,
  'test/clickhouse/distributed-ingest.test.ts': 122,
  'test/documents/golden-apps-devnet.test.ts': 108,
  'test/clickhouse/round-faults.test.ts': 95,
  'test/documents/manifest.test.ts': 82,
  'test/documents/manifest-clickhouse.test.ts': 79,
  'test/documents/golden-devnet.test.ts': 78,
  'test/cli/cli.test.ts': 78,
  'test/metrics/fact-set-backfill.test.ts': 69,
  'test/documents/golden-overview-devnet.test.ts': 54,
  'test/documents/golden-fee-linechart-devnet.test.ts': 51,
  'test/ingest/crash.test.ts': 47,
  'test/documents/app-facts-cache.test.ts': 44,
  'test/app/full-disk.test.ts': 41,
  'test/documents/fee-linechart.contract.test.ts': 40,
  'test/metrics/ten-minute-fee-facts.test.ts': 35,
  'test/clickhouse/serve-faults.test.ts': 32,
  'test/server/access-log-file.test.ts': 30,
  'test/store/store-ingestion.test.ts': 24,
  'test/app/entry-points.test.ts': 24,
  'test/documents/document-set-reuse.test.ts': 22,
  'test/ingest/devnet.test.ts': 22,
  'test/server/silent-sockets.test.ts': 21,
};

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const seconds = (spec: TestSpecification): number => {
      const path = relative(this.ctx.config.root, spec.moduleId).split('\\').join('/');
      const timed = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`);
      // A file that failed last time keeps its time too (vitest would start it first): the order
      // is for the whole run's end, not for the first failure to show early.
      if (timed !== undefined) return timed.duration / 1000;
      return SLOW_FILES[path] ?? 0;
    };
    const cost = new Map(base.map((spec) => [spec, seconds(spec)]));
    // Array.prototype.sort is stable: equal costs (the untimed, unlisted files) keep vitest's order.
    return base.sort((a, b) => cost.get(b)! - cost.get(a)!);
  }
}
