// Public facts about well-known EVM chains, so an operator only has to add RPC URLs.
// Nothing here reaches the network: no public RPC URLs are baked in (rpc_urls is always
// empty), and a chain is only ingested when the configuration file lists it.
//
// Choices (docs/configuration.md explains them to operators):
// - launch_date: the day the public mainnet opened.
// - start: where ingestion begins when the config file gives no `start`: the launch date,
//   i.e. the whole history (Celo: its L2 migration, the first block in the `op` family format).
// - finality_lag: about five minutes of blocks, at most 300 (Ethereum: 64 blocks = two epochs,
//   when a block becomes final). Blocks that close to the head are re-checked for reorgs.
// - stablecoins, settlement_addresses (the batch posters' and proposers' addresses on Ethereum)
//   and token (market-data id): from the sourced data files builtin-stablecoins.ts,
//   builtin-settlement-addresses.ts and builtin-tokens.ts, each address with where it is
//   published (test/registry/builtin-chains.test.ts). Posters rotate: an operator's
//   settlement_addresses replace the built-in list.
// - bucket: the contract's stack groups (Layer 1, OP Stack, Arbitrum Orbit, ZK Stack, Other).
// - chain_type (CONTRACT.md 11.6): l1 for ethereum; rollup for a chain whose profile's da_layer
//   is Ethereum blobs or calldata, others for the rest (EigenDA, AnyTrust DAC), the rule
//   layer2ChainType applies to chains that are not built in (chain-type.ts).
// - what master.json says beyond these facts (description, links, stack…): builtin-chain-profiles.ts.
import { BUILTIN_PROFILES, blankProfile, type ChainProfile } from './builtin-chain-profiles.js';
import { builtinSettlementSenders } from './builtin-settlement-addresses.js';
import { BUILTIN_STABLECOINS } from './builtin-stablecoins.js';
import { BUILTIN_TOKENS } from './builtin-tokens.js';
import type { Chain, ChainEvent, ChainToken } from './types.js';

/** The price-source id of ether, the gas token of ETH-gas chains. */
export const ETH_GAS_TOKEN = 'ethereum';

/** Where an L2 settles unless its entry says otherwise. */
export const DEFAULT_SETTLEMENT_CHAIN = 'ethereum';

type Facts = Omit<Chain, keyof ChainProfile | 'rpc_urls' | 'flags' | 'events' | 'stablecoins' | 'settlement_addresses' | 'settlement_chain' | 'token' | 'defillama' | 'start' | 'gas_token' | 'symbol' | 'colors' | 'archived_date'> & {
  colors: { light: string[]; dark: string[]; darkTextOnBackground?: boolean };
  start?: Chain['start'];
  gas_token?: string;
  symbol?: string;
  flags?: Partial<Chain['flags']>;
  events?: ChainEvent[];
};

function tokenOf(originKey: string): ChainToken | null {
  const t = BUILTIN_TOKENS[originKey];
  if (!t) return null;
  const { source: _, ...token } = t;
  return token;
}

function chain(f: Facts): Chain {
  return {
    ...(BUILTIN_PROFILES[f.origin_key] ?? blankProfile()),
    origin_key: f.origin_key,
    name: f.name,
    name_short: f.name_short,
    evm_chain_id: f.evm_chain_id,
    family: f.family,
    gas_token: f.gas_token ?? 'ethereum',
    symbol: f.symbol ?? 'ETH',
    rpc_urls: [],
    start: f.start ?? { date: f.launch_date as string },
    finality_lag: f.finality_lag,
    flags: { fee_table: true, apps: true, ...f.flags },
    chain_type: f.chain_type,
    bucket: f.bucket,
    colors: { light: f.colors.light, dark: f.colors.dark, darkTextOnBackground: f.colors.darkTextOnBackground ?? false },
    launch_date: f.launch_date,
    // Every built-in chain runs; an operator archives one with archived_date in its entry.
    archived_date: null,
    website: f.website,
    block_explorers: f.block_explorers,
    events: f.events ?? [],
    // The sourced data files, without their sources (a resolved chain carries the facts only).
    stablecoins: (BUILTIN_STABLECOINS[f.origin_key] ?? []).map(({ source: _, ...coin }) => coin),
    settlement_addresses: builtinSettlementSenders(f.origin_key),
    settlement_chain: f.chain_type === 'l1' ? null : DEFAULT_SETTLEMENT_CHAIN,
    token: tokenOf(f.origin_key),
    defillama: DEFILLAMA_NAMES[f.origin_key] ?? null,
  };
}

/** The built-in chains' names in DefiLlama's per-chain endpoints (tvl, app_revenue). */
const DEFILLAMA_NAMES: Record<string, string> = {
  ethereum: 'Ethereum',
  optimism: 'OP Mainnet',
  base: 'Base',
  arbitrum: 'Arbitrum',
  arbitrum_nova: 'Arbitrum Nova',
  zksync_era: 'zkSync Era',
  scroll: 'Scroll',
  linea: 'Linea',
  polygon_zkevm: 'Polygon zkEVM',
  mantle: 'Mantle',
  taiko: 'Taiko',
  blast: 'Blast',
  zora: 'Zora',
  mode: 'Mode',
  unichain: 'Unichain',
};

const OP_CHAINS = 'OP Stack';
const ARBITRUM_CHAINS = 'Arbitrum Orbit';
const OTHERS = 'Other';

export const BUILTIN_CHAINS: readonly Chain[] = Object.freeze([
  chain({
    origin_key: 'ethereum',
    name: 'Ethereum Mainnet',
    name_short: 'Ethereum',
    evm_chain_id: 1,
    family: 'ethereum',
    finality_lag: 64,
    chain_type: 'l1',
    bucket: 'Layer 1',
    colors: { light: ['#627EEA', '#454A75'], dark: ['#8FA4F0', '#C0CBF6'] },
    launch_date: '2015-07-30',
    website: 'https://ethereum.org',
    block_explorers: { Etherscan: 'https://etherscan.io', Blockscout: 'https://eth.blockscout.com' },
    events: [
      {
        date: '2022-09-15',
        type: 'major_upgrade',
        title: 'The Merge',
        short_title: 'The Merge',
        description: 'Ethereum moved from proof of work to proof of stake; block times became a steady 12 seconds.',
        source: 'https://blog.ethereum.org/2022/08/24/mainnet-merge-announcement',
      },
      {
        date: '2024-03-13',
        type: 'major_upgrade',
        title: 'Dencun Upgrade (EIP-4844 blobs)',
        short_title: 'Dencun',
        description: 'Blob transactions gave rollups a cheaper place to post data, cutting L2 fees sharply.',
        source: 'https://blog.ethereum.org/2024/02/27/dencun-mainnet-announcement',
      },
    ],
  }),
  chain({
    origin_key: 'optimism',
    name: 'OP Mainnet',
    name_short: 'OP Mainnet',
    evm_chain_id: 10,
    family: 'op',
    finality_lag: 150,
    chain_type: 'rollup',
    bucket: OP_CHAINS,
    colors: { light: ['#FF0420', '#C0031A'], dark: ['#FF5A6E', '#FF8A98'] },
    launch_date: '2021-12-16',
    website: 'https://optimism.io',
    block_explorers: { Etherscan: 'https://optimistic.etherscan.io', Blockscout: 'https://optimism.blockscout.com' },
    events: [
      {
        date: '2023-06-06',
        type: 'major_upgrade',
        title: 'Bedrock Upgrade',
        short_title: 'Bedrock',
        description: 'A rewrite of the rollup on the modular OP Stack: cheaper L1 data, two-second blocks and faster deposits.',
        source: 'https://gov.optimism.io/t/final-upgrade-1-bedrock-protocol-upgrade-v2/5548',
      },
    ],
  }),
  chain({
    origin_key: 'base',
    name: 'Base',
    name_short: 'Base',
    evm_chain_id: 8453,
    family: 'op',
    finality_lag: 150,
    chain_type: 'rollup',
    bucket: OP_CHAINS,
    colors: { light: ['#0052FF', '#003BB8'], dark: ['#4D86FF', '#80A8FF'] },
    launch_date: '2023-08-09',
    website: 'https://base.org',
    block_explorers: { BaseScan: 'https://basescan.org', Blockscout: 'https://base.blockscout.com' },
    events: [
      {
        date: '2023-08-09',
        type: 'launch',
        title: 'Mainnet open to everyone',
        short_title: 'Launch',
        description: 'Coinbase opened its OP Stack L2 to all users, with bridging from Ethereum.',
        source: 'https://www.techopedia.com/what-is-base-coinbase-l2-chain',
      },
    ],
  }),
  chain({
    origin_key: 'arbitrum',
    name: 'Arbitrum One',
    name_short: 'Arbitrum',
    evm_chain_id: 42161,
    family: 'arbitrum',
    finality_lag: 300,
    chain_type: 'rollup',
    bucket: ARBITRUM_CHAINS,
    colors: { light: ['#12AAFF', '#1B4ADD'], dark: ['#5CC4FF', '#9EDBFF'] },
    launch_date: '2021-08-31',
    website: 'https://arbitrum.io',
    block_explorers: { Arbiscan: 'https://arbiscan.io', Blockscout: 'https://arbitrum.blockscout.com' },
    events: [
      {
        date: '2022-08-31',
        type: 'major_upgrade',
        title: 'Nitro Upgrade',
        short_title: 'Nitro',
        description: 'Arbitrum One moved to the Nitro stack: Ethereum gas accounting, calldata compression and lower fees.',
        source: 'https://developer.offchainlabs.com/migration/dapp_migration',
      },
    ],
  }),
  chain({
    origin_key: 'arbitrum_nova',
    name: 'Arbitrum Nova',
    name_short: 'Arbitrum Nova',
    evm_chain_id: 42170,
    family: 'arbitrum',
    finality_lag: 300,
    chain_type: 'others',
    bucket: ARBITRUM_CHAINS,
    colors: { light: ['#EF8220', '#B85E0F'], dark: ['#F5A462', '#F9C79B'] },
    launch_date: '2022-08-09',
    website: 'https://arbitrum.io/anytrust',
    block_explorers: { 'Nova Arbiscan': 'https://nova.arbiscan.io' },
  }),
  chain({
    origin_key: 'zksync_era',
    name: 'ZKsync Era',
    name_short: 'ZKsync Era',
    evm_chain_id: 324,
    family: 'zksync',
    finality_lag: 300,
    chain_type: 'rollup',
    bucket: 'ZK Stack',
    colors: { light: ['#1E69FF', '#4E529A'], dark: ['#8C8DFC', '#C6C7FD'] },
    launch_date: '2023-03-24',
    website: 'https://zksync.io',
    block_explorers: { 'ZKsync Explorer': 'https://explorer.zksync.io', Blockscout: 'https://zksync.blockscout.com' },
  }),
  chain({
    origin_key: 'scroll',
    name: 'Scroll',
    name_short: 'Scroll',
    evm_chain_id: 534352,
    family: 'scroll',
    finality_lag: 100,
    chain_type: 'rollup',
    bucket: OTHERS,
    colors: { light: ['#EB7106', '#B35605'], dark: ['#FFB26B', '#FFE0C2'] },
    launch_date: '2023-10-17',
    website: 'https://scroll.io',
    block_explorers: { ScrollScan: 'https://scrollscan.com' },
  }),
  chain({
    origin_key: 'linea',
    name: 'Linea',
    name_short: 'Linea',
    evm_chain_id: 59144,
    family: 'default',
    finality_lag: 150,
    chain_type: 'rollup',
    bucket: OTHERS,
    colors: { light: ['#121212', '#3A3A3A'], dark: ['#61DFFF', '#A6ECFF'] },
    launch_date: '2023-07-12',
    website: 'https://linea.build',
    block_explorers: { LineaScan: 'https://lineascan.build', Blockscout: 'https://explorer.linea.build' },
  }),
  chain({
    origin_key: 'polygon_zkevm',
    name: 'Polygon zkEVM',
    name_short: 'Polygon zkEVM',
    evm_chain_id: 1101,
    family: 'default',
    finality_lag: 100,
    chain_type: 'rollup',
    bucket: OTHERS,
    colors: { light: ['#7B3FE4', '#5A2BAF'], dark: ['#A77CF0', '#CDB4F7'] },
    launch_date: '2023-03-27',
    website: 'https://polygon.technology/polygon-zkevm',
    block_explorers: { PolygonScan: 'https://zkevm.polygonscan.com', Blockscout: 'https://zkevm.blockscout.com' },
  }),
  chain({
    origin_key: 'mantle',
    name: 'Mantle',
    name_short: 'Mantle',
    evm_chain_id: 5000,
    family: 'op',
    gas_token: 'mantle',
    symbol: 'MNT',
    finality_lag: 150,
    chain_type: 'others',
    bucket: OP_CHAINS,
    colors: { light: ['#0E6F7A', '#0A4F57'], dark: ['#65B3AE', '#A3D4D1'] },
    launch_date: '2023-07-17',
    website: 'https://mantle.xyz',
    block_explorers: { 'Mantle Explorer': 'https://explorer.mantle.xyz' },
  }),
  chain({
    origin_key: 'taiko',
    name: 'Taiko Alethia',
    name_short: 'Taiko',
    evm_chain_id: 167000,
    family: 'default',
    finality_lag: 100,
    chain_type: 'rollup',
    bucket: OTHERS,
    colors: { light: ['#E81899', '#B01274'], dark: ['#F25EBB', '#F79AD4'] },
    launch_date: '2024-05-27',
    website: 'https://taiko.xyz',
    block_explorers: { Taikoscan: 'https://taikoscan.io' },
  }),
  chain({
    origin_key: 'blast',
    name: 'Blast',
    name_short: 'Blast',
    evm_chain_id: 81457,
    family: 'op',
    finality_lag: 150,
    chain_type: 'rollup',
    bucket: OP_CHAINS,
    colors: { light: ['#B5B000', '#7E7A07'], dark: ['#FCFC03', '#FDFD80'], darkTextOnBackground: true },
    launch_date: '2024-02-29',
    website: 'https://blast.io',
    block_explorers: { Blastscan: 'https://blastscan.io' },
  }),
  chain({
    origin_key: 'zora',
    name: 'Zora',
    name_short: 'Zora',
    evm_chain_id: 7777777,
    family: 'op',
    finality_lag: 150,
    chain_type: 'rollup',
    bucket: OP_CHAINS,
    colors: { light: ['#2E3BF5', '#1F28B0'], dark: ['#6B74F8', '#A3A9FB'] },
    launch_date: '2023-06-21',
    website: 'https://zora.energy',
    block_explorers: { 'Zora Explorer': 'https://explorer.zora.energy' },
  }),
  chain({
    origin_key: 'mode',
    name: 'Mode Network',
    name_short: 'Mode',
    evm_chain_id: 34443,
    family: 'op',
    finality_lag: 150,
    chain_type: 'rollup',
    bucket: OP_CHAINS,
    colors: { light: ['#8FA600', '#6B7D00'], dark: ['#DFFE00', '#ECFF66'], darkTextOnBackground: true },
    launch_date: '2024-01-31',
    website: 'https://mode.network',
    block_explorers: { 'Mode Explorer': 'https://explorer.mode.network' },
  }),
  chain({
    origin_key: 'unichain',
    name: 'Unichain',
    name_short: 'Unichain',
    evm_chain_id: 130,
    family: 'op',
    finality_lag: 300,
    chain_type: 'rollup',
    bucket: OP_CHAINS,
    colors: { light: ['#F50DB4', '#B8088A'], dark: ['#FF5CCF', '#FF99E1'] },
    launch_date: '2025-02-11',
    website: 'https://unichain.org',
    block_explorers: { Uniscan: 'https://uniscan.xyz' },
  }),
  chain({
    origin_key: 'celo',
    name: 'Celo',
    name_short: 'Celo',
    evm_chain_id: 42220,
    family: 'op',
    gas_token: 'celo',
    symbol: 'CELO',
    // Celo ran as its own L1 from 2020; only blocks after its move to the OP Stack have
    // the `op` receipt format, so the default start is the migration day.
    start: { date: '2025-03-26' },
    finality_lag: 300,
    chain_type: 'others',
    bucket: OP_CHAINS,
    colors: { light: ['#B8BA00', '#8A8C00'], dark: ['#FCFF52', '#FDFF99'], darkTextOnBackground: true },
    launch_date: '2020-04-22',
    website: 'https://celo.org',
    block_explorers: { Celoscan: 'https://celoscan.io', Blockscout: 'https://celo.blockscout.com' },
    events: [
      {
        date: '2025-03-26',
        type: 'major_upgrade',
        title: 'Migration from L1 to an OP Stack L2',
        short_title: 'L2 Migration',
        description: 'Celo stopped running as an independent L1 and continued as an Ethereum L2 on the OP Stack.',
        source: 'https://blog.celo.org/celo-l2-mainnet-launch',
      },
    ],
  }),
].map((c) => Object.freeze(c)));

const BY_KEY: ReadonlyMap<string, Chain> = new Map(BUILTIN_CHAINS.map((c) => [c.origin_key, c]));

export const BUILTIN_CHAIN_KEYS: readonly string[] = BUILTIN_CHAINS.map((c) => c.origin_key);

/** The built-in defaults for `origin_key`, or undefined. A deep copy: callers may mutate it. */
export function builtinChain(originKey: string): Chain | undefined {
  const c = BY_KEY.get(originKey);
  return c ? structuredClone(c) : undefined;
}
