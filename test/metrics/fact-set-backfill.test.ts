// A store whose facts were computed with an earlier fact set (here: the devnet store with the
// 4-hour fee buckets, the fee line chart's daily facts and the blockspace chain facts deleted,
// and a different signature recorded) gets them back on the next facts run, without any
// manual step, and publishes the same bytes as a fresh build; pruned days are reported and kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import { serialize } from '../../src/documents/document-set.js';
import { OPENAPI_PATH } from '../../src/documents/openapi-kind.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { factSetSignature } from '../../src/metrics/fact-set.js';
import { DEFINITIONS } from '../../src/metrics/definitions/index.js';
import { createLogger } from '../../src/log.js';
import type { Chain } from '../../src/registry/types.js';
import { chainSubject } from '../../src/store/facts.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { Devnet } from '../../src/devnet/index.js';
import { buildDevnetDocuments } from '../helpers/devnet-documents.js';

const DAY_MS = 86_400_000;
const LIVE_SINCE = Date.UTC(2024, 9, 14, 6);
const NOW = LIVE_SINCE + 10 * 60_000;
const silent = createLogger('silent');

// What a version before the 4-hour buckets, the daily fee-chart facts and blockspace lacked.
const OLD_VERSION_ROWS = `granularity = '4_hours' OR (granularity = 'daily' AND (metric_key LIKE 'blockspace_%'
  OR metric_key LIKE 'tps%' OR metric_key LIKE 'txcosts_avg%' OR metric_key LIKE 'txcosts_native_median%' OR metric_key LIKE 'txcosts_swap%'))`;

describe('backfill of a changed fact set (DuckDB, devnet)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chainlytics-backfill-'));
  const path = join(dir, 'store.duckdb');
  const clock = new FixedClock(NOW);
  let devnet: Devnet;
  let chains: Chain[];
  let store: DuckDbStore;
  let fresh: string;

  /** Every document a build publishes, as its path, freshness and bytes, in build order. */
  const documents = async (): Promise<string> => (await buildAllDocuments(store, chains, clock, { logger: silent })).inputs.map((i) => `${i.path} ${i.freshness} ${serialize(i).toString('base64')}`).join('\n');

  /** Edits the closed store file directly, as an earlier version would have left it. */
  const asEarlierVersion = async (sql: string[]): Promise<void> => {
    await store.close();
    const db = await DuckDBInstance.create(path);
    const conn = await db.connect();
    for (const s of sql) await conn.run(s);
    conn.closeSync();
    db.closeSync();
    store = await DuckDbStore.open({ path });
  };

  beforeAll(async () => {
    // Three of the six devnet chains: the L1 and an L2 paying gas in ETH and one in its own
    // token, the kinds of facts the backfill must restore; the others would repeat them.
    const built = await buildDevnetDocuments({ seed: 5, historyDays: 12, txPerDay: 60, historyBlockInterval: 3600, chains: ['ethereum', 'optimism', 'mantle'], liveSinceMs: LIVE_SINCE, nowMs: NOW, publicBaseUrl: 'https://api.example.org', openStore: () => DuckDbStore.open({ path }) });
    ({ devnet, chains } = built);
    store = built.store as DuckDbStore;
    // The fresh build is the one buildDevnetDocuments made of this store at this time (a build
    // reads nothing but the store and the clock): its set, without the openapi.json it adds.
    fresh = [...built.set.entries.values()].filter((e) => e.path !== OPENAPI_PATH).map((e) => `${e.path} ${e.freshness} ${e.body.toString('base64')}`).join('\n');
  }, 300_000);
  afterAll(async () => {
    await store?.close();
    await devnet?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records the current fact set, and a run with it unchanged recomputes nothing', async () => {
    for (const c of chains) expect(await store.factSet(c.origin_key)).toBe(factSetSignature(DEFINITIONS));
    const report = await computeFacts(store, chains, clock, { logger: silent });
    for (const c of report.chains) expect(c).toMatchObject({ hours_backfilled: 0, hours_computed: 0, days_computed: 0 });
  });

  it('recomputes the retained hours of a store built with an earlier fact set; the documents equal a fresh build byte for byte', async () => {
    await asEarlierVersion([`DELETE FROM facts WHERE ${OLD_VERSION_ROWS}`, `DELETE FROM native_facts WHERE ${OLD_VERSION_ROWS}`, `UPDATE fact_sets SET signature = 'earlier'`]);
    // The deleted facts are published: without them the documents differ.
    expect(await documents()).not.toBe(fresh);
    const report = await computeFacts(store, chains, clock, { logger: silent });
    for (const c of report.chains) {
      expect(c.hours_backfilled).toBeGreaterThan(12 * 24 - 24);
      expect(c.days_not_backfilled).toBe(0);
      expect(c.days_computed).toBeGreaterThanOrEqual(11);
      expect(await store.factSet(c.origin_key)).toBe(factSetSignature(DEFINITIONS));
    }
    expect(await documents()).toBe(fresh);
    // Recorded: the next run has nothing to do.
    const again = await computeFacts(store, chains, clock, { logger: silent });
    for (const c of again.chains) expect(c).toMatchObject({ hours_backfilled: 0, hours_computed: 0 });
  }, 300_000);

  it('reports the days whose raw transactions were pruned, once per chain, and keeps their facts', async () => {
    const before = LIVE_SINCE - 5 * DAY_MS - (LIVE_SINCE % DAY_MS);
    const ok = chains[0]!.origin_key;
    const keys = ['txcount', 'tps', 'blockspace_native_transfer_txcount'];
    const read = () => store.readFacts({ subject: chainSubject(ok), keys, days_until: before, hours_from: 0, hours_until: before });
    const kept = await read();
    expect(kept.length).toBeGreaterThan(0);
    for (const c of chains) await store.pruneRaw(c.origin_key, before / 1000);
    // Some documents read raw transactions themselves; what the backfill must not change is what the pruned store publishes.
    const published = await documents();
    for (const c of chains) await store.writeFactSet(c.origin_key, 'earlier');
    const warnings: string[] = [];
    const report = await computeFacts(store, chains, clock, { logger: { warn: (m: string) => warnings.push(m), info: () => undefined } });
    for (const c of report.chains) {
      expect(c.days_not_backfilled).toBeGreaterThan(0);
      expect(c.hours_backfilled).toBeGreaterThan(0);
      expect(warnings.filter((w) => w.startsWith(`${c.origin_key}:`) && w.includes('pruned'))).toHaveLength(1);
    }
    expect(await read()).toEqual(kept);
    expect(await documents()).toBe(published);
    // Said once: the new set is recorded, so the next run neither warns nor recomputes.
    warnings.length = 0;
    const again = await computeFacts(store, chains, clock, { logger: { warn: (m: string) => warnings.push(m), info: () => undefined } });
    expect(warnings.filter((w) => w.includes('pruned'))).toEqual([]);
    for (const c of again.chains) expect(c.hours_backfilled).toBe(0);
  }, 300_000);
});
