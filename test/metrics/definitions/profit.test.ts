// profit on the shared mock chain (chain-fixture.ts) settling on a one-block L1: fees − rent_paid
// per day and currency, nothing where rent is unknown, null where a side is null.
import { afterEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/clock.js';
import { createLogger } from '../../../src/log.js';
import { computeFacts } from '../../../src/metrics/compute-facts.js';
import { fees } from '../../../src/metrics/definitions/fees.js';
import { profit } from '../../../src/metrics/definitions/profit.js';
import { rentPaid } from '../../../src/metrics/definitions/rent-paid.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, factValue, GWEI, makeChain, MOCK_D0 as D0, MOCK_DAY_MS as DAY, MOCK_NOW, MOCK_PRICES, mockChainBlocks } from '../chain-fixture.js';

const POSTER = addr(0xb0b) as `0x${string}`;

describe('profit', () => {
  let store: DuckDbStore;
  afterEach(async () => store?.close());

  it('is the definition\'s difference, unknown (null) when either side is', () => {
    if (profit.input.kind !== 'derived') throw new Error('profit is derived');
    expect(profit.input.combine([5, 2])).toBe(3);
    expect(profit.input.combine([1, 4])).toBe(-3); // a loss is published as it is
    expect(profit.input.combine([null, 2])).toBeNull();
    expect(profit.input.combine([5, null])).toBeNull();
  });

  it('fees − rent per day: day 0 pays 1,000,000 gwei of rent for 0.001242 ETH of fees; day 1 pays nothing', async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    const l1 = makeChain('mock_l1', { family: 'ethereum', chain_type: 'l1' });
    const l2 = makeChain('mock_op', { settlement_chain: 'mock_l1', settlement_addresses: [POSTER] });
    // The L1: one posting of 100,000 gas × 10 gwei on day 0, a block on day 1 and the head on day 2.
    await new ChainWriter(store, l1).write([
      { time: (D0 + 60_000) / 1000, txs: [{ from: POSTER, gasUsed: 100_000n, gasPrice: 10n * GWEI }] },
      { time: (D0 + DAY + 60_000) / 1000 },
      { time: (D0 + 2 * DAY + 60_000) / 1000 },
    ]);
    await new ChainWriter(store, l2).write(mockChainBlocks());
    await store.writePrices(MOCK_PRICES);
    await computeFacts(store, [l1, l2], new FixedClock(MOCK_NOW), { definitions: [fees, rentPaid, profit], logger: createLogger('silent') });
    const v = (key: string, day: number) => factValue(store, 'mock_op', key, 'daily', day);
    expect(await v('profit_eth', D0)).toBeCloseTo(0.001242 - 0.001, 15);
    expect(await v('profit_usd', D0)).toBeCloseTo(2.484 - 2, 12); // × 2,000
    expect(await v('profit_eth', D0 + DAY)).toBeCloseTo(0.0000432, 15);
    expect(await v('profit_eth', D0 + 2 * DAY)).toBeUndefined(); // not complete
    expect(await factValue(store, 'mock_l1', 'profit_eth', 'daily', D0)).toBeUndefined(); // the L1 pays no rent
  });
});
