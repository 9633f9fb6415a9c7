// The application overview's figures of the windows before each table window and of the spans,
// folded in JavaScript from the daily facts the application facts read (app-overview-sums.ts),
// against the store's ordered SQL group read they replace (sumContractFactsOverWindows) over the
// same facts in DuckDB, bit for bit, and the same set of rows (a window without a fact has none).
// The facts, with values that make the order of addition show, are app-sum-fixture.ts's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import { contractKey } from '../../src/documents/apps/app-fact-shapes.js';
import { overviewWindowSums } from '../../src/documents/apps/app-overview-sums.js';
import { overviewReadWindows } from '../../src/documents/apps/app-overview-windows.js';
import { windowsEndingAt } from '../../src/documents/apps/app-windows.js';
import type { GroupWindowRow } from '../../src/store/contract-facts.js';
import type { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { CONTRACTS, D0, KEYS, openFactStore } from './app-sum-fixture.js';

// Long enough that the 7- and 30-day windows before have days, with days missing at the start.
const DAYS = 75;

const rowKey = (r: GroupWindowRow) => `${r.group} ${r.origin_key} ${r.metric_key} ${r.window}`;

describe('the application overview sums folded in JavaScript equal the ordered SQL window sums', () => {
  let store: DuckDbStore;
  const last = D0 + (DAYS - 1) * DAY_MS;
  const { prev, spans } = overviewReadWindows(windowsEndingAt(last));

  beforeAll(async () => {
    // Contract i starts on day 3i: the long windows before begin before some contracts' first day.
    store = await openFactStore({ days: DAYS, firstDay: (i) => 3 * i, nullDay: 40 });
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
