// The main USD stablecoin contracts on each built-in chain (stables_mcap sums their
// totalSupply()): native and bridged USDC, USDT, DAI, and the chain's own dollar where it has
// one. Addresses EIP-55 checksummed, decimals as the contract reports; each names its source.
// Other pegs (EUR…) are left out: the metric counts one token as one US dollar.
import type { SourcedStablecoin } from './builtin-data-types.js';

// growthepie's stablecoin registry (address_mapping, per chain and token id).
const GROWTHEPIE_STABLES = 'https://github.com/growthepie/gtp-dna/blob/main/stables/stables_config_v2.py';

const fromGrowthepie = (symbol: string, address: `0x${string}`, decimals: number, chain: string, tokenId: string): SourcedStablecoin => ({
  symbol,
  address,
  decimals,
  peg: 'usd',
  source: `${GROWTHEPIE_STABLES} (${chain}.${tokenId})`,
});

export const BUILTIN_STABLECOINS: Readonly<Record<string, readonly SourcedStablecoin[]>> = {
  ethereum: [
    fromGrowthepie('USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6, 'ethereum', 'circlefin_usdc'),
    fromGrowthepie('USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6, 'ethereum', 'tetherto_usdt'),
    fromGrowthepie('DAI', '0x6B175474E89094C44Da98b954EedeAC495271d0F', 18, 'ethereum', 'makerdao_dai'),
  ],
  optimism: [
    fromGrowthepie('USDC', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 6, 'optimism', 'circlefin_usdc'),
    fromGrowthepie('USDC.e', '0x7F5c764cBc14f9669B88837ca1490cCa17c31607', 6, 'optimism', 'circlefin_usdce'),
    fromGrowthepie('USDT', '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 6, 'optimism', 'tetherto_usdte'),
    fromGrowthepie('DAI', '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 18, 'optimism', 'makerdao_daie'),
  ],
  base: [
    fromGrowthepie('USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6, 'base', 'circlefin_usdc'),
    fromGrowthepie('USDT', '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2', 6, 'base', 'tetherto_usdte'),
    fromGrowthepie('DAI', '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', 18, 'base', 'makerdao_daie'),
  ],
  arbitrum: [
    fromGrowthepie('USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6, 'arbitrum', 'circlefin_usdc'),
    fromGrowthepie('USDC.e', '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8', 6, 'arbitrum', 'circlefin_usdce'),
    fromGrowthepie('USDT', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6, 'arbitrum', 'tetherto_usdt0'),
    fromGrowthepie('DAI', '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 18, 'arbitrum', 'makerdao_daie'),
  ],
  arbitrum_nova: [
    fromGrowthepie('USDC.e', '0x750ba8b76187092B0D1E87E28daaf484d1b5273b', 6, 'arbitrum_nova', 'circlefin_usdce'),
    fromGrowthepie('USDT', '0xeD9d63a96c27f87B07115b56b2e3572827f21646', 6, 'arbitrum_nova', 'tetherto_usdte'),
    fromGrowthepie('DAI', '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 18, 'arbitrum_nova', 'makerdao_daie'),
  ],
  zksync_era: [
    fromGrowthepie('USDC', '0x1d17CBcF0D6D143135aE902365D2E5e2A16538D4', 6, 'zksync_era', 'circlefin_usdc'),
    fromGrowthepie('USDC.e', '0x3355df6D4c9C3035724Fd0e3914dE96A5a83aaf4', 6, 'zksync_era', 'circlefin_usdce'),
    fromGrowthepie('USDT', '0x493257fD37EDB34451f62EDf8D2a0C418852bA4C', 6, 'zksync_era', 'tetherto_usdte'),
    fromGrowthepie('DAI', '0x4B9eb6c0b6ea15176BBF62841C6B2A8a398cb656', 18, 'zksync_era', 'makerdao_daie'),
  ],
  scroll: [
    fromGrowthepie('USDC.e', '0x06eFdBFf2a14a7c8E15944D1F4A48F9F95F663A4', 6, 'scroll', 'circlefin_usdce'),
    fromGrowthepie('USDT', '0xf55BEC9cafDbE8730f096Aa55dad6D22d44099Df', 6, 'scroll', 'tetherto_usdte'),
    fromGrowthepie('DAI', '0xcA77eB3fEFe3725Dc33bccB54eDEFc3D9f764f97', 18, 'scroll', 'makerdao_daie'),
  ],
  linea: [
    fromGrowthepie('USDC.e', '0x176211869cA2b568f2A7D4EE941E073a821EE1ff', 6, 'linea', 'circlefin_usdce'),
    fromGrowthepie('USDT', '0xA219439258ca9da29E9Cc4cE5596924745e12B93', 6, 'linea', 'tetherto_usdte'),
    fromGrowthepie('DAI', '0x4AF15ec2A0BD43Db75dd04E62FAA3B8EF36b00d5', 18, 'linea', 'makerdao_daie'),
    // MetaMask USD, issued on Linea.
    fromGrowthepie('mUSD', '0xacA92E438df0B2401fF60dA7E4337B687a2435DA', 6, 'linea', 'metamask_musd'),
  ],
  polygon_zkevm: [
    fromGrowthepie('USDC.e', '0xA8CE8aee21bC2A48a5EF670afCc9274C7bbbC035', 6, 'polygon_zkevm', 'circlefin_usdce'),
    fromGrowthepie('USDT', '0x1E4a5963aBFD975d8c9021ce480b42188849D41d', 6, 'polygon_zkevm', 'tetherto_usdte'),
    fromGrowthepie('DAI', '0xC5015b9d9161Dca7e18e32f6f25C4aD850731Fd4', 18, 'polygon_zkevm', 'makerdao_daie'),
  ],
  mantle: [
    fromGrowthepie('USDC.e', '0x09Bc4E0D864854c6aFB6eB9A9cdF58aC190D0dF9', 6, 'mantle', 'circlefin_usdce'),
    fromGrowthepie('USDT', '0x201EBa5CC46D216Ce6DC03F6a759e8E766e956aE', 6, 'mantle', 'tetherto_usdte'),
    fromGrowthepie('USDT0', '0x779Ded0c9e1022225f8E0630b35a9b54bE713736', 6, 'mantle', 'tetherto_usdt0'),
  ],
  taiko: [
    fromGrowthepie('USDC', '0x07d83526730c7438048D55A4fc0b850e2aaB6f0b', 6, 'taiko', 'circlefin_usdc'),
    fromGrowthepie('USDC.e', '0x19e26B0638bf63aa9fa4d14c6baF8D52eBE86C5C', 6, 'taiko', 'circlefin_usdce'),
    fromGrowthepie('USDT', '0x2DEF195713CF4a606B49D07E520e22C17899a736', 6, 'taiko', 'tetherto_usdte'),
  ],
  // Blast's own dollar (USDB, a predeploy).
  blast: [fromGrowthepie('USDB', '0x4300000000000000000000000000000000000003', 18, 'blast', 'blast_io_usdb')],
  zora: [fromGrowthepie('USDC.e', '0xCccCCccc7021b32EBb4e8C08314bD62F7c653EC4', 6, 'zora', 'circlefin_usdce')],
  mode: [
    fromGrowthepie('USDC.e', '0xd988097fb8612cc24eeC14542bC03424c656005f', 6, 'mode', 'circlefin_usdce'),
    fromGrowthepie('USDT', '0xf0F161fDA2712DB8b566946122a5af183995e2eD', 6, 'mode', 'tetherto_usdte'),
  ],
  unichain: [
    fromGrowthepie('USDC', '0x078D782b760474a361dDA0AF3839290b0EF57AD6', 6, 'unichain', 'circlefin_usdc'),
    fromGrowthepie('USDT0', '0x9151434b16b9763660705744891fA906F660EcC5', 6, 'unichain', 'tetherto_usdt0'),
    fromGrowthepie('DAI', '0x20CAb320A855b39F724131C69424240519573f81', 18, 'unichain', 'makerdao_daie'),
  ],
  celo: [
    fromGrowthepie('USDC', '0xcebA9300f2b948710d2653dD7B07f33A8B32118C', 6, 'celo', 'circlefin_usdc'),
    fromGrowthepie('USDT', '0x48065fbBE25f71C9282ddf5e1cD6D6A887483D5e', 6, 'celo', 'tetherto_usdt'),
    // Mento's dollar (cUSD, since renamed USDm), Celo's own.
    fromGrowthepie('USDm', '0x765DE816845861e75A25fCA122bb6898B8B1282a', 18, 'celo', 'mento_usdm'),
  ],
};
