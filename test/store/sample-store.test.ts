// The SampleStore (supply samples, sample gaps, external series, last blocks of days), the
// blockspace split and chain values given as numbers, on both engines (DuckDB and the 2-shard
// ClickHouse cluster): the same calls give the same answers, doubles come back bit for bit.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { chainSubject } from '../../src/store/facts.js';
import type { Store } from '../../src/store/store.js';
import { startTestCluster, type TestCluster } from '../helpers/clickhouse-store.js';
import { makeBatch, tipOf } from './helpers/batches.js';

const DAY = 86_400_000;
const D0 = Date.UTC(2024, 6, 1);
const A = '0x1111111254eeb25477b68fb85ed929f73a960582';
const B = '0x4200000000000000000000000000000000000006';
// Doubles whose shortest decimal form does not survive a DECIMAL literal cast in DuckDB.
const X = -0.011184466797930425;
const Y = 0.9192343606149559;

let store: Store | null = null;
let cluster: TestCluster | undefined;
beforeAll(async () => {
  cluster = await startTestCluster();
});
afterAll(async () => {
  await cluster?.stop();
});
afterEach(async () => {
  await store?.close();
  store = null;
});

const OPEN = {
  duckdb: () => DuckDbStore.open({ path: ':memory:' }),
  clickhouse: () => cluster!.open(),
} satisfies Record<string, () => Promise<Store>>;

describe.each(Object.keys(OPEN) as Array<keyof typeof OPEN>)('%s SampleStore', (engine) => {
  it('external values: upsert by day, other days and series kept, exact doubles, refuses a non-finite value', async () => {
    const s = (store = await OPEN[engine]());
    await s.writeExternalValues([
      { origin_key: 'op', series: 'tvl', day_ms: D0 + DAY, usd: X },
      { origin_key: 'op', series: 'tvl', day_ms: D0, usd: 5 },
      { origin_key: 'op', series: 'app_revenue', day_ms: D0, usd: 7 },
      { origin_key: 'base', series: 'tvl', day_ms: D0, usd: 9 },
    ]);
    await s.writeExternalValues([{ origin_key: 'op', series: 'tvl', day_ms: D0, usd: Y }]);
    expect(await s.readExternalValues('op', 'tvl')).toEqual([
      { origin_key: 'op', series: 'tvl', day_ms: D0, usd: Y },
      { origin_key: 'op', series: 'tvl', day_ms: D0 + DAY, usd: X },
    ]);
    expect(await s.readExternalValues('op', 'app_revenue')).toEqual([{ origin_key: 'op', series: 'app_revenue', day_ms: D0, usd: 7 }]);
    expect(await s.readExternalValues('arbitrum', 'tvl')).toEqual([]);
    await expect(s.writeExternalValues([{ origin_key: 'op', series: 'tvl', day_ms: D0, usd: NaN }])).rejects.toThrow(/tvl of op is not finite/);
    expect((await s.readExternalValues('op', 'tvl'))[0]!.usd).toBe(Y);
  });

  it('supply samples: upsert by (chain, token, day), ordered by day then token', async () => {
    const s = (store = await OPEN[engine]());
    await s.writeSupplySamples([
      { origin_key: 'op', address: B, day_ms: D0, block_number: 10, supply: 1 },
      { origin_key: 'op', address: A, day_ms: D0 + DAY, block_number: 20, supply: X },
      { origin_key: 'op', address: A, day_ms: D0, block_number: 10, supply: 2 },
    ]);
    await s.writeSupplySamples([{ origin_key: 'op', address: B, day_ms: D0, block_number: 11, supply: Y }]);
    expect(await s.readSupplySamples('op')).toEqual([
      { origin_key: 'op', address: A, day_ms: D0, block_number: 10, supply: 2 },
      { origin_key: 'op', address: B, day_ms: D0, block_number: 11, supply: Y },
      { origin_key: 'op', address: A, day_ms: D0 + DAY, block_number: 20, supply: X },
    ]);
    expect(await s.readSupplySamples('base')).toEqual([]);
    await expect(s.writeSupplySamples([{ origin_key: 'op', address: A, day_ms: D0, block_number: 1, supply: Infinity }])).rejects.toThrow(/not finite/);
  });

  it('sample gaps: a known day gets the new reason, cleared days are forgotten, other sources kept', async () => {
    const s = (store = await OPEN[engine]());
    await s.writeSampleGaps('op', 'stablecoin_supply', [{ day_ms: D0, reason: 'missing trie node' }, { day_ms: D0 + DAY, reason: "it's pruned" }], []);
    await s.writeSampleGaps('op', 'tvl', [{ day_ms: D0, reason: 'no data' }], []);
    await s.writeSampleGaps('base', 'tvl', [{ day_ms: D0, reason: 'no data' }], []);
    await s.writeSampleGaps('op', 'stablecoin_supply', [{ day_ms: D0 + DAY, reason: 'timeout' }], [D0]);
    expect(await s.readSampleGaps(['op'])).toEqual([
      { origin_key: 'op', source: 'stablecoin_supply', day_ms: D0 + DAY, reason: 'timeout' },
      { origin_key: 'op', source: 'tvl', day_ms: D0, reason: 'no data' },
    ]);
    expect((await s.readSampleGaps(['base', 'op'])).map((g) => g.origin_key)).toEqual(['base', 'op', 'op']);
    expect(await s.readSampleGaps([])).toEqual([]);
  });

  it('lastBlocksOfDays: the last block of each asked day the stored chain has passed', async () => {
    const s = (store = await OPEN[engine]());
    // Blocks every 600 s from 1_700_000_000 (a day starts at 1_699_920_000): blocks 0..10 end
    // the first day, 11..154 fill the second, 155..200 begin the third.
    const batch = makeBatch('c1', 0, 200, { txPerBlock: 1 });
    await s.writeBatch('c1', batch, tipOf(batch));
    const d1 = 1_699_920_000_000;
    const got = await s.lastBlocksOfDays('c1', [d1 - DAY, d1, d1 + DAY, d1 + 2 * DAY]);
    expect([...got].sort((a, b) => a[0] - b[0])).toEqual([
      [d1, 10],
      [d1 + DAY, 154],
    ]);
    expect(await s.lastBlocksOfDays('c2', [d1])).toEqual(new Map());
    expect(await s.lastBlocksOfDays('c1', [])).toEqual(new Map());
  });

  it('blockspaceCounts: user transactions of the range by kind, calls by called address', async () => {
    const s = (store = await OPEN[engine]());
    const batch = makeBatch('c1', 0, 20);
    await s.writeBatch('c1', batch, tipOf(batch));
    // Blocks 0..4: each has a native transfer, a call of 0x…101 and a deployment.
    const rows = await s.blockspaceCounts({ origin_key: 'c1', from_ms: 1_700_000_000_000, until_ms: 1_700_003_000_000 });
    expect(rows.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'call', address: `0x${'101'.padStart(40, '0')}`, txcount: 5 },
      { kind: 'contract_deployment', address: null, txcount: 5 },
      { kind: 'native_transfer', address: null, txcount: 5 },
    ]);
    expect(await s.blockspaceCounts({ origin_key: 'c1', from_ms: 1_700_003_000_000, until_ms: 1_700_003_000_000 })).toEqual([]);
  });

  it('replaceChainValues: the request keys and periods are replaced, exact doubles and nulls kept, rows outside refused', async () => {
    const s = (store = await OPEN[engine]());
    const write = (periods: number[], rows: Array<{ metric_key: string; period_ms: number; value: number | null }>) =>
      s.replaceChainValues({ origin_key: 'op', granularity: 'daily', periods, keys: ['profit_eth', 'profit_usd'], rows });
    await write([D0, D0 + DAY], [
      { metric_key: 'profit_eth', period_ms: D0, value: X },
      { metric_key: 'profit_usd', period_ms: D0, value: null },
      { metric_key: 'profit_eth', period_ms: D0 + DAY, value: 1 },
    ]);
    await write([D0 + DAY], [{ metric_key: 'profit_usd', period_ms: D0 + DAY, value: Y }]);
    const read = await s.readFacts({ subject: chainSubject('op'), keys: ['profit_eth', 'profit_usd'], days_until: D0 + 2 * DAY, hours_from: 0, hours_until: 0 });
    expect(read.map((r) => [r.metric_key, r.period_ms, r.value]).sort()).toEqual([
      ['profit_eth', D0, X],
      ['profit_usd', D0, null],
      ['profit_usd', D0 + DAY, Y],
    ]);
    await expect(write([D0], [{ metric_key: 'profit_eth', period_ms: D0 + DAY, value: 1 }])).rejects.toThrow(/outside the request's keys and periods/);
    await expect(write([D0], [{ metric_key: 'profit_eth', period_ms: D0, value: Infinity }])).rejects.toThrow(/not finite/);
  });
});
