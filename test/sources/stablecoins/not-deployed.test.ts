// A configured stablecoin with no code at the sampled block (issue 23, item 9), on a real node:
// anvil, where USDC is deployed on the first day and USDT only on the third. eth_call to an
// address without code answers `0x`; before, the sampler took that for a lying node, retried
// it every round, warned each time and never got past the first day. Through the service's own
// rounds: the days before USDT exists are recorded once as gaps (one log line, listed in
// /healthz data_gaps, null in stables_mcap, never 0), the endpoint is not blamed, and the days
// after are sampled and summed.
import type { DestinationStream } from 'pino';
import { createPublicClient, createTestClient, createWalletClient, http, type Hex } from 'viem';
import { anvil } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Service } from '../../../src/app/service.js';
import { DAY_MS, FixedClock } from '../../../src/clock.js';
import { createLogger } from '../../../src/log.js';
import type { AppConfig } from '../../../src/registry/app-config.js';
import { loadConfig } from '../../../src/registry/config.js';
import type { Chain } from '../../../src/registry/types.js';
import { STABLECOIN_SOURCE, TOKEN_SUPPLY_SOURCE } from '../../../src/sources/stablecoins/supply-sampler.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { startAnvil, type AnvilNode } from '../../ingest/helpers/anvil.js';
import { factValue, makeChain } from '../../metrics/chain-fixture.js';

const DAY0 = Date.UTC(2024, 2, 1) / 1000; // 2024-03-01 00:00 UTC
const DAYS = 4;
const day = (d: number) => (DAY0 + d * 86_400) * 1000;
const iso = (d: number) => new Date(day(d)).toISOString().slice(0, 10);

/** A contract whose every call returns `supply` as one 32-byte word (all totalSupply() needs). */
function constantSupply(supply: bigint): Hex {
  // Runtime: PUSH32 supply, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN (41 bytes).
  const runtime = `7f${supply.toString(16).padStart(64, '0')}60005260206000f3`;
  // Init: CODECOPY the runtime (at offset 11) to memory and RETURN it.
  return `0x602980600b6000396000f3${runtime}`;
}

const USDC_SUPPLY = 1_000_000n * 10n ** 6n;
const USDT_SUPPLY = 2_500_000n * 10n ** 6n;

let node: AnvilNode;
let usdc: Hex;
let usdt: Hex;
/** The last block of each day, from anvil. */
const lastBlocks: number[] = [];

beforeAll(async () => {
  node = await startAnvil({ noMining: true, genesisTimestamp: DAY0 + 60 });
  const transport = http(node.url);
  const test = createTestClient({ chain: anvil, mode: 'anvil', transport });
  const pub = createPublicClient({ chain: anvil, transport, cacheTime: 0 }); // block numbers read right after mining
  const [from] = await createWalletClient({ chain: anvil, transport }).getAddresses();
  const wallet = createWalletClient({ chain: anvil, transport, account: from! });
  const mineAt = async (ts: number) => {
    await test.setNextBlockTimestamp({ timestamp: BigInt(ts) });
    await test.mine({ blocks: 1 });
    return Number(await pub.getBlockNumber());
  };
  const deploy = async (supply: bigint, ts: number) => {
    const hash = await wallet.sendTransaction({ data: constantSupply(supply), gas: 200_000n });
    await mineAt(ts);
    return (await pub.getTransactionReceipt({ hash })).contractAddress!;
  };
  for (let d = 0; d < DAYS; d++) {
    const t = DAY0 + d * 86_400;
    if (d === 0) usdc = await deploy(USDC_SUPPLY, t + 3_600);
    if (d === 2) usdt = await deploy(USDT_SUPPLY, t + 3_600);
    await wallet.sendTransaction({ to: from!, value: 1n, gas: 21_000n });
    lastBlocks.push(await mineAt(t + 80_000));
  }
  await mineAt(DAY0 + DAYS * 86_400 + 600); // the last day is complete once a later block exists
});

afterAll(async () => {
  await node?.stop();
});

/** The service's rounds over the anvil chain with these contracts, its log lines captured. */
async function withService(over: Partial<Chain>, run: (s: { service: Service; store: DuckDbStore; lines: Array<Record<string, unknown>> }) => Promise<void>): Promise<void> {
  const lines: Array<Record<string, unknown>> = [];
  const capture: DestinationStream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  const clock = new FixedClock(day(DAYS) + 2 * 3_600_000);
  const defaults = loadConfig(null, {});
  const chain = makeChain('anvil', { evm_chain_id: node.chainId, family: 'ethereum', chain_type: 'l1', rpc_urls: [node.url], finality_lag: 2, ...over });
  const config: AppConfig = { ...defaults, chains: [chain], prices: { ...defaults.prices, coingecko_url: null, coingecko_api_key: null } };
  const store = await DuckDbStore.open({ path: ':memory:' });
  const service = new Service({ config, store, clock, logger: createLogger('info', capture) });
  try {
    await run({ service, store, lines });
    // `0x` is an answer, not a fault: the node was never avoided.
    expect(lines.filter((l) => l.msg === 'RPC endpoint failing; avoided for a while')).toEqual([]);
  } finally {
    await service.close();
    await store.close();
  }
}

const coin = (symbol: string, address: Hex) => ({ symbol, address: address.toLowerCase() as Hex, decimals: 6, peg: 'usd' as const });

describe('a stablecoin without code at the sampled block (anvil)', () => {
  it('days before its deployment are gaps, decided once, logged once, in data_gaps; later days are sampled', async () => {
    await withService({ stablecoins: [coin('USDC', usdc), coin('USDT', usdt)] }, async ({ service, store, lines }) => {
      const first = await service.round();
      expect(first.ingested_ok).toBe(true);

      // Every day was decided in the first round: USDC read on all, USDT from its deployment on.
      const samples = await store.readSupplySamples('anvil');
      const sampled = (address: string) => samples.filter((s) => s.address === address.toLowerCase()).map((s) => [s.day_ms, s.block_number, s.supply]);
      expect(sampled(usdc)).toEqual([0, 1, 2, 3].map((d) => [day(d), lastBlocks[d], 1_000_000]));
      expect(sampled(usdt)).toEqual([2, 3].map((d) => [day(d), lastBlocks[d], 2_500_000]));
      const gaps = await store.readSampleGaps(['anvil']);
      expect(gaps).toEqual(
        [0, 1].map((d) => ({ origin_key: 'anvil', source: STABLECOIN_SOURCE, day_ms: day(d), reason: `USDT ${usdt.toLowerCase()} has no code at block ${lastBlocks[d]}: not deployed at that day` })),
      );

      // /healthz lists the gap.
      expect(service.health().chains[0]!.data_gaps).toEqual([{ metric: 'stables_mcap', days: 2, first_day: iso(0), last_day: iso(1), reason: gaps[0]!.reason }]);
      // The days without USDT are null, never 0 (a coin missing would make the sum short); the others sum both.
      for (const d of [0, 1]) expect(await factValue(store, 'anvil', 'stables_mcap', 'daily', day(d))).toBeUndefined();
      for (const d of [2, 3]) expect(await factValue(store, 'anvil', 'stables_mcap', 'daily', day(d))).toBe(3_500_000);

      // A second round asks nothing again and logs nothing new.
      await service.round();
      expect(await store.readSampleGaps(['anvil'])).toEqual(gaps);
      const stablecoinLines = lines.filter((l) => l.stage === 'stablecoins');
      expect(stablecoinLines).toHaveLength(1);
      expect(stablecoinLines[0]).toMatchObject({ level: 40, origin_key: 'anvil', source: STABLECOIN_SOURCE, days: 2, first: iso(0), last: iso(1), reason: gaps[0]!.reason });
      expect(stablecoinLines[0]!.msg).toMatch(/no totalSupply\(\) at these days \(no code there: not deployed yet/);
    });
  });

  it('a chain token contract without code: its days are fdv gaps (total_supply used), stables_mcap keeps every day', async () => {
    const nowhere = '0x00000000000000000000000000000000000f0d00';
    const token = { market_data_id: 'anvil-token', total_supply: 1e9, address: nowhere as Hex, decimals: 18 };
    await withService({ stablecoins: [coin('USDC', usdc)], token }, async ({ service, store, lines }) => {
      await service.round();
      const gaps = await store.readSampleGaps(['anvil']);
      expect(gaps.map((g) => [g.source, g.day_ms])).toEqual([0, 1, 2, 3].map((d) => [TOKEN_SUPPLY_SOURCE, day(d)]));
      expect(gaps[0]!.reason).toBe(`anvil-token ${nowhere} has no code at block ${lastBlocks[0]}: not deployed at that day; fdv uses total_supply`);
      expect(service.health().chains[0]!.data_gaps).toEqual([{ metric: 'fdv', days: 4, first_day: iso(0), last_day: iso(3), reason: gaps[0]!.reason }]);
      for (const d of [0, 1, 2, 3]) expect(await factValue(store, 'anvil', 'stables_mcap', 'daily', day(d))).toBe(1_000_000);
      await service.round();
      expect(lines.filter((l) => l.stage === 'stablecoins')).toHaveLength(1);
    });
  });
});
