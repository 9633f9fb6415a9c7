// The fee line chart (/v1/fees/linechart.json) alone, built through its real builder on a build
// context loaded as buildAllDocuments loads it, for bench:build: its 10-minute buckets read the
// last 24 hours of raw transactions at every build, so its time is what the document adds to each
// round (its 4-hour buckets are facts, computed with the hourly ones).
import type { Clock } from '../src/clock.js';
import { loadBuildContext } from '../src/documents/build-all.js';
import { feeLinechart } from '../src/documents/fees/fee-linechart.js';
import { createLogger } from '../src/log.js';
import type { Chain } from '../src/registry/types.js';
import type { Store } from '../src/store/store.js';

/** Seconds of the builder alone (the context is loaded first, untimed: every builder shares it). */
export async function timeFeeLinechart(store: Store, chains: readonly Chain[], clock: Clock): Promise<{ build_s: number; bytes: number }> {
  const ctx = await loadBuildContext(store, chains, clock, { logger: createLogger('silent') });
  const t = performance.now();
  const inputs = await feeLinechart.build!(ctx);
  const build_s = (performance.now() - t) / 1000;
  return { build_s, bytes: inputs.reduce((n, i) => n + JSON.stringify(i.json).length, 0) };
}
