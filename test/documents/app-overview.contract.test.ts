// Contract tests of the application overview tables (CONTRACT.md section 10.1) on two hand-built
// chains over 16 days. Every expected number is worked out in the comments from the calls below
// (100,000 gas at 1 gwei = 1e14 wei = 0.0001 ETH per call; the ETH price of day i is
// 2,000 + 100·i USD from day 1 on; day 0 has no price at all), not from the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { LabelRow, ProjectRow } from '../../src/store/labels.js';
import { addr, ChainWriter, GWEI, makeChain, type BlockSpec, type TxSpec } from '../metrics/chain-fixture.js';
import { projectRow } from '../helpers/project-row.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const D = (i: number) => D0 + i * DAY;
const at = (ms: number) => ms / 1000;
const usd = (i: number) => 2000 + 100 * i;

const [U1, U2, U3] = [addr(0x101), addr(0x102), addr(0x103)];
const P = addr(0xa1); // dex's router (alpha; on beta through the cross-chain fallback)
const Q = addr(0xa2); // dex's token (alpha)
const T = addr(0xb1); // feed (alpha)
const R = addr(0xc1); // game (beta)
const O = addr(0xd1); // old (alpha): called on day 0 only
const S = addr(0xe1); // sleepy (alpha): labeled, never called
const call = (from: string, to: string): TxSpec => ({ from, to, gasUsed: 100_000n, gasPrice: GWEI, inputEmpty: false, status: 1 });

// alpha: day 0 U1→O; day 3 U1→P, U2→P; day 14 U1→P, U1→Q; day 15 U2→P, U3→P, U1→T.
const alphaBlocks: BlockSpec[] = [
  { time: at(D(0) + 9 * HOUR), txs: [call(U1, O)] },
  { time: at(D(3) + 9 * HOUR), txs: [call(U1, P), call(U2, P)] },
  { time: at(D(14) + 9 * HOUR), txs: [call(U1, P), call(U1, Q)] },
  { time: at(D(15) + 9 * HOUR), txs: [call(U2, P), call(U3, P), call(U1, T)] },
  { time: at(D(16) + HOUR) },
];
// beta: day 8 U3→P (no beta label: alpha's applies); day 14 U3→R.
const betaBlocks: BlockSpec[] = [
  { time: at(D(0) + 9 * HOUR) },
  { time: at(D(8) + 9 * HOUR), txs: [call(U3, P)] },
  { time: at(D(14) + 9 * HOUR), txs: [call(U3, R)] },
  { time: at(D(16) + HOUR) },
];
const NOW = D(16) + 1.5 * HOUR; // days 0-15 complete: the last complete day is day 15

const label = (origin_key: string, address: string, owner_project: string): LabelRow => ({ origin_key, address, contract_name: owner_project, owner_project, usage_category: 'dex', verified: true });
const LABELS = [label('alpha', P, 'dex'), label('alpha', Q, 'dex'), label('alpha', T, 'feed'), label('beta', R, 'game'), label('alpha', O, 'old'), label('alpha', S, 'sleepy')];
const PROJECTS: ProjectRow[] = ['dex', 'feed', 'game', 'old', 'sleepy'].map((owner_project) => projectRow(owner_project));

const WINDOWS = ['1d', '7d', '30d', '90d', '365d', 'max'];
const COLUMNS = ['owner_project', 'origin_key', 'num_contracts', 'gas_fees_eth', 'prev_gas_fees_eth', 'gas_fees_usd', 'prev_gas_fees_usd', 'txcount', 'prev_txcount', 'daa', 'prev_daa'];
/** Fees rounded away from float noise, so rows compare with toEqual. */
const rounded = (rows: unknown[][]) => rows.map((r) => r.map((v) => (typeof v === 'number' ? +v.toFixed(12) : v)));

describe('application overview tables (CONTRACT.md 10.1)', () => {
  let store: DuckDbStore;
  let docs: DocumentInput[];
  const alpha = makeChain('alpha');
  const beta = makeChain('beta');
  const json = (path: string): any => JSON.parse(JSON.stringify(docs.find((d) => d.path === path)?.json ?? null));
  const table = (w: string) => json(`/v1/apps/app_overview_${w}.json`).data;

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    await store.writePrices(Array.from({ length: 16 }, (_, i) => ({ asset: 'ethereum', granularity: 'daily' as const, period_ms: D(i + 1), usd: usd(i + 1) })));
    await new ChainWriter(store, alpha).write(alphaBlocks);
    await new ChainWriter(store, beta).write(betaBlocks);
    await computeFacts(store, [alpha, beta], new FixedClock(NOW), { logger: silent });
    await store.replaceLabels(LABELS);
    await store.replaceProjects(PROJECTS);
    docs = (await buildAllDocuments(store, [alpha, beta], new FixedClock(NOW), { logger: silent })).inputs;
  });
  afterAll(async () => store?.close());

  it('all six files, each {data: {types, data}, last_updated_utc} with the columns in contract order', () => {
    expect(docs.filter((d) => d.path.startsWith('/v1/apps/app_overview_')).map((d) => d.path)).toEqual(WINDOWS.map((w) => `/v1/apps/app_overview_${w}.json`));
    for (const w of WINDOWS) {
      const doc = json(`/v1/apps/app_overview_${w}.json`);
      expect(Object.keys(doc), w).toEqual(['data', 'last_updated_utc']);
      expect(doc.last_updated_utc).toBe('2024-01-17 01:30:00');
      expect(doc.data.types, w).toEqual(COLUMNS);
      for (const r of doc.data.data) expect(r, w).toHaveLength(COLUMNS.length);
    }
  });

  it('1d: day 15 against day 14; num_contracts counts contracts called in either; exact senders', () => {
    // dex alpha: day 15 U2→P, U3→P (2 senders, 2e-4 ETH × 3,500 = 0.70 USD); day 14 U1→P, U1→Q
    // (one sender over two contracts, 2e-4 ETH × 3,400 = 0.68); P and Q called in the two days.
    // dex beta: its only call is day 8, in neither day: no row. feed: day 15 only. game: day 14
    // only (prev). old: no call in the two days, but in the filtered list: a zero row on the
    // chain it is active on. sleepy: never called, not in the filtered list, no row.
    // Order: the filtered list's (30-day txcount: dex 7, then feed, game, old 1 each by name).
    expect(rounded(table('1d').data)).toEqual([
      ['dex', 'alpha', 2, 0.0002, 0.0002, 0.7, 0.68, 2, 2, 2, 1],
      ['feed', 'alpha', 1, 0.0001, 0, 0.35, 0, 1, 0, 1, 0],
      ['game', 'beta', 1, 0, 0.0001, 0, 0.34, 0, 1, 0, 1],
      ['old', 'alpha', 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ]);
  });

  it('7d: days 9-15 against days 2-8, each chain of a project its own row', () => {
    // dex alpha: days 14-15 4 calls by U1, U2, U3 (0.68 + 0.70 USD); days 2-8: day 3 U1, U2
    // (2e-4 × 2,300 = 0.46). dex beta: day 8 U3→P (1e-4 × 2,800 = 0.28) in prev only.
    // game beta: day 14 (1e-4 × 3,400). old: day 0 is before both windows.
    expect(rounded(table('7d').data)).toEqual([
      ['dex', 'alpha', 2, 0.0004, 0.0002, 1.38, 0.46, 4, 2, 3, 2],
      ['dex', 'beta', 1, 0, 0.0001, 0, 0.28, 0, 1, 0, 1],
      ['feed', 'alpha', 1, 0.0001, 0, 0.35, 0, 1, 0, 1, 0],
      ['game', 'beta', 1, 0.0001, 0, 0.34, 0, 1, 0, 1, 0],
      ['old', 'alpha', 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ]);
  });

  it('30d, 90d, 365d: all 16 days in the window, nothing in the window before (0)', () => {
    // dex alpha: 6 calls, senders U1, U2, U3, 0.46 + 0.68 + 0.70 USD. old: day 0, which has no
    // ETH price: its USD sum is null, not a silent 0.
    const expected = [
      ['dex', 'alpha', 2, 0.0006, 0, 1.84, 0, 6, 0, 3, 0],
      ['dex', 'beta', 1, 0.0001, 0, 0.28, 0, 1, 0, 1, 0],
      ['feed', 'alpha', 1, 0.0001, 0, 0.35, 0, 1, 0, 1, 0],
      ['game', 'beta', 1, 0.0001, 0, 0.34, 0, 1, 0, 1, 0],
      ['old', 'alpha', 1, 0.0001, 0, null, 0, 1, 0, 1, 0],
    ];
    for (const w of ['30d', '90d', '365d']) expect(rounded(table(w).data), w).toEqual(expected);
  });

  it('max: all history, every prev_* column 0', () => {
    const rows = table('max').data as unknown[][];
    expect(rounded(rows)).toEqual(rounded(table('365d').data));
    for (const r of rows) expect([r[4], r[6], r[8], r[10]]).toEqual([0, 0, 0, 0]);
  });

  it('every project of the filtered list appears in every table', () => {
    const listed = json('/v1/labels/projects_filtered.json').data.data.map((r: unknown[]) => r[0]);
    expect(listed).toEqual(['dex', 'feed', 'game', 'old']);
    for (const w of WINDOWS) expect([...new Set(table(w).data.map((r: unknown[]) => r[0]))], w).toEqual(listed);
  });

  it('the same window figures as the app details', () => {
    const details = json('/v1/apps/details/dex.json').metrics;
    for (const w of ['1d', '7d', '30d', '90d', '365d', 'max']) {
      const row = table(w).data.find((r: unknown[]) => r[0] === 'dex' && r[1] === 'alpha');
      expect([row[7], row[9], row[3], row[5]], w).toEqual([details.txcount.aggregated.data.alpha[w][0], details.daa.aggregated.data.alpha[w][0], details.gas_fees.aggregated.data.alpha[w][1], details.gas_fees.aggregated.data.alpha[w][0]]);
    }
  });

  it('none of the six without application data (no chain has facts yet)', async () => {
    const empty = await DuckDbStore.open({ path: ':memory:' });
    try {
      const { inputs, report } = await buildAllDocuments(empty, [alpha, beta], new FixedClock(NOW), { logger: silent });
      expect(inputs.filter((d) => d.path.startsWith('/v1/apps/app_overview_'))).toEqual([]);
      expect(report.skipped.filter((s) => s.path.startsWith('/v1/apps/app_overview_')).map((s) => s.path)).toEqual(WINDOWS.map((w) => `/v1/apps/app_overview_${w}.json`));
    } finally {
      await empty.close();
    }
  });
});
