// The application overview's figures of the windows before each table window and of the spans,
// folded in JavaScript from the daily facts the application facts read (app-overview-sums.ts),
// against the store's ordered SQL group read they replace (sumContractFactsOverWindows) over the
// same facts in DuckDB, bit for bit, and the same set of rows (a window without a fact has none).
// The values make the order of addition show, as in app-fact-sums.test.ts: 0.1 + 0.2 + 0.3
// differs by the order, and 1e16 + 1 + 1 loses both ones unless they are added first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../src/clock.js';
import { contractKey } from '../../src/documents/apps/app-fact-shapes.js';
import { overviewWindowSums } from '../../src/documents/apps/app-overview-sums.js';
import { overviewReadWindows } from '../../src/documents/apps/app-overview-windows.js';
import { windowsEndingAt } from '../../src/documents/apps/app-windows.js';
import type { GroupWindowRow } from '../../src/store/contract-facts.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';

const D0 = Date.UTC(2024, 0, 1);
// Long enough that the 7- and 30-day windows before have days, with days missing at the start.
const DAYS = 75;
const KEYS = ['contract_txcount', 'contract_fees_paid_usd'];
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

// Sorted by chain then address, as the application inputs list them; p_one and p_two span chains,
// p_three has three contracts on one chain, p_null has a USD value without a price.
const CONTRACTS = [
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

const rowKey = (r: GroupWindowRow) => `${r.group} ${r.origin_key} ${r.metric_key} ${r.window}`;

describe('the application overview sums folded in JavaScript equal the ordered SQL window sums', () => {
  let store: DuckDbStore;
  const last = D0 + (DAYS - 1) * DAY_MS;
  const { prev, spans } = overviewReadWindows(windowsEndingAt(last));

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    const rows: string[] = [];
    CONTRACTS.forEach((c, i) => {
      // Contract i starts on day 3i: the long windows before begin before some contracts' first day.
      for (let d = 3 * i; d < DAYS; d++) {
        if ((i + d) % 4 === 3) continue; // some days without a call
        const usd = c.owner_project === 'p_null' && d === 40 ? 'NULL' : String(FLOATS[(i * 3 + d) % FLOATS.length]);
        rows.push(`('${c.origin_key}', 'contract', '${c.address}', 'contract_txcount', 'daily', ${D0 + d * DAY_MS}, ${1 + ((i + d) % 5)})`);
        rows.push(`('${c.origin_key}', 'contract', '${c.address}', 'contract_fees_paid_usd', 'daily', ${D0 + d * DAY_MS}, ${usd})`);
        rows.push(`('${c.origin_key}', 'contract', '${c.address}', 'contract_fees_paid_usd', 'hourly', ${D0 + d * DAY_MS + (i % 3) * HOUR_MS}, ${FLOATS[(i + d) % FLOATS.length]})`);
      }
    });
    await store.exec(`INSERT INTO facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value) VALUES ${rows.join(',')}`);
  });
  afterAll(async () => {
    await store.close();
  });

  it('per project and chain over the windows before, per contract over the spans', async () => {
    // As the application facts read them: daily and hourly facts together.
    const facts = await store.readContractFacts({ contracts: CONTRACTS, keys: KEYS, days_until: last + DAY_MS, hours_from: D0, hours_until: last + DAY_MS });
    const got = overviewWindowSums(facts, CONTRACTS, KEYS, { prev, spans, spanKey: 'contract_txcount' });

    const byProject = new Map<string, Array<{ origin_key: string; address: string }>>();
    for (const c of CONTRACTS) byProject.set(c.owner_project, [...(byProject.get(c.owner_project) ?? []), c]);
    const projectGroups = [...byProject].map(([group, contracts]) => ({ group, contracts }));
    const contractGroups = CONTRACTS.map((c) => ({ group: contractKey(c.origin_key, c.address), contracts: [c] }));
    // The tables read the per-chain rows only.
    const perChain = (rows: GroupWindowRow[]) => rows.filter((r) => r.origin_key !== null);
    const expectedPrev = perChain(await store.sumContractFactsOverWindows({ groups: projectGroups, keys: KEYS, windows: prev }));
    const expectedSpans = perChain(await store.sumContractFactsOverWindows({ groups: contractGroups, keys: ['contract_txcount'], windows: spans }));

    for (const [mine, theirs] of [[got.prevSums, expectedPrev], [got.spanTx, expectedSpans]] as const) {
      const index = new Map(mine.map((r) => [rowKey(r), r.value]));
      expect(index.size).toBe(mine.length);
      for (const r of theirs) {
        expect(index.has(rowKey(r)), rowKey(r)).toBe(true);
        expect(Object.is(index.get(rowKey(r)), r.value), `${rowKey(r)}: ${index.get(rowKey(r))} vs ${r.value}`).toBe(true);
      }
      expect(mine.length).toBe(theirs.length);
    }
    // The cases that show: a NULL, order-sensitive float sums, windows before a contract's first day.
    expect(expectedPrev.some((r) => r.value === null)).toBe(true);
    expect(expectedPrev.filter((r) => typeof r.value === 'number' && !Number.isInteger(r.value)).length).toBeGreaterThan(5);
    // The days before the 1-, 7- and 30-day windows hold facts; those before 90 and 365 days none (no row on either side).
    expect(new Set(expectedPrev.map((r) => r.window)).size).toBe(3);
    expect(expectedSpans.length).toBeGreaterThan(CONTRACTS.length);
  });
});
