// The devnet's project directory: one OSS Directory project file per owner_project (the format
// of opensource-observer/oss-directory, valid against its schema) and the operator overlay for
// what that format lacks (logo, token symbol, market-data id, features). Links vary on purpose
// (an org or a repository on GitHub, a missing twitter or website) so the derived main_github,
// twitter and website columns meet every shape.
import { DEVNET_APPS } from './apps.js';
import { DEVNET_EXTRA_PROJECTS, DEVNET_LABELS } from './app-labels.js';
import { DEVNET_CHAIN_SPECS } from './chains.js';

/** An OSS Directory project file (the fields the devnet fills). */
export interface OssProject {
  version: number;
  name: string;
  display_name: string;
  description: string;
  websites?: Array<{ url: string }>;
  social?: { twitter?: Array<{ url: string }> };
  github?: Array<{ url: string }>;
  blockchain?: Array<{ address: string; tags: string[]; networks: string[]; name?: string }>;
  token_coingecko_api_id?: string;
}

/** One project's entry of the overlay file. */
export interface OverlayEntry {
  logo_path: string | null;
  token_symbol: string | null;
  market_data_id: string | null;
  features: string[];
}

/** OSS Directory `networks` value of each devnet chain (the schema's enum). */
export const OSS_NETWORK: Readonly<Record<string, string>> = Object.freeze({
  ethereum: 'mainnet',
  optimism: 'optimism',
  base: 'base',
  arbitrum: 'arbitrum_one',
  linea: 'linea',
  mantle: 'mantle',
});

const FEATURES: Record<string, string[]> = {
  dex: ['swap', 'liquidity'],
  lending: ['supply', 'borrow'],
  bridge: ['bridge'],
  erc4337: ['smart_accounts'],
  stablecoin: ['stablecoin'],
};

interface Summary {
  owner_project: string;
  display_name: string;
  description: string;
  usage_category: string;
  token: { symbol: string; coingecko_id: string } | null;
}

function summaries(): Summary[] {
  return [...DEVNET_APPS.map((a) => ({ ...a })), ...DEVNET_EXTRA_PROJECTS.map((p) => ({ ...p, token: null }))];
}

function ossProject(p: Summary, i: number): OssProject {
  const id = p.owner_project;
  const out: OssProject = { version: 7, name: id, display_name: p.display_name, description: p.description };
  // Every 7th project has no website, every 5th no twitter, every 4th no GitHub; GitHub links
  // alternate between an organisation and a repository.
  if (i % 7 !== 3) out.websites = [{ url: `https://${id}.devnet.example` }];
  if (i % 5 !== 2) out.social = { twitter: [{ url: `https://x.com/${id.replace(/-/g, '_')}_dev` }] };
  if (i % 4 !== 1) out.github = i % 2 === 0 ? [{ url: `https://github.com/${id}-labs` }] : [{ url: `https://github.com/${id}-labs/${id}-contracts` }, { url: `https://github.com/${id}-labs` }];
  const contracts = new Map<string, { name: string; networks: string[] }>();
  for (const l of DEVNET_LABELS) {
    if (l.owner_project !== id) continue;
    const c = contracts.get(l.address) ?? { name: l.contract_name, networks: [] };
    c.networks.push(OSS_NETWORK[l.origin_key]);
    contracts.set(l.address, c);
  }
  if (contracts.size > 0) {
    out.blockchain = [...contracts].map(([address, c]) => ({ address, tags: ['contract'], networks: c.networks, name: c.name }));
  }
  // Half the token projects name their CoinGecko id in the directory, the others only in the overlay.
  if (p.token && i % 2 === 0) out.token_coingecko_api_id = p.token.coingecko_id;
  return out;
}

/** Every project file of the devnet's directory, by owner_project (written as `<name>.yaml`). */
export function devnetOssProjects(): OssProject[] {
  return summaries().map(ossProject);
}

/** The overlay: logo, token and features of every project of the directory. */
export function devnetOverlay(): Record<string, OverlayEntry> {
  const out: Record<string, OverlayEntry> = {};
  summaries().forEach((p, i) => {
    out[p.owner_project] = {
      // Every 6th project has no logo yet.
      logo_path: i % 6 === 5 ? null : `${p.owner_project}.svg`,
      token_symbol: p.token?.symbol ?? null,
      market_data_id: p.token?.coingecko_id ?? null,
      features: FEATURES[p.usage_category] ?? [],
    };
  });
  return out;
}

/** Devnet chains as OSS networks, checked once: a new devnet chain needs its network here. */
for (const s of DEVNET_CHAIN_SPECS) if (!OSS_NETWORK[s.origin_key]) throw new Error(`devnet: no OSS Directory network for ${s.origin_key}`);
