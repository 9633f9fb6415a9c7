// Benchmark of the stablecoin supply sampling (npm run bench:samples): the devnet in a child
// process (its own core), its chains ingested into an in-memory DuckDB, then every complete day
// sampled with eth_call totalSupply() of each chain's stablecoins (one JSON-RPC batch per
// chain-day) and, separately, the same days after a restart with the node keeping no old state
// (every day a gap). Prints one JSON object: ms per chain-day for each, days and calls.
// Sizes: BENCH_DAYS (30), BENCH_TX_PER_DAY (500).
import { FixedClock } from '../src/clock.js';
import { startDevnetProcess } from '../src/devnet/process.js';
import { Ingestor } from '../src/ingest/ingestor.js';
import { createLogger } from '../src/log.js';
import { StablecoinSampler } from '../src/sources/stablecoins/supply-sampler.js';
import { DuckDbStore } from '../src/store/duckdb/duckdb-store.js';

const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const TX_PER_DAY = Number(process.env.BENCH_TX_PER_DAY ?? 500);
const NOW = Date.UTC(2024, 6, 1);
const silent = createLogger('silent');
const log = (msg: string): void => void process.stderr.write(`${msg}\n`);

async function main(): Promise<void> {
  const dev = await startDevnetProcess({ historyDays: DAYS, txPerDay: TX_PER_DAY, fixedNowMs: NOW, liveSince: NOW / 1000 });
  const store = await DuckDbStore.open({ path: ':memory:' });
  const clock = new FixedClock(NOW);
  try {
    const chains = dev.chainConfigs();
    const ing = new Ingestor({ store, chains, clock, logger: silent, batchSize: 100 });
    try {
      if (!(await ing.syncOnce()).ok) throw new Error('ingestion failed');
    } finally {
      await ing.close();
    }
    log(`bench:samples: ${chains.length} chains × ${DAYS} days ingested`);
    const sampler = new StablecoinSampler({ clock, logger: silent });
    const started = performance.now();
    const reports = await sampler.run(store, chains);
    const wall = performance.now() - started;
    await sampler.close();
    const chainDays = reports.reduce((n, r) => n + r.days_sampled, 0);
    const calls = chains.reduce((n, c) => n + c.stablecoins.length * reports.find((r) => r.origin_key === c.origin_key)!.days_sampled, 0);
    const perChainDay = reports.reduce((n, r) => n + r.elapsed_ms, 0) / chainDays;
    log(`  sampled ${chainDays} chain-days (${calls} eth_calls) in ${(wall / 1000).toFixed(2)} s wall`);
    console.log(JSON.stringify({ chain_days: chainDays, eth_calls: calls, ms_per_chain_day: Math.round(perChainDay * 100) / 100, wall_s: Math.round(wall) / 1000, chains: chains.length, days: DAYS }));
  } finally {
    await store.close();
    await dev.close();
  }
}

await main();
