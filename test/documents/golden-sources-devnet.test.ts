// Golden test of rent_paid, profit, market_cap and fdv over the real pipeline: the devnet L1
// carries its L2s' batch postings (mostly type-3 blob transactions) and its feed serves ETH and
// MNT market data; devnet JSON-RPC and feed → Ingestor (the run's shared ingested store), market
// sync → DuckDB → facts (the settlement join) → documents. Every daily value is checked against
// the devnet's ground truth (rentGroundTruth, groundTruth) and its price functions, never against
// the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock } from '../../src/clock.js';
import { devnetMarketPoint, devnetPrice, type Devnet } from '../../src/devnet/index.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts, type FactsReport } from '../../src/metrics/compute-facts.js';
import type { Chain } from '../../src/registry/types.js';
import { CoinGeckoClient } from '../../src/sources/prices/coingecko-client.js';
import { syncMarketData } from '../../src/sources/market/sync-market.js';
import type { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { sharedIngestedDevnet, type IngestedDevnet } from '../helpers/shared-devnet-store.js';
import { THREE_CHAIN_DEVNET, THREE_CHAIN_KEYS } from './three-chain-devnet.js';

const silent = createLogger('silent');
const { seed: SEED, nowMs: NOW } = THREE_CHAIN_DEVNET;
const KEYS = THREE_CHAIN_KEYS; // the L1, an ETH-gas rollup, one paying gas in MNT

type Table = { types: string[]; data: Array<Array<number | null>> };
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

describe('golden: rent_paid and profit from the devnet L1', () => {
  const clock = new FixedClock(NOW);
  let devnet: Devnet;
  let store: DuckDbStore;
  let shared: IngestedDevnet | undefined;
  let chains: Chain[];
  let inputs: DocumentInput[];
  let report: FactsReport;
  const json = (path: string) => JSON.parse(JSON.stringify(inputs.find((i) => i.path === path)?.json ?? null));

  beforeAll(async () => {
    // Ingested and priced once per run for this file and golden-external-devnet, each with its own copy.
    shared = await sharedIngestedDevnet(THREE_CHAIN_DEVNET);
    ({ devnet, chains, store } = shared);
    const ids = chains.flatMap((c) => (c.token ? [c.token.market_data_id] : []));
    expect(ids).toEqual(['ethereum', 'mantle']);
    expect((await syncMarketData(store, new CoinGeckoClient({ baseUrl: devnet.priceUrl, retries: 2 }), ids, { clock, historyDays: 12 })).failed).toEqual([]);
    report = await computeFacts(store, chains, clock, { logger: silent });
    ({ inputs } = await buildAllDocuments(store, chains, clock, { logger: silent }));
  });
  afterAll(async () => {
    await shared?.close();
  });

  it('every daily rent_paid value is the fees (blob fees included) of the L2 batcher on the L1, in ETH and USD', () => {
    for (const ok of ['optimism', 'mantle']) {
      const rent = json(`/v1/metrics/chains/${ok}/rent_paid.json`).details.timeseries.daily as Table;
      expect(rent.types).toEqual(['unix', 'usd', 'eth']);
      // From the first day with a posting up to yesterday; the days before it paid nothing.
      const yesterday = Math.floor(NOW / DAY_MS) * DAY_MS - DAY_MS;
      expect(rent.data.at(-1)![0]).toBe(yesterday);
      expect(rent.data.length).toBeGreaterThanOrEqual(6);
      for (let d = rent.data[0]![0]! - DAY_MS; d >= yesterday - 9 * DAY_MS; d -= DAY_MS) expect(devnet.rentGroundTruth(ok, d).fee_wei).toBe(0n);
      let blobs = 0;
      for (const [day, usd, eth] of rent.data) {
        const truth = devnet.rentGroundTruth(ok, day!);
        blobs += truth.blob_txs;
        const ether = Number(truth.fee_wei) / 1e18;
        expect(rel(eth!, ether)).toBeLessThan(1e-12);
        expect(rel(usd!, ether * devnetPrice(SEED, 'ethereum', day!))).toBeLessThan(1e-12);
      }
      expect(blobs).toBeGreaterThan(0);
    }
    expect(inputs.some((i) => i.path === '/v1/metrics/chains/ethereum/rent_paid.json')).toBe(false);
  });

  it('profit = fees − rent per day and currency; the L1 has none; all_l2s sums them', () => {
    for (const chain of chains.filter((c) => c.origin_key !== 'ethereum')) {
      const ok = chain.origin_key;
      const profit = json(`/v1/metrics/chains/${ok}/profit.json`).details.timeseries.daily as Table;
      for (const [day, usd, eth] of profit.data) {
        const tokens = Number(devnet.groundTruth(ok, day!).fee_wei) / 1e18;
        const ethUsd = devnetPrice(SEED, 'ethereum', day!);
        const feesUsd = tokens * devnetPrice(SEED, chain.gas_token, day!);
        const rentEth = Number(devnet.rentGroundTruth(ok, day!).fee_wei) / 1e18;
        // A difference: its error is relative to the larger side, not to the (small) result.
        expect(Math.abs(usd! - (feesUsd - rentEth * ethUsd))).toBeLessThan(1e-12 * Math.max(feesUsd, rentEth * ethUsd));
        expect(Math.abs(eth! - (feesUsd / ethUsd - rentEth))).toBeLessThan(1e-12 * Math.max(feesUsd / ethUsd, rentEth));
      }
    }
    expect(inputs.some((i) => i.path === '/v1/metrics/chains/ethereum/profit.json')).toBe(false);
    const all = json('/v1/metrics/chains/all_l2s/rent_paid.json').details.timeseries.daily as Table;
    const op = json('/v1/metrics/chains/optimism/rent_paid.json').details.timeseries.daily as Table;
    const mnt = json('/v1/metrics/chains/mantle/rent_paid.json').details.timeseries.daily as Table;
    const ethOn = (t: Table, day: number) => t.data.find((r) => r[0] === day)?.[2] ?? 0;
    expect(all.data.length).toBeGreaterThan(0);
    for (const [day, , eth] of all.data) expect(rel(eth!, ethOn(op, day!) + ethOn(mnt, day!))).toBeLessThan(1e-12);
  });

  it('master.json lists rent_paid and profit where there are documents, with their source names in sources', () => {
    const master = json('/v1/master.json');
    expect(master.chains.optimism.supported_metrics).toEqual(expect.arrayContaining(['rent_paid', 'profit']));
    expect(master.chains.ethereum.supported_metrics).not.toContain('rent_paid');
    expect(master.chains.ethereum.excluded_metrics).toEqual(expect.arrayContaining(['rent_paid', 'profit']));
    for (const id of ['rent_paid', 'profit']) {
      expect(master.metrics[id].supported_chains).toEqual(expect.arrayContaining(['optimism', 'mantle']));
      for (const name of master.metrics[id].source) expect(master.sources[name]).toBeDefined();
    }
    expect(report.settlement_ms).toBeGreaterThan(0);
  });

  it("market_cap is the feed's market cap of each day, fdv the day's price × the registry's total supply (mantle); no all_l2s", () => {
    const mantle = chains.find((c) => c.origin_key === 'mantle')!;
    for (const ok of ['ethereum', 'mantle']) {
      const cap = json(`/v1/metrics/chains/${ok}/market_cap.json`).details.timeseries.daily as Table;
      expect(cap.data.length).toBe(8);
      for (const [day, usd, eth] of cap.data) {
        const point = devnetMarketPoint(SEED, ok, day!);
        expect(rel(usd!, point.market_cap)).toBeLessThan(1e-12);
        expect(rel(eth!, point.market_cap / devnetPrice(SEED, 'ethereum', day!))).toBeLessThan(1e-12);
      }
    }
    const fdv = json('/v1/metrics/chains/mantle/fdv.json').details.timeseries.daily as Table;
    expect(fdv.data.length).toBe(8);
    for (const [day, usd] of fdv.data) expect(rel(usd!, devnetMarketPoint(SEED, 'mantle', day!).price * mantle.token!.total_supply!)).toBeLessThan(1e-12);
    // ETH has no maximum supply: market cap only; CONTRACT.md 8: no all_l2s of market metrics.
    expect(inputs.some((i) => i.path === '/v1/metrics/chains/ethereum/fdv.json')).toBe(false);
    expect(inputs.some((i) => i.path.startsWith('/v1/metrics/chains/all_l2s/market_cap') || i.path.startsWith('/v1/metrics/chains/all_l2s/fdv'))).toBe(false);
    expect(json('/v1/master.json').metrics.market_cap.supported_chains).toEqual(['ethereum', 'mantle']);
  });
});
