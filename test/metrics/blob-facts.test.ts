// The data-availability layer's per-day blob facts (store/blobs.ts, metrics/blob-facts.ts) on both
// engines: per-sender blob bytes and the chain's blob fee (blob gas × blob gas price only), written
// by the facts stage for the layer's chain alone, kept when retention prunes the raw rows, and
// extended by an incremental run without touching the days already computed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { BLOB_GAS_KEY } from '../../src/metrics/blob-facts.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { chainSubject } from '../../src/store/facts.js';
import type { Store } from '../../src/store/store.js';
import { bothEngines } from '../helpers/both-engines.js';
import { addr, ChainWriter, GWEI, makeChain, type TxSpec } from './chain-fixture.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 4, 1);
const at = (day: number, hour: number) => (D0 + day * DAY_MS + hour * 3_600_000) / 1000;
const BLOB = 131_072n;
const [S1, S2, S3] = [addr(0x5a1), addr(0x5a2), addr(0x5a3)];
const blob = (from: string, blobs: bigint, priceWei: bigint): TxSpec => ({ from, to: addr(0xfeed), gasUsed: 21_000n, gasPrice: 9n * GWEI, blobGasUsed: blobs * BLOB, blobGasPrice: priceWei });

const OPEN = bothEngines();

describe.each(Object.keys(OPEN) as Array<keyof typeof OPEN>)('blob facts on %s', (engine) => {
  const ethereum = makeChain('ethereum', { chain_type: 'l1', settlement_chain: null });
  const alpha = makeChain('alpha');
  let store: Store;
  let eth: ChainWriter;
  const feeEth = async (days_until: number) =>
    (await store.readFacts({ subject: chainSubject('ethereum'), keys: ['da_blob_fee_eth'], days_until, hours_from: 0, hours_until: 0 })).map((f) => [f.period_ms, f.value]).sort((a, b) => a[0]! - b[0]!);

  beforeAll(async () => {
    store = await OPEN[engine]();
    eth = new ChainWriter(store, ethereum);
    await store.writePrices([0, 1, 2, 3].map((d) => ({ asset: 'ethereum', granularity: 'daily' as const, period_ms: D0 + d * DAY_MS, usd: 3000 })));
    await eth.write([
      { time: at(0, 1), txs: [blob(S1, 2n, 10n * GWEI), blob(S2, 1n, 10n * GWEI)] },
      { time: at(0, 5), txs: [blob(S1, 3n, 20n * GWEI), { from: S3, gasUsed: 21_000n }] },
      { time: at(1, 3), txs: [{ from: S3, gasUsed: 21_000n }] },
      { time: at(2, 0) },
    ]);
    // Another chain's blob transaction is not the layer's.
    await new ChainWriter(store, alpha).write([{ time: at(0, 2), txs: [blob(S1, 6n, GWEI)] }, { time: at(2, 0) }]);
    await computeFacts(store, [ethereum, alpha], new FixedClock(D0 + 2 * DAY_MS + 1_800_000), { logger: silent });
  });
  afterAll(async () => store?.close());

  it('per sender and day the blob bytes; per day the fee of the blob gas alone (0 on a day without blobs)', async () => {
    expect(await store.blobSenderDays('ethereum', BLOB_GAS_KEY, D0 + 2 * DAY_MS)).toEqual([
      { day_ms: D0, sender: S1, blob_gas: 5 * 131_072 },
      { day_ms: D0, sender: S2, blob_gas: 131_072 },
    ]);
    expect(await store.blobSenderDays('alpha', BLOB_GAS_KEY, D0 + 2 * DAY_MS)).toEqual([]);
    // 2 blobs at 10 gwei + 1 at 10 + 3 at 20 = (30 + 60) × 131,072 gwei.
    expect(await feeEth(D0 + 2 * DAY_MS)).toEqual([
      [D0, (90 * 131_072) / 1e9],
      [D0 + DAY_MS, 0],
    ]);
  });

  it('an incremental run adds the new day and keeps the earlier ones after retention pruned their raw rows', async () => {
    expect(await store.pruneRaw('ethereum', at(2, 0))).toBe(5);
    await eth.write([{ time: at(2, 6), txs: [blob(S3, 4n, 1n)] }, { time: at(3, 0) }]);
    await computeFacts(store, [ethereum, alpha], new FixedClock(D0 + 3 * DAY_MS + 1_800_000), { logger: silent });
    expect(await store.blobSenderDays('ethereum', BLOB_GAS_KEY, D0 + 3 * DAY_MS)).toEqual([
      { day_ms: D0, sender: S1, blob_gas: 5 * 131_072 },
      { day_ms: D0, sender: S2, blob_gas: 131_072 },
      { day_ms: D0 + 2 * DAY_MS, sender: S3, blob_gas: 4 * 131_072 },
    ]);
    // Before the bound only.
    expect(await store.blobSenderDays('ethereum', BLOB_GAS_KEY, D0 + 2 * DAY_MS)).toHaveLength(2);
    expect(await feeEth(D0 + 3 * DAY_MS)).toEqual([
      [D0, (90 * 131_072) / 1e9],
      [D0 + DAY_MS, 0],
      [D0 + 2 * DAY_MS, (4 * 131_072) / 1e18],
    ]);
  });
});
