// The `chains` part of master.json (CONTRACT.md section 6): one entry per origin_key with
// documents, every key always present and in the contract's order, plus the `all_l2s` aggregate
// (section 8) and the two default lists ranked by active addresses. Separate from master.ts so
// the chain rules (tabs, similar chains, ordering) can be read on their own.
import type { ChainMetric } from '../../metrics/definition.js';
import { blankProfile } from '../../registry/builtin-chain-profiles.js';
import type { Chain, ChainType } from '../../registry/types.js';

export const ALL_L2S = 'all_l2s';
/** Clients place ethereum first wherever chains are listed. */
export const ETHEREUM = 'ethereum';
export const SIMILAR_CHAINS_MAX = 7;
export const DEFAULT_SELECTION_MAX = 5;

/** What master.json reads from a registry chain (the whole Chain minus ingestion settings). */
export type MasterChain = Omit<Chain, 'rpc_urls' | 'start' | 'finality_lag' | 'flags' | 'stablecoins' | 'settlement_addresses' | 'settlement_chain' | 'token' | 'defillama' | 'family' | 'events' | 'chain_type'> &
  Partial<Pick<Chain, 'events'>> & {
    /** An aggregate's is "-" (CONTRACT.md section 8). */
    chain_type: ChainType | '-';
  };

/** ethereum first, then alphabetical: the order of `chains` and of `supported_chains`. */
export function chainOrder(keys: Iterable<string>): string[] {
  return [...keys].sort((a, b) => (a === ETHEREUM ? -1 : b === ETHEREUM ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

// The tabs of a chain page and the metrics behind each. The apps tab is decided by application
// overview and blockspace tabs are decided by their documents instead (tabStatus); user insights
// need documents no builder produces yet, so they stay "locked" for every chain.
const TAB_METRICS: Record<string, readonly string[]> = {
  overview: [],
  fundamentals: ['txcount', 'daa', 'fees', 'txcosts', 'throughput', 'stables_mcap', 'tvl', 'market_cap', 'fdv'],
  economics: ['fees', 'rent_paid', 'profit'],
  apps: [],
  blockspace: [],
  user_insights: [],
};

/** The tabs whose documents are not metric details: whether this chain has them. */
interface TabDocuments {
  apps: boolean;
  overview: boolean;
  blockspace: boolean;
}

function tabStatus(supported: readonly string[], has: TabDocuments): Record<string, 'active' | 'locked'> {
  const out: Record<string, 'active' | 'locked'> = {};
  for (const [tab, ids] of Object.entries(TAB_METRICS)) {
    const active = tab in has ? has[tab as keyof TabDocuments] : ids.some((id) => supported.includes(id));
    out[tab] = active ? 'active' : 'locked';
  }
  return out;
}

/** The `all_l2s` aggregate as a registry-like chain: section 8 fixes name, type, bucket, deployment. */
function allL2sChain(): MasterChain {
  return {
    origin_key: ALL_L2S,
    name: 'All L2s',
    name_short: 'All L2s',
    evm_chain_id: 0,
    gas_token: '',
    symbol: '',
    chain_type: '-',
    bucket: '-',
    colors: { light: ['#FE5468', '#FFDF27'], dark: ['#FE5468', '#FFDF27'], darkTextOnBackground: false },
    launch_date: null,
    archived_date: null,
    website: null,
    block_explorers: {},
    // A PROD chain nothing else is known about (maturity NA: 11.6), with its own description.
    ...blankProfile(),
    description: 'Every PROD L2 in this service combined: sums per period, active addresses counted once across chains, transaction costs weighted by transactions.',
    technology: '-',
  };
}

export interface ChainEntriesInput {
  chains: readonly MasterChain[];
  catalog: readonly ChainMetric[];
  /** origin_key → metric_ids with a document; its keys are the chains listed. */
  supported: ReadonlyMap<string, readonly string[]>;
  /**
   * Chains with application data (a directory project's labeled contract with transactions
   * there, so an app details document counts it): `enable_contracts` and the apps tab. None when
   * absent.
   */
  appChains?: ReadonlySet<string>;
  /** Chains with a chain overview document: `tab_status.overview`. None when absent. */
  overviewChains?: ReadonlySet<string>;
  /** Chains with a blockspace document: `tab_status.blockspace`. None when absent. */
  blockspaceChains?: ReadonlySet<string>;
}

/**
 * One entry per key of `supported` that is a registry chain or `all_l2s`, ethereum first then
 * alphabetical, each with every key of section 6 in order.
 */
export function chainEntries(input: ChainEntriesInput): Record<string, unknown> {
  const byKey = new Map<string, MasterChain>(input.chains.map((c) => [c.origin_key, c]));
  if (input.supported.has(ALL_L2S) && !byKey.has(ALL_L2S)) byKey.set(ALL_L2S, allL2sChain());
  const listed = chainOrder([...input.supported.keys()].filter((k) => byKey.has(k)));
  const out: Record<string, unknown> = {};
  for (const ok of listed) {
    const c = byKey.get(ok)!;
    const built = input.supported.get(ok) ?? [];
    // Catalog order, so the lists are stable across builds.
    const supported = input.catalog.map((m) => m.metric_id).filter((id) => built.includes(id));
    const aggregate = ok === ALL_L2S;
    // all_l2s has no app documents of its own (app details are per project, keyed by real chains).
    const hasApps = !aggregate && (input.appChains?.has(ok) ?? false);
    const explorers = Object.values(c.block_explorers);
    out[ok] = {
      name: c.name,
      name_short: c.name_short,
      url_key: ok.replace(/_/g, '-'),
      chain_type: c.chain_type,
      caip2: aggregate ? null : `eip155:${c.evm_chain_id}`,
      evm_chain_id: aggregate ? null : c.evm_chain_id,
      deployment: c.deployment,
      description: c.description,
      company: c.company,
      symbol: c.symbol,
      gas_token: c.gas_token,
      bucket: c.bucket,
      ecosystem: ['all-chains', ...c.ecosystem.filter((e) => e !== 'all-chains')],
      colors: { light: [...c.colors.light], dark: [...c.colors.dark], darkTextOnBackground: c.colors.darkTextOnBackground },
      logo: c.logo,
      technology: c.technology,
      purpose: c.purpose,
      da_layer: c.da_layer,
      maturity: c.maturity,
      launch_date: c.launch_date,
      enable_contracts: hasApps,
      l2beat_stage: c.l2beat_stage,
      l2beat_link: c.l2beat_link,
      l2beat_id: c.l2beat_id,
      raas: c.raas,
      stack: { label: c.stack.label, url: c.stack.url },
      links: {
        website: c.website,
        twitter: c.links.twitter,
        github: c.links.github,
        docs: c.links.docs,
        block_explorers: { ...c.block_explorers },
        bridges: { ...c.links.bridges },
        socials: { ...c.links.socials },
        others: { ...c.links.others },
      },
      website: c.website,
      twitter: c.links.twitter,
      block_explorer: explorers[0] ?? null,
      block_explorers: { ...c.block_explorers },
      rhino_listed: false,
      rhino_naming: null,
      tab_status: tabStatus(supported, {
        apps: hasApps,
        overview: input.overviewChains?.has(ok) ?? false,
        blockspace: input.blockspaceChains?.has(ok) ?? false,
      }),
      excluded_metrics: input.catalog.map((m) => m.metric_id).filter((id) => !supported.includes(id)),
      similar_chains: aggregate ? [] : listed.filter((k) => k !== ok && k !== ALL_L2S && byKey.get(k)!.bucket === c.bucket).slice(0, SIMILAR_CHAINS_MAX),
      supported_metrics: supported,
    };
  }
  return out;
}

/**
 * `default_chain_selection` (up to 5 chains with the most active addresses over the last 7
 * days) and `default_chain_sorting` (every PROD key, ethereum first, then by the same measure).
 * Ties go alphabetically. `all_l2s` is not a chain to rank: it is left out of the selection
 * and listed last in the sorting, which the contract asks to hold every PROD key.
 */
export function defaultChains(
  chains: ChainEntriesInput['chains'],
  listed: readonly string[],
  activity: ReadonlyMap<string, number>,
): { selection: string[]; sorting: string[] } {
  const prod = new Set(chains.filter((c) => c.deployment === 'PROD').map((c) => c.origin_key));
  const ranked = listed
    .filter((k) => k !== ALL_L2S && prod.has(k))
    .sort((a, b) => (activity.get(b) ?? 0) - (activity.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0));
  const selection = ranked.slice(0, DEFAULT_SELECTION_MAX);
  const sorting = [...ranked.filter((k) => k === ETHEREUM), ...ranked.filter((k) => k !== ETHEREUM), ...listed.filter((k) => k === ALL_L2S)];
  return { selection, sorting };
}
