// The 25 chains of bench:volume, shaped like today's Ethereum L2 ecosystem (issue 21): about 27 M
// transactions a day in all, Base about 10 M, Ethereum, OP Mainnet and Arbitrum 1.6–2 M each,
// the other 21 chains sharing the rest in a long tail. The four large figures are the issue's;
// the tail's split is our estimate of the order of magnitude of each chain, not a measurement.
//
// The 16 built-in chains keep their registry entries; the other 9 are configured chains with
// their own origin_keys (as an operator adds them). The configuration goes through parseConfig,
// the path a config file takes, so the documents are built for all 25 exactly as in production,
// and every L2 names its batch poster (settlement_addresses), whose blob postings on ethereum
// give its rent_paid (src/registry/settlement.ts).
import { stringify } from 'yaml';
import { parseConfig, type AppConfig } from '../src/registry/config.js';
import type { ChainFamily } from '../src/registry/types.js';
import { posterAddress } from './volume-addresses.js';

export interface VolumeChain {
  origin_key: string;
  /** Transactions a day at real density. */
  daily_tx: number;
  /** Seconds between blocks at real density (whole seconds dividing an hour: Arbitrum's 0.25 s is 1 s here). */
  block_s: number;
  /** For the configured (not built-in) chains only. */
  custom?: { name: string; evm_chain_id: number; family: ChainFamily; gas_token: string; symbol?: string };
}

const op = (name: string, evm_chain_id: number) => ({ name, evm_chain_id, family: 'op' as const, gas_token: 'ethereum' });

/** Ethereum first: the settlement chain, computed before the L2s that pay rent on it. */
export const VOLUME_CHAINS: readonly VolumeChain[] = [
  { origin_key: 'ethereum', daily_tx: 1_700_000, block_s: 12 },
  { origin_key: 'base', daily_tx: 10_000_000, block_s: 2 },
  { origin_key: 'arbitrum', daily_tx: 2_000_000, block_s: 1 },
  { origin_key: 'optimism', daily_tx: 1_600_000, block_s: 2 },
  { origin_key: 'unichain', daily_tx: 1_600_000, block_s: 1 },
  { origin_key: 'celo', daily_tx: 1_400_000, block_s: 1 },
  { origin_key: 'worldchain', daily_tx: 1_300_000, block_s: 2, custom: op('World Chain', 480) },
  { origin_key: 'soneium', daily_tx: 1_200_000, block_s: 2, custom: op('Soneium', 1868) },
  { origin_key: 'linea', daily_tx: 900_000, block_s: 2 },
  { origin_key: 'ink', daily_tx: 800_000, block_s: 1, custom: op('Ink', 57073) },
  { origin_key: 'zksync_era', daily_tx: 700_000, block_s: 1 },
  { origin_key: 'abstract', daily_tx: 600_000, block_s: 1, custom: { name: 'Abstract', evm_chain_id: 2741, family: 'zksync', gas_token: 'ethereum' } },
  { origin_key: 'arbitrum_nova', daily_tx: 500_000, block_s: 1 },
  { origin_key: 'scroll', daily_tx: 400_000, block_s: 3 },
  { origin_key: 'mantle', daily_tx: 350_000, block_s: 2 },
  { origin_key: 'taiko', daily_tx: 300_000, block_s: 12 },
  { origin_key: 'zora', daily_tx: 300_000, block_s: 2 },
  { origin_key: 'lisk', daily_tx: 250_000, block_s: 2, custom: op('Lisk', 1135) },
  { origin_key: 'blast', daily_tx: 250_000, block_s: 2 },
  { origin_key: 'swell', daily_tx: 200_000, block_s: 2, custom: op('Swellchain', 1923) },
  { origin_key: 'mode', daily_tx: 150_000, block_s: 2 },
  { origin_key: 'metis', daily_tx: 150_000, block_s: 2, custom: { name: 'Metis Andromeda', evm_chain_id: 1088, family: 'default', gas_token: 'metis', symbol: 'METIS' } },
  { origin_key: 'manta', daily_tx: 150_000, block_s: 2, custom: op('Manta Pacific', 169) },
  { origin_key: 'redstone', daily_tx: 100_000, block_s: 2, custom: op('Redstone', 690) },
  { origin_key: 'polygon_zkevm', daily_tx: 50_000, block_s: 5 },
];

/** The price-source assets the chains pay gas in (each needs prices for its money facts). */
export const GAS_ASSETS = ['ethereum', 'mantle', 'celo', 'metis'] as const;

/**
 * The configuration of the 25 chains, through parseConfig. The RPC URL is never called (the
 * benchmark writes blocks through the store as ingestion would); stablecoins are left out, since
 * sampling their supplies would call it.
 */
export function volumeConfig(): AppConfig {
  const chains = VOLUME_CHAINS.map((c, i) => ({
    origin_key: c.origin_key,
    ...c.custom,
    rpc_urls: ['http://127.0.0.1:9'],
    stablecoins: [],
    ...(c.origin_key === 'ethereum' ? {} : { settlement_addresses: [posterAddress(i)] }),
  }));
  return parseConfig(stringify({ chains }), '(bench:volume chains)', { env: {}, baseDir: process.cwd() });
}
