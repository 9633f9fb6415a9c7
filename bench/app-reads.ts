// Scale check of the contract-fact reads application documents make (npx tsx bench/app-reads.ts):
// synthetic contract facts and per-day sender sets for BENCH_CONTRACTS (20,000) contracts on 6
// chains over 90 days, grouped into BENCH_PROJECTS (1,000) projects, then timed:
//   sums_s            sumContractFacts: daily sums per project, per chain and in total
//   windows_s         sumContractFactsOverWindows: 7 windows per project
//   distinct_s        distinctOverContracts: exact senders per project per day and over 7 windows
//   contracts_table_s the same two window reads with one group per contract (contracts tables)
// The data is written straight into the tables (the facts engine is bench:build's subject).
import { DAY_MS } from '../src/clock.js';
import type { ContractGroup } from '../src/store/contract-facts.js';
import { DuckDbStore } from '../src/store/duckdb/duckdb-store.js';

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 20_000);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 1_000);
const CHAINS = 6;
const DAYS = 90;
/** Mean senders per contract and day, drawn from a pool shared by all contracts and chains. */
const SENDERS_PER_DAY = Number(process.env.BENCH_SENDERS ?? 5);
const POOL = 200_000;
const D0 = Date.UTC(2024, 0, 1);
const log = (msg: string) => process.stderr.write(`${msg}\n`);

async function seconds<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const out = await fn();
  return [(performance.now() - t) / 1000, out];
}

const contract = (i: number) => ({ origin_key: `chain_${i % CHAINS}`, address: `0x${i.toString(16).padStart(40, '0')}` });

async function main(): Promise<void> {
  const store = await DuckDbStore.open({ path: ':memory:' });
  // Contract i is active on about 2 of 3 days; senders are hashed from (contract, day, k) into
  // the pool, so projects and chains share addresses the way real users do.
  const active = `SELECT i, d FROM range(${CONTRACTS}) c(i), range(${DAYS}) t(d) WHERE hash(i * 1000 + d) % 3 <> 0`;
  const [writeS] = await seconds(async () => {
    // The old layout's addresses are printf('0x%040x', k) for senders k and contracts i alike
    // (the same strings), so address_ids maps that string to id k.
    await store.exec(
      `INSERT INTO address_ids (address, id) SELECT printf('0x%040x', k), k FROM range(${Math.max(POOL + 1, CONTRACTS)}) p(k)`,
    );
    await store.exec(
      `INSERT INTO contract_address_sets (set_key, origin_key, contract_id, day_ms, address_id)
       SELECT DISTINCT 'contract_senders', 'chain_' || (i % ${CHAINS}), i, ${D0} + d * ${DAY_MS}, 1 + hash(i, d, k) % ${POOL}
       FROM (${active}), range(${SENDERS_PER_DAY * 2}) s(k) WHERE k < 1 + hash(i, d) % ${SENDERS_PER_DAY * 2}`,
    );
    for (const key of ['contract_txcount', 'contract_successes', 'contract_fees_paid_eth', 'contract_fees_paid_usd']) {
      await store.exec(
        `INSERT INTO facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value)
         SELECT 'chain_' || (i % ${CHAINS}), 'contract', printf('0x%040x', i), '${key}', 'daily', ${D0} + d * ${DAY_MS}, 1 + hash(i, d, '${key}') % 100
         FROM (${active})`,
      );
    }
  });
  const [[sets], [facts]] = [await store.query<{ n: bigint }>('SELECT count(*) AS n FROM contract_address_sets'), await store.query<{ n: bigint }>('SELECT count(*) AS n FROM facts')];
  log(`app-reads: ${CONTRACTS} contracts, ${CHAINS} chains, ${DAYS} days: ${sets!.n} sender-set rows, ${facts!.n} facts (written in ${writeS.toFixed(1)} s)`);

  // Project p holds contracts p, p + PROJECTS, p + 2·PROJECTS, ...: spread over every chain.
  const projects: ContractGroup[] = Array.from({ length: PROJECTS }, (_, p) => ({
    group: `project_${p}`,
    contracts: Array.from({ length: Math.ceil((CONTRACTS - p) / PROJECTS) }, (_, k) => contract(p + k * PROJECTS)),
  }));
  const perContract: ContractGroup[] = Array.from({ length: CONTRACTS }, (_, i) => ({ group: contract(i).address, contracts: [contract(i)] }));
  const end = D0 + (DAYS - 1) * DAY_MS;
  const windows = [1, 7, 30, 90, 180, 365, 10_000].map((n) => [Math.max(D0, end - (n - 1) * DAY_MS), end] as const);
  const keys = ['contract_txcount', 'contract_successes', 'contract_fees_paid_eth', 'contract_fees_paid_usd'];

  const [listS, listed] = await seconds(() => store.contractsWithFacts('contract_txcount'));
  const [sumsS, sums] = await seconds(() => store.sumContractFacts({ groups: projects, keys, days_until: end + DAY_MS, hours_from: 0, hours_until: 0 }));
  const [windowsS] = await seconds(() => store.sumContractFactsOverWindows({ groups: projects, keys, windows }));
  const [distinctS, distinct] = await seconds(() =>
    store.distinctOverContracts({ set_key: 'contract_senders', groups: projects, days_from: D0, days_until: end + DAY_MS, windows }),
  );
  const [tableS] = await seconds(async () => {
    await store.sumContractFactsOverWindows({ groups: perContract, keys, windows });
    await store.distinctOverContracts({ set_key: 'contract_senders', groups: perContract, days_from: 0, days_until: 0, windows });
  });
  log(`  contracts listed: ${listed.length}; sum rows ${sums.length}; distinct rows ${distinct.daily.length} daily, ${distinct.windows.length} windows`);
  await store.close();
  const r = (x: number) => Math.round(x * 1000) / 1000;
  console.log(
    JSON.stringify({
      contracts_list_s: r(listS),
      sums_s: r(sumsS),
      windows_s: r(windowsS),
      distinct_s: r(distinctS),
      contracts_table_s: r(tableS),
      sender_set_rows: Number(sets!.n),
      fact_rows: Number(facts!.n),
      contracts: CONTRACTS,
      projects: PROJECTS,
      peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}

await main();
