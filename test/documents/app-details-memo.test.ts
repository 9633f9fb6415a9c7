// The daily part of the application detail documents kept across builds (app-details-memo.ts):
// over facts computed by the real pipeline (blocks → DuckDB → contract facts → application facts),
// every document built with the memo is compared byte for byte with a cold build of the same
// facts (a deep copy: new objects, nothing the memo has seen). The memo must reuse its part when
// the daily objects come back unchanged (as the application facts cache hands them over in a new
// hour), keep the hourly rows of the hours that did not change, and must miss on a changed daily
// object, window figures, contract figures, label or day bound.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { appDetailsJson } from '../../src/documents/app-details-json.js';
import { readAppFacts } from '../../src/documents/app-facts.js';
import type { AppFacts, ProjectFacts } from '../../src/documents/app-fact-shapes.js';
import { createLogger } from '../../src/log.js';
import { loadAppInputs, type AppInputs } from '../../src/metrics/app-inputs.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { LabelRow, ProjectRow } from '../../src/store/labels.js';
import { addr, ChainWriter, makeChain, type BlockSpec } from '../metrics/chain-fixture.js';
import { DAY, genBlocks, HOUR } from './scenario.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 0, 1);
const DAYS = 18;
/** Days 0-17 complete, hours up to day 18 01:00. */
const NOW = D0 + DAYS * DAY + 1.5 * HOUR;
const at = (ms: number) => Math.floor(ms / 1000);

// genBlocks calls the contracts 0xc0-0xc3 from a pool of senders: p-one on both chains, p-two on
// both, p-three on beta only.
const label = (origin_key: string, n: number, owner_project: string, usage_category: string, contract_name: string): LabelRow => ({
  origin_key,
  address: addr(n),
  contract_name,
  owner_project,
  usage_category,
  verified: n % 2 === 0,
});
const LABELS: LabelRow[] = [
  label('alpha', 0xc0, 'p-one', 'dex', 'Router'),
  label('alpha', 0xc1, 'p-one', 'fungible_tokens', 'Token'),
  label('alpha', 0xc2, 'p-two', 'lending', 'Pool'),
  label('beta', 0xc0, 'p-one', 'dex', 'Router'),
  label('beta', 0xc3, 'p-two', 'lending', 'Vault'),
  label('beta', 0xc2, 'p-three', 'gaming', 'Game'),
];
const project = (owner_project: string): ProjectRow => ({
  owner_project,
  display_name: owner_project,
  description: null,
  main_github: null,
  twitter: null,
  website: null,
  logo_path: null,
  token_symbol: null,
  market_data_id: null,
  features: [],
});

interface Built {
  inputs: AppInputs;
  facts: AppFacts;
}

/** Every project's document, in project order. */
function details({ inputs, facts }: Built, builtAt = NOW): Map<string, any> {
  const out = new Map<string, any>();
  for (const owner of facts.projects.keys()) {
    const contracts = inputs.contracts.filter((c) => c.owner_project === owner);
    out.set(owner, appDetailsJson({ owner_project: owner, inputs, facts, contracts, market: [], builtAt }));
  }
  return out;
}
const bytes = (docs: Map<string, any>): string => JSON.stringify([...docs]);
/** A build no memo entry can serve: the same facts as new objects. */
const cold = (b: Built, builtAt = NOW): Map<string, any> => details({ inputs: b.inputs, facts: structuredClone(b.facts) }, builtAt);
const withProject = (facts: AppFacts, owner: string, pf: ProjectFacts): AppFacts => ({ ...facts, projects: new Map([...facts.projects, [owner, pf]]) });

describe('app details: the daily part kept across builds', () => {
  let store: DuckDbStore;
  const alpha = makeChain('alpha');
  const beta = makeChain('beta');
  let writers: Record<'alpha' | 'beta', ChainWriter>;

  async function read(now: number): Promise<Built> {
    await computeFacts(store, [alpha, beta], new FixedClock(now), { logger: silent });
    const statuses = await store.factStatus();
    const inputs = (await loadAppInputs(store, new Map([...statuses].map(([ok, s]) => [ok, { days_until: s.days_until, hours_until: s.hours_until }]))))!;
    return { inputs, facts: await readAppFacts(store, inputs) };
  }

  let first: Built;
  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    writers = { alpha: new ChainWriter(store, alpha), beta: new ChainWriter(store, beta) };
    const head: BlockSpec = { time: at(D0 + DAYS * DAY + HOUR) };
    await writers.alpha.write([...genBlocks({ seed: 5, fromMs: D0, days: DAYS, senders: 9 }), head]);
    await writers.beta.write([...genBlocks({ seed: 6, fromMs: D0, days: DAYS, senders: 7 }), head]);
    await store.replaceLabels(LABELS);
    await store.replaceProjects(['p-one', 'p-two', 'p-three'].map(project));
    first = await read(NOW);
  });
  afterAll(async () => store?.close());

  it('a second build from the same facts reuses the daily part and gives the cold bytes', () => {
    expect(first.facts.projects.size).toBe(3);
    const a = details(first);
    const b = details(first);
    const c = cold(first);
    const one = (docs: Map<string, any>) => docs.get('p-one');
    expect(one(b).metrics.txcount.over_time.alpha.daily).toBe(one(a).metrics.txcount.over_time.alpha.daily);
    expect(one(b).contracts_table).toBe(one(a).contracts_table);
    expect(one(c).contracts_table).not.toBe(one(a).contracts_table);
    expect(Object.keys(one(a).metrics.txcount.over_time)).toEqual(['alpha', 'beta']);
    expect(one(a).metrics.txcount.over_time.alpha.hourly.data.length).toBeGreaterThan(0);
    expect(bytes(b)).toBe(bytes(a));
    expect(bytes(c)).toBe(bytes(a));
  });

  it('a new hour with the same daily objects makes the hourly series again and equals a cold build', async () => {
    const before = details(first);
    // One call in day 18's 01:00 hour on alpha, and blocks that complete that hour on both chains.
    const call = { from: addr(0x42), to: addr(0xc0), gasUsed: 90_000n, gasPrice: 3n * 10n ** 9n, inputEmpty: false };
    await writers.alpha.write([{ time: at(D0 + DAYS * DAY + 1.25 * HOUR), txs: [call] }, { time: at(D0 + DAYS * DAY + 2 * HOUR) }]);
    await writers.beta.write([{ time: at(D0 + DAYS * DAY + 2 * HOUR) }]);
    const later = NOW + HOUR;
    const next = await read(later);
    expect(next.inputs.hours_until).toBe(first.inputs.hours_until + HOUR);
    expect(next.inputs.days_until).toBe(first.inputs.days_until);
    // What the application facts cache hands over when no day completed: the previous build's
    // daily objects (equal to the new ones), the new hourly ones.
    const projects = new Map<string, ProjectFacts>();
    for (const [owner, pf] of next.facts.projects) {
      const old = first.facts.projects.get(owner)!;
      expect(pf.daily).toEqual(old.daily);
      expect(pf.windows).toEqual(old.windows);
      projects.set(owner, { ...pf, daily: old.daily, windows: old.windows, daaDaily: old.daaDaily, daaWindows: old.daaWindows });
    }
    expect([...next.facts.contracts.values()]).toEqual([...first.facts.contracts.values()]);
    const reused: Built = { inputs: next.inputs, facts: { ...next.facts, projects, contracts: first.facts.contracts } };
    const docs = details(reused, later);
    expect(docs.get('p-one').metrics.gas_fees.over_time.alpha.daily).toBe(before.get('p-one').metrics.gas_fees.over_time.alpha.daily);
    const hourly = (d: Map<string, any>) => d.get('p-one').metrics.txcount.over_time.alpha.hourly.data;
    expect(hourly(docs).at(-1)).toEqual([first.inputs.hours_until, 1]);
    expect(hourly(docs)).not.toEqual(hourly(before));
    // The series slid by an hour: the rows of the hours both builds publish are the same objects.
    expect(hourly(docs)[0]).toEqual(hourly(before)[1]);
    expect(hourly(docs).slice(0, -1).every((r: unknown, k: number) => r === hourly(before)[k + 1])).toBe(true);
    expect(bytes(docs)).toBe(bytes(cold(next, later)));
  });

  it('an hour whose figures changed under the same daily part is made again', () => {
    const base = details(first);
    const pf = first.facts.projects.get('p-two')!;
    const hourly = structuredClone(pf.hourly);
    const fees = hourly.get('alpha')!.get('contract_fees_paid_eth')!;
    const [hour, v] = [...fees].find(([, x]) => x)!;
    fees.set(hour, v! * 2);
    const varied: Built = { inputs: first.inputs, facts: withProject(first.facts, 'p-two', { ...pf, hourly }) };
    const docs = details(varied);
    const row = (d: Map<string, any>) => d.get('p-two').metrics.gas_fees.over_time.alpha.hourly.data.find((r: number[]) => r[0] === hour);
    expect(row(docs)[2]).toBe(v! * 2);
    expect(row(base)[2]).toBe(v);
    expect(docs.get('p-two').metrics.gas_fees.over_time.alpha.daily).toBe(base.get('p-two').metrics.gas_fees.over_time.alpha.daily);
    expect(bytes(docs)).toBe(bytes(cold(varied)));
  });

  describe('misses whatever the daily part reads', () => {
    const variants: Array<[string, (b: Built) => Built]> = [
      [
        'a new daily object',
        ({ inputs, facts }) => {
          const pf = facts.projects.get('p-two')!;
          const daily = structuredClone(pf.daily);
          const tx = daily.get('beta')!.get('contract_txcount')!;
          const [day, n] = [...tx].find(([, v]) => v)!;
          tx.set(day, n! + 1000);
          return { inputs, facts: withProject(facts, 'p-two', { ...pf, daily }) };
        },
      ],
      [
        'new window figures under the same daily object',
        ({ inputs, facts }) => {
          const pf = facts.projects.get('p-one')!;
          const windows = structuredClone(pf.windows);
          const tx = windows.get('alpha')!.get('contract_txcount')!;
          tx[tx.length - 1] = (tx[tx.length - 1] ?? 0) + 1000;
          return { inputs, facts: withProject(facts, 'p-one', { ...pf, windows }) };
        },
      ],
      [
        'new daily senders under the same daily object',
        ({ inputs, facts }) => {
          const pf = facts.projects.get('p-one')!;
          const daaDaily = structuredClone(pf.daaDaily);
          const days = daaDaily.get('beta')!;
          const [day, n] = [...days].find(([, v]) => v)!;
          days.set(day, n + 50);
          return { inputs, facts: withProject(facts, 'p-one', { ...pf, daaDaily }) };
        },
      ],
      [
        'new window senders under the same daily object',
        ({ inputs, facts }) => {
          const pf = facts.projects.get('p-one')!;
          const daaWindows = structuredClone(pf.daaWindows);
          daaWindows.get('alpha')![0]! += 50;
          return { inputs, facts: withProject(facts, 'p-one', { ...pf, daaWindows }) };
        },
      ],
      [
        "a contract's new figures",
        ({ inputs, facts }) => {
          const key = `alpha:${addr(0xc1)}`;
          const own = structuredClone(facts.contracts.get(key)!);
          own.daa[own.daa.length - 1] = 777;
          return { inputs, facts: { ...facts, contracts: new Map([...facts.contracts, [key, own]]) } };
        },
      ],
      ['a renamed contract', ({ inputs, facts }) => ({ facts, inputs: { ...inputs, contracts: inputs.contracts.map((c) => (c.address === addr(0xc3) ? { ...c, contract_name: 'Renamed' } : c)) } })],
      ['a recategorised contract', ({ inputs, facts }) => ({ facts, inputs: { ...inputs, contracts: inputs.contracts.map((c) => (c.address === addr(0xc2) ? { ...c, usage_category: 'dex' } : c)) } })],
      [
        "a chain's day bound",
        ({ inputs, facts }) => ({
          facts,
          inputs: { ...inputs, chainBounds: new Map([...inputs.chainBounds].map(([ok, b]) => [ok, ok === 'beta' ? { ...b, days_until: b.days_until - DAY } : b])) },
        }),
      ],
    ];
    it.each(variants)('%s', (_, vary) => {
      const base = details(first);
      const varied = vary(first);
      const docs = details(varied);
      expect(bytes(docs)).not.toBe(bytes(base));
      expect(bytes(docs)).toBe(bytes(cold(varied)));
      // And back: the original facts still give the original bytes.
      expect(bytes(details(first))).toBe(bytes(base));
    });
  });
});
