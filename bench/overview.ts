// Chain overview build time on the devnet as `npm start` runs it (npm run bench:overview): the
// six built-in devnet chains with their default history, ingested and computed once through the
// real service into a fresh data directory, then the overviews of every chain (and
// streaks_today) built BENCH_RUNS times (default 5) on that store; the target is under 1 s.
// The last line of output is one JSON object: overview_s (slowest run), median, documents, and
// the one-off context and shared application facts reads.
//   npm run bench:overview -- [--devnet-days N] [--devnet-tx-per-day N]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openRuntime } from '../src/app/runtime.js';
import { createLogger } from '../src/log.js';
import { DEFAULTS } from '../src/registry/app-config.js';
import { loadConfig } from '../src/registry/config.js';
import { buildOverviews } from './overview-docs.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const arg = (name: string): number | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : undefined;
};
const log = (msg: string) => process.stderr.write(`${msg}\n`);

const dir = await mkdtemp(join(tmpdir(), 'chainlytics-bench-overview-'));
try {
  const base = { ...loadConfig(null), data_dir: dir, duckdb_path: join(dir, DEFAULTS.duckdb_file) };
  const rt = await openRuntime(base, { devnet: { historyDays: arg('devnet-days'), txPerDay: arg('devnet-tx-per-day') }, logger: createLogger('warn') });
  try {
    const t0 = performance.now();
    await rt.service.round();
    log(`  devnet ingested and computed: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await buildOverviews(rt.store, rt.config.chains, rt.clock);
      log(`  run ${i + 1}: overviews ${run.overview_s.toFixed(3)} s for ${run.inputs.length} documents (context ${run.context_s.toFixed(2)} s, application facts ${run.app_facts_s.toFixed(2)} s)`);
      runs.push(run);
    }
    const times = runs.map((r) => r.overview_s).sort((a, b) => a - b);
    const r3 = (x: number) => Math.round(x * 1000) / 1000;
    console.log(
      JSON.stringify({
        overview_s: r3(times[times.length - 1]!),
        overview_median_s: r3(times[Math.floor(times.length / 2)]!),
        documents: runs[0]!.inputs.length,
        chains: rt.config.chains.length,
        context_s: r3(runs[runs.length - 1]!.context_s),
        app_facts_s: r3(runs[runs.length - 1]!.app_facts_s),
        target_s: 1,
      }),
    );
  } finally {
    await rt.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
