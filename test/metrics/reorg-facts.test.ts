// A reorg that replaces blocks of a complete hour: the next facts run must publish the new
// fork's values for that hour, not keep the orphaned blocks' values until the chain passes the
// next hour boundary. Real ingestion, DuckDB and computeFacts against the devnet (its reorg
// replaces the last k blocks with the same timestamps) and anvil (a shorter fork).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, createWalletClient, http } from 'viem';
import { anvil } from 'viem/chains';
import { FixedClock, HOUR_MS } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { Ingestor } from '../../src/ingest/ingestor.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { chainSubject } from '../../src/store/facts.js';
import { startAnvil, type AnvilNode } from '../ingest/helpers/anvil.js';
import { makeChain } from './chain-fixture.js';

const K = 'base';
// Half a minute into the hour: hour 11 is complete, and a reorg of the last blocks reaches it.
const NOW = Date.UTC(2025, 2, 10, 12, 0, 30);
const HOUR_11 = NOW - (NOW % HOUR_MS) - HOUR_MS;
const clock = new FixedClock(NOW);
let devnet: Devnet;
let store: DuckDbStore;
let ingestor: Ingestor;

beforeAll(async () => {
  // Six hours of history before the live hour: hour 11 at the same density as before (20,000 a
  // day), a quarter of the transactions to ingest and compute.
  devnet = await startDevnet({ seed: 21, clock, historyDays: 0.25, txPerDay: 20_000, chains: [K], historyBlockInterval: 60 });
  store = await DuckDbStore.open({ path: ':memory:' });
  ingestor = new Ingestor({ store, chains: devnet.chainConfigs(), clock, logger: createLogger('silent') });
});

afterAll(async () => {
  await ingestor?.close();
  await store?.close();
  await devnet?.close();
});

async function hourlyTxcount(): Promise<number | null> {
  const rows = await store.readFacts({ subject: chainSubject(K), keys: ['txcount'], days_until: 0, hours_from: HOUR_11, hours_until: HOUR_11 + HOUR_MS });
  return rows.find((r) => r.granularity === 'hourly' && r.period_ms === HOUR_11)?.value ?? null;
}

/** User transactions of hour 11 as stored now (what txcount counts). */
async function storedUserTxs(): Promise<number> {
  const [r] = await store.query<{ n: bigint }>(
    'SELECT count(*) FILTER (WHERE is_user_tx) AS n FROM transactions WHERE origin_key = $1 AND block_time >= $2 AND block_time < $3',
    [K, HOUR_11 / 1000, HOUR_11 / 1000 + 3600],
  );
  return Number(r.n);
}

describe('facts after a reorg', () => {
  it('the next facts run gives the new fork\'s values for a complete hour the reorg changed', async () => {
    expect((await ingestor.syncOnce()).ok).toBe(true);
    await computeFacts(store, devnet.chainConfigs(), clock);
    const before = await hourlyTxcount();
    expect(before).toBe(await storedUserTxs());

    // Replace every block back to 11:40 (20 minutes of hour 11 and the live blocks of hour 12).
    const head = devnet.head(K);
    const depth = head - devnet.blockAt(K, HOUR_11 / 1000 + 40 * 60) + 1;
    devnet.reorg(K, depth);
    const sync = await ingestor.syncOnce();
    expect(sync.ok).toBe(true);
    expect(sync.chains[0].reorgs).toBe(1);
    const after = await storedUserTxs();
    expect(after).not.toBe(before);

    await computeFacts(store, devnet.chainConfigs(), clock);
    expect(await hourlyTxcount()).toBe(after);
  });
});

// A real node whose new fork is shorter than the old one (anvil: revert to a snapshot, then
// mine a different block): the stored head moves back into hour 10, which was complete and
// computed. Its facts must become the new fork's at the next run, not when the chain passes
// 11:00 again.
describe('facts after a reorg to a shorter fork (anvil)', () => {
  const T10 = Date.UTC(2024, 2, 1, 10) / 1000; // 10:00 UTC
  let node: AnvilNode;
  let anvilStore: DuckDbStore;
  let ing: Ingestor;
  const anvilClock = new FixedClock((T10 + 2 * 3600) * 1000);
  const chain = makeChain('anvil', { evm_chain_id: 31337, family: 'ethereum', rpc_urls: [], finality_lag: 8, chain_type: 'l1' });

  beforeAll(async () => {
    node = await startAnvil({ noMining: true, genesisTimestamp: T10 - 3600 });
    chain.rpc_urls = [node.url];
    anvilStore = await DuckDbStore.open({ path: ':memory:' });
    ing = new Ingestor({ store: anvilStore, chains: [chain], clock: anvilClock, logger: createLogger('silent') });
  });
  afterAll(async () => {
    await ing?.close();
    await anvilStore?.close();
    await node?.stop();
  });

  it('recomputes the hour the rollback reopened, with the new fork\'s transactions', async () => {
    const transport = http(node.url);
    const test = createTestClient({ chain: anvil, mode: 'anvil', transport });
    const accounts = await createWalletClient({ chain: anvil, transport }).getAddresses();
    const wallet = createWalletClient({ chain: anvil, transport, account: accounts[0] });
    const block = async (txs: number, at: number): Promise<void> => {
      for (let i = 0; i < txs; i++) await wallet.sendTransaction({ to: accounts[1], value: 1n, gas: 21_000n });
      await test.setNextBlockTimestamp({ timestamp: BigInt(at) });
      await test.mine({ blocks: 1 });
    };
    const hourTxcount = async (): Promise<number | null> => {
      const rows = await anvilStore.readFacts({ subject: chainSubject('anvil'), keys: ['txcount'], days_until: 0, hours_from: T10 * 1000, hours_until: (T10 + 3600) * 1000 });
      return rows.find((r) => r.granularity === 'hourly' && r.period_ms === T10 * 1000)?.value ?? null;
    };

    await block(2, T10 + 600); // 10:10, 2 transfers
    const snapshot = await test.snapshot();
    await block(3, T10 + 3000); // 10:50, 3 transfers (to be orphaned)
    await block(1, T10 + 3900); // 11:05: hour 10 is complete
    expect((await ing.syncOnce()).ok).toBe(true);
    await computeFacts(anvilStore, [chain], anvilClock);
    expect(await hourTxcount()).toBe(5);

    // The shorter fork: 10:10 as before, then one block at 10:55 with one transfer.
    await test.revert({ id: snapshot });
    await block(1, T10 + 3300);
    const sync = await ing.syncOnce();
    expect(sync.ok).toBe(true);
    expect(sync.chains[0].reorgs).toBe(1);
    await computeFacts(anvilStore, [chain], anvilClock);
    expect(await hourTxcount()).toBe(3);
  });
});
