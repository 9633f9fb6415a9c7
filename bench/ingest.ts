// Benchmark of the ingestion stage (npm run bench:ingest). A fixed devnet workload runs in a
// child process (its own core); this process measures, in the same run:
//   ceiling_tx_per_s  the same block + receipt requests, fetched and JSON-parsed only (no
//                     validation, normalization or store), with the same batching and window
//   tx_per_s          full ingestion (fetch, validate, normalize, write to a DuckDB file)
//   ratio             tx_per_s / ceiling_tx_per_s (target >= 0.6)
// Ceiling passes run in a child process (this file with --ceiling) so that their memory does
// not count in the ingester's peak_rss_mb. A first, unreported pass warms the devnet's
// generator caches. Ceiling and ingestion passes alternate for BENCH_ROUNDS rounds (default 2)
// with a last ceiling pass, and each side keeps its best pass, so that drift on a shared machine
// favours neither side; ratio_per_round shows each ingestion pass against the ceilings around
// it. The last line is one JSON object.
// Sizes: BENCH_DAYS (3), BENCH_TX_PER_DAY (10000), BENCH_CHAINS (all devnet chains, comma list).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { FixedClock } from '../src/clock.js';
import { startDevnetProcess } from '../src/devnet/process.js';
import { DEFAULT_TUNING } from '../src/ingest/chain-sync.js';
import { Ingestor } from '../src/ingest/ingestor.js';
import { createLogger } from '../src/log.js';
import type { Chain } from '../src/registry/types.js';
import { RpcClient } from '../src/rpc/client.js';
import { numberToHex } from '../src/rpc/hex.js';
import { DuckDbStore } from '../src/store/duckdb/duckdb-store.js';

const DAYS = Number(process.env.BENCH_DAYS ?? 3);
const TX_PER_DAY = Number(process.env.BENCH_TX_PER_DAY ?? 10_000);
const CHAINS = process.env.BENCH_CHAINS?.split(',');
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const NOW = Date.UTC(2024, 6, 1); // on the hour: the devnet serves history only, a fixed head
const BATCH_SIZE = 50;
const log = (msg: string): void => void process.stderr.write(`${msg}\n`);

let peakRssMb = 0;
const sampleRss = (): void => {
  peakRssMb = Math.max(peakRssMb, process.memoryUsage.rss() / 1_048_576);
};

/** Fetch and JSON.parse every block and its receipts, nothing else. Returns tx count. */
interface PassResult {
  txs: number;
  blocks: number;
  seconds: number;
  cpu_us_per_tx: number;
}

async function ceiling(chains: Chain[]): Promise<PassResult> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const per = await Promise.all(
    chains.map(async (chain) => {
      const rpc = new RpcClient({ urls: chain.rpc_urls, label: chain.origin_key, batchSize: BATCH_SIZE });
      try {
        const head = Number(await rpc.call('eth_blockNumber', []));
        const perFetch = Math.floor(BATCH_SIZE / 2);
        let next = 0;
        let txs = 0;
        const worker = async (): Promise<void> => {
          while (next <= head) {
            const from = next;
            const to = Math.min(head, from + perFetch - 1);
            next = to + 1;
            const calls = [];
            for (let n = from; n <= to; n++) {
              calls.push({ method: 'eth_getBlockByNumber', params: [numberToHex(n), true] });
              calls.push({ method: 'eth_getBlockReceipts', params: [numberToHex(n)] });
            }
            const res = await rpc.batch(calls);
            for (let k = 0; k < res.length; k += 2) txs += (res[k] as { transactions: unknown[] }).transactions.length;
          }
        };
        await Promise.all(Array.from({ length: DEFAULT_TUNING.maxInFlight }, worker));
        return { txs, blocks: head + 1 };
      } finally {
        await rpc.close();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const txs = per.reduce((s, p) => s + p.txs, 0);
  return { txs, blocks: per.reduce((s, p) => s + p.blocks, 0), seconds, cpu_us_per_tx: cpuPerTx(process.cpuUsage(cpu), txs) };
}

/** CPU of this process (all threads) per transaction: what a pass costs whoever is the bottleneck. */
function cpuPerTx(u: NodeJS.CpuUsage, txs: number): number {
  return Math.round(((u.user + u.system) / Math.max(1, txs)) * 10) / 10;
}

/** One ceiling pass in a fresh child process. */
function ceilingInChild(chains: Chain[]): PassResult {
  const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--ceiling', JSON.stringify(chains)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split('\n').pop()!) as PassResult;
}

async function ingest(chains: Chain[], dbPath: string): Promise<PassResult> {
  const store = await DuckDbStore.open({ path: dbPath });
  const ing = new Ingestor({ store, chains, clock: new FixedClock(NOW), batchSize: BATCH_SIZE, logger: createLogger('warn') });
  const timer = setInterval(sampleRss, 100);
  try {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const res = await ing.syncOnce();
    const seconds = (performance.now() - started) / 1000;
    if (!res.ok) throw new Error(`ingestion failed: ${res.chains.map((c) => c.error).filter(Boolean).join('; ')}`);
    const txs = res.chains.reduce((s, c) => s + c.txs_written, 0);
    return { txs, blocks: res.chains.reduce((s, c) => s + c.blocks_written, 0), seconds, cpu_us_per_tx: cpuPerTx(process.cpuUsage(cpu), txs) };
  } finally {
    clearInterval(timer);
    sampleRss();
    await ing.close();
    await store.close();
  }
}

async function main(): Promise<void> {
  log(`starting devnet process: ${DAYS} days, ${TX_PER_DAY} tx/day${CHAINS ? `, chains ${CHAINS.join(',')}` : ''}`);
  const devnet = await startDevnetProcess({ seed: 42, fixedNowMs: NOW, historyDays: DAYS, txPerDay: TX_PER_DAY, ...(CHAINS ? { chains: CHAINS } : {}) });
  const dir = mkdtempSync(join(tmpdir(), 'chainlytics-bench-ingest-'));
  try {
    const chains = devnet.chainConfigs();
    const warm = ceilingInChild(chains);
    log(`warm-up: ${warm.txs} txs in ${warm.seconds.toFixed(2)} s`);
    // Interleaved rounds: ceiling, ingest, ceiling, ingest, ..., ceiling. Each side keeps its
    // best pass (other load on a shared machine only slows a pass down), and every ingestion
    // pass starts from an empty database.
    const ceilings: PassResult[] = [];
    const ingests: PassResult[] = [];
    const tps = (p: PassResult): number => p.txs / p.seconds;
    for (let round = 0; round < ROUNDS; round++) {
      const c = ceilingInChild(chains);
      log(`ceiling: ${c.txs} txs in ${c.seconds.toFixed(2)} s = ${Math.round(tps(c))} tx/s`);
      ceilings.push(c);
      const run = await ingest(chains, join(dir, `bench-${round}.duckdb`));
      log(`ingest: ${run.txs} txs, ${run.blocks} blocks in ${run.seconds.toFixed(2)} s = ${Math.round(tps(run))} tx/s`);
      ingests.push(run);
    }
    const last = ceilingInChild(chains);
    log(`ceiling: ${last.txs} txs in ${last.seconds.toFixed(2)} s = ${Math.round(tps(last))} tx/s`);
    ceilings.push(last);
    for (const p of [...ceilings, ...ingests]) {
      if (p.txs !== warm.txs) throw new Error(`tx counts differ between passes: ${p.txs} vs ${warm.txs}`);
    }
    const best = (ps: PassResult[]): PassResult => ps.reduce((a, b) => (tps(b) > tps(a) ? b : a));
    const run = best(ingests);
    const ceil = best(ceilings);
    const txPerS = tps(run);
    const ceilingTps = tps(ceil);
    // The ratio of each ingestion pass to the mean of the ceilings around it: the spread shows
    // how much the machine moved during the run.
    const perRound = ingests.map((p, i) => Number((tps(p) / ((tps(ceilings[i]) + tps(ceilings[i + 1])) / 2)).toFixed(3)));
    const report = {
      bench: 'ingest',
      chains: chains.length,
      days: DAYS,
      rounds: ROUNDS,
      txs: run.txs,
      blocks: run.blocks,
      ingest_s: Number(run.seconds.toFixed(3)),
      tx_per_s: Math.round(txPerS),
      blocks_per_s: Math.round(run.blocks / run.seconds),
      ceiling_tx_per_s: Math.round(ceilingTps),
      ratio: Number((txPerS / ceilingTps).toFixed(3)),
      ratio_per_round: perRound,
      peak_rss_mb: Math.round(peakRssMb),
      ingest_cpu_us_per_tx: run.cpu_us_per_tx,
      ceiling_cpu_us_per_tx: ceil.cpu_us_per_tx,
    };
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } finally {
    await devnet.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--ceiling') {
  process.stdout.write(`${JSON.stringify(await ceiling(JSON.parse(process.argv[3]) as Chain[]))}\n`);
} else {
  await main();
}
