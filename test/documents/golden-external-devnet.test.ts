// Golden test of tvl and app_revenue over the real pipeline: the devnet's feed answers
// DefiLlama's per-chain TVL and fees overview for its chains' DefiLlama names; devnet JSON-RPC
// → Ingestor (the run's shared ingested store), feed → ExternalSources → DuckDB → facts →
// documents. Every daily value is checked against the devnet's ground truth (devnetTvl,
// devnetAppRevenue, devnetPrice), never against the code under test; a CSV row replaces the
// feed's value of its day.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock } from '../../src/clock.js';
import { devnetAppRevenue, devnetPrice, devnetTvl, type Devnet } from '../../src/devnet/index.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import type { Chain } from '../../src/registry/types.js';
import { DefiLlamaClient } from '../../src/sources/external/defillama-client.js';
import { ExternalSources } from '../../src/sources/external/external-sync.js';
import type { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { sharedIngestedDevnet, type IngestedDevnet } from '../helpers/shared-devnet-store.js';
import { THREE_CHAIN_DEVNET, THREE_CHAIN_KEYS } from './three-chain-devnet.js';

const silent = createLogger('silent');
const { seed: SEED, nowMs: NOW } = THREE_CHAIN_DEVNET;
const YESTERDAY = Math.floor(NOW / DAY_MS) * DAY_MS - DAY_MS;
const KEYS = THREE_CHAIN_KEYS;
/** The CSV's app revenue of optimism two days ago: it must replace the feed's value. */
const CSV_DAY = YESTERDAY - DAY_MS;
const CSV_USD = 1234.5;

type Table = { types: string[]; data: Array<Array<number | null>> };
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('golden: tvl and app_revenue from the devnet feed', () => {
  const clock = new FixedClock(NOW);
  let devnet: Devnet;
  let store: DuckDbStore;
  let shared: IngestedDevnet | undefined;
  let chains: Chain[];
  let inputs: DocumentInput[];
  let dir: string;
  const json = (path: string) => JSON.parse(JSON.stringify(inputs.find((i) => i.path === path)?.json ?? null));
  const nameOf = (ok: string) => chains.find((c) => c.origin_key === ok)!.defillama!;

  beforeAll(async () => {
    // Ingested and priced once per run for this file and golden-sources-devnet, each with its own copy.
    shared = await sharedIngestedDevnet(THREE_CHAIN_DEVNET);
    ({ devnet, chains, store } = shared);
    dir = mkdtempSync(join(tmpdir(), 'chainlytics-external-'));
    const csv = join(dir, 'app_revenue.csv');
    writeFileSync(csv, `date,origin_key,usd\n${iso(CSV_DAY)},optimism,${CSV_USD}\n`);
    const external = new ExternalSources({ client: new DefiLlamaClient({ baseUrl: devnet.priceUrl, retries: 1, clock }), csv: { tvl: [], app_revenue: [csv] }, clock, logger: silent });
    const r = await external.run(store, chains);
    expect(r).toEqual({ changed: true, new_gaps: 0 });
    await computeFacts(store, chains, clock, { logger: silent });
    ({ inputs } = await buildAllDocuments(store, chains, clock, { logger: silent }));
  });
  afterAll(async () => {
    await shared?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("every daily tvl is the feed's value of the day, in USD and ETH by the day's price, up to yesterday", () => {
    for (const ok of KEYS) {
      const t = json(`/v1/metrics/chains/${ok}/tvl.json`).details.timeseries.daily as Table;
      expect(t.types).toEqual(['unix', 'usd', 'eth']);
      expect(t.data.at(-1)![0]).toBe(YESTERDAY);
      expect(t.data.length).toBeGreaterThanOrEqual(8);
      for (const [day, usd, eth] of t.data) {
        const truth = devnetTvl(SEED, nameOf(ok), day!);
        expect(usd).toBe(truth);
        expect(rel(eth!, truth / devnetPrice(SEED, 'ethereum', day!))).toBeLessThan(1e-12);
      }
    }
  });

  it("every daily app_revenue is the feed's value, except the day a CSV row gives", () => {
    for (const ok of KEYS) {
      const t = json(`/v1/metrics/chains/${ok}/app_revenue.json`).details.timeseries.daily as Table;
      expect(t.data.at(-1)![0]).toBe(YESTERDAY);
      for (const [day, usd] of t.data) expect(usd).toBe(ok === 'optimism' && day === CSV_DAY ? CSV_USD : devnetAppRevenue(SEED, nameOf(ok), day!));
    }
  });

  it('all_l2s sums the L2s (CONTRACT.md section 8); the chain overview ranks tvl', () => {
    const all = json('/v1/metrics/chains/all_l2s/tvl.json').details.timeseries.daily as Table;
    expect(all.data.length).toBeGreaterThan(0);
    for (const [day, usd] of all.data) expect(rel(usd!, devnetTvl(SEED, nameOf('optimism'), day!) + devnetTvl(SEED, nameOf('mantle'), day!))).toBeLessThan(1e-12);
    const ranking = json('/v1/chains/optimism/overview.json').data.ranking;
    expect(ranking.tvl.value_usd).toBe(devnetTvl(SEED, nameOf('optimism'), YESTERDAY));
    expect(ranking.tvl.out_of).toBe(3);
  });

  it('master.json lists both metrics for the chains with their source name in sources', () => {
    const master = json('/v1/master.json');
    for (const id of ['tvl', 'app_revenue']) {
      expect(master.metrics[id].supported_chains).toEqual(expect.arrayContaining(KEYS));
      for (const name of master.metrics[id].source) expect(master.sources[name].url).not.toBe('');
      for (const ok of KEYS) expect(master.chains[ok].supported_metrics).toContain(id);
    }
  });
});
