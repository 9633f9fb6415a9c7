// The money step's price status on both engines: which periods were converted with a fallback
// price (and which price) or none, per asset. ClickHouse keeps, on the shards, the candidates
// whose period has a non-zero money figure; DuckDB joins in SQL of its own. The rows are worked
// out here from the prices written, and both engines must give exactly them.
import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import type { PriceStatusRow } from '../../src/store/prices.js';
import { bothEngines, type EngineName } from '../helpers/both-engines.js';
import { addr, ChainWriter, makeChain } from '../metrics/chain-fixture.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const D0 = Date.UTC(2024, 2, 4);
const s = (ms: number) => ms / 1000;
const engines = bothEngines();

/** Days 0–2 with one fee-paying transaction in hour 1, hour 3 with a block but no transaction, the head on day 3. */
const blocks = [
  { time: s(D0 + HOUR), txs: [{ from: addr(0xa) }] },
  { time: s(D0 + 3 * HOUR) },
  { time: s(D0 + DAY + HOUR), txs: [{ from: addr(0xa) }] },
  { time: s(D0 + 2 * DAY + HOUR), txs: [{ from: addr(0xb) }] },
  { time: s(D0 + 3 * DAY) },
];

const row = (origin_key: string, granularity: 'daily' | 'hourly', period_ms: number, asset: string, price_period_ms: number | null): PriceStatusRow => ({
  origin_key,
  granularity,
  period_ms,
  asset,
  status: price_period_ms === null ? 'missing' : 'fallback',
  price_period_ms,
});

describe.each(Object.keys(engines) as EngineName[])('price status on %s', (engine) => {
  it('records each converted period without its own price, per asset, with the fallback chosen, and only where a money figure is non-zero', async () => {
    const store = await engines[engine]();
    try {
      const ether = makeChain('alpha');
      const token = makeChain('tok', { gas_token: 'mantle' });
      await new ChainWriter(store, ether).write(blocks);
      await new ChainWriter(store, token).write(blocks);
      await store.writePrices([
        { asset: 'ethereum', granularity: 'daily', period_ms: D0 + DAY, usd: 3000 },
        { asset: 'ethereum', granularity: 'hourly', period_ms: D0 + DAY + HOUR, usd: 3100 },
        { asset: 'mantle', granularity: 'daily', period_ms: D0, usd: 0.5 },
        { asset: 'mantle', granularity: 'hourly', period_ms: D0 + 2 * DAY + HOUR, usd: 0.6 },
      ]);
      await computeFacts(store, [ether, token], new FixedClock(D0 + 3 * DAY + HOUR), { full: true, logger: createLogger('silent') });

      // Ether: day 0 and hour 1 of day 0 come before any price; day 2 falls back to the newest
      // point before it (day 1's hourly price), hour 1 of day 2 too. Hour 3 of day 0 has no fee:
      // not recorded although it has no price either.
      const etherRows = [
        row('alpha', 'daily', D0, 'ethereum', null),
        row('alpha', 'daily', D0 + 2 * DAY, 'ethereum', D0 + DAY + HOUR),
        row('alpha', 'hourly', D0 + HOUR, 'ethereum', null),
        row('alpha', 'hourly', D0 + 2 * DAY + HOUR, 'ethereum', D0 + DAY + HOUR),
      ];
      expect(await store.priceStatus('alpha')).toEqual(etherRows);
      // The token chain needs both prices: ether's as above, and the gas token's (day 0 exact,
      // every period before hour 1 of day 2 falls back to day 0, day 2 included: its hourly price comes later).
      expect(await store.priceStatus('tok')).toEqual([
        row('tok', 'daily', D0, 'ethereum', null),
        row('tok', 'daily', D0 + DAY, 'mantle', D0),
        row('tok', 'daily', D0 + 2 * DAY, 'ethereum', D0 + DAY + HOUR),
        row('tok', 'daily', D0 + 2 * DAY, 'mantle', D0),
        row('tok', 'hourly', D0 + HOUR, 'ethereum', null),
        row('tok', 'hourly', D0 + HOUR, 'mantle', D0),
        row('tok', 'hourly', D0 + DAY + HOUR, 'mantle', D0),
        row('tok', 'hourly', D0 + 2 * DAY + HOUR, 'ethereum', D0 + DAY + HOUR),
      ]);

      // Prices arrive for the gaps: the next run converts those periods exactly and records nothing.
      await store.writePrices([
        { asset: 'ethereum', granularity: 'daily', period_ms: D0, usd: 2000 },
        { asset: 'ethereum', granularity: 'daily', period_ms: D0 + 2 * DAY, usd: 3200 },
        { asset: 'ethereum', granularity: 'hourly', period_ms: D0 + HOUR, usd: 2010 },
        { asset: 'ethereum', granularity: 'hourly', period_ms: D0 + 2 * DAY + HOUR, usd: 3210 },
      ]);
      await computeFacts(store, [ether, token], new FixedClock(D0 + 3 * DAY + HOUR), { logger: createLogger('silent') });
      expect(await store.priceStatus('alpha')).toEqual([]);
      expect((await store.priceStatus('tok')).map((r) => r.asset)).toEqual(['mantle', 'mantle', 'mantle', 'mantle']);
    } finally {
      await store.close();
    }
  });
});
