// Scale scenario of the application documents (npm run bench:apps; issue 10's Benchmark):
// BENCH_PROJECTS (1,000) projects with BENCH_CONTRACTS (20,000) labeled contracts on 6 chains over
// 90 days. The store rows are written straight into the tables, as bench/app-reads.ts does (the
// facts engine is bench:build's subject): daily contract facts and per-day sender sets for 90
// days, hourly contract facts and the raw contract transactions for the last 14 days (the hourly
// daa reads them), the labels, the project directory and market data for one project in ten.
// Then timed:
//   app_docs_s     every application document (app details of every filtered project, both
//                  project lists) built through the real builders and compressed (bench/app-docs.ts)
//   new_hour_write_s  writing one new hour for a tenth of the contracts as the facts engine leaves
//                  it: its transactions, hourly facts, the day's sender sets, the chains' bounds
//   new_hour_docs_s   rebuilding the application documents after it, reusing the previous
//                  set's compression where the bytes did not change and the previous build's
//                  application facts where the store's fingerprints say they are unchanged
//                  (documents/apps/app-facts-cache.ts), as the service does
//   new_hour_daily_reused, new_hour_hours_read, new_hour_fingerprint_s  what that cache did:
//                  whether the daily part was reused, how many hours were read again, and the
//                  time of the store's fingerprint query
//   app_docs_cpu_s, new_hour_cpu_s  CPU seconds of the process (all threads) in those two steps:
//                  steadier than wall time when other work shares the machine
//   app_docs_main_cpu_s, new_hour_main_cpu_s  the main thread's share of them (the JavaScript;
//                  the rest is DuckDB's threads and the compression workers)
//   peak_rss_mb
// BENCH_VERIFY=1 also builds the new hour cold and compares the bytes (new_hour_equals_cold).
// BENCH_PROFILE=1 prints the time of every builder and store call. BENCH_DOC_PARTS=0 turns off
// the kept app detail parts and lazy compression (as the service did before). The last line is one JSON object.
// The store is a DuckDB file in a temporary folder (removed at the end), as the service keeps it;
// BENCH_STORE=memory uses an in-memory database instead (every table uncompressed in the process).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAY_MS, FixedClock, HOUR_MS } from '../src/clock.js';
import { AppFactsCache } from '../src/documents/apps/app-facts-cache.js';
import { AppDetailsCache } from '../src/documents/apps/app-details-cache.js';
import { LARGE_BODY } from '../src/documents/document-set.js';
import { DuckDbStore } from '../src/store/duckdb/duckdb-store.js';
import type { LabelRow, MarketRow, ProjectRow } from '../src/store/labels.js';
import { APP_KINDS, buildAppDocuments } from './app-docs.js';
import { profileCalls } from './call-profile.js';

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 20_000);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 1_000);
const CHAINS = 6;
const DAYS = 90;
/** Mean senders per contract and day, from a pool shared by all contracts and chains (as app-reads). */
const SENDERS_PER_DAY = Number(process.env.BENCH_SENDERS ?? 5);
const POOL = 200_000;
const D0 = Date.UTC(2024, 0, 1);
/** Days [D0, END) are complete; the head is 12 hours into day END. */
const END = D0 + DAYS * DAY_MS;
const HOURS_UNTIL = END + 12 * HOUR_MS;
const HOURLY_FROM = HOURS_UNTIL - 14 * 24 * HOUR_MS;
const CATEGORIES = ['dex', 'lending', 'fungible_tokens', 'nft_marketplace', 'gaming', 'bridge', 'stablecoin', 'oracle'];
const log = (msg: string) => process.stderr.write(`${msg}\n`);

const chainOf = (i: number) => `chain_${i % CHAINS}`;
const addressOf = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;

async function seconds<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const out = await fn();
  return [(performance.now() - t) / 1000, out];
}

/** Transactions to contract i in the hours [fromMs, toMs) where `active` (SQL over i, h) holds, 1-3 per hour. */
function transactionsSql(fromMs: number, toMs: number, active: string): string {
  const h0 = fromMs / HOUR_MS;
  const h1 = toMs / HOUR_MS;
  return `INSERT INTO transactions
    SELECT 'chain_' || (i % ${CHAINS}), h * 1000 + i % 1000, printf('0x%064x', h * 1000 + i % 1000),
      h * 3600 + hash(i, h, k) % 3600, printf('0x%032x%032x', i, h * 4 + k), k, 2, 0,
      printf('0x%040x', 1 + hash(i, h, k, 's') % ${POOL}), printf('0x%040x', i), NULL, false, '0xa9059cbb', 0,
      300000, 150000, CASE WHEN hash(i, h, k) % 20 = 0 THEN 0 ELSE 1 END, 1000000, 0, 0, 150000000000, true, 0, 0
    FROM range(${CONTRACTS}) c(i), range(${h0}, ${h1}) t(h), range(3) n(k)
    WHERE (${active}) AND k <= hash(i, h) % 3`;
}

/** Hourly contract facts of the transactions in [fromMs, toMs), as the facts engine derives them. */
function hourlyFactsSql(fromMs: number, toMs: number): string {
  const keys: Array<[string, string]> = [
    ['contract_txcount', 'count(*)'],
    ['contract_successes', 'count(*) FILTER (WHERE status = 1)'],
    ['contract_fees_paid_eth', 'sum(fee_wei)::DOUBLE / 1e18'],
    ['contract_fees_paid_usd', 'sum(fee_wei)::DOUBLE / 1e18 * 3000'],
  ];
  return `INSERT INTO facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value)
    SELECT origin_key, 'contract', to_address, k, 'hourly', hour_ms, v FROM (
      SELECT origin_key, to_address, block_time // 3600 * 3600000 AS hour_ms,
        ${keys.map(([k, e]) => `${e} AS "${k}"`).join(', ')}
      FROM transactions WHERE block_time >= ${fromMs / 1000} AND block_time < ${toMs / 1000} GROUP BY ALL)
    UNPIVOT (v FOR k IN (${keys.map(([k]) => `"${k}"`).join(', ')}))`;
}

function labelRows(): LabelRow[] {
  // Contract i is project i % PROJECTS's: spread over every chain; a few unverified, unnamed.
  return Array.from({ length: CONTRACTS }, (_, i) => ({
    origin_key: chainOf(i),
    address: addressOf(i),
    contract_name: i % 7 === 0 ? null : `Contract ${i}`,
    owner_project: `project_${i % PROJECTS}`,
    usage_category: CATEGORIES[(i * 31) % CATEGORIES.length]!,
    verified: i % 3 === 0,
  }));
}

function projectRows(): ProjectRow[] {
  return Array.from({ length: PROJECTS }, (_, p) => ({
    owner_project: `project_${p}`,
    display_name: `Project ${p}`,
    description: `Synthetic project number ${p} of the scale scenario`,
    main_github: `project-${p}`,
    twitter: p % 2 === 0 ? `project${p}` : null,
    website: `https://project-${p}.example`,
    logo_path: null,
    token_symbol: p % 10 === 0 ? `tk${p}` : null,
    market_data_id: p % 10 === 0 ? `token-${p}` : null,
    features: [],
  }));
}

function marketRows(): MarketRow[] {
  const rows: MarketRow[] = [];
  for (let p = 0; p < PROJECTS; p += 10) {
    for (let d = 0; d <= DAYS; d++) rows.push({ market_data_id: `token-${p}`, day_ms: D0 + d * DAY_MS, price_usd: 1 + ((p + d) % 13) / 10, market_cap_usd: 1e6 * (1 + (p % 17)), volume_usd: 1e4 * (1 + (d % 5)) });
  }
  return rows;
}

function profile(store: DuckDbStore): () => void {
  const calls = profileCalls(store, process.env.BENCH_PROFILE === '2' ? (name) => log(`    > ${name}`) : undefined);
  for (const kind of APP_KINDS as unknown as Array<{ path: string; build: (...a: never[]) => unknown }>) kind.build = calls.timed(`build ${kind.path}`, kind.build);
  return () => calls.report(log);
}

async function main(): Promise<void> {
  // A database file, as the service keeps its store: an in-memory DuckDB holds every table
  // uncompressed in the process (peak RSS 3.7 GB here against 1.7 GB with a file) and is not
  // what an operator runs. BENCH_STORE=memory keeps the old setting for comparison.
  const dir = await mkdtemp(join(tmpdir(), 'chainlytics-bench-apps-'));
  const memory = process.env.BENCH_STORE === 'memory';
  const store = await DuckDbStore.open({ path: memory ? ':memory:' : join(dir, 'store.duckdb') });
  // Contract i is active on about 2 of 3 days, and in about 1 of 8 hours of the last 14 days.
  const activeDay = `SELECT i, d FROM range(${CONTRACTS}) c(i), range(${DAYS}) t(d) WHERE hash(i * 1000 + d) % 3 <> 0`;
  const activeHour = `hash(i * 100000 + h) % 8 = 0`;
  const [writeS] = await seconds(async () => {
    await store.exec(`INSERT INTO address_ids (address, id) SELECT printf('0x%040x', k), k FROM range(${Math.max(POOL + 1, CONTRACTS)}) p(k)`);
    await store.exec(
      `INSERT INTO contract_address_sets (set_key, origin_key, contract_id, day_ms, address_id)
       SELECT DISTINCT 'contract_senders', 'chain_' || (i % ${CHAINS}), i, ${D0} + d * ${DAY_MS}, 1 + hash(i, d, k) % ${POOL}
       FROM (${activeDay}), range(${SENDERS_PER_DAY * 2}) s(k) WHERE k < 1 + hash(i, d) % ${SENDERS_PER_DAY * 2}`,
    );
    for (const key of ['contract_txcount', 'contract_successes', 'contract_fees_paid_eth', 'contract_fees_paid_usd']) {
      await store.exec(
        `INSERT INTO facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value)
         SELECT 'chain_' || (i % ${CHAINS}), 'contract', printf('0x%040x', i), '${key}', 'daily', ${D0} + d * ${DAY_MS}, 1 + hash(i, d, '${key}') % 100
         FROM (${activeDay})`,
      );
    }
    await store.exec(transactionsSql(HOURLY_FROM, HOURS_UNTIL, activeHour));
    await store.exec(hourlyFactsSql(HOURLY_FROM, HOURS_UNTIL));
    for (let c = 0; c < CHAINS; c++) await store.exec(`INSERT INTO fact_status VALUES ('chain_${c}', ${HOURS_UNTIL}, ${END})`);
    await store.replaceLabels(labelRows());
    await store.replaceProjects(projectRows());
    await store.writeMarketData(marketRows());
  });
  const count = async (table: string) => Number((await store.query<{ n: bigint }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
  const rows = { sender_set_rows: await count('contract_address_sets'), fact_rows: await count('facts'), transactions: await count('transactions') };
  log(`bench:apps: ${PROJECTS} projects, ${CONTRACTS} contracts, ${CHAINS} chains, ${DAYS} days: ${JSON.stringify(rows)} (written in ${writeS.toFixed(1)} s)`);

  const report = process.env.BENCH_PROFILE ? profile(store) : () => {};
  const clock = new FixedClock(HOURS_UNTIL + 30 * 60_000);
  const cache = new AppFactsCache();
  // BENCH_DOC_PARTS=0: every daily part made and every document compressed every build (as before the service kept them).
  const parts = process.env.BENCH_DOC_PARTS === '0' ? undefined : { details: new AppDetailsCache(), lazyAbove: LARGE_BODY };
  const full = await buildAppDocuments(store, clock, null, cache, parts);
  log(`  every application document: ${full.total_s.toFixed(2)} s, ${full.set.entries.size} documents (CPU ${full.cpu_s.toFixed(1)} s, main thread ${full.main_cpu_s.toFixed(1)} s; inputs ${full.inputs_s.toFixed(2)} s, builders ${full.build_s.toFixed(2)} s, set ${full.set_s.toFixed(2)} s)`);
  report();
  const bytes = [...full.set.entries.values()].reduce((n, e) => n + e.body.length, 0);

  // One new hour: a tenth of the contracts are called in it; the facts engine would then have
  // written its transactions, hourly facts and the day's sender sets, and moved the bounds.
  const newActive = `hash(i, 'new') % 10 = 0`;
  const [hourWriteS] = await seconds(async () => {
    await store.exec(transactionsSql(HOURS_UNTIL, HOURS_UNTIL + HOUR_MS, newActive));
    await store.exec(hourlyFactsSql(HOURS_UNTIL, HOURS_UNTIL + HOUR_MS));
    await store.exec(
      `INSERT INTO contract_address_sets (set_key, origin_key, contract_id, day_ms, address_id)
       SELECT DISTINCT 'contract_senders', t.origin_key, c.id, ${END}, s.id
       FROM transactions t JOIN address_ids c ON c.address = t.to_address JOIN address_ids s ON s.address = t.from_address
       WHERE t.block_time >= ${HOURS_UNTIL / 1000} AND t.block_time < ${(HOURS_UNTIL + HOUR_MS) / 1000}
         AND NOT EXISTS (SELECT 1 FROM contract_address_sets x WHERE x.set_key = 'contract_senders' AND x.origin_key = t.origin_key AND x.contract_id = c.id AND x.day_ms = ${END} AND x.address_id = s.id)`,
    );
    await store.exec(`UPDATE fact_status SET hours_until = ${HOURS_UNTIL + HOUR_MS}`);
  });
  clock.set(HOURS_UNTIL + HOUR_MS + 30 * 60_000);
  const hour = await buildAppDocuments(store, clock, full.set, cache, parts);
  log(`  one new hour: written in ${hourWriteS.toFixed(2)} s; application documents ${hour.total_s.toFixed(2)} s (CPU ${hour.cpu_s.toFixed(1)} s, main thread ${hour.main_cpu_s.toFixed(1)} s; inputs ${hour.inputs_s.toFixed(2)} s, builders ${hour.build_s.toFixed(2)} s, set ${hour.set_s.toFixed(2)} s, ${hour.compressed} of ${hour.set.entries.size} compressed; daily facts ${hour.cache?.daily_reused ? 'reused' : 'read again'}, ${hour.cache?.hours_read} hours read)`);
  report();
  // BENCH_VERIFY=1: the cached hour's documents against a cold build's, byte for byte.
  let equalsCold: boolean | null = null;
  if (process.env.BENCH_VERIFY) {
    const cold = await buildAppDocuments(store, clock);
    equalsCold = cold.set.entries.size === hour.set.entries.size && [...cold.set.entries].every(([path, e]) => hour.set.entries.get(path)?.body.equals(e.body) === true);
    log(`  cold build of the same hour: ${equalsCold ? 'the same bytes' : 'DIFFERENT BYTES'}`);
  }
  await store.close();
  await rm(dir, { recursive: true, force: true });
  const r = (x: number) => Math.round(x * 1000) / 1000;
  console.log(
    JSON.stringify({
      doc_parts: parts !== undefined,
      store: memory ? 'memory' : 'file',
      app_docs_s: r(full.total_s),
      app_docs_cpu_s: r(full.cpu_s),
      app_docs_main_cpu_s: r(full.main_cpu_s),
      app_docs: full.set.entries.size,
      app_inputs_s: r(full.inputs_s),
      app_builders_s: r(full.build_s),
      app_set_s: r(full.set_s),
      app_docs_mb: r(bytes / 1e6),
      new_hour_write_s: r(hourWriteS),
      new_hour_docs_s: r(hour.total_s),
      new_hour_cpu_s: r(hour.cpu_s),
      new_hour_main_cpu_s: r(hour.main_cpu_s),
      new_hour_compressed: hour.compressed,
      new_hour_daily_reused: hour.cache?.daily_reused ?? null,
      new_hour_hours_read: hour.cache?.hours_read ?? null,
      ...(equalsCold === null ? {} : { new_hour_equals_cold: equalsCold }),
      app_docs_fingerprint_s: r((full.cache?.fingerprint_ms ?? 0) / 1000),
      new_hour_fingerprint_s: r((hour.cache?.fingerprint_ms ?? 0) / 1000),
      target_docs_s: 20,
      target_new_hour_s: 5,
      ...rows,
      projects: PROJECTS,
      contracts: CONTRACTS,
      chains: CHAINS,
      days: DAYS,
      peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}

await main();
