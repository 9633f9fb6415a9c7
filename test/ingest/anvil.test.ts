// Ingestion against a real node: anvil, with native transfers, contract deployments and
// succeeding and failing contract calls over several simulated days. Expected figures come
// from anvil's own receipts, fetched by this test through viem, independently of the ingester.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createTestClient, createWalletClient, http, type Hash } from 'viem';
import { anvil } from 'viem/chains';
import { DAY_MS, FixedClock } from '../../src/clock.js';
import { Ingestor } from '../../src/ingest/ingestor.js';
import type { Chain } from '../../src/registry/types.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { storeDigest } from '../store/helpers/digest.js';
import { startAnvil, type AnvilNode } from './helpers/anvil.js';
import { dayAggregates } from './helpers/day-aggregates.js';
import { makeChain } from '../metrics/chain-fixture.js';

// Runtime: revert when the first calldata byte is 0xff, else SSTORE(0, 1) and stop.
//   PUSH1 0 CALLDATALOAD PUSH1 0xf8 SHR PUSH1 0xff EQ PUSH1 0x12 JUMPI
//   PUSH1 1 PUSH1 0 SSTORE STOP JUMPDEST PUSH1 0 PUSH1 0 REVERT
const RUNTIME = '60003560f81c60ff1460125760016000550' + '05b60006000fd';
// Init code: CODECOPY the 24-byte runtime (at offset 11) to memory and RETURN it.
const INIT = `0x601880600b6000396000f3${RUNTIME}` as const;

const DAY0 = Date.UTC(2024, 2, 1) / 1000; // 2024-03-01 00:00 UTC
const DAYS = 3;

let node: AnvilNode;
let sent: Hash[] = [];
let head = 0;

function chainConfig(url: string, originKey = 'anvil'): Chain {
  return makeChain(originKey, {
    name: 'Anvil',
    name_short: 'Anvil',
    evm_chain_id: 31337,
    family: 'ethereum',
    rpc_urls: [url],
    finality_lag: 4,
    flags: { fee_table: true, apps: true },
    chain_type: 'l1',
  });
}

beforeAll(async () => {
  node = await startAnvil({ noMining: true, genesisTimestamp: DAY0 - 3600 });
  const transport = http(node.url);
  const test = createTestClient({ chain: anvil, mode: 'anvil', transport });
  const pub = createPublicClient({ chain: anvil, transport });
  const accounts = await createWalletClient({ chain: anvil, transport }).getAddresses();
  const wallet = (i: number) => createWalletClient({ chain: anvil, transport, account: accounts[i] });

  const mineAt = async (ts: number) => {
    await test.setNextBlockTimestamp({ timestamp: BigInt(ts) });
    await test.mine({ blocks: 1 });
  };

  for (let d = 0; d < DAYS; d++) {
    const t = DAY0 + d * 86_400;
    // Block 1 of the day: transfers between accounts and a contract deployment.
    for (let i = 0; i < 3 + d; i++) {
      sent.push(await wallet(i % 4).sendTransaction({ to: accounts[(i + 1) % 5], value: BigInt(1e15 * (i + 1)), gas: 21_000n }));
    }
    const deploy = await wallet(4).sendTransaction({ data: INIT, gas: 200_000n });
    sent.push(deploy);
    await mineAt(t + 3_600);
    const contract = (await pub.getTransactionReceipt({ hash: deploy })).contractAddress!;
    // Block 2: succeeding and failing calls to it, and one more transfer.
    sent.push(await wallet(1).sendTransaction({ to: contract, data: '0x01', gas: 100_000n }));
    sent.push(await wallet(2).sendTransaction({ to: contract, data: '0xffaa', gas: 100_000n }));
    sent.push(await wallet(3).sendTransaction({ to: contract, data: '0xa9059cbb', gas: 100_000n }));
    sent.push(await wallet(0).sendTransaction({ to: accounts[4], value: 1n, gas: 21_000n }));
    await mineAt(t + 7_200 + d * 600);
    // An empty block late in the day.
    await mineAt(t + 80_000);
  }
  head = Number(await pub.getBlockNumber());
});

afterAll(async () => {
  await node?.stop();
});

async function expectedFromReceipts() {
  const pub = createPublicClient({ chain: anvil, transport: http(node.url) });
  const days = new Map<number, { txcount: number; senders: Set<string>; fees: bigint; failed: number; created: string[] }>();
  for (const hash of sent) {
    const r = await pub.getTransactionReceipt({ hash });
    const block = await pub.getBlock({ blockNumber: r.blockNumber });
    const day = Math.floor(Number(block.timestamp) / 86_400) * DAY_MS;
    const d = days.get(day) ?? { txcount: 0, senders: new Set<string>(), fees: 0n, failed: 0, created: [] };
    if (r.effectiveGasPrice > 0n) d.txcount++;
    d.senders.add(r.from.toLowerCase());
    d.fees += r.gasUsed * r.effectiveGasPrice;
    if (r.status === 'reverted') d.failed++;
    if (r.contractAddress) d.created.push(r.contractAddress.toLowerCase());
    days.set(day, d);
  }
  return days;
}

describe('ingesting a real node (anvil)', () => {
  it('stores per-day user tx counts, senders and fee sums equal to anvil receipts', async () => {
    const store = await DuckDbStore.open({ path: ':memory:' });
    const ing = new Ingestor({ store, chains: [chainConfig(node.url)], clock: new FixedClock(Date.UTC(2024, 2, 10)) });
    try {
      const res = await ing.syncOnce();
      expect(res.ok).toBe(true);
      expect(res.chains[0].last_block).toBe(head);
      const want = await expectedFromReceipts();
      expect(want.size).toBe(DAYS);
      const got = await dayAggregates(store, 'anvil');
      for (const [day, w] of want) {
        expect(got.get(day)).toEqual({ txcount: w.txcount, tx_all: w.txcount, distinct_senders: w.senders.size, fee_wei: w.fees });
        const [row] = await store.query(
          `SELECT count(*) FILTER (WHERE status = 0) AS failed, string_agg(created_contract, ',' ORDER BY created_contract) AS created,
                  count(*) FILTER (WHERE to_address IS NULL) AS creations
             FROM transactions WHERE block_time // 86400 * 86400000 = $1`,
          [day],
        );
        expect(Number(row.failed)).toBe(w.failed);
        expect(w.failed).toBe(1);
        expect(Number(row.creations)).toBe(w.created.length);
        expect(row.created).toBe(w.created.sort().join(','));
      }
      const [blocks] = await store.query('SELECT count(*) AS n FROM blocks');
      expect(Number(blocks.n)).toBe(head + 1);
    } finally {
      await ing.close();
      await store.close();
    }
  });

  it('per-transaction receipts give exactly the same rows as eth_getBlockReceipts', async () => {
    const a = await DuckDbStore.open({ path: ':memory:' });
    const b = await DuckDbStore.open({ path: ':memory:' });
    const clock = new FixedClock(Date.UTC(2024, 2, 10));
    const byBlock = new Ingestor({ store: a, chains: [chainConfig(node.url)], clock });
    const perTx = new Ingestor({ store: b, chains: [chainConfig(node.url)], clock, receiptsMode: 'per-tx' });
    try {
      expect((await byBlock.syncOnce()).ok).toBe(true);
      expect((await perTx.syncOnce()).ok).toBe(true);
      expect(perTx.progress()[0].receipts_mode).toBe('per-tx');
      const da = await storeDigest(a);
      expect(da.txs).toBe(sent.length);
      expect(await storeDigest(b)).toEqual(da);
    } finally {
      await Promise.all([byBlock.close(), perTx.close()]);
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('refuses the node when the configured chain id differs', async () => {
    const store = await DuckDbStore.open({ path: ':memory:' });
    const ing = new Ingestor({ store, chains: [{ ...chainConfig(node.url), evm_chain_id: 10 }], clock: new FixedClock(0) });
    try {
      const res = await ing.syncOnce();
      expect(res.chains[0].error).toBe(`chain anvil: RPC URL ${node.url} serves chain id 31337, expected 10; this URL is not used`);
    } finally {
      await ing.close();
      await store.close();
    }
  });
});
