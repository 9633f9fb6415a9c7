// The devnet: simulated EVM chains speaking real JSON-RPC over loopback HTTP, plus a
// CoinGecko-shaped price feed, for the demo and the integration tests (DESIGN.md "The devnet").
import { systemClock, type Clock } from '../clock.js';
import { builtinChain } from '../registry/builtin-chains.js';
import type { Chain, ChainFamily } from '../registry/types.js';
import type { Sleep } from '../timers.js';
import { DEVNET_LABELS, type DevnetLabel } from './app-labels.js';
import { AppGroundTruth, type AppHourTruth, type AppTruth, type ContractDayTruth } from './app-truth.js';
import { ChainSim, type BlockspaceTruth, type DayTruth, type FeeTxTruth } from './chain-sim.js';
import { chainSpec, DEVNET_CHAIN_SPECS, DEVNET_ORIGIN_KEYS, SIMULATED_NOTE, type DevnetChainSpec } from './chains.js';
import type { FaultOptions, FaultStats } from './faults.js';
import { batcherAddress, Population } from './identities.js';
import { PriceServer } from './price-server.js';
import { isDevnetAsset } from './prices.js';
import { RpcServer } from './rpc-server.js';
import { l1BaseFeeModel } from './traffic.js';

export { DEVNET_APPS, devnetStablecoins, type DevnetApp, type DevnetAppContract, type DevnetStablecoin } from './apps.js';
export { DEVNET_CHAIN_SPECS, DEVNET_ORIGIN_KEYS, SIMULATED_NOTE, type DevnetChainSpec } from './chains.js';
export { FAULT_KINDS, type FaultKind, type FaultOptions, type FaultStats } from './faults.js';
export { batcherAddress } from './identities.js';
export { DEVNET_APP_CASES, DEVNET_EXTRA_PROJECTS, DEVNET_LABELS, ownerResolver, type DevnetExtraProject, type DevnetLabel } from './app-labels.js';
export { devnetOssProjects, devnetOverlay, type OssProject, type OverlayEntry } from './app-directory.js';
export { devnetLabelsCsv, OLI_CSV_COLUMNS, writeDevnetAppFiles, type DevnetAppFiles } from './app-files.js';
export { isAppTx, type AppHourTruth, type AppStats, type AppTruth, type ContractDayTruth } from './app-truth.js';
export { DEVNET_PRICE_ASSETS, devnetMarketChart, devnetMarketPoint, devnetPrice, type MarketPoint } from './prices.js';
export { devnetAppRevenue, devnetTvl, EXTERNAL_HISTORY_DAYS } from './external-series.js';
export type { BlockspaceTruth, DayTruth, FeeTxTruth } from './chain-sim.js';

export interface DevnetOptions {
  /** Default 1. */
  seed?: number;
  /** Default systemClock; "now" = clock.now(). */
  clock?: Clock;
  /** Days of history before liveSince; default 120. */
  historyDays?: number;
  /**
   * Unix seconds where sparse history ends and live blocks start. Default: clock.now() rounded
   * down to the hour at start. Persist it to serve the same chain after a restart.
   */
  liveSince?: number;
  /** Seconds between history blocks; default 300. */
  historyBlockInterval?: number;
  /** Mean user transactions per day per chain at the end of history, before per-chain scale; default 2000. */
  txPerDay?: number;
  /** Subset of origin_keys; default all. */
  chains?: string[];
  /** Default '127.0.0.1'; every server listens on an ephemeral port. */
  host?: string;
  /**
   * How a 'timeout' fault holds its connection before dropping it (setFaults' timeoutMs).
   * Default: a timer; tests pass one that records the delay and fires when they say.
   */
  sleep?: Sleep;
}

export interface DevnetChainInfo {
  origin_key: string;
  name: string;
  evm_chain_id: number;
  family: ChainFamily;
  /** Price-source asset id: 'ethereum' or the custom token's id. */
  gas_token: string;
  symbol: string;
  /** JSON-RPC URL. */
  url: string;
  /** Live block time. */
  block_time_s: number;
  /** Unix s of block 0. */
  genesis_time: number;
}

export interface Devnet {
  chains: DevnetChainInfo[];
  /** Base URL of the CoinGecko-shaped price API. */
  priceUrl: string;
  /** The options actually in effect (liveSince resolved), to restart the same chains. */
  seed: number;
  liveSince: number;
  /** Registry entries pointing at the servers. */
  /** The devnet's URLs are plain loopback URLs (no secrets, no names). */
  chainConfigs(): Array<Chain & { rpc_urls: string[] }>;
  /** Current head block number (from the clock). */
  head(origin_key: string): number;
  /** Last block with timestamp <= unixS (-1 before genesis). */
  blockAt(origin_key: string, unixS: number): number;
  /** Unix seconds of block n. */
  blockTime(origin_key: string, n: number): number;
  /** Counts of one UTC day (blocks up to the current head), from the generator itself. */
  groundTruth(origin_key: string, dayMs: number): DayTruth;
  /** User transactions of one chain and UTC day by blockspace use: native transfers, deployments, calls per address. */
  blockspaceGroundTruth(origin_key: string, dayMs: number): BlockspaceTruth;
  /** txcount and fees (gas-token wei) of the blocks in [fromMs, untilMs), within one UTC day. */
  partOfDayGroundTruth(origin_key: string, fromMs: number, untilMs: number): { txcount: number; fee_wei: bigint };
  /** Every transaction of the blocks in [fromMs, untilMs) as the fee metrics read it (fees, user flag, kind, gas). */
  feeTxsGroundTruth(origin_key: string, fromMs: number, untilMs: number): FeeTxTruth[];
  /** Distinct senders over the UTC days [fromDay, toDay], inclusive. */
  distinctSendersGroundTruth(origin_key: string, fromDay: number, toDay: number): number;
  /** The distinct senders themselves over the UTC days [fromDay, toDay], inclusive (lower-case addresses). */
  sendersGroundTruth(origin_key: string, fromDay: number, toDay: number): Set<string>;
  /**
   * What an L2 paid the devnet L1 on one UTC day (METRICS.md rent_paid): the fees, blob fees
   * included, of the L1 transactions its batcher sent, from the generator.
   */
  rentGroundTruth(l2: string, dayMs: number): { txs: number; blob_txs: number; fee_wei: bigint; blob_fee_wei: bigint; blob_gas: bigint };
  /**
   * What an L2's batcher posted to the devnet L1's blobs on one UTC day (CONTRACT.md 11.2): blob
   * gas (bytes) and blob fees alone, from the generator. Every L2 of the devnet posts, whether
   * or not it runs.
   */
  blobGroundTruth(l2: string, dayMs: number): { blob_gas: number; blob_fee_wei: bigint };
  /**
   * Application metrics (METRICS.md 4) of one project over the UTC days [dayMs, toDayMs]
   * (default: one day) on every running chain, from the generator; contracts assigned by
   * `labels` (default DEVNET_LABELS, the label file) with the cross-chain fallback.
   */
  appGroundTruth(owner_project: string, dayMs: number, toDayMs?: number, labels?: readonly DevnetLabel[]): AppTruth;
  /** Application metrics of one project within one UTC hour (unix ms hour start), per chain, as appGroundTruth. */
  appHourGroundTruth(owner_project: string, hourMs: number, labels?: readonly DevnetLabel[]): AppHourTruth;
  /** Application metrics of one contract (any `to` address) on one chain and UTC day; zeros when not called. */
  contractGroundTruth(origin_key: string, address: string, dayMs: number): ContractDayTruth;
  /** Every contract called on one chain and UTC day, busiest first. */
  contractsGroundTruth(origin_key: string, dayMs: number): ContractDayTruth[];
  /** Faults per chain ('*' = every chain, 'prices' = the price feed); rate 0 turns them off. */
  setFaults(origin_key: string | '*', f: FaultOptions): void;
  /** Requests seen and faults injected so far. */
  faultStats(origin_key: string): FaultStats;
  /** false → eth_getBlockReceipts answers -32601. */
  setBlockReceipts(origin_key: string, supported: boolean): void;
  /**
   * Ground truth of stables_mcap: Σ totalSupply() ÷ 10^decimals of the chain's stablecoins at
   * the last block of a UTC day (what eth_call answers there), in whole tokens (1 USD each).
   */
  stablecoinsGroundTruth(origin_key: string, dayMs: number): { block: number; usd: number };
  /**
   * eth_call reads state only `blocks` behind the head (a node without archive state: older
   * blocks answer -32000 "missing trie node"); null: every block (an archive node, the default).
   */
  setStateHistory(origin_key: string, blocks: number | null): void;
  /** Replace the last `depth` blocks (up to the current head) with a different fork. */
  reorg(origin_key: string, depth: number): void;
  close(): Promise<void>;
}

interface ResolvedOptions {
  seed: number;
  clock: Clock;
  historyDays: number;
  liveSince: number;
  historyBlockInterval: number;
  txPerDay: number;
  specs: DevnetChainSpec[];
  host: string;
  sleep: Sleep | undefined;
}

function resolveOptions(opts: DevnetOptions): ResolvedOptions {
  const clock = opts.clock ?? systemClock;
  const seed = opts.seed ?? 1;
  if (!Number.isSafeInteger(seed)) throw new Error(`devnet: seed must be an integer, got ${seed}`);
  const historyDays = opts.historyDays ?? 120;
  if (!(typeof historyDays === 'number' && historyDays >= 0 && historyDays <= 3650)) throw new Error(`devnet: historyDays must be a number in [0, 3650], got ${historyDays}`);
  const historyBlockInterval = opts.historyBlockInterval ?? 300;
  if (!(Number.isInteger(historyBlockInterval) && historyBlockInterval >= 1)) {
    throw new Error(`devnet: historyBlockInterval must be a positive integer (seconds), got ${historyBlockInterval}`);
  }
  const txPerDay = opts.txPerDay ?? 2000;
  if (!(typeof txPerDay === 'number' && txPerDay >= 0 && Number.isFinite(txPerDay))) throw new Error(`devnet: txPerDay must be a non-negative number, got ${txPerDay}`);
  const nowS = Math.floor(clock.now() / 1000);
  const liveSince = opts.liveSince ?? Math.floor(nowS / 3600) * 3600;
  if (!Number.isSafeInteger(liveSince)) throw new Error(`devnet: liveSince must be unix seconds (an integer), got ${liveSince}`);
  if (liveSince > nowS) throw new Error(`devnet: liveSince ${liveSince} is after the clock's now (${nowS}); it must be a past unix second`);
  const keys = opts.chains ?? [...DEVNET_ORIGIN_KEYS];
  if (keys.length === 0) throw new Error('devnet: chains must name at least one chain');
  const specs = keys.map((k) => {
    const spec = DEVNET_CHAIN_SPECS.find((c) => c.origin_key === k);
    if (!spec) throw new Error(`devnet: unknown chain ${JSON.stringify(k)} in options.chains (devnet chains: ${DEVNET_ORIGIN_KEYS.join(', ')})`);
    return spec;
  });
  if (new Set(keys).size !== keys.length) throw new Error(`devnet: options.chains lists a chain twice: ${keys.join(', ')}`);
  return { seed, clock, historyDays, liveSince, historyBlockInterval, txPerDay, specs, host: opts.host ?? '127.0.0.1', sleep: opts.sleep };
}

function isoDate(unixS: number): string {
  return new Date(unixS * 1000).toISOString().slice(0, 10);
}

/** The built-in chain a devnet chain imitates: its names, colours, links and the rest of master.json. */
function imitated(spec: DevnetChainSpec): Chain {
  const base = builtinChain(spec.origin_key);
  if (!base) throw new Error(`devnet: ${spec.origin_key} is not a built-in chain (src/registry/builtin-chains.ts)`);
  return base;
}

/**
 * The registry entry of a devnet chain: the built-in chain's facts, with everything that
 * decides what is ingested (chain id, family, gas token, start, stablecoins, batch poster) taken
 * from the simulation, and a description that says first that the data is simulated.
 */
function chainConfig(spec: DevnetChainSpec, sim: ChainSim, url: string): Chain & { rpc_urls: string[] } {
  const base = imitated(spec);
  return {
    ...base,
    evm_chain_id: spec.evm_chain_id,
    family: spec.family,
    gas_token: spec.gas_token,
    symbol: spec.symbol,
    rpc_urls: [url],
    start: { block: 0 },
    finality_lag: spec.finality_lag,
    flags: { fee_table: true, apps: true },
    launch_date: isoDate(sim.timeline.genesis),
    // The imitated chain's real events would label simulated data: the devnet carries its own.
    events: [
      {
        date: isoDate(sim.timeline.genesis),
        type: 'launch',
        title: 'Simulated history starts',
        short_title: 'Genesis',
        description: "The devnet generates this chain's blocks from this day on; every figure is simulated.",
        source: '',
      },
    ],
    stablecoins: sim.stablecoins.map((c) => ({ symbol: c.symbol, address: c.address, decimals: c.decimals, peg: 'usd' as const })),
    settlement_addresses: spec.batch_interval_s === null ? [] : [batcherAddress(spec.origin_key)],
    // The feed serves market data for ETH and MNT only (prices.ts): other chains have no token here.
    token: base.token && isDevnetAsset(base.token.market_data_id) ? base.token : null,
    description: `${SIMULATED_NOTE} ${base.description}`.trim(),
  };
}

export async function startDevnet(opts: DevnetOptions = {}): Promise<Devnet> {
  const o = resolveOptions(opts);
  const population = new Population(o.seed);
  const l1BaseFee = l1BaseFeeModel(o.seed, o.txPerDay, o.liveSince);
  const servers = new Map<string, RpcServer>();
  const prices = new PriceServer(o.seed, o.clock, o.specs.flatMap((s) => imitated(s).defillama ?? []), o.sleep);
  const started: Array<{ close(): Promise<void> }> = [];
  let chains: DevnetChainInfo[];
  let priceUrl: string;
  try {
    for (const spec of o.specs) {
      const sim = new ChainSim(spec, {
        seed: o.seed,
        clock: o.clock,
        liveSince: o.liveSince,
        historyDays: o.historyDays,
        historyBlockInterval: o.historyBlockInterval,
        txPerDay: o.txPerDay,
        population,
        l1BaseFee,
      });
      const server = new RpcServer(sim, o.seed, o.sleep);
      await server.listen(o.host);
      started.push(server);
      servers.set(spec.origin_key, server);
    }
    priceUrl = await prices.listen(o.host);
    started.push(prices);
    chains = o.specs.map((spec) => {
      const s = servers.get(spec.origin_key) as RpcServer;
      return {
        origin_key: spec.origin_key,
        name: imitated(spec).name,
        evm_chain_id: spec.evm_chain_id,
        family: spec.family,
        gas_token: spec.gas_token,
        symbol: spec.symbol,
        url: s.url,
        block_time_s: spec.block_time_s,
        genesis_time: s.sim.timeline.genesis,
      };
    });
  } catch (err) {
    await Promise.all(started.map((s) => s.close()));
    throw err;
  }

  const server = (origin_key: string): RpcServer => {
    const s = servers.get(origin_key);
    if (!s) throw new Error(`devnet: no chain ${JSON.stringify(origin_key)} (running: ${[...servers.keys()].join(', ')})`);
    return s;
  };
  let closed: Promise<void> | null = null;
  const apps = new AppGroundTruth(new Map([...servers].map(([k, s]) => [k, s.sim])));

  return {
    chains,
    priceUrl,
    seed: o.seed,
    liveSince: o.liveSince,
    chainConfigs: () => o.specs.map((spec) => chainConfig(spec, server(spec.origin_key).sim, server(spec.origin_key).url)),
    head: (k) => server(k).sim.head(),
    blockAt: (k, unixS) => server(k).sim.timeline.blockAt(unixS),
    blockTime: (k, n) => server(k).sim.timeline.timestamp(n),
    groundTruth: (k, dayMs) => server(k).sim.groundTruth(dayMs),
    blockspaceGroundTruth: (k, dayMs) => server(k).sim.blockspaceTruth(dayMs),
    partOfDayGroundTruth: (k, fromMs, untilMs) => server(k).sim.partOfDayTruth(fromMs, untilMs),
    feeTxsGroundTruth: (k, fromMs, untilMs) => server(k).sim.feeTxs(fromMs, untilMs),
    distinctSendersGroundTruth: (k, fromDay, toDay) => server(k).sim.distinctSenders(fromDay, toDay),
    sendersGroundTruth: (k, fromDay, toDay) => server(k).sim.senders(fromDay, toDay),
    rentGroundTruth: (l2, dayMs) => {
      if (chainSpec(l2).batch_interval_s === null) throw new Error(`devnet: ${l2} posts no batches (it is the L1)`);
      return server('ethereum').sim.feesSentBy(batcherAddress(l2), dayMs);
    },
    blobGroundTruth: (l2, dayMs) => {
      if (chainSpec(l2).batch_interval_s === null) throw new Error(`devnet: ${l2} posts no batches (it is the L1)`);
      return server('ethereum').sim.blobsSentBy(batcherAddress(l2), dayMs);
    },
    appGroundTruth: (owner, dayMs, toDayMs, labels) => apps.app(owner, dayMs, toDayMs ?? dayMs, labels ?? DEVNET_LABELS),
    appHourGroundTruth: (owner, hourMs, labels) => apps.appHour(owner, hourMs, labels ?? DEVNET_LABELS),
    contractGroundTruth: (k, address, dayMs) => apps.contractDay(k, address, dayMs),
    contractsGroundTruth: (k, dayMs) => apps.contractsDay(k, dayMs),
    setFaults: (k, f) => {
      if (k === 'prices') prices.faults.set(f, k);
      else if (k === '*') for (const [key, s] of servers) s.faults.set(f, key);
      else server(k).faults.set(f, k);
    },
    faultStats: (k) => ({ ...(k === 'prices' ? prices.faults.stats : server(k).faults.stats) }),
    setBlockReceipts: (k, supported) => {
      server(k).sim.blockReceipts = supported;
    },
    stablecoinsGroundTruth: (k, dayMs) => {
      const sim = server(k).sim;
      const block = sim.dayRange(dayMs)[1];
      let usd = 0;
      for (const c of sim.stablecoins) {
        const raw = sim.stablecoinSupply(c.address, block) as bigint;
        const scale = 10n ** BigInt(c.decimals);
        usd += Number(raw / scale) + Number(raw % scale) / Number(scale);
      }
      return { block, usd };
    },
    setStateHistory: (k, blocks) => {
      if (blocks !== null && !(Number.isInteger(blocks) && blocks >= 0)) throw new Error(`devnet: state history must be a whole number of blocks or null, got ${blocks}`);
      server(k).sim.stateHistoryBlocks = blocks;
    },
    reorg: (k, depth) => server(k).sim.reorg(depth),
    close: () => (closed ??= Promise.all(started.map((s) => s.close())).then(() => undefined)),
  };
}
