// Contract facts on a hand-built pair of chains: per-contract daily and hourly values, a
// contract active on some days only, a project spanning two chains and three contracts whose
// distinct senders count once, a relabel read without recomputing, incremental = full rebuild,
// and hours older than the kept window dropped. Every expected number is worked out below from
// the transactions, not from the code under test.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { CONTRACT_HOURS_MS, computeFacts } from '../../src/metrics/compute-facts.js';
import type { ContractGroup, ContractRef } from '../../src/store/contract-facts.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, GWEI, makeChain, type BlockSpec, type TxSpec } from './chain-fixture.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const at = (ms: number) => (D0 + ms) / 1000;

const U1 = addr(0x101);
const U2 = addr(0x102);
const U3 = addr(0x103);
const P = addr(0xaaa1); // alpha: active on day 0 and day 2 only
const Q = addr(0xaaa2); // alpha: day 0
const R = addr(0xbbb1); // beta: days 1 and 2

/** A call to a contract: non-empty input, 1 gwei unless said otherwise. */
const call = (from: string, to: string, gasUsed: bigint, price = GWEI, status: 0 | 1 = 1): TxSpec => ({ from, to, gasUsed, gasPrice: price, inputEmpty: false, status });

// alpha, day 0 00:10: U1→P 1e14 wei, U2→P 2e14 (failed), U1→Q 5e13; and three transactions that
// are not contract transactions: U3's plain transfer to P (empty input), U3's call to P at gas
// price 0 (fee 0), U3's deployment (`to` null).
const alphaDay0: BlockSpec[] = [
  {
    time: at(10 * 60_000),
    txs: [
      call(U1, P, 100_000n),
      call(U2, P, 100_000n, 2n * GWEI, 0),
      call(U1, Q, 50_000n),
      { from: U3, to: P, gasUsed: 21_000n },
      { from: U3, to: P, gasUsed: 100_000n, gasPrice: 0n, inputEmpty: false },
      { from: U3, to: null, gasUsed: 500_000n, inputEmpty: false },
    ],
  },
  // 05:20: U2→Q 5e13.
  { time: at(5 * HOUR + 20 * 60_000), txs: [call(U2, Q, 50_000n)] },
];
// alpha, day 2 10:00: U3→P 1e14.
const alphaDay2: BlockSpec[] = [{ time: at(2 * DAY + 10 * HOUR), txs: [call(U3, P, 100_000n)] }];
// beta, day 1 03:00: U1→R twice, 1e14 each; day 2 10:30: U2→R 1e14, failed.
const betaDay1: BlockSpec[] = [{ time: at(DAY + 3 * HOUR), txs: [call(U1, R, 100_000n), call(U1, R, 100_000n)] }];
const betaDay2: BlockSpec[] = [{ time: at(2 * DAY + 10 * HOUR + 30 * 60_000), txs: [call(U2, R, 100_000n, GWEI, 0)] }];
/** The head of both chains once everything is written: days 0-2 complete, hours up to day 3 01:00. */
const head: BlockSpec = { time: at(3 * DAY + HOUR) };
const NOW = D0 + 3 * DAY + 1.5 * HOUR;

const PRICES = [
  { asset: 'ethereum', granularity: 'daily' as const, period_ms: D0, usd: 2000 },
  { asset: 'ethereum', granularity: 'daily' as const, period_ms: D0 + DAY, usd: 2500 },
  { asset: 'ethereum', granularity: 'daily' as const, period_ms: D0 + 2 * DAY, usd: 3000 },
  { asset: 'ethereum', granularity: 'hourly' as const, period_ms: D0, usd: 2100 },
  { asset: 'ethereum', granularity: 'hourly' as const, period_ms: D0 + 5 * HOUR, usd: 2200 },
  { asset: 'ethereum', granularity: 'hourly' as const, period_ms: D0 + DAY + 3 * HOUR, usd: 2400 },
  { asset: 'ethereum', granularity: 'hourly' as const, period_ms: D0 + 2 * DAY + 10 * HOUR, usd: 3100 },
];

const alpha = makeChain('alpha');
const beta = makeChain('beta');
const ref = (origin_key: string, address: string): ContractRef => ({ origin_key, address });
const KEYS = ['contract_txcount', 'contract_successes', 'contract_daa', 'contract_fees_paid_eth', 'contract_fees_paid_usd'];
const ALL = { days_until: D0 + 3 * DAY, hours_from: D0, hours_until: D0 + 3 * DAY + HOUR };

describe('contract facts', () => {
  let store: DuckDbStore;
  beforeEach(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    await store.writePrices(PRICES);
  });
  afterEach(async () => {
    await store.close();
  });

  async function writeAll(): Promise<void> {
    await new ChainWriter(store, alpha).write([...alphaDay0, ...alphaDay2, head]);
    await new ChainWriter(store, beta).write([...betaDay1, ...betaDay2, head]);
    await computeFacts(store, [alpha, beta], new FixedClock(NOW), { logger: silent });
  }

  /** Facts of groups, as "group chain key granularity day/hour-offset value", chain '*' = total. */
  async function sums(groups: ContractGroup[]): Promise<string[]> {
    const rows = await store.sumContractFacts({ groups, keys: KEYS, ...ALL });
    return rows
      .map((r) => `${r.group} ${r.origin_key ?? '*'} ${r.metric_key} ${r.granularity} ${(r.period_ms - D0) / HOUR}h ${+r.value!.toFixed(6)}`)
      .sort();
  }

  it('per contract and period: txcount, successes, senders, fees in ETH and USD; contract transactions only', async () => {
    await writeAll();
    const daily = (await sums([{ group: 'P', contracts: [ref('alpha', P)] }])).filter((r) => r.includes(' daily '));
    // P: day 0 U1 (1e14) and U2 (2e14, failed); day 2 U3 (1e14). No row on day 1 (no call).
    // USD at the daily price: 3e-4 × 2000 = 0.6; 1e-4 × 3000 = 0.3. U3's transfer, zero-fee call
    // and deployment are not contract transactions.
    expect(daily).toEqual(
      [
        'P * contract_daa daily 0h 2',
        'P * contract_daa daily 48h 1',
        'P * contract_fees_paid_eth daily 0h 0.0003',
        'P * contract_fees_paid_eth daily 48h 0.0001',
        'P * contract_fees_paid_usd daily 0h 0.6',
        'P * contract_fees_paid_usd daily 48h 0.3',
        'P * contract_successes daily 0h 1',
        'P * contract_successes daily 48h 1',
        'P * contract_txcount daily 0h 2',
        'P * contract_txcount daily 48h 1',
        'P alpha contract_daa daily 0h 2',
        'P alpha contract_daa daily 48h 1',
        'P alpha contract_fees_paid_eth daily 0h 0.0003',
        'P alpha contract_fees_paid_eth daily 48h 0.0001',
        'P alpha contract_fees_paid_usd daily 0h 0.6',
        'P alpha contract_fees_paid_usd daily 48h 0.3',
        'P alpha contract_successes daily 0h 1',
        'P alpha contract_successes daily 48h 1',
        'P alpha contract_txcount daily 0h 2',
        'P alpha contract_txcount daily 48h 1',
      ].sort(),
    );
    // Hourly, total rows: hour 00 of day 0 at 2,100 $/ETH (3e-4 × 2100 = 0.63), hour 58 (day 2
    // 10:00) at 3,100 (0.31).
    const hourly = (await sums([{ group: 'P', contracts: [ref('alpha', P)] }])).filter((r) => r.includes(' hourly ') && r.includes(' * '));
    expect(hourly).toEqual(
      [
        'P * contract_daa hourly 0h 2',
        'P * contract_fees_paid_eth hourly 0h 0.0003',
        'P * contract_fees_paid_usd hourly 0h 0.63',
        'P * contract_successes hourly 0h 1',
        'P * contract_txcount hourly 0h 2',
        'P * contract_daa hourly 58h 1',
        'P * contract_fees_paid_eth hourly 58h 0.0001',
        'P * contract_fees_paid_usd hourly 58h 0.31',
        'P * contract_successes hourly 58h 1',
        'P * contract_txcount hourly 58h 1',
      ].sort(),
    );
    // The contracts with facts, to resolve labels, with their first and last active day.
    expect(await store.contractsWithFacts('contract_txcount')).toEqual([
      { origin_key: 'alpha', address: P, first_day_ms: D0, last_day_ms: D0 + 2 * DAY },
      { origin_key: 'alpha', address: Q, first_day_ms: D0, last_day_ms: D0 },
      { origin_key: 'beta', address: R, first_day_ms: D0 + DAY, last_day_ms: D0 + 2 * DAY },
    ]);
    expect(await store.contractsWithFacts('contract_txcount', ['beta'])).toEqual([{ origin_key: 'beta', address: R, first_day_ms: D0 + DAY, last_day_ms: D0 + 2 * DAY }]);
  });

  it('a project over two chains: sums per chain and in total, senders counted once over contracts, chains and days', async () => {
    await writeAll();
    const X: ContractGroup = { group: 'x', contracts: [ref('alpha', P), ref('alpha', Q), ref('beta', R)] };
    const tx = (await sums([X])).filter((r) => r.includes('contract_txcount daily'));
    // alpha: day 0 P 2 + Q 2 = 4, day 2 P 1; beta: day 1 R 2, day 2 R 1.
    expect(tx).toEqual(
      [
        'x * contract_txcount daily 0h 4',
        'x * contract_txcount daily 24h 2',
        'x * contract_txcount daily 48h 2',
        'x alpha contract_txcount daily 0h 4',
        'x alpha contract_txcount daily 48h 1',
        'x beta contract_txcount daily 24h 2',
        'x beta contract_txcount daily 48h 1',
      ].sort(),
    );
    const all3: readonly [number, number] = [D0, D0 + 2 * DAY];
    const last2: readonly [number, number] = [D0 + DAY, D0 + 2 * DAY];
    const d = await store.distinctOverContracts({ set_key: 'contract_senders', groups: [X], days_from: D0, days_until: D0 + 3 * DAY, windows: [all3, last2] });
    const days = d.daily.map((r) => `${r.origin_key ?? '*'} ${(r.day_ms - D0) / DAY} ${r.n}`).sort();
    // Day 0: U1 (P, Q), U2 (P, Q) → 2 although four (sender, contract) pairs; day 1: U1 twice → 1;
    // day 2: U3 on alpha, U2 on beta → 2.
    expect(days).toEqual(['* 0 2', '* 1 1', '* 2 2', 'alpha 0 2', 'alpha 2 1', 'beta 1 1', 'beta 2 1'].sort());
    const windows = d.windows.map((r) => `${r.origin_key ?? '*'} ${r.window} ${r.n}`).sort();
    // Days 0-2: U1, U2, U3 = 3 (U1 and U2 are on both chains: once each; the daily sum would be 5).
    // alpha {U1, U2, U3}, beta {U1, U2}. Days 1-2: total {U1, U3, U2} = 3, alpha {U3}, beta {U1, U2}.
    expect(windows).toEqual(['* 0 3', 'alpha 0 3', 'beta 0 2', '* 1 3', 'alpha 1 1', 'beta 1 2'].sort());

    // Window sums (aggregated values, contracts table): days 0-2, fees 0.6 + 0.3 + 0.2 + 0.5 + 0.3 USD,
    // 8 transactions of which 6 succeeded.
    const w = await store.sumContractFactsOverWindows({ groups: [X], keys: ['contract_txcount', 'contract_successes', 'contract_fees_paid_usd'], windows: [all3] });
    expect(w.filter((r) => r.origin_key === null).map((r) => `${r.metric_key} ${+r.value!.toFixed(6)}`).sort()).toEqual([
      'contract_fees_paid_usd 1.9',
      'contract_successes 6',
      'contract_txcount 8',
    ]);
  });

  it('a relabel (another set of contracts for the project) gives the new exact numbers from the same facts', async () => {
    await writeAll();
    const snapshot = async () => [
      await store.query("SELECT * FROM facts WHERE dimension = 'contract' ORDER BY ALL"),
      await store.query("SELECT * FROM contract_address_set_rows ORDER BY ALL"),
    ];
    const before = await snapshot();
    const window: readonly [number, number] = [D0, D0 + 2 * DAY];
    const senders = async (groups: ContractGroup[]) =>
      (await store.distinctOverContracts({ set_key: 'contract_senders', groups, days_from: 0, days_until: 0, windows: [window] })).windows
        .filter((r) => r.origin_key === null)
        .map((r) => `${r.group} ${r.n}`)
        .sort();
    expect(await senders([{ group: 'x', contracts: [ref('alpha', P), ref('alpha', Q), ref('beta', R)] }])).toEqual(['x 3']);
    // Q moves to project y; x keeps P and R. x: {U1, U2, U3} still (P has all three); y: {U1, U2}.
    expect(await senders([{ group: 'x', contracts: [ref('alpha', P), ref('beta', R)] }, { group: 'y', contracts: [ref('alpha', Q)] }])).toEqual(['x 3', 'y 2']);
    // Q and R in x, P alone in y: x {U1, U2}, y {U1, U2, U3}. Day-0 txcount of x is Q's 2, not 4.
    const relabeled = [{ group: 'x', contracts: [ref('alpha', Q), ref('beta', R)] }, { group: 'y', contracts: [ref('alpha', P)] }];
    expect(await senders(relabeled)).toEqual(['x 2', 'y 3']);
    expect((await sums(relabeled)).filter((r) => r.includes('* contract_txcount daily 0h'))).toEqual(['x * contract_txcount daily 0h 2', 'y * contract_txcount daily 0h 2']);
    expect(await snapshot()).toEqual(before);
  });

  it('incremental runs give the same contract facts and sets as a full rebuild', async () => {
    const a = new ChainWriter(store, alpha);
    const b = new ChainWriter(store, beta);
    // First run on day 1 at 04:30: alpha's day 0 and beta's day 1 up to 03:00 are stored.
    await a.write([...alphaDay0, { time: at(DAY + 4 * HOUR) }]);
    await b.write([...betaDay1, { time: at(DAY + 4 * HOUR) }]);
    await computeFacts(store, [alpha, beta], new FixedClock(D0 + DAY + 4.5 * HOUR), { logger: silent });
    // Then the rest, and a run at the end.
    await a.write([...alphaDay2, head]);
    await b.write([...betaDay2, head]);
    await computeFacts(store, [alpha, beta], new FixedClock(NOW), { logger: silent });
    const snapshot = async () => [
      await store.query("SELECT origin_key, entity, metric_key, granularity, period_ms, value FROM facts WHERE dimension = 'contract' ORDER BY ALL"),
      await store.query("SELECT origin_key, entity, metric_key, granularity, period_ms, exact_wei FROM native_facts WHERE dimension = 'contract' ORDER BY ALL"),
      await store.query("SELECT set_key, origin_key, entity, day_ms, address FROM contract_address_set_rows ORDER BY ALL"),
    ];
    const incremental = await snapshot();
    expect(incremental[0]!.length).toBeGreaterThan(0);
    await computeFacts(store, [alpha, beta], new FixedClock(NOW), { full: true, logger: silent });
    expect(await snapshot()).toEqual(incremental);
  });

  it('keeps hourly contract facts for the last 15 days only; days are kept', async () => {
    // A call on day 0 and the head 16 days later: day 0's hour is outside the kept window.
    expect(CONTRACT_HOURS_MS).toBe(15 * DAY);
    await new ChainWriter(store, alpha).write([{ time: at(10 * 60_000), txs: [call(U1, P, 100_000n)] }, { time: at(16 * DAY + 2 * HOUR) }]);
    await computeFacts(store, [alpha], new FixedClock(D0 + 16 * DAY + 2.5 * HOUR), { logger: silent });
    const rows = await store.sumContractFacts({ groups: [{ group: 'p', contracts: [ref('alpha', P)] }], keys: ['contract_txcount'], days_until: D0 + 16 * DAY, hours_from: 0, hours_until: D0 + 17 * DAY });
    expect(rows.filter((r) => r.origin_key === null).map((r) => `${r.granularity} ${r.period_ms - D0} ${r.value}`)).toEqual(['daily 0 1']);
    // The chain's own hour stays.
    expect(await store.query("SELECT count(*) AS n FROM facts WHERE dimension = 'chain' AND granularity = 'hourly' AND period_ms = $1 AND metric_key = 'txcount'", [D0])).toEqual([{ n: 1n }]);
  });
  it('reads the raw facts of listed contracts as columns: by contract index, key index, daily first, period; bounds applied', async () => {
    await writeAll();
    // R (beta) first, then P (alpha); Q is not listed. Keys in the query's order.
    const cols = await store.readContractFacts({
      contracts: [ref('beta', R), ref('alpha', P)],
      keys: ['contract_txcount', 'contract_successes'],
      days_until: D0 + 2 * DAY,
      hours_from: D0 + DAY,
      hours_until: D0 + 3 * DAY,
    });
    const rows = Array.from(cols.contract, (c, i) => `${c} ${cols.key[i]} ${cols.hourly[i] ? 'h' : 'd'} ${(cols.period_ms[i]! - D0) / HOUR} ${cols.value[i]}`);
    // R: day 1 (2 calls, both succeeded), hour 27; its day 2 is past days_until, its hour 58 is
    // kept (the failed call: 1 tx, 0 successes). P: day 0 only (days before days_until); its hour
    // 0 is before hours_from, its hour 58 is in.
    expect(rows).toEqual([
      '0 0 d 24 2',
      '0 0 h 27 2',
      '0 0 h 58 1',
      '0 1 d 24 2',
      '0 1 h 27 2',
      '0 1 h 58 0',
      '1 0 d 0 2',
      '1 0 h 58 1',
      '1 1 d 0 1',
      '1 1 h 58 1',
    ]);
    expect((await store.readContractFacts({ contracts: [], keys: ['contract_txcount'], ...ALL })).length).toBe(0);
  });
});
