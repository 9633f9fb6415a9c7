// `chainlytics devnet`: the simulated chains and price feed on loopback, for an operator to point
// a config file at (in this process, unlike devnet mode's child process).
import { startDevnet } from '../devnet/index.js';
import type { Chain } from '../registry/types.js';

export interface StandaloneDevnet {
  /** Each chain as a config file would resolve it (rpc_urls point at the devnet). */
  chains: Chain[];
  /** Base URL of the CoinGecko-shaped price feed. */
  priceUrl: string;
  close(): Promise<void>;
}

export async function startStandaloneDevnet(opts: { days: number; txPerDay: number; seed: number }): Promise<StandaloneDevnet> {
  const devnet = await startDevnet({ historyDays: opts.days, txPerDay: opts.txPerDay, seed: opts.seed });
  return { chains: devnet.chainConfigs(), priceUrl: devnet.priceUrl, close: () => devnet.close() };
}
