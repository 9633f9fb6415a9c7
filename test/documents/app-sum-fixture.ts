// The contract facts both application-sum tests fold (app-fact-sums.test.ts,
// app-overview-sums.test.ts): ten contracts of four projects on four chains, daily and hourly
// facts in DuckDB, with values chosen so that the order of addition shows (0.1 + 0.2 + 0.3 is
// 0.6000000000000001 left to right and 0.6 right to left; 1e16 + 1 + 1 loses both ones unless
// they are added first) and one USD value without a price.
import { DAY_MS, HOUR_MS } from '../../src/clock.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';

export const D0 = Date.UTC(2024, 0, 1);
export const KEYS = ['contract_txcount', 'contract_fees_paid_usd'];
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

// Sorted by chain then address, as the application inputs list them. The former group table
// numbered chains in the order they first appear project by project: p_one makes a, c, d the
// first three and b the fourth, so p_two's chains add up as c, d, b (not alphabetically); p_three
// has three contracts on one chain; p_null has a USD value without a price.
export const CONTRACTS = [
  ['a', 1, 'p_one'],
  ['a', 5, 'p_three'],
  ['a', 6, 'p_three'],
  ['a', 10, 'p_three'],
  ['b', 2, 'p_two'],
  ['b', 7, 'p_null'],
  ['c', 3, 'p_one'],
  ['c', 4, 'p_two'],
  ['d', 8, 'p_one'],
  ['d', 9, 'p_two'],
].map(([origin_key, n, owner_project]) => ({ origin_key: origin_key as string, address: addr(n as number), owner_project: owner_project as string }));

const FLOATS = [0.1, 0.2, 0.3, 1e16, 1, 1, 0.7, 1e-3];

export interface FactDays {
  /** Days of facts from D0. */
  days: number;
  /** The first day with facts of contract i. */
  firstDay: (i: number) => number;
  /** The day p_null's USD value is NULL. */
  nullDay: number;
}

/** An in-memory DuckDB store holding the contracts' facts over `o.days`, some days without a call. */
export async function openFactStore(o: FactDays): Promise<DuckDbStore> {
  const store = await DuckDbStore.open({ path: ':memory:' });
  const rows: string[] = [];
  CONTRACTS.forEach((c, i) => {
    for (let d = o.firstDay(i); d < o.days; d++) {
      if ((i + d) % 4 === 3) continue; // some days without a call
      const usd = c.owner_project === 'p_null' && d === o.nullDay ? 'NULL' : String(FLOATS[(i * 3 + d) % FLOATS.length]);
      rows.push(`('${c.origin_key}', 'contract', '${c.address}', 'contract_txcount', 'daily', ${D0 + d * DAY_MS}, ${1 + ((i + d) % 5)})`);
      rows.push(`('${c.origin_key}', 'contract', '${c.address}', 'contract_fees_paid_usd', 'daily', ${D0 + d * DAY_MS}, ${usd})`);
      rows.push(`('${c.origin_key}', 'contract', '${c.address}', 'contract_fees_paid_usd', 'hourly', ${D0 + d * DAY_MS + (i % 3) * HOUR_MS}, ${FLOATS[(i + d) % FLOATS.length]})`);
    }
  });
  await store.exec(`INSERT INTO facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value) VALUES ${rows.join(',')}`);
  return store;
}
