// The order the suite's files start in (test/longest-first-sequencer.ts), on a results cache and
// file sizes made up here: vitest's own BaseSequencer reads both through its context.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import LongestFirstSequencer, { SLOW_FILES } from '../longest-first-sequencer.js';

const ROOT = join(import.meta.dirname, '../..');
const project = { name: '', config: { sequence: { groupOrder: 0 }, isolate: false } };
const spec = (path: string) => ({ project, moduleId: join(ROOT, path) }) as unknown as TestSpecification;
const pathOf = (s: TestSpecification) => s.moduleId.slice(ROOT.length + 1);

/** A sequencer over `sizes` (bytes per file) and, for the files timed before, `timed` (ms). */
function sequencer(sizes: Record<string, number>, timed: Record<string, number> = {}): LongestFirstSequencer {
  const ctx = {
    config: { root: ROOT },
    cache: {
      getFileTestResults: (key: string) => (key.slice(1) in timed ? { duration: timed[key.slice(1)], failed: false } : undefined),
      getFileStats: (key: string) => (key.slice(1) in sizes ? { size: sizes[key.slice(1)] } : undefined),
    },
  };
  return new LongestFirstSequencer(ctx as unknown as Vitest);
}

const MANIFEST_CH = 'test/documents/manifest-clickhouse.test.ts';
const PAGES = 'test/dashboard/pages.browser.test.ts';
const BIG_QUICK = 'test/a/big-but-quick.test.ts';
const SMALL_QUICK = 'test/a/small-and-quick.test.ts';
const SIZES = { [MANIFEST_CH]: 1_674, [PAGES]: 86_065, [BIG_QUICK]: 50_000, [SMALL_QUICK]: 900 };

describe('longest-first sequencer', () => {
  it('on a fresh checkout (nothing timed): the listed slow files by their estimate, then the rest largest first', async () => {
    const order = await sequencer(SIZES).sort([SMALL_QUICK, MANIFEST_CH, BIG_QUICK, PAGES].map(spec));
    // vitest alone would start BIG_QUICK second and the small, slow manifest-clickhouse third.
    expect(order.map(pathOf)).toEqual([PAGES, MANIFEST_CH, BIG_QUICK, SMALL_QUICK]);
  });

  it('a file timed in an earlier run is placed by that time, over its estimate; the others by theirs', async () => {
    // Some files timed (a run of a few files), the others not.
    const timed = { [MANIFEST_CH]: 200_000, [BIG_QUICK]: 25_000 };
    const order = await sequencer(SIZES, timed).sort([SMALL_QUICK, PAGES, BIG_QUICK, MANIFEST_CH].map(spec));
    expect(order.map(pathOf)).toEqual([MANIFEST_CH, PAGES, BIG_QUICK, SMALL_QUICK]);
  });

  it('every file with an estimate exists (a renamed file takes its estimate along)', () => {
    const missing = Object.keys(SLOW_FILES).filter((p) => !existsSync(join(ROOT, p)));
    expect(missing).toEqual([]);
  });
});
