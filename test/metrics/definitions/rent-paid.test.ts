// rent_paid and profit on the shared mock chain (chain-fixture.ts) settling on a small L1 written
// next to it: the L1 fees (blob fees included) of the chain's batch poster per day, in ETH and
// USD, and profit = fees − rent; numbers worked out by hand below.
import { afterEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/clock.js';
import { createLogger } from '../../../src/log.js';
import { computeFacts } from '../../../src/metrics/compute-facts.js';
import { fees } from '../../../src/metrics/definitions/fees.js';
import { profit } from '../../../src/metrics/definitions/profit.js';
import { rentPaid } from '../../../src/metrics/definitions/rent-paid.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import type { Chain } from '../../../src/registry/types.js';
import { addr, ChainWriter, factValue, GWEI, makeChain, MOCK_D0 as D0, MOCK_DAY_MS as DAY, MOCK_HOUR_MS as HOUR, MOCK_NOW, MOCK_PRICES, mockChainBlocks } from '../chain-fixture.js';

const POSTER = addr(0xb0b);
const OTHER = addr(0x0e);
const at = (ms: number) => (D0 + ms) / 1000;
const DEFS = [fees, rentPaid, profit];
const silent = createLogger('silent');

/**
 * The L1: day 0, 00:20: the poster's blob transaction (21,000 gas × 10 gwei + 393,216 blob gas
 * × 1 gwei = 603,216 gwei), its calldata posting (50,000 × 10 gwei = 500,000 gwei) and someone
 * else's transfer; day 1, 12:00: only someone else. Rent: day 0 1,103,216 gwei, day 1 0.
 */
const L1_DAY0 = [
  {
    time: at(20 * 60_000),
    txs: [
      { from: POSTER, gasUsed: 21_000n, gasPrice: 10n * GWEI, blobGasUsed: 393_216n, blobGasPrice: GWEI },
      { from: POSTER, gasUsed: 50_000n, gasPrice: 10n * GWEI, inputEmpty: false },
      { from: OTHER, gasUsed: 21_000n, gasPrice: 10n * GWEI },
    ],
  },
  { time: at(DAY + 30 * 60_000) },
];
const L1_LATER = [{ time: at(DAY + 12 * HOUR), txs: [{ from: OTHER, gasUsed: 21_000n, gasPrice: 12n * GWEI }] }, { time: at(2 * DAY + HOUR) }];

describe('rent_paid and profit', () => {
  let store: DuckDbStore;
  afterEach(async () => store?.close());

  async function setUp(l2: Chain): Promise<{ l1: Chain; l1Writer: ChainWriter }> {
    store = await DuckDbStore.open({ path: ':memory:' });
    const l1 = makeChain('mock_l1', { family: 'ethereum', chain_type: 'l1' });
    const l1Writer = new ChainWriter(store, l1);
    await l1Writer.write(L1_DAY0);
    await new ChainWriter(store, l2).write(mockChainBlocks());
    await store.writePrices([...MOCK_PRICES, ...MOCK_PRICES.map((p) => ({ ...p, asset: 'mantle', usd: 1 }))]);
    return { l1, l1Writer };
  }

  const value = (ok: string, key: string, day: number) => factValue(store, ok, key, 'daily', day);

  it("sums the poster's fees on the settlement chain, blob fees included; profit is fees − rent; a day the L1 has not completed stays unknown until it does", async () => {
    const l2 = makeChain('mock_op', { settlement_chain: 'mock_l1', settlement_addresses: [POSTER as `0x${string}`] });
    const { l1, l1Writer } = await setUp(l2);
    await computeFacts(store, [l2, l1], new FixedClock(MOCK_NOW), { definitions: DEFS, logger: silent });

    expect(await value('mock_op', 'rent_paid_eth', D0)).toBeCloseTo(0.001103216, 15);
    expect(await value('mock_op', 'rent_paid_usd', D0)).toBeCloseTo(2.206432, 12); // × 2,000
    // Of it, the blob fee of the blob transaction (393,216 blob gas × 1 gwei), and the blob bytes
    // posted (its blob gas: 3 blobs of 131,072); the calldata posting adds to neither.
    expect(await value('mock_op', 'rent_paid_blobs_eth', D0)).toBeCloseTo(0.000393216, 15);
    expect(await value('mock_op', 'rent_paid_blobs_usd', D0)).toBeCloseTo(0.786432, 12);
    expect(await value('mock_op', 'blob_bytes_posted', D0)).toBe(393_216);
    // Fees of the mock chain's day 0: 0.001242 ETH, 2.484 USD (fees.test.ts).
    expect(await value('mock_op', 'profit_eth', D0)).toBeCloseTo(0.001242 - 0.001103216, 15);
    expect(await value('mock_op', 'profit_usd', D0)).toBeCloseTo(2.484 - 2.206432, 12);
    // The L1's head is in day 1: its day 1 is not complete, so the rent of day 1 is unknown (no
    // fact, never 0) and so is the profit.
    expect(await value('mock_op', 'rent_paid_eth', D0 + DAY)).toBeUndefined();
    expect(await value('mock_op', 'profit_eth', D0 + DAY)).toBeUndefined();
    // Nothing is stored under the L1 itself.
    expect(await value('mock_l1', 'rent_paid_eth', D0)).toBeUndefined();
    expect(await value('mock_l1', 'blob_bytes_posted', D0)).toBeUndefined();

    // The L1 completes day 1 later: the next incremental run fills the day in (rent 0: no
    // posting that day), without touching the mock chain's own blocks.
    await l1Writer.write(L1_LATER);
    const report = await computeFacts(store, [l2, l1], new FixedClock(MOCK_NOW + 2 * HOUR), { definitions: DEFS, logger: silent });
    expect(await value('mock_op', 'rent_paid_eth', D0 + DAY)).toBe(0);
    expect(await value('mock_op', 'rent_paid_blobs_eth', D0 + DAY)).toBe(0);
    expect(await value('mock_op', 'blob_bytes_posted', D0 + DAY)).toBe(0);
    expect(await value('mock_op', 'profit_eth', D0 + DAY)).toBeCloseTo(0.0000432, 15);
    expect(await value('mock_op', 'profit_usd', D0 + DAY)).toBeCloseTo(0.108, 12);
    expect(report.settlement_ms).toBeGreaterThan(0);

    // A full rebuild gives the same facts.
    const KEYS = ['rent_paid_eth', 'rent_paid_usd', 'rent_paid_blobs_eth', 'rent_paid_blobs_usd', 'blob_bytes_posted', 'profit_eth', 'profit_usd'];
    const incremental = await Promise.all(KEYS.flatMap((k) => [D0, D0 + DAY].map((d) => value('mock_op', k, d))));
    await computeFacts(store, [l2, l1], new FixedClock(MOCK_NOW + 2 * HOUR), { definitions: DEFS, logger: silent, full: true });
    const full = await Promise.all(KEYS.flatMap((k) => [D0, D0 + DAY].map((d) => value('mock_op', k, d))));
    expect(full).toEqual(incremental);
  });

  it('a chain with its own gas token pays rent in ether: converted as ether, needing no token price', async () => {
    const l2 = makeChain('mock_mnt', { gas_token: 'mantle', settlement_chain: 'mock_l1', settlement_addresses: [POSTER as `0x${string}`] });
    await setUp(l2);
    await store.exec("DELETE FROM prices WHERE asset = 'mantle'");
    await computeFacts(store, [l2, makeChain('mock_l1', { family: 'ethereum', chain_type: 'l1' })], new FixedClock(MOCK_NOW), { definitions: DEFS, logger: silent });
    expect(await value('mock_mnt', 'rent_paid_eth', D0)).toBeCloseTo(0.001103216, 15);
    expect(await value('mock_mnt', 'rent_paid_usd', D0)).toBeCloseTo(2.206432, 12);
    // Its fees are in MNT without a price: unknown, so profit is unknown too (null), not rent alone.
    expect(await value('mock_mnt', 'fees_paid_usd', D0)).toBeNull();
    expect(await value('mock_mnt', 'profit_usd', D0)).toBeNull();
    expect((await store.priceStatus('mock_mnt')).map((s) => s.asset)).not.toContain('ethereum');
  });

  it('no rent and no profit without settlement addresses, or when the settlement chain is not among the chains', async () => {
    const bare = makeChain('mock_op', { settlement_chain: 'mock_l1' });
    await setUp(bare);
    await computeFacts(store, [bare, makeChain('mock_l1', { family: 'ethereum', chain_type: 'l1' })], new FixedClock(MOCK_NOW), { definitions: DEFS, logger: silent });
    expect(await value('mock_op', 'rent_paid_eth', D0)).toBeUndefined();
    expect(await value('mock_op', 'profit_eth', D0)).toBeUndefined();
    await store.close();

    const alone = makeChain('mock_op', { settlement_chain: 'mock_l1', settlement_addresses: [POSTER as `0x${string}`] });
    await setUp(alone);
    await computeFacts(store, [alone], new FixedClock(MOCK_NOW), { definitions: DEFS, logger: silent });
    expect(await value('mock_op', 'rent_paid_eth', D0)).toBeUndefined();
    expect(await value('mock_op', 'fees_paid_eth', D0)).toBeCloseTo(0.001242, 15);
  });
});
