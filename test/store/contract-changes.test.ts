// The store's change signals for the application facts kept between builds
// (store/contract-changes.ts), on both engines: the fingerprints are stable while nothing changes
// and move exactly where a row the application reads changed (a sender set whose counts stayed
// the same included), and contractsInHours names the contracts with rows in the hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock, HOUR_MS } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { reconvertChangedPrices } from '../../src/metrics/reconvert-money.js';
import type { Store } from '../../src/store/store.js';
import { bothEngines } from '../helpers/both-engines.js';
import { addr, ChainWriter, GWEI, makeChain, type TxSpec } from '../metrics/chain-fixture.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 0, 1);
const at = (ms: number) => ms / 1000;
const [P, Q] = [addr(0x501), addr(0x502)];
const [U1, U2, U3] = [addr(0x101), addr(0x102), addr(0x103)];
const call = (from: string, to: string): TxSpec => ({ from, to, gasUsed: 100_000n, gasPrice: GWEI, inputEmpty: false });
const H10 = D0 + DAY_MS + 10 * HOUR_MS;
const H11 = H10 + HOUR_MS;
const QUERY = {
  keys: ['contract_txcount', 'contract_successes', 'contract_fees_paid_eth', 'contract_fees_paid_usd'],
  set_key: 'contract_senders',
  address_sql: 't.from_address',
  days_until: D0 + 2 * DAY_MS,
  hours_from: D0,
  hours_until: D0 + 2 * DAY_MS,
};

const OPEN = bothEngines();

describe.each(Object.keys(OPEN) as Array<keyof typeof OPEN>)('contract change signals on %s', (engine) => {
  const chain = makeChain('alpha');
  const clock = new FixedClock(D0 + 2 * DAY_MS + 0.5 * HOUR_MS);
  let store: Store;
  let writer: ChainWriter;

  beforeAll(async () => {
    store = await OPEN[engine]();
    writer = new ChainWriter(store, chain);
    // Day 0 10:10, day 1 10:10 and 11:10 with calls; day 2 00:10 (the head: days 0 and 1 complete).
    await writer.write([
      { time: at(D0 + 10 * HOUR_MS + 600_000), txs: [call(U1, P), call(U2, Q)] },
      { time: at(H10 + 600_000), txs: [call(U1, P)] },
      { time: at(H11 + 600_000), txs: [call(U2, P)] },
      { time: at(D0 + 2 * DAY_MS + 600_000) },
    ]);
    await store.writePrices([0, 1, 2].map((d) => ({ asset: 'ethereum', granularity: 'daily' as const, period_ms: D0 + d * DAY_MS, usd: 2000 })));
    await computeFacts(store, [chain], clock, { logger: silent });
  });
  afterAll(async () => store?.close());

  it('contractsInHours: the contracts with hourly rows in the hours, none outside', async () => {
    const names = async (from: number, until: number) => (await store.contractsInHours({ keys: QUERY.keys, hours_from: from, hours_until: until })).map((c) => `${c.origin_key} ${c.address}`).sort();
    expect(await names(D0, D0 + 2 * DAY_MS)).toEqual([`alpha ${P}`, `alpha ${Q}`]);
    expect(await names(H10, H11 + HOUR_MS)).toEqual([`alpha ${P}`]);
    expect(await names(H11 + HOUR_MS, D0 + 2 * DAY_MS)).toEqual([]);
  });

  it('fingerprints: equal while nothing changes; a reorg moves the daily one and that hour only', async () => {
    const first = await store.contractFingerprints(QUERY);
    expect(await store.contractFingerprints(QUERY)).toEqual(first);
    expect([...first.hourly.keys()].sort()).toEqual([D0 + 10 * HOUR_MS, H10, H11]);
    // Day 1 11:10 sent by U3 instead of U2: the same counts and fees, another sender.
    await writer.rollback(2);
    writer.fork(7);
    await writer.write([{ time: at(H11 + 600_000), txs: [call(U3, P)] }, { time: at(D0 + 2 * DAY_MS + 600_000) }]);
    await computeFacts(store, [chain], clock, { logger: silent });
    const after = await store.contractFingerprints(QUERY);
    expect(after.daily).not.toBe(first.daily);
    expect(after.hourly.get(H11)).not.toBe(first.hourly.get(H11));
    expect(after.hourly.get(H10)).toBe(first.hourly.get(H10));
    expect(after.hourly.get(D0 + 10 * HOUR_MS)).toBe(first.hourly.get(D0 + 10 * HOUR_MS));
  });

  it('fingerprints: a money fact re-converted for a complete day moves the daily one', async () => {
    const before = await store.contractFingerprints(QUERY);
    const changed = [{ asset: 'ethereum', granularity: 'daily' as const, period_ms: D0, usd: 2500 }];
    await store.writePrices(changed);
    expect(await reconvertChangedPrices(store, [chain], changed)).toBe(1);
    expect((await store.contractFingerprints(QUERY)).daily).not.toBe(before.daily);
  });

  it("per-chain digest of the contracts' daily facts: cut at the chain's bound, moves with a re-converted day and back", async () => {
    const q = (daysUntil = D0 + 2 * DAY_MS) =>
      store.dailyFactFingerprints({ keys: QUERY.keys, chains: [{ origin_key: 'alpha', days_until: daysUntil }, { origin_key: 'beta', days_until: daysUntil }], dimension: 'contract' });
    const before = await q();
    // beta has no contract facts: no digest; alpha's is stable while nothing changes.
    expect([...before.keys()]).toEqual(['alpha']);
    expect(await q()).toEqual(before);
    // The chain's own facts of the same keys are none: the contract rows are what is digested.
    expect((await store.dailyFactFingerprints({ keys: QUERY.keys, chains: [{ origin_key: 'alpha', days_until: D0 + 2 * DAY_MS }] })).size).toBe(0);
    // Day 1 left out by the bound: another digest; no complete day: none.
    const dayZero = (await q(D0 + DAY_MS)).get('alpha');
    expect(dayZero).not.toBe(before.get('alpha'));
    expect((await q(D0)).size).toBe(0);
    // A price re-converted for day 1 moves it; the old price back gives the same digest back.
    const price = async (usd: number) => {
      const changed = [{ asset: 'ethereum', granularity: 'daily' as const, period_ms: D0 + DAY_MS, usd }];
      await store.writePrices(changed);
      expect(await reconvertChangedPrices(store, [chain], changed)).toBe(1);
    };
    await price(3000);
    const moved = await q();
    expect(moved.get('alpha')).not.toBe(before.get('alpha'));
    // Day 0 alone is untouched by day 1's price.
    expect((await q(D0 + DAY_MS)).get('alpha')).toBe(dayZero);
    await price(2000);
    expect(await q()).toEqual(before);
  });

  it('digests of several groups in one scan: each group what its own call gives (overlapping keys, both dimensions, unknown keys, no keys)', async () => {
    const chains = [{ origin_key: 'alpha', days_until: D0 + 2 * DAY_MS }, { origin_key: 'beta', days_until: D0 + DAY_MS }];
    const groups = [
      { keys: ['txcount', 'fees_paid_usd'] },
      { keys: QUERY.keys, dimension: 'contract' as const },
      { keys: ['txcount', 'daa', 'no_such_key'] },
      { keys: ['no_such_key'], dimension: 'contract' as const },
      { keys: [] },
    ];
    const own = async () => Promise.all(groups.map((g) => store.dailyFactFingerprints({ chains, ...g })));
    const grouped = await store.dailyFactFingerprintGroups({ chains, groups });
    expect(grouped).toEqual(await own());
    // alpha's groups have rows (beta has no facts), the unknown key and no keys none.
    expect(grouped.map((m) => [...m.keys()])).toEqual([['alpha'], ['alpha'], ['alpha'], [], []]);
    expect(grouped[0]!.get('alpha')).not.toBe(grouped[2]!.get('alpha'));
    // A re-converted day moves the money groups in the grouped read as in the single ones.
    const changed = [{ asset: 'ethereum', granularity: 'daily' as const, period_ms: D0, usd: 2600 }];
    await store.writePrices(changed);
    await reconvertChangedPrices(store, [chain], changed);
    const after = await store.dailyFactFingerprintGroups({ chains, groups });
    expect(after).toEqual(await own());
    expect(after[0]!.get('alpha')).not.toBe(grouped[0]!.get('alpha'));
    expect(after[1]!.get('alpha')).not.toBe(grouped[1]!.get('alpha'));
    expect(after[2]!.get('alpha')).toBe(grouped[2]!.get('alpha'));
  });
});
