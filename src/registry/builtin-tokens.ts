// Each built-in chain's own token in the market-data source (CoinGecko ids), for market_cap and
// fdv: the gas token where the chain has its own (MNT, CELO), else the chain's governance token.
// A total supply is given only where it is fixed and known; without one the chain has
// market_cap but no fdv. Chains without a token of their own (Base, Arbitrum Nova, Polygon
// zkEVM, Unichain: growthepie follows Uniswap's UNI for it, which is not the chain's) have no entry. The ids are growthepie's `aliases_coingecko` of each chain.
import type { SourcedToken } from './builtin-data-types.js';

const growthepieChain = (key: string) => `https://github.com/growthepie/gtp-dna/blob/main/chains/${key}/main.json (aliases_coingecko)`;

const token = (key: string, market_data_id: string, total_supply: number | null = null): SourcedToken => ({ market_data_id, total_supply, source: growthepieChain(key) });

export const BUILTIN_TOKENS: Readonly<Record<string, SourcedToken>> = {
  // No maximum supply: market cap only.
  ethereum: token('ethereum', 'ethereum'),
  optimism: token('optimism', 'optimism', 4_294_967_296),
  arbitrum: token('arbitrum', 'arbitrum', 10_000_000_000),
  mantle: token('mantle', 'mantle', 6_219_316_795),
  celo: token('celo', 'celo'),
  zksync_era: token('zksync_era', 'zksync'),
  scroll: token('scroll', 'scroll'),
  linea: token('linea', 'linea'),
  taiko: token('taiko', 'taiko'),
  blast: token('blast', 'blast'),
  zora: token('zora', 'zora'),
  mode: token('mode', 'mode'),
};
