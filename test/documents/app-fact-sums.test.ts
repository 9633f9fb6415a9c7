// The application sums folded in JavaScript (app-fact-sums.ts) against the store's ordered SQL
// sums (sumContractFacts, sumContractFactsOverWindows) over the same contract facts in DuckDB,
// bit for bit (the facts and why their values show the order of addition: app-sum-fixture.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import { sumAppFacts } from '../../src/documents/apps/app-fact-sums.js';
import { ALL_CHAINS, contractKey, type AppFacts } from '../../src/documents/apps/app-fact-shapes.js';
import { windowsEndingAt } from '../../src/documents/apps/app-facts.js';
import type { ContractGroup } from '../../src/store/contract-facts.js';
import type { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { CONTRACTS, D0, KEYS, openFactStore } from './app-sum-fixture.js';

const DAYS = 10;

describe('application sums folded in JavaScript equal the ordered SQL sums', () => {
  let store: DuckDbStore;
  const windows = windowsEndingAt(D0 + (DAYS - 1) * DAY_MS);
  const bounds = { days_until: D0 + DAYS * DAY_MS, hours_from: D0, hours_until: D0 + DAYS * DAY_MS };

  beforeAll(async () => {
    store = await openFactStore({ days: DAYS, firstDay: () => 0, nullDay: 5 });
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
