// The applications the devnet's traffic calls: 40 fictional projects across the OLI usage
// categories, each with 1–4 contracts on a subset of the devnet chains. Addresses are fixed
// (independent of the seed) so labels and a project directory can be written once and stay
// valid for every devnet run. A quarter of the projects deploy at the same address on every
// chain (as CREATE2 deployments do), which exercises cross-chain label fallback.
import { createHash } from 'node:crypto';
import { DEVNET_CHAIN_SPECS } from './chains.js';
import { hashString, hex8, unit } from './prng.js';

export interface DevnetAppContract {
  origin_key: string;
  address: `0x${string}`;
  contract_name: string;
}

export interface DevnetApp {
  owner_project: string;
  display_name: string;
  /** OLI usage_category id. */
  usage_category: string;
  description: string;
  /** The project's token in the devnet price feed, if it has one. */
  token: { symbol: string; coingecko_id: string } | null;
  contracts: DevnetAppContract[];
}

/** How traffic uses a contract: swaps go to routers, ERC-20 transfers to tokens, the rest are calls. */
export type ContractRole = 'router' | 'token' | 'app';

export interface SimContract {
  address: string;
  owner_project: string;
  role: ContractRole;
  /** Relative share of the traffic of its role on its chain. */
  weight: number;
  /** Function selectors (8 hex chars, no 0x) the traffic calls. */
  selectors: string[];
}

export interface DevnetStablecoin {
  symbol: string;
  address: `0x${string}`;
  decimals: number;
  owner_project: string;
}

interface AppTemplate {
  id: string;
  name: string;
  category: string;
  contracts: Array<[name: string, role: ContractRole]>;
  /** Same address on every chain it is deployed on. */
  same?: boolean;
  /** Deployed on every devnet chain (else on a deterministic ~70 % subset). */
  everywhere?: boolean;
  token?: string;
  /** Relative popularity. */
  pop: number;
  description: string;
}

const TEMPLATES: AppTemplate[] = [
  { id: 'devswap', name: 'DevSwap', category: 'dex', pop: 10, same: true, everywhere: true, token: 'DSWP', description: 'Automated market maker with concentrated liquidity.', contracts: [['DevSwapUniversalRouter', 'router'], ['DevSwapV2Router', 'router'], ['DevSwapFactory', 'app'], ['DevSwapPositionManager', 'app']] },
  { id: 'arcswap', name: 'ArcSwap', category: 'dex', pop: 5, token: 'ARC', description: 'Stable-swap pools for pegged assets.', contracts: [['ArcRouter', 'router'], ['ArcGauge', 'app']] },
  { id: 'tidepool', name: 'Tidepool', category: 'dex', pop: 4, description: 'Vote-escrow DEX with weighted pools.', contracts: [['TidepoolRouter', 'router'], ['TidepoolVoter', 'app']] },
  { id: 'meshagg', name: 'MeshAgg', category: 'trading', pop: 4, same: true, description: 'DEX aggregator routing across pools.', contracts: [['MeshAggregationRouter', 'router']] },
  { id: 'lendora', name: 'Lendora', category: 'lending', pop: 6, token: 'LNDR', description: 'Pooled lending markets with variable rates.', contracts: [['LendoraPool', 'app'], ['LendoraOracle', 'app'], ['LendoraIncentives', 'app']] },
  { id: 'vaultline', name: 'Vaultline', category: 'lending', pop: 3, description: 'Isolated lending vaults.', contracts: [['VaultlineMarket', 'app'], ['VaultlineBundler', 'app']] },
  { id: 'perpetua', name: 'Perpetua', category: 'derivative', pop: 4, token: 'PERP', description: 'Perpetual futures with an on-chain order book.', contracts: [['PerpetuaExchange', 'app'], ['PerpetuaVault', 'app']] },
  { id: 'optionary', name: 'Optionary', category: 'derivative', pop: 1, description: 'European options vaults.', contracts: [['OptionaryVault', 'app']] },
  { id: 'stakehouse', name: 'Stakehouse', category: 'staking', pop: 3, same: true, description: 'Liquid staking for ETH.', contracts: [['StakehouseDeposit', 'app'], ['stETHd', 'token']] },
  { id: 'harvestry', name: 'Harvestry', category: 'yield_vaults', pop: 2, description: 'Auto-compounding yield vaults.', contracts: [['HarvestryVault', 'app'], ['HarvestryStrategy', 'app']] },
  { id: 'indexa', name: 'Indexa', category: 'index', pop: 1, description: 'Tokenized index baskets.', contracts: [['IndexaBasket', 'app']] },
  { id: 'realyield', name: 'Realyield', category: 'rwa', pop: 1, description: 'Tokenized treasury bills.', contracts: [['RealyieldTBill', 'token']] },
  { id: 'coverly', name: 'Coverly', category: 'insurance', pop: 1, description: 'Smart-contract cover pools.', contracts: [['CoverlyPool', 'app']] },
  { id: 'paystream', name: 'Paystream', category: 'payments', pop: 2, description: 'Streaming payments and payroll.', contracts: [['PaystreamHub', 'app']] },
  { id: 'foresight', name: 'Foresight', category: 'prediction_markets', pop: 2, description: 'Binary prediction markets.', contracts: [['ForesightCTFExchange', 'app'], ['ForesightConditionalTokens', 'app']] },
  { id: 'pixelmarket', name: 'PixelMarket', category: 'nft_marketplace', pop: 3, same: true, token: 'PIXL', description: 'NFT marketplace with creator royalties.', contracts: [['PixelMarketSeaport', 'app'], ['PixelMarketConduit', 'app']] },
  { id: 'mintpad', name: 'Mintpad', category: 'non_fungible_tokens', pop: 2, description: 'Open-edition NFT minting.', contracts: [['MintpadDrop', 'app'], ['MintpadFactory', 'app']] },
  { id: 'nftlend', name: 'NFTLend', category: 'nft_fi', pop: 1, description: 'Loans against NFT collateral.', contracts: [['NFTLendLoans', 'app']] },
  { id: 'guildhall', name: 'Guildhall', category: 'community', pop: 1, description: 'On-chain community memberships.', contracts: [['GuildhallPass', 'app']] },
  { id: 'luckydraw', name: 'LuckyDraw', category: 'gambling', pop: 1, description: 'Provably fair lotteries.', contracts: [['LuckyDrawGame', 'app']] },
  { id: 'questrealm', name: 'QuestRealm', category: 'gaming', pop: 4, token: 'QRM', description: 'Fully on-chain role-playing game.', contracts: [['QuestRealmWorld', 'app'], ['QuestRealmItems', 'app'], ['QuestRealmGold', 'token']] },
  { id: 'tinyarena', name: 'TinyArena', category: 'gaming', pop: 2, description: 'Casual arena battles.', contracts: [['TinyArenaGame', 'app']] },
  { id: 'votehub', name: 'VoteHub', category: 'governance', pop: 1, same: true, description: 'Token governance and delegation.', contracts: [['VoteHubGovernor', 'app'], ['VoteHubTimelock', 'app']] },
  { id: 'devnames', name: 'DevNames', category: 'identity', pop: 1, description: 'Human-readable names for addresses.', contracts: [['DevNamesRegistrar', 'app'], ['DevNamesResolver', 'app']] },
  { id: 'dev-circle', name: 'Circle Dev', category: 'stablecoin', pop: 8, description: 'Fiat-backed dollar stablecoin (USDC).', contracts: [['USDC', 'token']] },
  { id: 'dev-tether', name: 'Tether Dev', category: 'stablecoin', pop: 6, description: 'Fiat-backed dollar stablecoin (USDT).', contracts: [['USDT', 'token']] },
  { id: 'dev-maker', name: 'Maker Dev', category: 'stablecoin', pop: 3, token: 'MKRD', description: 'Crypto-collateralized dollar stablecoin (DAI).', contracts: [['DAI', 'token'], ['DaiJoin', 'app']] },
  { id: 'frogtoken', name: 'FrogToken', category: 'fungible_tokens', pop: 3, description: 'A memecoin.', contracts: [['FROG', 'token']] },
  { id: 'weth-dev', name: 'Wrapped Ether', category: 'fungible_tokens', pop: 5, same: true, everywhere: true, description: 'ETH as an ERC-20 token.', contracts: [['WETH9', 'token']] },
  { id: 'passkey-wallet', name: 'PassKey Wallet', category: 'erc4337', pop: 3, same: true, description: 'Smart accounts and an ERC-4337 bundler entry point.', contracts: [['EntryPoint', 'app'], ['PassKeyAccountFactory', 'app']] },
  { id: 'inscribe', name: 'Inscribe', category: 'inscriptions', pop: 1, description: 'Inscription indexer contract.', contracts: [['InscribeRegistry', 'app']] },
  { id: 'oraclenet', name: 'OracleNet', category: 'oracle', pop: 2, token: 'ORCL', description: 'Price feeds pushed by a node network.', contracts: [['OracleNetAggregator', 'app'], ['OracleNetFeedRegistry', 'app']] },
  { id: 'hotspot', name: 'Hotspot', category: 'depin', pop: 1, description: 'Rewards for wireless coverage.', contracts: [['HotspotRewards', 'app']] },
  { id: 'multicaller', name: 'Multicaller', category: 'developer_tools', pop: 2, same: true, everywhere: true, description: 'Batches read and write calls.', contracts: [['Multicall3', 'app']] },
  { id: 'shadowmix', name: 'ShadowMix', category: 'privacy', pop: 1, description: 'Shielded transfers.', contracts: [['ShadowMixPool', 'app']] },
  { id: 'dropzone', name: 'Dropzone', category: 'airdrop', pop: 1, description: 'Merkle airdrop claims.', contracts: [['DropzoneDistributor', 'app']] },
  { id: 'agentic', name: 'Agentic', category: 'ai', pop: 1, description: 'Registry of on-chain AI agents.', contracts: [['AgenticRegistry', 'app']] },
  { id: 'relaybridge', name: 'RelayBridge', category: 'bridge', pop: 4, same: true, token: 'RLY', description: 'Fast bridge with relayer fills.', contracts: [['RelayBridgeSpokePool', 'app'], ['RelayBridgeReceiver', 'app']] },
  { id: 'crosslink', name: 'CrossLink', category: 'cc_communication', pop: 2, description: 'Cross-chain messaging endpoints.', contracts: [['CrossLinkEndpoint', 'app'], ['CrossLinkExecutor', 'app'], ['CrossLinkDVN', 'app']] },
  { id: 'givepool', name: 'GivePool', category: 'donation', pop: 1, description: 'Quadratic funding rounds.', contracts: [['GivePoolRound', 'app']] },
];

const STABLE_DECIMALS: Record<string, number> = { USDC: 6, USDT: 6, DAI: 18 };
const STABLE_PROJECT: Record<string, string> = { USDC: 'dev-circle', USDT: 'dev-tether', DAI: 'dev-maker' };

function deriveAddress(...parts: string[]): `0x${string}` {
  return `0x${createHash('sha256').update(`chainlytics-devnet|${parts.join('|')}`).digest('hex').slice(0, 40)}`;
}

function deployedOn(t: AppTemplate, origin_key: string, stablecoins: string[]): boolean {
  if (t.everywhere) return true;
  const stable = Object.entries(STABLE_PROJECT).find(([, project]) => project === t.id);
  if (stable) return stablecoins.includes(stable[0]);
  return unit(hashString(`${t.id}@${origin_key}`)) < 0.7;
}

function build(): { apps: DevnetApp[]; sim: Map<string, SimContract[]> } {
  const apps: DevnetApp[] = [];
  const sim = new Map<string, SimContract[]>(DEVNET_CHAIN_SPECS.map((c) => [c.origin_key, []]));
  for (const t of TEMPLATES) {
    const contracts: DevnetAppContract[] = [];
    for (const chain of DEVNET_CHAIN_SPECS) {
      if (!deployedOn(t, chain.origin_key, chain.stablecoins)) continue;
      t.contracts.forEach(([name, role], k) => {
        const address = deriveAddress(t.id, name, t.same ? '*' : chain.origin_key);
        contracts.push({ origin_key: chain.origin_key, address, contract_name: name });
        sim.get(chain.origin_key)!.push({
          address,
          owner_project: t.id,
          role,
          // The first contract of a project carries most of its traffic.
          weight: (t.pop * (k === 0 ? 1 : 0.35)) / t.contracts.length,
          selectors: [0, 1, 2].map((i) => hex8(hashString(`${address}:${i}`))),
        });
      });
    }
    apps.push({
      owner_project: t.id,
      display_name: t.name,
      usage_category: t.category,
      description: t.description,
      token: t.token ? { symbol: t.token, coingecko_id: `${t.id}-token` } : null,
      contracts,
    });
  }
  return { apps, sim };
}

const BUILT = build();

/** Every devnet application with its contracts per chain (input for labels and a project directory). */
export const DEVNET_APPS: readonly DevnetApp[] = Object.freeze(BUILT.apps);

/** Contracts deployed on one chain, for the traffic generator. */
export function simContracts(origin_key: string): SimContract[] {
  return BUILT.sim.get(origin_key) ?? [];
}

/** The stablecoins of one chain: the contracts `eth_call totalSupply()` answers for. */
export function devnetStablecoins(origin_key: string): DevnetStablecoin[] {
  const chain = DEVNET_CHAIN_SPECS.find((c) => c.origin_key === origin_key);
  if (!chain) return [];
  return chain.stablecoins.map((symbol) => {
    const owner_project = STABLE_PROJECT[symbol];
    const app = BUILT.apps.find((a) => a.owner_project === owner_project)!;
    const c = app.contracts.find((x) => x.origin_key === origin_key && x.contract_name === symbol)!;
    return { symbol, address: c.address, decimals: STABLE_DECIMALS[symbol], owner_project };
  });
}

/** Price-feed ids of project tokens (served by the devnet price feed next to ETH and the gas token). */
export const DEVNET_APP_TOKEN_IDS: readonly string[] = BUILT.apps.flatMap((a) => (a.token ? [a.token.coingecko_id] : []));

/** Contracts nobody labels (the "unlabeled" category): a fixed pool per chain. */
export function unlabeledContracts(origin_key: string, count = 200): string[] {
  return Array.from({ length: count }, (_, i) => deriveAddress('unlabeled', origin_key, String(i)));
}
