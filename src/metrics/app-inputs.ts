// What the application documents read besides chain facts, loaded once per build (documents/
// build-all.ts). In metrics, not documents, because deciding which contracts are whose applies
// the label source's resolution rule (sources/labels/resolve.ts):
// the label rows, the project directory, which contracts have facts and whose they are (labels
// resolved now, with the cross-chain fallback, so a relabel shows at the next build without
// recomputing any fact), the projects' token market data and the daily ETH price for the
// tokens' ETH columns. A handful of store calls whatever the number of projects.
import { APP_METRICS } from './catalog.js';
import type { AppMetric } from './definition.js';
import { CONTRACT_TXCOUNT } from './definitions/app/txcount.js';
import { ETH_ASSET } from '../sources/prices/types.js';
import { resolveLabels } from '../sources/labels/resolve.js';
import type { LabelRow, MarketRow, ProjectRow } from '../store/labels.js';
import type { Store } from '../store/store.js';

/** A contract of a project on a covered chain: labeled there, or resolved from other chains' labels. */
export interface AppContract {
  origin_key: string;
  /** Lower-case 0x address. */
  address: string;
  owner_project: string;
  contract_name: string | null;
  usage_category: string | null;
  verified: boolean | null;
  /** Whether it has any stored daily fact (a labeled contract may never have been called). */
  active: boolean;
}

export interface AppInputs {
  /** The project directory, by owner_project. */
  projects: ProjectRow[];
  /** Every contract of a directory project on a covered chain, by chain then address. */
  contracts: AppContract[];
  /** market_data_id → its days, ascending. */
  market: Map<string, MarketRow[]>;
  /** Daily ETH/USD prices, ascending [day_ms, usd]. */
  ethUsd: Array<[number, number]>;
  /** Application metrics to publish (the catalog's). */
  metrics: readonly AppMetric[];
  /**
   * Complete periods over the covered chains: days before `days_until`, hours in
   * [hours_from, hours_until); per chain where they differ (a chain that lags).
   */
  days_until: number;
  hours_until: number;
  chainBounds: Map<string, { days_until: number; hours_until: number }>;
}

/**
 * Loads the application inputs for the chains that have facts (`bounds`: origin_key → complete
 * bounds). Null when no chain has facts yet.
 */
export async function loadAppInputs(store: Store, bounds: ReadonlyMap<string, { days_until: number; hours_until: number }>): Promise<AppInputs | null> {
  if (bounds.size === 0) return null;
  const covered = [...bounds.keys()];
  const [labels, projects, active, ethPrices] = await Promise.all([
    store.readLabels(),
    store.readProjects(),
    store.contractsWithFacts(CONTRACT_TXCOUNT.key, covered),
    store.readPrices(ETH_ASSET, 'daily'),
  ]);
  const known = new Set(projects.map((p) => p.owner_project));
  const contracts = appContracts(labels, active, covered, known);
  const ids = [...new Set(projects.flatMap((p) => (p.market_data_id ? [p.market_data_id] : [])))];
  const market = new Map<string, MarketRow[]>();
  for (const r of await store.readMarketDataFor(ids)) {
    const list = market.get(r.market_data_id);
    if (list) list.push(r);
    else market.set(r.market_data_id, [r]);
  }
  const all = [...bounds.values()];
  return {
    projects: [...projects].sort((a, b) => cmp(a.owner_project, b.owner_project)),
    contracts,
    market,
    ethUsd: ethPrices.map((p) => [p.period_ms, p.usd]),
    metrics: APP_METRICS,
    days_until: Math.max(...all.map((b) => b.days_until)),
    hours_until: Math.max(...all.map((b) => b.hours_until)),
    chainBounds: new Map(bounds),
  };
}

/**
 * The contracts of directory projects: every label row of a covered chain (called or not: the
 * contracts table lists them with zeros), plus contracts with facts whose own chain has no label
 * but whose other-chain labels agree (METRICS.md 4). Labels naming a project outside the
 * directory are left out: no document describes such a project.
 */
export function appContracts(
  labels: readonly LabelRow[],
  withFacts: ReadonlyArray<{ origin_key: string; address: string }>,
  covered: readonly string[],
  directory: ReadonlySet<string>,
): AppContract[] {
  const chains = new Set(covered);
  const activeKeys = new Set(withFacts.map((c) => `${c.origin_key}:${c.address.toLowerCase()}`));
  const out = new Map<string, AppContract>();
  for (const r of resolveLabels(labels, withFacts)) {
    if (!r.owner_project || !directory.has(r.owner_project)) continue;
    out.set(`${r.origin_key}:${r.address}`, { ...pick(r), owner_project: r.owner_project, active: true });
  }
  for (const r of labels) {
    if (!r.owner_project || !directory.has(r.owner_project) || !chains.has(r.origin_key)) continue;
    const key = `${r.origin_key}:${r.address.toLowerCase()}`;
    if (!out.has(key)) out.set(key, { ...pick(r), address: r.address.toLowerCase(), owner_project: r.owner_project, active: activeKeys.has(key) });
  }
  return [...out.values()].sort((a, b) => cmp(a.origin_key, b.origin_key) || cmp(a.address, b.address));
}

function pick(r: LabelRow): Omit<AppContract, 'owner_project' | 'active'> {
  return { origin_key: r.origin_key, address: r.address.toLowerCase(), contract_name: r.contract_name, usage_category: r.usage_category, verified: r.verified };
}

/** The ETH price of a day: that day's, else the latest earlier one (as the money step does); null before any. */
export function ethPriceOn(prices: ReadonlyArray<[number, number]>, dayMs: number): number | null {
  let lo = 0;
  let hi = prices.length - 1;
  let found: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (prices[mid]![0] <= dayMs) {
      found = prices[mid]![1];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
