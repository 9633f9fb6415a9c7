// DuckDB against the 2-shard ClickHouse cluster on the same synthetic workload (npm run
// bench:engine), side by side in one run:
//   ingest_rows_per_s   transactions written through Store.writeBatch (batches of BENCH_BLOCKS_PER_BATCH blocks)
//   full_facts_s        computeFacts over the whole history (every chain, every granularity)
//   incremental_hour_s  one more hour of blocks on every chain, then computeFacts
//   peak_rss_mb         this process (DuckDB runs inside it); for ClickHouse also the nodes' peak RSS
// and ratios ClickHouse / DuckDB. Rows are generated here and written directly (no RPC), so the
// figures are the store's. The last line is one JSON object.
// Sizes: BENCH_TX (total transactions, default 20,000,000), BENCH_CHAINS (6), BENCH_DAYS (90),
// BENCH_ENGINES (duckdb,clickhouse).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FixedClock } from '../src/clock.js';
import { createLogger } from '../src/log.js';
import { computeFacts } from '../src/metrics/compute-facts.js';
import type { Chain } from '../src/registry/types.js';
import { ClickHouseStore } from '../src/store/clickhouse/clickhouse-store.js';
import { DuckDbStore } from '../src/store/duckdb/duckdb-store.js';
import type { NormalizedBatch, NormalizedBlock, NormalizedTx } from '../src/store/rows.js';
import type { Store } from '../src/store/store.js';
import { startClickHouseCluster, type ClickHouseCluster } from '../support/clickhouse/cluster.js';
import { makeChain } from '../support/make-chain.js';

const TOTAL_TX = Number(process.env.BENCH_TX ?? 20_000_000);
const CHAINS = Number(process.env.BENCH_CHAINS ?? 6);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const ENGINES = (process.env.BENCH_ENGINES ?? 'duckdb,clickhouse').split(',');
const BLOCK_S = 60;
const BLOCKS_PER_BATCH = Number(process.env.BENCH_BLOCKS_PER_BATCH ?? 200);
const T0 = Date.UTC(2024, 0, 1) / 1000;
const log = (msg: string): void => void process.stderr.write(`${msg}\n`);

const FAMILIES = ['op', 'arbitrum', 'op', 'default', 'op', 'arbitrum'] as const;
const chains: Chain[] = Array.from({ length: CHAINS }, (_, i) => makeChain(`bench_${i}`, { family: FAMILIES[i % FAMILIES.length]! }));
const blocksPerChain = (DAYS * 86_400) / BLOCK_S;
const txPerBlock = Math.max(1, Math.round(TOTAL_TX / CHAINS / blocksPerChain));

const hex = (n: number, width: number): string => `0x${n.toString(16).padStart(width, '0')}`;

/** Blocks [from, to) of chain `c`, deterministic: senders from a pool of 50,000, fees varying. */
function batch(c: number, from: number, to: number): NormalizedBatch {
  const origin = chains[c]!.origin_key;
  const blocks: NormalizedBlock[] = [];
  const txs: NormalizedTx[] = [];
  for (let n = from; n < to; n++) {
    const time = T0 + n * BLOCK_S;
    const hash = hex(c * 1e9 + n + 1, 64);
    for (let i = 0; i < txPerBlock; i++) {
      const k = (n * txPerBlock + i) * 2654435761;
      const price = BigInt(1_000_000_000 + (k % 997) * 1_000_000);
      const gas = BigInt(21_000 + (k % 13) * 15_000);
      txs.push({
        origin_key: origin,
        block_number: n,
        block_hash: hash,
        block_time: time,
        tx_hash: hex(c * 1e12 + n * 10_000 + i, 64),
        tx_index: i,
        tx_type: 2,
        nonce: BigInt(i),
        from_address: hex((k >>> 3) % 50_000, 40),
        to_address: hex(100_000 + (k % 500), 40),
        created_contract: null,
        input_empty: k % 3 === 0,
        selector: k % 3 === 0 ? null : '0xa9059cbb',
        value_wei: 0n,
        gas_limit: gas + 10_000n,
        gas_used: gas,
        status: k % 50 === 0 ? 0 : 1,
        gas_price_wei: price,
        l1_fee_wei: 1_000n,
        l1_gas_used: 1_000n,
        fee_wei: gas * price + 1_000n,
        is_user_tx: true,
        blob_gas_used: 0n,
        blob_gas_price_wei: 0n,
      });
    }
    blocks.push({ origin_key: origin, block_number: n, block_hash: hash, parent_hash: hex(c * 1e9 + n, 64), block_time: time, gas_used: 0n, base_fee_wei: 1_000_000_000n, tx_count: txPerBlock });
  }
  return { blocks, txs };
}

async function writeRange(store: Store, from: number, to: number): Promise<number> {
  let rows = 0;
  for (let start = from; start < to; start += BLOCKS_PER_BATCH) {
    const end = Math.min(to, start + BLOCKS_PER_BATCH);
    // Chains written in turn per batch, as several chains' loops interleave.
    for (let c = 0; c < CHAINS; c++) {
      const b = batch(c, start, end);
      const last = b.blocks[b.blocks.length - 1]!;
      await store.writeBatch(chains[c]!.origin_key, b, { origin_key: last.origin_key, block_number: last.block_number, block_hash: last.block_hash });
      rows += b.txs.length;
    }
  }
  return rows;
}

let peakRss = 0;
const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 200);
sample.unref();

function nodePeakRssMb(pid: number | null): number | null {
  if (pid === null) return null;
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
}

interface Figures {
  ingest_rows_per_s: number;
  full_facts_s: number;
  incremental_hour_s: number;
  peak_rss_mb: number;
  node_peak_rss_mb?: Array<number | null>;
}

async function run(engine: string): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'chainlytics-bench-engine-'));
  let cluster: ClickHouseCluster | null = null;
  let store: Store;
  peakRss = process.memoryUsage.rss();
  if (engine === 'clickhouse') {
    cluster = await startClickHouseCluster({ shards: 2 });
    store = await ClickHouseStore.open({ engine: 'clickhouse', url: cluster.nodes[0]!.url, database: 'bench', cluster: cluster.name, user: 'default', password_env: null, password: null });
  } else {
    store = await DuckDbStore.open({ path: join(dir, 'bench.duckdb') });
  }
  const logger = createLogger('silent');
  try {
    const t0 = performance.now();
    const rows = await writeRange(store, 0, blocksPerChain);
    const ingestS = (performance.now() - t0) / 1000;
    log(`${engine}: ${rows} transactions written in ${ingestS.toFixed(1)} s`);
    // The clock one block past the history: every day and hour complete.
    const end = (T0 + blocksPerChain * BLOCK_S) * 1000;
    const t1 = performance.now();
    await computeFacts(store, chains, new FixedClock(end + 60_000), { logger });
    const fullS = (performance.now() - t1) / 1000;
    log(`${engine}: full facts ${fullS.toFixed(1)} s`);
    const hourBlocks = 3600 / BLOCK_S;
    const t2 = performance.now();
    await writeRange(store, blocksPerChain, blocksPerChain + hourBlocks);
    await computeFacts(store, chains, new FixedClock(end + 3_600_000 + 60_000), { logger });
    const hourS = (performance.now() - t2) / 1000;
    log(`${engine}: incremental hour ${hourS.toFixed(2)} s`);
    return {
      ingest_rows_per_s: Math.round(rows / ingestS),
      full_facts_s: Number(fullS.toFixed(2)),
      incremental_hour_s: Number(hourS.toFixed(2)),
      peak_rss_mb: Math.round(peakRss / 1_048_576),
      ...(cluster ? { node_peak_rss_mb: cluster.nodes.map((n) => nodePeakRssMb(n.pid())) } : {}),
    };
  } finally {
    await store.close();
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: Record<string, Figures> = {};
log(`workload: ${CHAINS} chains × ${DAYS} days, ${blocksPerChain} blocks each, ${txPerBlock} tx/block = ${CHAINS * blocksPerChain * txPerBlock} transactions`);
for (const engine of ENGINES) results[engine] = await run(engine);
const d = results.duckdb;
const c = results.clickhouse;
const ratio = (a?: number, b?: number) => (a !== undefined && b ? Number((a / b).toFixed(2)) : null);
process.stdout.write(
  `${JSON.stringify({
    transactions: CHAINS * blocksPerChain * txPerBlock,
    chains: CHAINS,
    days: DAYS,
    ...results,
    clickhouse_over_duckdb: {
      ingest_rows_per_s: ratio(c?.ingest_rows_per_s, d?.ingest_rows_per_s),
      full_facts_s: ratio(c?.full_facts_s, d?.full_facts_s),
      incremental_hour_s: ratio(c?.incremental_hour_s, d?.incremental_hour_s),
      peak_rss_mb: ratio(c?.peak_rss_mb, d?.peak_rss_mb),
    },
  })}\n`,
);
