// The stablecoin supply source against the devnet over real JSON-RPC: eth_call totalSupply() at
// each complete day's last block equals the devnet's ground truth; a node without archive state
// turns the days it cannot read into reported gaps (log, build report, null in the document),
// never 0, and the days it can read go on; other failures are retried, not gaps.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock } from '../../../src/clock.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { buildAllDocuments } from '../../../src/documents/build-all.js';
import { Ingestor } from '../../../src/ingest/ingestor.js';
import { createLogger } from '../../../src/log.js';
import { computeFacts } from '../../../src/metrics/compute-facts.js';
import { dataGapsByChain } from '../../../src/metrics/data-gaps.js';
import type { Chain } from '../../../src/registry/types.js';
import { STABLECOIN_SOURCE, StablecoinSampler, type SamplerOptions } from '../../../src/sources/stablecoins/supply-sampler.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { factValue } from '../../metrics/chain-fixture.js';

const silent = createLogger('silent');
const LIVE_SINCE = Date.UTC(2025, 3, 9, 9);
const NOW = LIVE_SINCE + 10 * 60_000;
const TODAY = Math.floor(NOW / DAY_MS) * DAY_MS;
const FAST = { maxAttempts: 2, backoff: { baseMs: 5, maxMs: 20 } };

function capture() {
  const warnings: Array<{ obj: Record<string, unknown>; msg: string }> = [];
  const logger = { warn: (obj: Record<string, unknown>, msg: string) => warnings.push({ obj, msg }), info: () => undefined };
  return { warnings, logger: logger as unknown as SamplerOptions['logger'] };
}

describe('stablecoin supply sampling (eth_call at each day\'s last block)', () => {
  const clock = new FixedClock(NOW);
  let devnet: Devnet;
  let chains: Chain[];
  let base: Chain;
  let store: DuckDbStore;
  let days: number[];

  beforeAll(async () => {
    devnet = await startDevnet({ seed: 5, clock, historyDays: 5, txPerDay: 60, chains: ['base'], liveSince: LIVE_SINCE / 1000 });
    chains = devnet.chainConfigs();
    base = chains[0]!;
    expect(base.stablecoins.map((c) => c.symbol)).toEqual(['USDC', 'USDT', 'DAI']);
  });
  afterAll(async () => devnet?.close());
  beforeEach(async () => {
    devnet.setStateHistory('base', null);
    devnet.setFaults('base', { rate: 0 });
    store = await DuckDbStore.open({ path: ':memory:' });
    const ing = new Ingestor({ store, chains, clock, logger: silent, batchSize: 100 });
    try {
      expect((await ing.syncOnce()).ok).toBe(true);
    } finally {
      await ing.close();
    }
    days = await store.blockPeriods('base', 'daily', TODAY);
    expect(days.length).toBe(5); // the partial genesis day (history starts at 09:00) … yesterday
  });
  afterEach(async () => store?.close());

  async function sample(logger: SamplerOptions['logger'] = silent) {
    const sampler = new StablecoinSampler({ clock, logger, rpc: FAST });
    try {
      return (await sampler.run(store, [base]))[0]!;
    } finally {
      await sampler.close();
    }
  }

  const perDay = async () => {
    const m = new Map<number, number>();
    for (const s of await store.readSupplySamples('base')) m.set(s.day_ms, (m.get(s.day_ms) ?? 0) + s.supply);
    return m;
  };

  it('an archive node: every complete day, each coin at the day\'s last block, equal to the ground truth; a second run reads nothing', async () => {
    const r = await sample();
    expect(r).toMatchObject({ days_sampled: 5, new_gaps: 0 });
    expect(r.error).toBeUndefined();
    const samples = await store.readSupplySamples('base');
    expect(samples.length).toBe(5 * 3);
    const sums = await perDay();
    for (const d of days) {
      const truth = devnet.stablecoinsGroundTruth('base', d);
      expect(samples.filter((s) => s.day_ms === d).every((s) => s.block_number === truth.block)).toBe(true);
      expect(Math.abs(sums.get(d)! - truth.usd) / truth.usd).toBeLessThan(1e-12);
    }
    // Supply changes from day to day.
    expect(new Set([...sums.values()]).size).toBe(5);
    expect((await sample()).days_sampled).toBe(0);

    await computeFacts(store, chains, clock, { logger: silent });
    for (const d of days) expect(await factValue(store, 'base', 'stables_mcap', 'daily', d)).toBeCloseTo(sums.get(d)!, 3);
  });

  it('a node without archive state: old days are gaps (logged, reported), never 0; the days it can read go on', async () => {
    // Read everything, then forget the middle days, as if the sampler had been behind while
    // the node pruned their state: only the last day and the first are stored.
    await sample();
    const [first, ...rest] = days;
    const middle = rest.slice(0, -1);
    await store.exec(`DELETE FROM supply_samples WHERE day_ms IN (${middle.join(', ')})`);
    // The node keeps state for the last 500 blocks only: about yesterday's end onwards.
    devnet.setStateHistory('base', 500);
    const log = capture();
    const r = await sample(log.logger);
    expect(r).toMatchObject({ days_sampled: 0, new_gaps: middle.length });
    expect(r.error).toBeUndefined();
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]!.obj).toMatchObject({ origin_key: 'base', days: middle.length });
    expect(log.warnings[0]!.msg).toMatch(/no archive state.*never 0/);
    const gaps = await store.readSampleGaps(['base']);
    expect(gaps.map((g) => g.day_ms)).toEqual(middle);
    expect(gaps.every((g) => g.source === STABLECOIN_SOURCE && /missing trie node/.test(g.reason))).toBe(true);
    // Gaps are not asked again every round.
    expect(await sample()).toMatchObject({ days_sampled: 0, new_gaps: 0 });
    expect(dataGapsByChain(gaps).get('base')).toEqual([
      { metric: 'stables_mcap', days: middle.length, first_day: new Date(middle[0]!).toISOString().slice(0, 10), last_day: new Date(middle.at(-1)!).toISOString().slice(0, 10), reason: gaps[0]!.reason },
    ]);

    await computeFacts(store, chains, clock, { logger: silent });
    for (const d of middle) expect(await factValue(store, 'base', 'stables_mcap', 'daily', d)).toBeUndefined();
    expect(await factValue(store, 'base', 'stables_mcap', 'daily', days.at(-1)!)).toBeGreaterThan(0);
    const { inputs, report } = await buildAllDocuments(store, chains, clock, { logger: silent });
    const doc = inputs.find((i) => i.path === '/v1/metrics/chains/base/stables_mcap.json')!.json as { details: { timeseries: { daily: { data: Array<Array<number | null>> } } } };
    const rows = doc.details.timeseries.daily.data;
    expect(rows.map((row) => row[0])).toEqual(days);
    expect(rows[0]![1]).toBeGreaterThan(0);
    for (const row of rows.slice(1, -1)) expect(row.slice(1)).toEqual([null, null]);
    expect(rows.at(-1)![1]).toBeGreaterThan(0);
    expect(report.degraded.find((d) => d.path === '/v1/metrics/chains/base/stables_mcap.json')?.source_gaps).toEqual(dataGapsByChain(gaps).get('base'));
    expect(first).toBe(days[0]);
  });

  it('any other failure is not a gap: the chain stops for this round and the day is read next time', async () => {
    devnet.setFaults('base', { rate: 1, kinds: ['http_5xx'] });
    const log = capture();
    const r = await sample(log.logger);
    expect(r.days_sampled).toBe(0);
    expect(r.new_gaps).toBe(0);
    expect(r.error).toMatch(/failed after 2 attempts/);
    expect(await store.readSampleGaps(['base'])).toEqual([]);
    expect(log.warnings[0]!.msg).toMatch(/asked again next round/);
    devnet.setFaults('base', { rate: 0 });
    expect((await sample()).days_sampled).toBe(5);
  });
});
