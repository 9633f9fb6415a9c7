// CONTRACT.md 11.4: /v1/landing-events/apps-data.json, the home page's weekly active apps, on
// hand-built chains through the real store, facts and builders. Every expected number is worked
// out in the comments from the calls below, not from the code under test.
//
// History starts Wednesday 2024-01-03; the build runs Thursday 2024-02-01 02:00, so days up to
// Wednesday 2024-01-31 are complete. ISO weeks (Monday starts): W0 = Jan 1 (partial: the history
// starts in it), W1 = Jan 8, W2 = Jan 15, W3 = Jan 22, W4 = Jan 29 (partial: it has not ended).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import type { Chain } from '../../src/registry/types.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { LabelRow } from '../../src/store/labels.js';
import { projectRow } from '../helpers/project-row.js';
import type { LandingEventsApps } from '../compat/contract-fields.js';
import { addr, ChainWriter, GWEI, makeChain, type BlockSpec, type TxSpec } from '../metrics/chain-fixture.js';

const silent = createLogger('silent');
const DAY = 86_400_000;
const HOUR = 3_600_000;
const jan = (d: number) => Date.UTC(2024, 0, d);
const at = (ms: number) => ms / 1000;
const PATH = '/v1/landing-events/apps-data.json';
const [W1, W2, W3] = [jan(8), jan(15), jan(22)];
const NOW = Date.UTC(2024, 1, 1, 2);

const U = (i: number) => addr(0x100 + i);
const call = (from: string, to: string, gasPrice = GWEI): TxSpec => ({ from, to, gasUsed: 100_000n, gasPrice, inputEmpty: false });
const block = (ms: number, txs: TxSpec[] = []): BlockSpec => ({ time: at(ms), txs });
const head = block(Date.UTC(2024, 1, 1, 1));

// One contract per (chain, project), each address on one chain only (no cross-chain label fallback).
const C = { a1: addr(0xa1), b1: addr(0xb1), e1: addr(0xe1), g1: addr(0x91), a2: addr(0xa2), b2: addr(0xb2), d2: addr(0xd2), c3: addr(0xc3), d3: addr(0xd3), f4: addr(0xf4) };
const BLOCKS: Record<string, BlockSpec[]> = {
  alpha: [
    block(jan(3) + HOUR),
    block(jan(4) + 10 * HOUR, [call(U(1), C.a1)]), // W0: partial week, no row
    // W1: proj-a and proj-b; proj-e's only call pays no fee (no application fact); ghost is not in the directory.
    block(jan(9) + 10 * HOUR, [call(U(1), C.a1), call(U(2), C.b1), call(U(3), C.e1, 0n), call(U(4), C.g1)]),
    block(jan(23) + 10 * HOUR, [call(U(1), C.a1)]), // W3: proj-a, twice on alpha alone
    block(jan(25) + 10 * HOUR, [call(U(1), C.a1)]),
    block(jan(30) + 10 * HOUR, [call(U(2), C.b1)]), // W4: not ended, no row
    head,
  ],
  beta: [
    block(jan(3) + 2 * HOUR),
    block(jan(10) + 10 * HOUR, [call(U(5), C.d2)]), // W1: proj-d (also on gamma, a DEV chain: counted here)
    block(jan(12) + 10 * HOUR, [call(U(1), C.a2)]), // W1: proj-a again, so Cross-Chain that week
    block(jan(24) + 10 * HOUR, [call(U(2), C.b2)]), // W3: proj-b on beta alone
    head,
  ],
  gamma: [block(jan(3) + 3 * HOUR), block(jan(9) + 10 * HOUR, [call(U(6), C.c3)]), block(jan(11) + 10 * HOUR, [call(U(5), C.d3)]), head],
  // A chain that starts later, sorts before "Cross-Chain" byte-wise, and has no dark colour.
  '0chain': [block(jan(26) + 10 * HOUR, [call(U(7), C.f4)]), head],
};

const label = (origin_key: string, address: string, owner_project: string): LabelRow => ({ origin_key, address, owner_project, contract_name: owner_project, usage_category: 'dex', verified: true });
const LABELS: LabelRow[] = [
  label('alpha', C.a1, 'proj-a'),
  label('alpha', C.b1, 'proj-b'),
  label('alpha', C.e1, 'proj-e'),
  label('alpha', C.g1, 'ghost'),
  label('beta', C.a2, 'proj-a'),
  label('beta', C.b2, 'proj-b'),
  label('beta', C.d2, 'proj-d'),
  label('gamma', C.c3, 'proj-c'),
  label('gamma', C.d3, 'proj-d'),
  label('0chain', C.f4, 'proj-f'),
];
const PROJECTS = ['proj-a', 'proj-b', 'proj-c', 'proj-d', 'proj-e', 'proj-f'].map((p) => projectRow(p));

const colors = (dark: string[]): Chain['colors'] => ({ light: ['#111111'], dark, darkTextOnBackground: false });
const CHAINS: Chain[] = [
  makeChain('alpha', { name_short: 'Alpha', colors: colors(['#AA0001', '#AA0002']), flags: { fee_table: true, apps: true } }),
  makeChain('beta', { name_short: 'Beta', colors: colors(['#BB0002']), flags: { fee_table: true, apps: true } }),
  makeChain('gamma', { name_short: 'Gamma', deployment: 'DEV', colors: colors(['#CC0003']), flags: { fee_table: true, apps: true } }),
  makeChain('0chain', { name_short: 'Zero', colors: colors([]), flags: { fee_table: true, apps: true } }),
];


async function storeWith(blocks: Record<string, BlockSpec[]>): Promise<DuckDbStore> {
  const store = await DuckDbStore.open({ path: ':memory:' });
  const prices = [];
  for (let d = jan(1); d <= jan(33); d += DAY) prices.push({ asset: 'ethereum', granularity: 'daily' as const, period_ms: d, usd: 3000 });
  await store.writePrices(prices);
  for (const chain of CHAINS) if (blocks[chain.origin_key]) await new ChainWriter(store, chain).write(blocks[chain.origin_key]!);
  await store.replaceLabels(LABELS);
  await store.replaceProjects(PROJECTS);
  return store;
}

describe('landing event "active apps" (CONTRACT.md 11.4)', () => {
  let store: DuckDbStore;
  let docs: DocumentInput[];
  let doc: LandingEventsApps;

  beforeAll(async () => {
    store = await storeWith(BLOCKS);
    await computeFacts(store, CHAINS, new FixedClock(NOW), { logger: silent });
    docs = (await buildAllDocuments(store, CHAINS, new FixedClock(NOW), { logger: silent })).inputs;
    doc = JSON.parse(JSON.stringify(docs.find((d) => d.path === PATH)!.json)) as LandingEventsApps;
  });
  afterAll(async () => store?.close());

  it('is published daily with the keys the reference writes, apps_by_category empty', () => {
    expect(docs.find((d) => d.path === PATH)!.freshness).toBe('daily');
    expect(Object.keys(doc)).toEqual(['data', 'last_updated_utc']);
    expect(Object.keys(doc.data)).toEqual(['apps_total', 'apps_by_chain', 'apps_by_category']);
    expect(Object.keys(doc.data.apps_by_chain)).toEqual(['names', 'colors', 'timeseries']);
    expect(doc.data.apps_by_category).toEqual({});
    expect(doc.last_updated_utc).toBe('2024-02-01 02:00:00');
  });

  it('apps_total: distinct active projects per complete ISO week over the PROD chains, unix = Monday in ms, ascending', () => {
    // W1: proj-a (alpha, beta), proj-b (alpha), proj-d (beta) = 3; not proj-c (gamma is DEV),
    // proj-e (no fee: no application transaction), ghost (not a directory project).
    // W2: nobody. W3: proj-a (alpha), proj-b (beta), proj-f (0chain) = 3.
    // W0 (the history starts on its Wednesday) and W4 (ends after the last complete day) have no row.
    expect(doc.data.apps_total.weekly).toEqual({ types: ['unix', 'project_count'], values: [[W1, 3], [W2, 0], [W3, 3]] });
  });

  it('apps_by_chain: each (week, project) once, under its only chain or Cross-Chain; Cross-Chain first, then by origin_key', () => {
    // W1: proj-a on two chains → Cross-Chain; proj-b → alpha; proj-d → beta (its gamma calls are
    // on a DEV chain). W3: proj-f → 0chain, proj-a → alpha, proj-b → beta.
    expect(doc.data.apps_by_chain.timeseries).toEqual({
      types: ['unix', 'Cross-Chain_registered_count', '0chain_registered_count', 'alpha_registered_count', 'beta_registered_count'],
      values: [
        [W1, 1, 0, 1, 1],
        [W2, 0, 0, 0, 0],
        [W3, 0, 1, 1, 1],
      ],
    });
    // Counted once each: the columns of a week add up to its project_count.
    const totals = doc.data.apps_total.weekly.values;
    doc.data.apps_by_chain.timeseries.values.forEach((row, i) => expect(row.slice(1).reduce((a, b) => a + b, 0)).toBe(totals[i]![1]));
  });

  it("names and colors align with columns 1…: Cross-Chain #CDD8D2, else the chain's name_short and colors.dark[0], never empty", () => {
    expect(doc.data.apps_by_chain.names).toEqual(['Cross-Chain', 'Zero', 'Alpha', 'Beta']);
    // 0chain has no dark colour: the reference's fallback keeps the palette aligned (the page drops empty ones).
    expect(doc.data.apps_by_chain.colors).toEqual(['#CDD8D2', '#CDD8D2', '#AA0001', '#BB0002']);
    const master = JSON.parse(JSON.stringify(docs.find((d) => d.path === '/v1/master.json')!.json)) as { chains: Record<string, { name_short: string; colors: { dark: string[] } }> };
    expect(['alpha', 'beta'].map((k) => [master.chains[k]!.name_short, master.chains[k]!.colors.dark[0]])).toEqual([
      ['Alpha', '#AA0001'],
      ['Beta', '#BB0002'],
    ]);
  });

  it('no document before a complete week has an active project, and the build report says why', async () => {
    // Only W0 (partial) and the running W1 exist at Wednesday 2024-01-10 02:00.
    const early = Date.UTC(2024, 0, 10, 2);
    const cut = Object.fromEntries(Object.entries(BLOCKS).map(([k, bs]) => [k, [...bs.filter((b) => b.time * 1000 < early - HOUR), block(early - HOUR)]]));
    const s = await storeWith(cut);
    try {
      await computeFacts(s, CHAINS, new FixedClock(early), { logger: silent });
      const built = await buildAllDocuments(s, CHAINS, new FixedClock(early), { logger: silent });
      expect(built.inputs.some((d) => d.path === PATH)).toBe(false);
      expect(built.inputs.some((d) => d.path === '/v1/labels/projects_filtered.json')).toBe(true);
      expect(built.report.skipped).toContainEqual({ path: PATH, reason: 'no complete week with an active project yet' });
    } finally {
      await s.close();
    }
  });
});
