// stables_mcap on the shared mock chain (chain-fixture.ts) with supply samples written as the
// stablecoin source stores them: Σ whole tokens (1 USD each) per complete day when every coin
// was read, ETH by the day's price; a day with a coin missing or a gap has no value (never 0).
import { afterEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/clock.js';
import { createLogger } from '../../../src/log.js';
import { computeFacts } from '../../../src/metrics/compute-facts.js';
import { stablesMcap } from '../../../src/metrics/definitions/stables-mcap.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, factValue, makeChain, MOCK_D0 as D0, MOCK_DAY_MS as DAY, MOCK_NOW, MOCK_PRICES, mockChainBlocks } from '../chain-fixture.js';

const USDC = addr(0xc1) as `0x${string}`;
const DAI = addr(0xd1) as `0x${string}`;

describe('stables_mcap', () => {
  let store: DuckDbStore;
  afterEach(async () => store?.close());

  async function run(samples: Array<[string, number, number]>, gaps: number[] = []) {
    store = await DuckDbStore.open({ path: ':memory:' });
    const chain = makeChain('mock_op', {
      stablecoins: [
        { symbol: 'USDC', address: USDC, decimals: 6, peg: 'usd' },
        { symbol: 'DAI', address: DAI, decimals: 18, peg: 'usd' },
      ],
    });
    await new ChainWriter(store, chain).write(mockChainBlocks());
    await store.writePrices(MOCK_PRICES);
    await store.writeSupplySamples(samples.map(([address, day_ms, supply]) => ({ origin_key: 'mock_op', address, day_ms, block_number: 1, supply })));
    await store.writeSampleGaps('mock_op', 'stablecoin_supply', gaps.map((day_ms) => ({ day_ms, reason: 'missing trie node' })), []);
    await computeFacts(store, [chain], new FixedClock(MOCK_NOW), { definitions: [stablesMcap], logger: createLogger('silent') });
    return (key: string, day: number) => factValue(store, 'mock_op', key, 'daily', day);
  }

  it('sums the coins of a day in USD, ETH at the day\'s price', async () => {
    const v = await run([
      [USDC, D0, 1_500_000.25],
      [DAI, D0, 500_000],
      [USDC, D0 + DAY, 1_600_000],
      [DAI, D0 + DAY, 400_000],
    ]);
    expect(await v('stables_mcap', D0)).toBe(2_000_000.25);
    expect(await v('stables_mcap_eth', D0)).toBeCloseTo(2_000_000.25 / 2000, 9);
    expect(await v('stables_mcap', D0 + DAY)).toBe(2_000_000);
    expect(await v('stables_mcap_eth', D0 + DAY)).toBeCloseTo(800, 9); // ÷ 2,500
  });

  it('a day with a coin not read, or a gap, has no value; the running day none either', async () => {
    const v = await run([[USDC, D0, 1_500_000], [USDC, D0 + DAY, 1_600_000], [DAI, D0 + DAY, 1], [USDC, D0 + 2 * DAY, 9], [DAI, D0 + 2 * DAY, 9]], []);
    expect(await v('stables_mcap', D0)).toBeUndefined();
    expect(await v('stables_mcap', D0 + DAY)).toBe(1_600_001);
    expect(await v('stables_mcap', D0 + 2 * DAY)).toBeUndefined(); // day 2 is not complete
    await store.close();
    const w = await run([[USDC, D0 + DAY, 2], [DAI, D0 + DAY, 3]], [D0]);
    expect(await w('stables_mcap', D0)).toBeUndefined();
    expect(await w('stables_mcap_eth', D0)).toBeUndefined();
    expect(await w('stables_mcap', D0 + DAY)).toBe(5);
  });
});
