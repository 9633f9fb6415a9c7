// What master.json says about each built-in chain besides the facts ingestion needs
// (builtin-chains.ts): description, company, ecosystem, stack, DA layer, links. Written for this
// project from the chains' public documentation; an operator overrides any of it in the
// registry config (docs/configuration.md). Unknown values stay empty ("" / null / {}), never
// guessed: l2beat_stage is null everywhere because stages change faster than releases.
import { MATURITY_NONE } from './maturity-levels.js';
import type { Chain } from './types.js';

export type ChainProfile = Pick<
  Chain,
  | 'deployment'
  | 'description'
  | 'company'
  | 'ecosystem'
  | 'logo'
  | 'technology'
  | 'purpose'
  | 'da_layer'
  | 'maturity'
  | 'l2beat_stage'
  | 'l2beat_id'
  | 'l2beat_link'
  | 'raas'
  | 'stack'
  | 'links'
>;

/** The profile of a chain nothing is known about: every key present, every value empty. */
export function blankProfile(): ChainProfile {
  return {
    deployment: 'PROD',
    description: '',
    company: '',
    ecosystem: [],
    logo: null,
    technology: '',
    purpose: '',
    da_layer: null,
    maturity: MATURITY_NONE,
    l2beat_stage: null,
    l2beat_id: null,
    l2beat_link: null,
    raas: null,
    stack: { label: '', url: '' },
    links: { twitter: null, github: null, docs: null, bridges: {}, socials: {}, others: {} },
  };
}

export const l2beatLink = (id: string): string => `https://l2beat.com/scaling/projects/${id}`;

const OP_STACK = { label: 'OP Stack', url: 'https://docs.optimism.io' };
const ARBITRUM_NITRO = { label: 'Arbitrum Nitro', url: 'https://docs.arbitrum.io' };
const BLOBS = 'Ethereum (blobs)';
const OPTIMISTIC = 'Optimistic Rollup';
const ZK = 'ZK Rollup';
const GENERAL = 'General-purpose';

interface Profile {
  description: string;
  company?: string;
  ecosystem?: string[];
  technology: string;
  purpose?: string;
  da_layer: string | null;
  maturity?: Chain['maturity'];
  l2beat_id?: string;
  raas?: string;
  stack?: Chain['stack'];
  twitter: string;
  github: string;
  docs: string;
  bridges?: Record<string, string>;
}

function profile(p: Profile): ChainProfile {
  const blank = blankProfile();
  return {
    ...blank,
    description: p.description,
    company: p.company ?? '',
    ecosystem: p.ecosystem ?? [],
    technology: p.technology,
    purpose: p.purpose ?? GENERAL,
    da_layer: p.da_layer,
    maturity: p.maturity ?? blank.maturity,
    l2beat_id: p.l2beat_id ?? null,
    l2beat_link: p.l2beat_id ? l2beatLink(p.l2beat_id) : null,
    raas: p.raas ?? null,
    stack: p.stack ?? blank.stack,
    links: { ...blank.links, twitter: p.twitter, github: p.github, docs: p.docs, bridges: p.bridges ?? {} },
  };
}

export const BUILTIN_PROFILES: Readonly<Record<string, ChainProfile>> = {
  ethereum: profile({
    description: 'The proof-of-stake base layer the rollups below settle to and post their data on.',
    technology: 'Proof of Stake L1',
    da_layer: 'Ethereum',
    // The layer every other one is measured against (CONTRACT.md 11.6); other chains stay NA:
    // their levels need L2BEAT stages and risk counts, which chainlytics does not have.
    maturity: '10_foundational',
    twitter: 'https://x.com/ethereum',
    github: 'https://github.com/ethereum',
    docs: 'https://ethereum.org/en/developers/docs/',
  }),
  optimism: profile({
    description: 'The first OP Stack chain, run by the Optimism Collective, and the reference chain of the Superchain.',
    company: 'OP Labs',
    ecosystem: ['op-stack', 'op-super'],
    technology: OPTIMISTIC,
    da_layer: BLOBS,
    l2beat_id: 'optimism',
    stack: OP_STACK,
    twitter: 'https://x.com/Optimism',
    github: 'https://github.com/ethereum-optimism',
    docs: 'https://docs.optimism.io',
  }),
  base: profile({
    description: 'An OP Stack rollup incubated by Coinbase, part of the Superchain.',
    company: 'Coinbase',
    ecosystem: ['op-stack', 'op-super'],
    technology: OPTIMISTIC,
    da_layer: BLOBS,
    l2beat_id: 'base',
    stack: OP_STACK,
    twitter: 'https://x.com/base',
    github: 'https://github.com/base',
    docs: 'https://docs.base.org',
  }),
  arbitrum: profile({
    description: 'The general-purpose Arbitrum rollup, with interactive fraud proofs and the Nitro execution engine.',
    company: 'Offchain Labs',
    ecosystem: ['arbitrum-orbit'],
    technology: OPTIMISTIC,
    da_layer: BLOBS,
    l2beat_id: 'arbitrum',
    stack: ARBITRUM_NITRO,
    twitter: 'https://x.com/arbitrum',
    github: 'https://github.com/OffchainLabs',
    docs: 'https://docs.arbitrum.io',
    bridges: { 'Arbitrum Bridge': 'https://bridge.arbitrum.io' },
  }),
  arbitrum_nova: profile({
    description: 'An Arbitrum chain whose data is kept by a data availability committee (AnyTrust), for cheaper gaming and social transactions.',
    company: 'Offchain Labs',
    ecosystem: ['arbitrum-orbit'],
    technology: 'Optimium (AnyTrust)',
    purpose: 'Gaming and social',
    da_layer: 'AnyTrust DAC',
    l2beat_id: 'nova',
    stack: ARBITRUM_NITRO,
    twitter: 'https://x.com/arbitrum',
    github: 'https://github.com/OffchainLabs',
    docs: 'https://docs.arbitrum.io',
    bridges: { 'Arbitrum Bridge': 'https://bridge.arbitrum.io' },
  }),
  zksync_era: profile({
    description: 'A ZK rollup with native account abstraction, the first chain of the ZK Stack.',
    company: 'Matter Labs',
    ecosystem: ['zk-stack'],
    technology: ZK,
    da_layer: BLOBS,
    l2beat_id: 'zksync2',
    stack: { label: 'ZK Stack', url: 'https://docs.zksync.io' },
    twitter: 'https://x.com/zksync',
    github: 'https://github.com/matter-labs',
    docs: 'https://docs.zksync.io',
  }),
  scroll: profile({
    description: 'A ZK rollup that proves EVM execution at the bytecode level.',
    company: 'Scroll',
    technology: ZK,
    da_layer: BLOBS,
    l2beat_id: 'scroll',
    stack: { label: 'Scroll', url: 'https://docs.scroll.io' },
    twitter: 'https://x.com/Scroll_ZKP',
    github: 'https://github.com/scroll-tech',
    docs: 'https://docs.scroll.io',
  }),
  linea: profile({
    description: 'A ZK rollup developed by Consensys, the company behind MetaMask.',
    company: 'Consensys',
    technology: ZK,
    da_layer: BLOBS,
    l2beat_id: 'linea',
    stack: { label: 'Linea', url: 'https://docs.linea.build' },
    twitter: 'https://x.com/LineaBuild',
    github: 'https://github.com/Consensys',
    docs: 'https://docs.linea.build',
  }),
  polygon_zkevm: profile({
    description: 'A ZK rollup by Polygon Labs built with what became the Polygon CDK.',
    company: 'Polygon Labs',
    technology: ZK,
    da_layer: 'Ethereum (calldata)',
    l2beat_id: 'polygonzkevm',
    stack: { label: 'Polygon CDK', url: 'https://docs.polygon.technology' },
    twitter: 'https://x.com/0xPolygon',
    github: 'https://github.com/0xPolygonHermez',
    docs: 'https://docs.polygon.technology',
  }),
  mantle: profile({
    description: 'An OP Stack chain paying gas in MNT and keeping its data on EigenDA.',
    ecosystem: ['op-stack'],
    technology: 'Optimium',
    da_layer: 'EigenDA',
    l2beat_id: 'mantle',
    stack: OP_STACK,
    twitter: 'https://x.com/0xMantle',
    github: 'https://github.com/mantlenetworkio',
    docs: 'https://docs.mantle.xyz',
  }),
  taiko: profile({
    description: 'A based rollup: Ethereum block proposers sequence its blocks.',
    company: 'Taiko Labs',
    technology: 'Based Rollup',
    da_layer: BLOBS,
    l2beat_id: 'taiko',
    stack: { label: 'Taiko', url: 'https://docs.taiko.xyz' },
    twitter: 'https://x.com/taikoxyz',
    github: 'https://github.com/taikoxyz',
    docs: 'https://docs.taiko.xyz',
  }),
  blast: profile({
    description: 'An OP Stack rollup whose ETH and stablecoin balances earn native yield.',
    ecosystem: ['op-stack'],
    technology: OPTIMISTIC,
    da_layer: BLOBS,
    l2beat_id: 'blast',
    stack: OP_STACK,
    twitter: 'https://x.com/Blast_L2',
    github: 'https://github.com/blast-io',
    docs: 'https://docs.blast.io',
  }),
  zora: profile({
    description: 'An OP Stack chain for creators and NFT minting, part of the Superchain.',
    company: 'Zora Labs',
    ecosystem: ['op-stack', 'op-super'],
    technology: OPTIMISTIC,
    purpose: 'NFTs and creators',
    da_layer: BLOBS,
    l2beat_id: 'zora',
    raas: 'Conduit',
    stack: OP_STACK,
    twitter: 'https://x.com/zora',
    github: 'https://github.com/ourzora',
    docs: 'https://docs.zora.co',
  }),
  mode: profile({
    description: 'An OP Stack chain focused on DeFi, part of the Superchain.',
    ecosystem: ['op-stack', 'op-super'],
    technology: OPTIMISTIC,
    purpose: 'DeFi',
    da_layer: BLOBS,
    l2beat_id: 'mode',
    raas: 'Conduit',
    stack: OP_STACK,
    twitter: 'https://x.com/modenetwork',
    github: 'https://github.com/mode-network',
    docs: 'https://docs.mode.network',
  }),
  unichain: profile({
    description: 'An OP Stack chain by Uniswap Labs with one-second blocks, part of the Superchain.',
    company: 'Uniswap Labs',
    ecosystem: ['op-stack', 'op-super'],
    technology: OPTIMISTIC,
    purpose: 'DeFi',
    da_layer: BLOBS,
    l2beat_id: 'unichain',
    stack: OP_STACK,
    twitter: 'https://x.com/unichain',
    github: 'https://github.com/Uniswap',
    docs: 'https://docs.unichain.org',
  }),
  celo: profile({
    description: 'A former L1 for mobile payments that became an OP Stack L2 in March 2025, with gas payable in CELO.',
    company: 'cLabs',
    ecosystem: ['op-stack'],
    technology: 'Optimium',
    purpose: 'Payments',
    da_layer: 'EigenDA',
    l2beat_id: 'celo',
    stack: OP_STACK,
    twitter: 'https://x.com/Celo',
    github: 'https://github.com/celo-org',
    docs: 'https://docs.celo.org',
  }),
};
