import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, factRows, factValue, feeOf, GWEI, isUserTx, makeChain, median, type TxSpec } from './chain-fixture.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 0, 1); // a Monday
const DAY = 86_400_000;
const HOUR = 3_600_000;
const s = (ms: number) => ms / 1000;

describe('computeFacts', () => {
  let store: DuckDbStore;
  beforeEach(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
  });
  afterEach(async () => {
    await store.close();
  });

  const A = addr(0xa);
  const B = addr(0xb);
  const SYS = addr(0x5);
  const Dp = addr(0xd);
  // Day 0, hour 1: a transfer, a transfer with an L1 fee, a system tx (gas price 0), a swap-sized call.
  const h1a: TxSpec[] = [
    { from: A, gasUsed: 21_000n, gasPrice: 1n * GWEI },
    { from: B, gasUsed: 21_000n, gasPrice: 2n * GWEI, l1Fee: 5_000n },
    { from: SYS, gasUsed: 50_000n, gasPrice: 0n },
  ];
  const h1b: TxSpec[] = [{ from: A, gasUsed: 200_000n, gasPrice: 3n * GWEI, inputEmpty: false }];
  // Day 0, hour 5: a contract deployment.
  const h5: TxSpec[] = [{ from: Dp, to: null, gasUsed: 500_000n, gasPrice: 1n * GWEI, inputEmpty: false }];
  const day0 = [...h1a, ...h1b, ...h5];

  async function writeScenario(w: ChainWriter): Promise<void> {
    await w.write([
      { time: s(D0 + HOUR + 10 * 60_000), txs: h1a },
      { time: s(D0 + HOUR + 50 * 60_000), txs: h1b },
      { time: s(D0 + 5 * HOUR), txs: h5 },
      { time: s(D0 + DAY + 30 * 60_000), txs: [{ from: A }] },
      { time: s(D0 + DAY + 2 * HOUR) }, // the head: no transactions
    ]);
  }

  it('computes the chain metrics per complete day and hour from the transactions', async () => {
    const chain = makeChain('alpha');
    await writeScenario(new ChainWriter(store, chain));
    await store.writePrices([
      { asset: 'ethereum', granularity: 'daily', period_ms: D0, usd: 2000 },
      { asset: 'ethereum', granularity: 'hourly', period_ms: D0 + HOUR, usd: 2100 },
      { asset: 'ethereum', granularity: 'hourly', period_ms: D0 + 5 * HOUR, usd: 2050 },
    ]);
    const clock = new FixedClock(D0 + DAY + 3.5 * HOUR);
    const report = await computeFacts(store, [chain], clock, { logger: silent });
    expect(report.chains[0]).toMatchObject({ hours_until: D0 + DAY + 2 * HOUR, days_until: D0 + DAY, days_computed: 1, days_pending: 1 });

    const v = (key: string, g: 'daily' | 'hourly', p: number) => factValue(store, 'alpha', key, g, p);
    const fees = day0.map((t) => feeOf(t));
    expect(await v('txcount', 'daily', D0)).toBe(day0.filter((t) => isUserTx(t)).length);
    expect(await v('daa', 'daily', D0)).toBe(new Set(day0.map((t) => t.from)).size);
    const feeSum = fees.reduce((a, b) => a + b, 0n);
    expect(await v('fees_paid_eth', 'daily', D0)).toBeCloseTo(Number(feeSum) / 1e18, 15);
    expect(await v('fees_paid_usd', 'daily', D0)).toBeCloseTo((Number(feeSum) / 1e18) * 2000, 9);
    const med = median(fees.filter((f) => f > 0n))!;
    expect(await v('txcosts_median_eth', 'daily', D0)).toBeCloseTo(med / 1e18, 15);
    const gas = day0.reduce((a, t) => a + (t.gasUsed ?? 21_000n), 0n);
    expect(await v('gas_per_second', 'daily', D0)).toBeCloseTo(Number(gas) / 86_400, 9);

    // Hour 1: four transactions, three of them by users; the system tx has fee 0.
    const hour1 = [...h1a, ...h1b];
    const hourFees = hour1.map((t) => feeOf(t)).filter((f) => f > 0n);
    expect(await v('txcount', 'hourly', D0 + HOUR)).toBe(3);
    expect(await v('daa', 'hourly', D0 + HOUR)).toBe(3);
    expect(await v('tps', 'hourly', D0 + HOUR)).toBeCloseTo(3 / 3600, 12);
    expect(await v('txcosts_median_usd', 'hourly', D0 + HOUR)).toBeCloseTo((median(hourFees)! / 1e18) * 2100, 9);
    expect(await v('txcosts_avg_eth', 'hourly', D0 + HOUR)).toBeCloseTo(Number(hourFees.reduce((a, b) => a + b, 0n)) / hourFees.length / 1e18, 15);
    // Native transfers: empty input and a recipient (A's and B's transfers).
    expect(await v('txcosts_native_median_eth', 'hourly', D0 + HOUR)).toBeCloseTo(median([feeOf(h1a[0]!), feeOf(h1a[1]!)])! / 1e18, 15);
    // Swap-sized: 150k..350k gas used: only the 200k call.
    expect(await v('txcosts_swap_eth', 'hourly', D0 + HOUR)).toBeCloseTo(Number(feeOf(h1b[0]!)) / 1e18, 15);
    expect(await v('gas_per_second', 'hourly', D0 + HOUR)).toBeCloseTo(Number(21_000n * 2n + 50_000n + 200_000n) / 3600, 9);
    // Hour 5: no native transfer and no swap-sized call: the medians are undefined (null), not 0.
    expect(await v('txcosts_native_median_eth', 'hourly', D0 + 5 * HOUR)).toBeNull();
    expect(await v('txcosts_swap_eth', 'hourly', D0 + 5 * HOUR)).toBeNull();
    // An hour without blocks has no facts at all.
    expect(await v('txcount', 'hourly', D0 + 3 * HOUR)).toBeUndefined();
    // Day 1 is not complete (head at 02:00), but its first hours are.
    expect(await v('txcount', 'daily', D0 + DAY)).toBeUndefined();
    expect(await v('txcount', 'hourly', D0 + DAY)).toBe(1);
    expect(await v('txcount', 'hourly', D0 + DAY + 2 * HOUR)).toBeUndefined();
    // Exact wei sums are kept before conversion.
    const exact = await store.query<{ w: bigint }>(
      "SELECT exact_wei AS w FROM native_facts WHERE origin_key = 'alpha' AND metric_key = 'fees_paid' AND granularity = 'daily' AND period_ms = $1",
      [D0],
    );
    expect(exact[0]!.w).toBe(feeSum);
  });

  it('publishes nothing past the clock, even when blocks are further ahead', async () => {
    const chain = makeChain('alpha');
    await writeScenario(new ChainWriter(store, chain));
    const report = await computeFacts(store, [chain], new FixedClock(D0 + 4 * HOUR + 1), { logger: silent });
    expect(report.chains[0]!.hours_until).toBe(D0 + 4 * HOUR);
    expect(report.chains[0]!.days_until).toBe(D0);
    expect(await factValue(store, 'alpha', 'txcount', 'hourly', D0 + HOUR)).toBe(3);
    expect(await factValue(store, 'alpha', 'txcount', 'hourly', D0 + 5 * HOUR)).toBeUndefined();
    expect(await factValue(store, 'alpha', 'txcount', 'daily', D0)).toBeUndefined();
    // The hours not yet complete stay dirty for the next run.
    const dirty = await store.dirtyHours('alpha');
    expect(dirty).toEqual([D0 + 5 * HOUR, D0 + DAY, D0 + DAY + 2 * HOUR]);
  });

  it('an incremental run recomputes only dirty hours and their days, and equals a full rebuild', async () => {
    const chain = makeChain('alpha');
    const w = new ChainWriter(store, chain);
    const clock = new FixedClock(D0 + 90 * 60_000);
    await w.write([{ time: s(D0 + 10 * 60_000), txs: [{ from: A }, { from: B, gasPrice: 5n * GWEI }] }, { time: s(D0 + HOUR + 5 * 60_000), txs: [{ from: A }] }]);
    let r = await computeFacts(store, [chain], clock, { logger: silent });
    expect(r.chains[0]).toMatchObject({ hours_computed: 1, days_computed: 0, days_pending: 1 });

    clock.set(D0 + 5 * HOUR);
    await w.write([{ time: s(D0 + HOUR + 20 * 60_000), txs: [{ from: Dp }] }, { time: s(D0 + 4 * HOUR), txs: [{ from: A }] }]);
    r = await computeFacts(store, [chain], clock, { logger: silent });
    expect(r.chains[0]!.hours_computed).toBe(1); // hour 1 again; hour 4 is not complete (head at 04:00:00)
    expect(await factValue(store, 'alpha', 'txcount', 'hourly', D0 + HOUR)).toBe(2);

    // A reorg replaces hour 4's block; then the day completes with a block the next day.
    await w.rollback(w.next - 1);
    w.fork(7);
    clock.set(D0 + DAY + 6 * HOUR);
    await w.write([{ time: s(D0 + 4 * HOUR + 60_000), txs: [{ from: B }, { from: Dp }] }, { time: s(D0 + 23 * HOUR), txs: [] }, { time: s(D0 + DAY + 3 * HOUR), txs: [{ from: A }] }]);
    r = await computeFacts(store, [chain], clock, { logger: silent });
    expect(r.chains[0]).toMatchObject({ days_computed: 1, days_until: D0 + DAY });
    expect(await store.dirtyHours('alpha')).toEqual([D0 + DAY + 3 * HOUR]);
    expect(await factValue(store, 'alpha', 'txcount', 'daily', D0)).toBe(6);
    expect(await factValue(store, 'alpha', 'daa', 'daily', D0)).toBe(3);

    const incremental = await factRows(store, 'alpha');
    const addresses = await store.query('SELECT set_key, dimension, entity, day_ms, address FROM address_sets ORDER BY ALL');
    await computeFacts(store, [chain], clock, { full: true, logger: silent });
    expect(await factRows(store, 'alpha')).toEqual(incremental);
    expect(await store.query('SELECT set_key, dimension, entity, day_ms, address FROM address_sets ORDER BY ALL')).toEqual(addresses);

    // And a second store that received the final chain in one go agrees too.
    const other = await DuckDbStore.open({ path: ':memory:' });
    try {
      const w2 = new ChainWriter(other, chain);
      await w2.write([
        { time: s(D0 + 10 * 60_000), txs: [{ from: A }, { from: B, gasPrice: 5n * GWEI }] },
        { time: s(D0 + HOUR + 5 * 60_000), txs: [{ from: A }] },
        { time: s(D0 + HOUR + 20 * 60_000), txs: [{ from: Dp }] },
        { time: s(D0 + 4 * HOUR + 60_000), txs: [{ from: B }, { from: Dp }] },
        { time: s(D0 + 23 * HOUR), txs: [] },
        { time: s(D0 + DAY + 3 * HOUR), txs: [{ from: A }] },
      ]);
      await computeFacts(other, [chain], clock, { logger: silent });
      expect(await factRows(other, 'alpha')).toEqual(incremental);
    } finally {
      await other.close();
    }
  });

  it('a complete day is computed once the head passes its end, even with no new block in it', async () => {
    const chain = makeChain('alpha');
    const w = new ChainWriter(store, chain);
    const clock = new FixedClock(D0 + 3 * DAY);
    await w.write([{ time: s(D0 + 2 * HOUR), txs: [{ from: A }, { from: B }] }, { time: s(D0 + 5 * HOUR) }]);
    const first = await computeFacts(store, [chain], clock, { logger: silent });
    expect(first.chains[0]).toMatchObject({ hours_computed: 1, days_computed: 0, days_pending: 1 });
    expect(await factValue(store, 'alpha', 'txcount', 'daily', D0)).toBeUndefined();
    expect(await store.dirtyHours('alpha')).toEqual([D0 + 5 * HOUR]);
    await w.write([{ time: s(D0 + DAY + 2 * HOUR), txs: [] }]);
    await computeFacts(store, [chain], clock, { logger: silent });
    expect(await factValue(store, 'alpha', 'txcount', 'daily', D0)).toBe(2);
    expect(await store.query("SELECT * FROM pending_days WHERE origin_key = 'alpha'")).toHaveLength(0);
  });

  it('converts a gas-token chain through token/ETH of the day (daily) and of the hour (hourly)', async () => {
    const chain = makeChain('mantleish', { gas_token: 'mantle', symbol: 'MNT' });
    const w = new ChainWriter(store, chain);
    const tx: TxSpec = { from: A, gasUsed: 100_000n, gasPrice: 20n * GWEI };
    await w.write([{ time: s(D0 + 3 * HOUR), txs: [tx] }, { time: s(D0 + DAY + HOUR) }]);
    await store.writePrices([
      { asset: 'ethereum', granularity: 'daily', period_ms: D0, usd: 2000 },
      { asset: 'mantle', granularity: 'daily', period_ms: D0, usd: 0.5 },
      { asset: 'ethereum', granularity: 'hourly', period_ms: D0 + 3 * HOUR, usd: 2500 },
      { asset: 'mantle', granularity: 'hourly', period_ms: D0 + 3 * HOUR, usd: 0.4 },
    ]);
    const report = await computeFacts(store, [chain], new FixedClock(D0 + 2 * DAY), { logger: silent });
    expect(report.price_gaps).toEqual([]);
    const feeTokens = Number(feeOf(tx)) / 1e18;
    expect(await factValue(store, 'mantleish', 'fees_paid_eth', 'daily', D0)).toBeCloseTo((feeTokens * 0.5) / 2000, 15);
    expect(await factValue(store, 'mantleish', 'fees_paid_usd', 'daily', D0)).toBeCloseTo(feeTokens * 0.5, 12);
    expect(await factValue(store, 'mantleish', 'fees_paid_eth', 'hourly', D0 + 3 * HOUR)).toBeCloseTo((feeTokens * 0.4) / 2500, 15);
    expect(await factValue(store, 'mantleish', 'txcosts_median_usd', 'hourly', D0 + 3 * HOUR)).toBeCloseTo(feeTokens * 0.4, 12);
  });

  it('Arbitrum throughput leaves out the L1 part of gas used', async () => {
    const chain = makeChain('arbish', { family: 'arbitrum' });
    const w = new ChainWriter(store, chain);
    await w.write([{ time: s(D0 + HOUR), txs: [{ from: A, gasUsed: 900_000n, l1GasUsed: 300_000n }, { from: B, gasUsed: 0n, gasPrice: GWEI }] }, { time: s(D0 + DAY) }]);
    await computeFacts(store, [chain], new FixedClock(D0 + 2 * DAY), { logger: silent });
    expect(await factValue(store, 'arbish', 'gas_per_second', 'daily', D0)).toBeCloseTo(600_000 / 86_400, 9);
    // Arbitrum family: a user transaction is one with gas used > 0.
    expect(await factValue(store, 'arbish', 'txcount', 'daily', D0)).toBe(1);
  });

  it('a missing price gives null (never 0) and is reported; a fallback price is used and reported; a late price replaces it', async () => {
    const chain = makeChain('alpha');
    const w = new ChainWriter(store, chain);
    await w.write([
      { time: s(D0 + HOUR), txs: [{ from: A }] },
      { time: s(D0 + DAY + HOUR), txs: [{ from: A }] },
      { time: s(D0 + 2 * DAY + HOUR), txs: [{ from: A }] },
      { time: s(D0 + 3 * DAY) },
    ]);
    // No price for day 0; day 1 priced; day 2 has none (falls back to day 1).
    await store.writePrices([{ asset: 'ethereum', granularity: 'daily', period_ms: D0 + DAY, usd: 3000 }]);
    const clock = new FixedClock(D0 + 4 * DAY);
    const report = await computeFacts(store, [chain], clock, { logger: silent });
    const fee = Number(feeOf({ from: A })) / 1e18;
    expect(await factValue(store, 'alpha', 'fees_paid_usd', 'daily', D0)).toBeNull();
    expect(await factValue(store, 'alpha', 'fees_paid_eth', 'daily', D0)).toBeCloseTo(fee, 15);
    expect(await factValue(store, 'alpha', 'fees_paid_usd', 'daily', D0 + DAY)).toBeCloseTo(fee * 3000, 9);
    expect(await factValue(store, 'alpha', 'fees_paid_usd', 'daily', D0 + 2 * DAY)).toBeCloseTo(fee * 3000, 9);
    const daily = report.price_gaps.filter((g) => g.granularity === 'daily');
    expect(daily).toEqual([
      { origin_key: 'alpha', asset: 'ethereum', granularity: 'daily', status: 'fallback', periods: 1, first_ms: D0 + 2 * DAY, last_ms: D0 + 2 * DAY },
      { origin_key: 'alpha', asset: 'ethereum', granularity: 'daily', status: 'missing', periods: 1, first_ms: D0, last_ms: D0 },
    ]);

    // The prices arrive later: the next run (no new blocks) converts those days exactly.
    await store.writePrices([
      { asset: 'ethereum', granularity: 'daily', period_ms: D0, usd: 1000 },
      { asset: 'ethereum', granularity: 'daily', period_ms: D0 + 2 * DAY, usd: 4000 },
    ]);
    const again = await computeFacts(store, [chain], clock, { logger: silent });
    expect(await factValue(store, 'alpha', 'fees_paid_usd', 'daily', D0)).toBeCloseTo(fee * 1000, 9);
    expect(await factValue(store, 'alpha', 'fees_paid_usd', 'daily', D0 + 2 * DAY)).toBeCloseTo(fee * 4000, 9);
    expect(again.price_gaps.filter((g) => g.granularity === 'daily')).toEqual([]);
  });

  it('an incremental run leaves history without any price alone, and converts it once a price arrives', async () => {
    const chain = makeChain('alpha');
    const w = new ChainWriter(store, chain);
    const DAYS = 20;
    await w.write([...Array.from({ length: DAYS }, (_, d) => ({ time: s(D0 + d * DAY + HOUR), txs: [{ from: A }] })), { time: s(D0 + DAYS * DAY) }]);
    const clock = new FixedClock(D0 + DAYS * DAY + 30 * 60_000);
    await computeFacts(store, [chain], clock, { full: true, logger: silent });
    expect(await factValue(store, 'alpha', 'fees_paid_usd', 'daily', D0 + 3 * DAY)).toBeNull();
    // A marker on one old converted fact: a run that re-converts the old days overwrites it.
    const mark = () => store.query(`UPDATE facts SET value = -1 WHERE origin_key = 'alpha' AND metric_key = 'fees_paid_usd' AND granularity = 'daily' AND period_ms = ${D0 + 3 * DAY}`);
    await mark();
    const gaps = (r: Awaited<ReturnType<typeof computeFacts>>) => r.price_gaps.map((g) => [g.granularity, g.status, g.periods]);

    // One new hour with its price: converted; the 20 old days (and 20 hours) are not touched.
    await store.writePrices([{ asset: 'ethereum', granularity: 'hourly', period_ms: D0 + DAYS * DAY, usd: 2500 }]);
    await w.write([{ time: s(D0 + DAYS * DAY + 20 * 60_000), txs: [{ from: B }] }, { time: s(D0 + DAYS * DAY + HOUR) }]);
    clock.set(D0 + DAYS * DAY + HOUR + 30 * 60_000);
    const r = await computeFacts(store, [chain], clock, { logger: silent });
    expect(r.chains[0]).toMatchObject({ hours_computed: 1, days_computed: 0 });
    expect(await factValue(store, 'alpha', 'fees_paid_usd', 'hourly', D0 + DAYS * DAY)).toBeCloseTo((Number(feeOf({ from: B })) / 1e18) * 2500, 9);
    expect(await factValue(store, 'alpha', 'fees_paid_usd', 'daily', D0 + 3 * DAY)).toBe(-1);
    // The gaps stay recorded and reported as before.
    expect(gaps(r)).toEqual([
      ['daily', 'missing', DAYS],
      ['hourly', 'missing', DAYS],
    ]);

    // A price for day 2 arrives: every recorded day from there on falls back to it and is converted again.
    await store.writePrices([{ asset: 'ethereum', granularity: 'daily', period_ms: D0 + 2 * DAY, usd: 1000 }]);
    const again = await computeFacts(store, [chain], clock, { logger: silent });
    const fee = Number(feeOf({ from: A })) / 1e18;
    expect(await factValue(store, 'alpha', 'fees_paid_usd', 'daily', D0 + 3 * DAY)).toBeCloseTo(fee * 1000, 9);
    expect(await factValue(store, 'alpha', 'fees_paid_usd', 'daily', D0 + DAY)).toBeNull();
    expect(gaps(again)).toEqual([
      ['daily', 'fallback', DAYS - 3],
      ['daily', 'missing', 2],
      ['hourly', 'fallback', DAYS - 2],
      ['hourly', 'missing', 2],
    ]);
    // And the result is the full rebuild's.
    const incremental = await factRows(store, 'alpha');
    await computeFacts(store, [chain], clock, { full: true, logger: silent });
    expect(await factRows(store, 'alpha')).toEqual(incremental);
  });

  it('sums fees beyond 64 bits exactly', async () => {
    const chain = makeChain('alpha');
    const w = new ChainWriter(store, chain);
    const big: TxSpec = { from: A, gasUsed: 30_000_000n, gasPrice: 10n ** 15n }; // 3e22 wei each
    await w.write([{ time: s(D0 + HOUR), txs: [big, big, big] }, { time: s(D0 + DAY) }]);
    await computeFacts(store, [chain], new FixedClock(D0 + 2 * DAY), { logger: silent });
    const rows = await store.query<{ w: bigint }>("SELECT exact_wei AS w FROM native_facts WHERE metric_key = 'fees_paid' AND granularity = 'daily'");
    expect(rows[0]!.w).toBe(3n * 30_000_000n * 10n ** 15n);
    expect(rows[0]!.w > 2n ** 64n).toBe(true);
  });
});
