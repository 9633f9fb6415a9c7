// Benchmark of the metrics and documents stages (npm run bench:build). Generates synthetic
// normalized transactions for a few chains, then measures:
//   facts_full_s        full fact computation from raw transactions (chain and contract facts)
//   app_facts_s         of that, the contract facts and sender sets (application metrics)
//   settlement_s        of that, the settlement join (rent_paid of the chains settling on ethereum)
//   blob_facts_s, blob_facts_hour_s  of the full and of the first hourly fact computation, the
//                       data-availability layer's per-day blob facts (metrics/blob-facts.ts)
//   app_docs_s, app_docs  building and compressing the application documents alone (app details,
//                       both project lists; bench/app-docs.ts), and their count
//   overview_s, overviews  building the chain overviews and streaks_today alone, once the build
//                       context and the application facts they share are loaded (bench/overview-docs.ts)
//   app_overview_s      building the six application overview tables alone, once the build context
//                       and the application facts they share with the app details are loaded
//   fee_linechart_s     building /v1/fees/linechart.json alone (its 10-minute buckets scan the last
//                       24 hours of raw transactions at every build; bench/fee-linechart-doc.ts)
//   blockspace_s, blockspace_docs  building and compressing the blockspace documents alone (per
//                       chain and the overview; bench/blockspace-docs.ts), and their count
//   category_comparison_s, category_comparison_docs  the same for the category comparison (CONTRACT.md
//                       11.3) from the days the blockspace builders loaded, and its count
//   docs_full_s         building every document and the DocumentSet (JSON, brotli, gzip)
//   incremental_hour_s  one new hour of blocks on every chain → facts and documents rebuilt
//                       (as in the service: unchanged documents keep the previous set's compression)
//   docs_set_s, incremental_set_s  of those, the DocumentSet step alone (serialize, compress, hash)
//   incremental_compressed         documents the incremental build compressed (the others reused)
//   next_hour_s, next_hour_set_s, next_hour_compressed  the same for a second new hour: the first
//                       one crosses midnight (every daily document changes), this one does not
//   ceiling_s           the bare engine time of the same aggregations, one query each
//   landing_s, landing_hour_s  of docs_full_s / incremental_hour_s, the landing page and the
//                       ecosystem overview builders (CONTRACT.md 10.3, 10.4; bench/kind-timer.ts)
//   economics_s, economics_hour_s  the same for /v1/economics.json (CONTRACT.md 11.1)
//   da_s, da_hour_s     the same for the data-availability builders (da_overview, da_timeseries,
//                       the DA metric details; CONTRACT.md 11.2): chain 0 is `ethereum`, the
//                       layer's chain, and its posters' transactions carry blobs
// The last line of output is one JSON object with these figures.
// Sizes: BENCH_CHAINS (3), BENCH_DAYS (30), BENCH_TX_PER_DAY (10000); BENCH_DB (':memory:').
import { DAY_MS, FixedClock, HOUR_MS } from '../src/clock.js';
import { AppFactsCache } from '../src/documents/apps/app-facts-cache.js';
import { buildAllDocuments, loadBuildContext } from '../src/documents/build-all.js';
import { buildDocumentSetAsync, threadPoolCompressor, type Compressor } from '../src/documents/document-set.js';
import type { NormalizedBlock, NormalizedTx } from '../src/store/rows.js';
import { createLogger } from '../src/log.js';
import { computeFacts } from '../src/metrics/compute-facts.js';
import { Rng } from '../src/devnet/prng.js';
import type { Chain } from '../src/registry/types.js';
import { DuckDbStore } from '../src/store/duckdb/duckdb-store.js';
import { makeChain } from '../support/make-chain.js';
import type { PriceRow } from '../src/store/prices.js';
import { DOCUMENT_KINDS } from '../src/documents/kinds.js';
import { buildAppDocuments } from './app-docs.js';
import { buildOverviews } from './overview-docs.js';
import { appData } from '../src/documents/apps/app-data.js';
import { appOverview } from '../src/documents/apps/app-overview.js';
import { timeFeeLinechart } from './fee-linechart-doc.js';
import { timeKinds } from './kind-timer.js';
import { landingPage } from '../src/documents/landing/landing-page.js';
import { ecosystemOverview } from '../src/documents/ecosystem/ecosystem-overview.js';
import { economics } from '../src/documents/economics/economics.js';
import { daMetricDetail } from '../src/documents/data-availability/da-metric-detail.js';
import { daOverview } from '../src/documents/data-availability/da-overview.js';
import { daTimeseries } from '../src/documents/data-availability/da-timeseries.js';
import { buildBlockspaceDocuments } from './blockspace-docs.js';
import { profileCalls } from './call-profile.js';
import type { LabelRow } from '../src/store/labels.js';
import { syntheticProjects } from './synthetic-projects.js';

const CHAINS = Number(process.env.BENCH_CHAINS ?? 3);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const TX_PER_DAY = Number(process.env.BENCH_TX_PER_DAY ?? 10_000);
const DB = process.env.BENCH_DB ?? ':memory:';
const BLOCK_S = 12;
const END = Date.UTC(2024, 6, 1); // the last generated hour ends here
const START = END - DAYS * DAY_MS;
const log = (msg: string) => process.stderr.write(`${msg}\n`);
/** Contracts called on every chain, labeled for APP_PROJECTS projects (the last few have no contract). */
const CONTRACTS_PER_CHAIN = 40;
const APP_PROJECTS = 25;
const contractAddress = (k: number) => `0x${(0xc0000 + k).toString(16).padStart(40, '0')}`;
const silent = createLogger('silent');

function chainConfig(i: number): Chain {
  // Chain 0 is the L1 the others settle on, keyed `ethereum` so that its blobs make up the
  // data-availability layer (src/registry/da-layers.ts).
  return makeChain(i === 0 ? 'ethereum' : `bench_${i}`, {
    name: `Bench ${i}`,
    name_short: `B${i}`,
    evm_chain_id: 70_000 + i,
    family: i % 3 === 1 ? 'arbitrum' : 'op',
    gas_token: i === 2 ? 'bench-token' : 'ethereum',
    symbol: i === 2 ? 'BT' : 'ETH',
    // The other chains pay rent on chain 0 (two of its senders are their posters): the
    // settlement join (rent_paid) runs on every fact computation, as on a real deployment.
    // They post to ethereum (chain 0) as Ethereum-DA chains do, so the economics page lists them.
    ...(i > 0 ? { da_layer: 'Ethereum (blobs)', settlement_chain: 'ethereum', settlement_addresses: [`0x${(2 * i).toString(16).padStart(40, '0')}`, `0x${(2 * i + 1).toString(16).padStart(40, '0')}`] as `0x${string}`[] } : {}),
  });
}

/** A deterministic generator of blocks and transactions (the devnet's seeded Rng). */
class Generator {
  private readonly rng: Rng;
  private readonly senders: string[];
  next = 0;
  constructor(readonly chain: Chain) {
    this.rng = new Rng(0x9e3779b9 ^ chain.evm_chain_id);
    this.senders = Array.from({ length: Math.max(100, Math.floor(TX_PER_DAY / 3)) }, (_, k) => `0x${(k + 1).toString(16).padStart(40, '0')}`);
  }
  private rnd(): number {
    return this.rng.float();
  }
  /** Blocks every BLOCK_S seconds in [fromMs, toMs). */
  hours(fromMs: number, toMs: number): { blocks: NormalizedBlock[]; txs: NormalizedTx[] } {
    const ok = this.chain.origin_key;
    const perBlock = (TX_PER_DAY * BLOCK_S) / 86_400;
    const blocks: NormalizedBlock[] = [];
    const txs: NormalizedTx[] = [];
    for (let t = fromMs / 1000; t < toMs / 1000; t += BLOCK_S) {
      const n = this.next++;
      const hash = `0x${n.toString(16).padStart(64, '0')}`;
      const count = Math.floor(perBlock) + (this.rnd() < perBlock % 1 ? 1 : 0);
      let gasSum = 0n;
      for (let i = 0; i < count; i++) {
        const kind = this.rnd();
        const gasUsed = kind < 0.35 ? 21_000n : kind < 0.7 ? BigInt(150_000 + Math.floor(this.rnd() * 200_000)) : BigInt(50_000 + Math.floor(this.rnd() * 900_000));
        const system = kind > 0.98;
        const gasPrice = system ? 0n : BigInt(1_000_000 + Math.floor(this.rnd() * 50_000_000));
        const l1Fee = system ? 0n : BigInt(Math.floor(this.rnd() * 1e10));
        gasSum += gasUsed;
        const from = this.senders[Math.floor(this.senders.length * this.rnd() ** 2)]!;
        // On the L1, the posters (senders 2 … 2·CHAINS + 1) and two senders of no chain post blobs:
        // a function of the block and index, not the Rng, so the other draws are as before.
        const blobGas = ok === 'ethereum' && Number(from) >= 2 && Number(from) <= 2 * CHAINS + 3 ? BigInt(1 + ((n + i) % 6)) * 131_072n : 0n;
        const blobPrice = blobGas > 0n ? BigInt(1 + (n % 997) * 1_000_000) : 0n;
        txs.push({
          origin_key: ok,
          block_number: n,
          block_hash: hash,
          block_time: t,
          tx_hash: `${hash.slice(0, 58)}${i.toString(16).padStart(8, '0')}`,
          tx_index: i,
          tx_type: 2,
          nonce: 0n,
          from_address: from,
          // Spread over the labeled contracts (application facts and documents); a function of
          // the block and index, not the Rng, so the other draws are as before.
          to_address: contractAddress((n * 7 + i) % CONTRACTS_PER_CHAIN),
          created_contract: null,
          input_empty: gasUsed === 21_000n,
          selector: gasUsed === 21_000n ? null : '0xa9059cbb',
          value_wei: 0n,
          gas_limit: gasUsed * 2n,
          gas_used: gasUsed,
          status: 1,
          gas_price_wei: gasPrice,
          l1_fee_wei: l1Fee,
          l1_gas_used: this.chain.family === 'arbitrum' ? gasUsed / 10n : 0n,
          blob_gas_used: blobGas,
          blob_gas_price_wei: blobPrice,
          fee_wei: (this.chain.family === 'arbitrum' ? gasUsed * gasPrice : gasUsed * gasPrice + l1Fee) + blobGas * blobPrice,
          is_user_tx: this.chain.family === 'arbitrum' ? gasUsed > 0n : gasPrice > 0n,
        });
      }
      blocks.push({ origin_key: ok, block_number: n, block_hash: hash, parent_hash: `0x${Math.max(0, n - 1).toString(16).padStart(64, '0')}`, block_time: t, gas_used: gasSum, base_fee_wei: 1_000_000n, tx_count: count });
    }
    return { blocks, txs };
  }
}

async function write(store: DuckDbStore, g: Generator, fromMs: number, toMs: number): Promise<number> {
  let n = 0;
  for (let h = fromMs; h < toMs; h += 6 * HOUR_MS) {
    const batch = g.hours(h, Math.min(toMs, h + 6 * HOUR_MS));
    const last = batch.blocks.at(-1)!;
    await store.writeBatch(g.chain.origin_key, batch, { origin_key: g.chain.origin_key, block_number: last.block_number, block_hash: last.block_hash });
    n += batch.txs.length;
  }
  return n;
}

/**
 * Contract k of every chain belongs to project k % 20, so most projects are on every chain; one in
 * ten contracts is labeled on the first chain only (the others resolve it by the cross-chain
 * fallback); projects 20..24 are in the directory without contracts.
 */
function labelRows(chains: readonly Chain[]): LabelRow[] {
  const categories = ['dex', 'lending', 'fungible_tokens', 'nft_marketplace'];
  const rows: LabelRow[] = [];
  for (const [ci, c] of chains.entries()) {
    for (let k = 0; k < CONTRACTS_PER_CHAIN; k++) {
      if (ci > 0 && k % 10 === 9) continue;
      rows.push({ origin_key: c.origin_key, address: contractAddress(k), contract_name: `Contract ${k}`, owner_project: `project_${k % 20}`, usage_category: categories[k % categories.length]!, verified: k % 3 === 0 });
    }
  }
  return rows;
}

async function seconds<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const out = await fn();
  return [(performance.now() - t) / 1000, out];
}

/**
 * BENCH_PROFILE=1: time every document builder and every store call made while building
 * documents, printed to stderr after each build (where the documents' time goes).
 */
function profile(store: DuckDbStore): () => void {
  const calls = profileCalls(store);
  for (const kind of DOCUMENT_KINDS as unknown as Array<{ route: string; path: string; build?: (...a: never[]) => unknown }>) {
    if (kind.build) kind.build = calls.timed(`build ${kind.path}`, kind.build);
  }
  return () => calls.report(log);
}

async function main(): Promise<void> {
  const store = await DuckDbStore.open({ path: DB });
  const chains = Array.from({ length: CHAINS }, (_, i) => chainConfig(i));
  const gens = chains.map((c) => new Generator(c));
  log(`bench:build: ${CHAINS} chains × ${DAYS} days × ~${TX_PER_DAY} tx/day into ${DB}`);
  let tx = 0;
  const [writeS] = await seconds(async () => {
    for (const g of gens) tx += await write(store, g, START, END - HOUR_MS);
  });
  log(`  wrote ${tx} transactions in ${writeS.toFixed(1)} s`);
  const prices: PriceRow[] = [];
  for (let d = START; d < END + DAY_MS; d += DAY_MS) {
    prices.push({ asset: 'ethereum', granularity: 'daily', period_ms: d, usd: 3000 + (d / DAY_MS) % 500 });
    prices.push({ asset: 'bench-token', granularity: 'daily', period_ms: d, usd: 0.5 + ((d / DAY_MS) % 7) / 10 });
  }
  for (let h = END - 20 * DAY_MS; h < END + 2 * HOUR_MS; h += HOUR_MS) {
    prices.push({ asset: 'ethereum', granularity: 'hourly', period_ms: h, usd: 3000 + (h / HOUR_MS) % 500 });
    prices.push({ asset: 'bench-token', granularity: 'hourly', period_ms: h, usd: 0.5 + ((h / HOUR_MS) % 7) / 10 });
  }
  await store.writePrices(prices);
  await store.replaceLabels(labelRows(chains));
  await store.replaceProjects(syntheticProjects(APP_PROJECTS, 'Synthetic project'));

  // A block just past END - 1h on every chain would be the next hour; the clock sits inside it.
  const clock = new FixedClock(END - HOUR_MS + 30 * 60_000);
  const report = process.env.BENCH_PROFILE ? profile(store) : () => {};
  const landing = timeKinds([landingPage, ecosystemOverview]);
  const econ = timeKinds([economics]);
  const da = timeKinds([daOverview, daTimeseries, daMetricDetail]);
  const [factsS, factsReport] = await seconds(() => computeFacts(store, chains, clock, { full: true, logger: silent }));
  const appFactsS = factsReport.contract_ms / 1000;
  const settlementS = factsReport.settlement_ms / 1000;
  const blobFactsS = factsReport.blob_ms / 1000;
  log(`  facts (full): ${factsS.toFixed(2)} s, of which contract facts ${appFactsS.toFixed(2)} s, blob facts ${blobFactsS.toFixed(2)} s`);
  report();
  // The DocumentSet step (serialize, compress, hash) is also timed alone: on a loaded machine the
  // whole build's noise is larger than this step.
  let docsSetS = 0;
  // The application facts kept from build to build, as the service keeps them.
  const appCache = new AppFactsCache();
  const [docsS, docs] = await seconds(async () => {
    const { inputs } = await buildAllDocuments(store, chains, clock, { logger: silent, appCache });
    const [s, set] = await seconds(() => buildDocumentSetAsync(inputs, clock.now()));
    docsSetS = s;
    return set;
  });
  log(`  documents (full): ${docsS.toFixed(2)} s, ${docs.entries.size} documents`);
  const landingS = landing.take();
  log(`    of which landing page + ecosystem overview: ${landingS.toFixed(3)} s`);
  const economicsS = econ.take();
  log(`    of which economics: ${economicsS.toFixed(3)} s`);
  const daS = da.take();
  log(`    of which data availability: ${daS.toFixed(3)} s`);
  report();
  // The application documents on their own (they are also part of the full build above).
  const apps = await buildAppDocuments(store, clock);
  landing.take(); // the application bench above does not build them; nothing to count
  econ.take();
  da.take();
  log(`  application documents: ${apps.total_s.toFixed(2)} s, ${apps.set.entries.size} documents (inputs ${apps.inputs_s.toFixed(2)} s, builders ${apps.build_s.toFixed(2)} s, set ${apps.set_s.toFixed(2)} s)`);
  report();
  const overviews = await buildOverviews(store, chains, clock);
  log(`  chain overviews: ${overviews.overview_s.toFixed(3)} s for ${overviews.inputs.length} documents (context ${overviews.context_s.toFixed(2)} s, shared application facts ${overviews.app_facts_s.toFixed(2)} s)`);
  // The app overview tables on a context whose shared application facts are loaded: what they add.
  const overviewCtx = await loadBuildContext(store, chains, clock, { logger: silent });
  await appData(overviewCtx);
  const [appOverviewS, appOverviewDocs] = await seconds(async () => appOverview.build!(overviewCtx));
  log(`  application overview tables: ${appOverviewS.toFixed(3)} s for ${appOverviewDocs.length} documents`);
  const linechart = await timeFeeLinechart(store, chains, clock);
  log(`  fee line chart: ${linechart.build_s.toFixed(3)} s (${(linechart.bytes / 1024).toFixed(0)} KiB of JSON)`);
  const blockspace = await buildBlockspaceDocuments(store, chains, clock);
  const blockspaceS = blockspace.build_s + blockspace.set_s;
  log(`  blockspace documents: ${blockspaceS.toFixed(3)} s for ${blockspace.inputs.length} documents (builders ${blockspace.build_s.toFixed(3)} s, set ${blockspace.set_s.toFixed(3)} s), ${((100 * blockspaceS) / docsS).toFixed(1)} % of the full build`);
  const comparisonS = blockspace.comparison_build_s + blockspace.comparison_set_s;
  log(`  category comparison: ${comparisonS.toFixed(3)} s for ${blockspace.comparison_docs} documents (builders ${blockspace.comparison_build_s.toFixed(3)} s, set ${blockspace.comparison_set_s.toFixed(3)} s), ${((100 * comparisonS) / docsS).toFixed(1)} % of the full build`);

  econ.take(); // only the next hour's whole build counts below
  // One new hour on every chain, then the head moves into the following hour.
  for (const g of gens) tx += await write(store, g, END - HOUR_MS, END + 60_000);
  clock.set(END + 30 * 60_000);
  let incSetS = 0;
  let incCompressed = 0;
  const counting: Compressor = {
    compress: (body) => {
      incCompressed++;
      return threadPoolCompressor.compress(body);
    },
  };
  let blobFactsHourS = 0;
  const [incS, incDocs] = await seconds(async () => {
    blobFactsHourS = (await computeFacts(store, chains, clock, { logger: silent })).blob_ms / 1000;
    const { inputs } = await buildAllDocuments(store, chains, clock, { logger: silent, appCache });
    // As the service does: the served set is the previous one, unchanged documents are reused.
    const [s, set] = await seconds(() => buildDocumentSetAsync(inputs, clock.now(), { previous: docs, compressor: counting }));
    incSetS = s;
    return set;
  });
  log(`  one new hour → facts + documents: ${incS.toFixed(2)} s (document set ${incSetS.toFixed(3)} s, ${incCompressed} compressed)`);
  const landingHourS = landing.take();
  log(`    of which landing page + ecosystem overview: ${landingHourS.toFixed(3)} s`);
  const economicsHourS = econ.take();
  log(`    of which economics: ${economicsHourS.toFixed(3)} s`);
  const daHourS = da.take();
  log(`    of which data availability: ${daHourS.toFixed(3)} s`);
  report();

  // The hour above crosses midnight, which changes every daily document. The next one stays in
  // the day, as most hours do: the daily exports, fundamentals and openapi.json keep their bytes.
  for (const g of gens) tx += await write(store, g, END + 60_000, END + HOUR_MS + 60_000);
  clock.set(END + HOUR_MS + 30 * 60_000);
  let nextSetS = 0;
  const compressedBefore = incCompressed;
  const [nextS] = await seconds(async () => {
    await computeFacts(store, chains, clock, { logger: silent });
    const { inputs } = await buildAllDocuments(store, chains, clock, { logger: silent, appCache });
    const [s, set] = await seconds(() => buildDocumentSetAsync(inputs, clock.now(), { previous: incDocs, compressor: counting }));
    nextSetS = s;
    return set;
  });
  const nextCompressed = incCompressed - compressedBefore;
  log(`  a second hour, within the day: ${nextS.toFixed(2)} s (document set ${nextSetS.toFixed(3)} s, ${nextCompressed} compressed)`);
  report();

  // The ceiling: the same aggregations as bare queries over all chains at once.
  const [ceilS] = await seconds(async () => {
    for (const [g, s] of [['hourly', 3600], ['daily', 86_400]] as const) {
      await store.query(`
        SELECT origin_key, block_time // ${s} AS p,
          count(*) FILTER (WHERE is_user_tx), count(DISTINCT from_address), sum(fee_wei),
          quantile_cont(CAST(fee_wei AS DOUBLE), 0.5) FILTER (WHERE fee_wei > 0),
          sum(gas_used - l1_gas_used)
          ${g === 'hourly' ? `,
          quantile_cont(CAST(fee_wei AS DOUBLE), 0.5) FILTER (WHERE fee_wei > 0 AND input_empty AND to_address IS NOT NULL),
          quantile_cont(CAST(fee_wei AS DOUBLE), 0.5) FILTER (WHERE fee_wei > 0 AND gas_used BETWEEN 150000 AND 350000),
          avg(CAST(fee_wei AS DOUBLE)) FILTER (WHERE fee_wei > 0)` : ''}
        FROM transactions GROUP BY ALL`);
    }
    await store.query('SELECT count(*) FROM (SELECT DISTINCT origin_key, block_time // 86400, from_address FROM transactions)');
  });
  log(`  ceiling (bare aggregation queries): ${ceilS.toFixed(2)} s`);
  await store.close();
  const r = (x: number) => Math.round(x * 1000) / 1000;
  console.log(
    JSON.stringify({
      facts_full_s: r(factsS),
      app_facts_s: r(appFactsS),
      settlement_s: r(settlementS),
      docs_full_s: r(docsS),
      docs_set_s: r(docsSetS),
      app_docs_s: r(apps.total_s),
      app_docs: apps.set.entries.size,
      overview_s: r(overviews.overview_s),
      overviews: overviews.inputs.length,
      app_overview_s: r(appOverviewS),
      fee_linechart_s: r(linechart.build_s),
      blockspace_s: r(blockspaceS),
      blockspace_docs: blockspace.inputs.length,
      category_comparison_s: r(comparisonS),
      category_comparison_docs: blockspace.comparison_docs,
      incremental_hour_s: r(incS),
      incremental_set_s: r(incSetS),
      incremental_compressed: compressedBefore,
      next_hour_s: r(nextS),
      next_hour_set_s: r(nextSetS),
      next_hour_compressed: nextCompressed,
      docs: docs.entries.size,
      tx,
      ceiling_s: r(ceilS),
      landing_s: r(landingS),
      landing_hour_s: r(landingHourS),
      economics_s: r(economicsS),
      economics_hour_s: r(economicsHourS),
      blob_facts_s: r(blobFactsS),
      blob_facts_hour_s: r(blobFactsHourS),
      da_s: r(daS),
      da_hour_s: r(daHourS),
      facts_vs_ceiling: r(factsS / ceilS),
      chains: CHAINS,
      days: DAYS,
    }),
  );
}

await main();
