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

/**
 * A config file naming the devnet's chains as an operator would ingest them. The chains carry
 * built-in keys (base, mantle…), so everything the devnet decides differently from the real chain
 * is written out: its stablecoin contracts, batch poster and token, which would otherwise
 * resolve to the real chains' built-in addresses (never on the devnet: rent 0, supply gaps).
 */
export function devnetConfigText(chains: readonly Chain[], priceUrl: string): string {
  const lines = ['# devnet chains; paste into a config file to ingest them as an operator would', 'chains:'];
  for (const c of chains) {
    lines.push(`  - origin_key: ${c.origin_key}`, `    name: ${c.name}`, `    evm_chain_id: ${c.evm_chain_id}`, `    family: ${c.family}`);
    lines.push(`    gas_token: ${c.gas_token}`, `    rpc_urls: [ "${c.rpc_urls[0]}" ]`, `    start: { block: 0 }`);
    lines.push(`    stablecoins: [ ${c.stablecoins.map((s) => `{ symbol: ${s.symbol}, address: ${s.address}, decimals: ${s.decimals} }`).join(', ')} ]`);
    lines.push(`    settlement_addresses: [ ${c.settlement_addresses.join(', ')} ]`);
    const t = c.token;
    lines.push(t ? `    token: { market_data_id: ${t.market_data_id}${t.total_supply === null ? '' : `, total_supply: ${t.total_supply}`} }` : '    token: null');
  }
  lines.push('prices:', `  coingecko_url: ${priceUrl}`, '');
  return lines.join('\n');
}
