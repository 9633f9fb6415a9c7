// The application sums folded in JavaScript (app-fact-sums.ts) against the store's ordered SQL
// sums (sumContractFacts, sumContractFactsOverWindows) over the same contract facts in DuckDB,
// bit for bit. The values are chosen so that the order of addition shows: 0.1 + 0.2 + 0.3 is
// 0.6000000000000001 left to right and 0.6 right to left, and 1e16 + 1 + 1 loses both ones
// unless they are added first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../src/clock.js';
import { sumAppFacts } from '../../src/documents/apps/app-fact-sums.js';
import { ALL_CHAINS, contractKey, type AppFacts } from '../../src/documents/apps/app-fact-shapes.js';
import { windowsEndingAt } from '../../src/documents/apps/app-facts.js';
import type { ContractGroup } from '../../src/store/contract-facts.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';

const D0 = Date.UTC(2024, 0, 1);
const DAYS = 10;
const KEYS = ['contract_txcount', 'contract_fees_paid_usd'];
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

// Sorted by chain then address, as the application inputs list them. The former group table
// numbered chains in the order they first appear project by project: p_one makes a, c, d the
// first three and b the fourth, so p_two's chains add up as c, d, b (not alphabetically); p_three
// has three contracts on one chain; p_null has a USD value without a price.
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

describe('application sums folded in JavaScript equal the ordered SQL sums', () => {
  let store: DuckDbStore;
  const windows = windowsEndingAt(D0 + (DAYS - 1) * DAY_MS);
  const bounds = { days_until: D0 + DAYS * DAY_MS, hours_from: D0, hours_until: D0 + DAYS * DAY_MS };

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    const rows: string[] = [];
    CONTRACTS.forEach((c, i) => {
      for (let d = 0; d < DAYS; d++) {
        if ((i + d) % 4 === 3) continue; // some days without a call
        const usd = c.owner_project === 'p_null' && d === 5 ? 'NULL' : String(FLOATS[(i * 3 + d) % FLOATS.length]);
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

  it('per period, per window, per chain and over all chains, for projects and contracts', async () => {
    const out: AppFacts = { windows, last_day: windows[0]![1], hours_from: D0, projects: new Map(), contracts: new Map() };
    for (const c of CONTRACTS) {
      out.projects.set(c.owner_project, { daily: new Map(), hourly: new Map(), windows: new Map(), daaDaily: new Map(), daaWindows: new Map(), sendersHourly: new Map() });
      out.contracts.set(contractKey(c.origin_key, c.address), { windows: new Map(), daa: [] });
    }
    sumAppFacts(out, CONTRACTS, await store.readContractFacts({ contracts: CONTRACTS, keys: KEYS, ...bounds }), KEYS);

    const groups = new Map<string, ContractGroup['contracts'][number][]>();
    for (const c of CONTRACTS) groups.set(c.owner_project, [...(groups.get(c.owner_project) ?? []), c]);
    const projectGroups = [...groups].map(([group, contracts]) => ({ group, contracts }));
    const expected = await store.sumContractFacts({ groups: projectGroups, keys: KEYS, ...bounds });
    let nulls = 0;
    for (const r of expected) {
      const p = out.projects.get(r.group)!;
      const got = (r.granularity === 'daily' ? p.daily : p.hourly).get(r.origin_key ?? ALL_CHAINS)?.get(r.metric_key)?.get(r.period_ms);
      expect(Object.is(got, r.value), `${r.group} ${r.origin_key} ${r.metric_key} ${r.granularity} ${r.period_ms}: ${got} vs ${r.value}`).toBe(true);
      if (r.value === null) nulls++;
    }
    expect(nulls).toBeGreaterThan(0);
    // Nothing more than the SQL has: the same number of (group, level, key, granularity, period) figures.
    let figures = 0;
    for (const p of out.projects.values()) for (const into of [p.daily, p.hourly]) for (const byKey of into.values()) for (const m of byKey.values()) figures += m.size;
    expect(figures).toBe(expected.length);

    const contractGroups = CONTRACTS.map((c) => ({ group: contractKey(c.origin_key, c.address), contracts: [c] }));
    const windowRows = await store.sumContractFactsOverWindows({ groups: [...projectGroups, ...contractGroups], keys: KEYS, windows });
    let sensitive = 0;
    for (const r of windowRows) {
      const p = out.projects.get(r.group);
      const got = p ? p.windows.get(r.origin_key ?? ALL_CHAINS)?.get(r.metric_key)?.[r.window] : out.contracts.get(r.group)!.windows.get(r.metric_key)?.[r.window];
      expect(Object.is(got, r.value), `${r.group} ${r.origin_key} ${r.metric_key} window ${r.window}: ${got} vs ${r.value}`).toBe(true);
      if (typeof r.value === 'number' && !Number.isInteger(r.value)) sensitive++;
    }
    expect(sensitive).toBeGreaterThan(0);
  });
});
