// Hourly contract facts are kept for the last CONTRACT_HOURS_MS of complete hours, on both
// engines: when the head moves on, the hours that leave the window lose every contract fact
// (native, and the converted _eth/_usd ones), the hour on the window's first hour stays, and the
// days stay. ClickHouse drops the leaving hours in the statements that write the new ones.
import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { CONTRACT_HOURS_MS, computeFacts } from '../../src/metrics/compute-facts.js';
import { bothEngines, type EngineName } from '../helpers/both-engines.js';
import { addr, ChainWriter, GWEI, makeChain, type TxSpec } from '../metrics/chain-fixture.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const D0 = Date.UTC(2024, 5, 3);
const s = (ms: number) => ms / 1000;
const P = addr(0xc0de);
const call = (from: string): TxSpec => ({ from, to: P, gasUsed: 80_000n, gasPrice: GWEI, inputEmpty: false });
const engines = bothEngines();

describe.each(Object.keys(engines) as EngineName[])('the kept window of hourly contract facts on %s', (engine) => {
  it('drops every contract fact of the hours that leave the window and keeps the rest', async () => {
    const store = await engines[engine]();
    // Live rows only: ClickHouse keeps replaced and deleted versions until it merges.
    const live = engine === 'clickhouse' ? 'FINAL WHERE deleted = 0 AND' : 'WHERE';
    type Fact = { period_ms: unknown; metric_key: string };
    const query = (sql: string): Promise<Fact[]> => (store as { query(sql: string): Promise<Fact[]> }).query(sql);
    const stored = async (table: 'facts' | 'native_facts', g: 'hourly' | 'daily'): Promise<string[]> =>
      (
        await query(
          `SELECT period_ms, metric_key FROM ${table} ${live} dimension = 'contract' AND granularity = '${g}' AND entity = '${P}' ORDER BY period_ms, metric_key`,
        )
      ).map((r) => `${(Number(r.period_ms) - D0) / HOUR} ${r.metric_key}`);
    try {
      const chain = makeChain('alpha');
      const w = new ChainWriter(store, chain);
      await store.writePrices([0, 24, 25].map((h) => ({ asset: 'ethereum', granularity: 'hourly' as const, period_ms: D0 + h * HOUR, usd: 3000 })));
      // Calls in hours 0, 24 and 25; the head in hour 26.
      await w.write([
        { time: s(D0 + 10 * 60_000), txs: [call(addr(1))] },
        { time: s(D0 + DAY + 10 * 60_000), txs: [call(addr(2))] },
        { time: s(D0 + DAY + HOUR + 10 * 60_000), txs: [call(addr(3))] },
        { time: s(D0 + DAY + 2 * HOUR) },
      ]);
      await computeFacts(store, [chain], new FixedClock(D0 + DAY + 2.5 * HOUR), { logger: createLogger('silent') });
      const hourRows = (h: number) => [`${h} contract_fees_paid_eth`, `${h} contract_fees_paid_usd`];
      expect((await stored('facts', 'hourly')).filter((r) => r.includes('fees_paid_'))).toEqual([...hourRows(0), ...hourRows(24), ...hourRows(25)]);
      expect(await stored('native_facts', 'hourly')).toEqual(['0 contract_fees_paid', '24 contract_fees_paid', '25 contract_fees_paid']);

      // The head 15 days on: the window starts at hour 25, so hours 0 and 24 leave.
      await w.write([{ time: s(D0 + 16 * DAY + HOUR) }]);
      const report = await computeFacts(store, [chain], new FixedClock(D0 + 16 * DAY + 1.5 * HOUR), { logger: createLogger('silent') });
      expect(report.chains[0]!.hours_until! - CONTRACT_HOURS_MS).toBe(D0 + DAY + HOUR);
      const hourly = await stored('facts', 'hourly');
      expect(hourly.length).toBeGreaterThan(2);
      expect(hourly.every((r) => r.startsWith('25 '))).toBe(true);
      expect(hourly.filter((r) => r.includes('fees_paid_'))).toEqual(hourRows(25));
      expect(await stored('native_facts', 'hourly')).toEqual(['25 contract_fees_paid']);
      // The days stay: day 0 and day 1 (complete since the head passed it).
      expect([...new Set((await stored('native_facts', 'daily')).map((r) => r.split(' ')[0]))]).toEqual(['0', '24']);
    } finally {
      await store.close();
    }
  });
});
