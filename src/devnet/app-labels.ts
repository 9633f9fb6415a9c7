// What the devnet's label file says about its contracts, and the METRICS.md section 4 rule that
// turns labels into an owner_project per (chain, contract). The 40 traffic projects of apps.ts
// are labeled where they are deployed, except for the deliberate cases below; a few more
// projects exist only in the labels and the directory (DEVNET_EXTRA_PROJECTS). The label plan
// never feeds back into the traffic: block bytes stay what they were before labels existed.
import { createHash } from 'node:crypto';
import { DEVNET_APPS, simContracts, unlabeledContracts } from './apps.js';
import { hashString, unit } from './prng.js';

/** One label row as the devnet writes it (the OLI columns it fills, by meaning). */
export interface DevnetLabel {
  origin_key: string;
  /** Lower-case 0x address. */
  address: string;
  contract_name: string;
  owner_project: string;
  usage_category: string;
  /** `source_code_verified`: true, false, or null (column left empty). */
  verified: boolean | null;
  /** ERC-20 facts for token contracts, else null. */
  erc20: { symbol: string; decimals: number } | null;
  is_factory: boolean;
}

/** A project that only exists in the labels and the project directory (no template in apps.ts). */
export interface DevnetExtraProject {
  owner_project: string;
  display_name: string;
  usage_category: string;
  description: string;
}

function derive(...parts: string[]): string {
  return `0x${createHash('sha256').update(`chainlytics-devnet|${parts.join('|')}`).digest('hex').slice(0, 40)}`;
}

const byName = (owner: string, name: string, chain = 'ethereum'): string => {
  const c = DEVNET_APPS.find((a) => a.owner_project === owner)!.contracts.find((x) => x.contract_name === name && x.origin_key === chain);
  if (!c) throw new Error(`devnet labels: ${owner}/${name} is not deployed on ${chain}`);
  return c.address;
};

/**
 * The cases tests of labels, facts and documents need, by name. Addresses of the unlabeled pool
 * (apps.ts unlabeledContracts) receive traffic already; labeling a few of them creates projects
 * with a known shape of activity without changing a single generated transaction.
 */
export const DEVNET_APP_CASES = Object.freeze({
  /** Labeled contracts on two chains that no transaction ever calls: in projects.json, never in the filtered list. */
  dormant: { owner_project: 'stillwater', chains: ['ethereum', 'base'] },
  /** In the project directory with no label at all. */
  directoryOnly: { owner_project: 'paperplan' },
  /** Two contracts on base only (the two busiest of its unlabeled pool: ~10 calls a day at 600 tx/day). */
  oneChain: { owner_project: 'harborlight', origin_key: 'base', addresses: [unlabeledContracts('base')[0], unlabeledContracts('base')[1]] },
  /**
   * One contract on ethereum from its unlabeled pool: called on about half the days at
   * `npm start` volume (600 tx/day), a quarter at 250, so daily series have gaps to fill.
   */
  someDays: { owner_project: 'driftwood', origin_key: 'ethereum', address: unlabeledContracts('ethereum')[1] },
  /** Multicall3: same address on every chain, labeled on ethereum only; the other chains fall back to that label. */
  fallback: { owner_project: 'multicaller', address: byName('multicaller', 'Multicall3'), labeledOn: ['ethereum'] },
  /**
   * The ERC-4337 EntryPoint: same address on base, arbitrum, linea and mantle, labeled for
   * passkey-wallet on base and for bundlerkit on arbitrum. The labels disagree, so linea and
   * mantle, which have none, do not fall back: their EntryPoint traffic is unlabeled.
   */
  disagreement: {
    address: byName('passkey-wallet', 'EntryPoint', 'base'),
    labels: { base: 'passkey-wallet', arbitrum: 'bundlerkit' } as Record<string, string>,
    unlabeledOn: ['linea', 'mantle'],
  },
});

export const DEVNET_EXTRA_PROJECTS: readonly DevnetExtraProject[] = Object.freeze([
  { owner_project: 'stillwater', display_name: 'Stillwater', usage_category: 'governance', description: 'A treasury that was deployed and never used.' },
  { owner_project: 'paperplan', display_name: 'Paperplan', usage_category: 'developer_tools', description: 'A project announced in the directory before any contract exists.' },
  { owner_project: 'harborlight', display_name: 'Harborlight', usage_category: 'gaming', description: 'A game that lives on one chain.' },
  { owner_project: 'driftwood', display_name: 'Driftwood', usage_category: 'community', description: 'A guestbook people sign now and then.' },
  { owner_project: 'bundlerkit', display_name: 'BundlerKit', usage_category: 'erc4337', description: 'ERC-4337 bundler infrastructure.' },
]);

const TOKEN_SYMBOLS: Record<string, string> = { stETHd: 'stETHd', RealyieldTBill: 'TBILL', QuestRealmGold: 'QGOLD', WETH9: 'WETH' };
const SIX_DECIMALS = new Set(['USDC', 'USDT']);

/** Deterministic verification flags: mostly verified, some not, some unknown (empty column). */
function verifiedFlag(origin_key: string, address: string): boolean | null {
  const u = unit(hashString(`verified:${origin_key}:${address}`));
  return u < 0.8 ? true : u < 0.9 ? false : null;
}

function row(origin_key: string, address: string, contract_name: string, owner_project: string, usage_category: string, token = false): DevnetLabel {
  return {
    origin_key,
    address,
    contract_name,
    owner_project,
    usage_category,
    verified: verifiedFlag(origin_key, address),
    erc20: token ? { symbol: TOKEN_SYMBOLS[contract_name] ?? contract_name, decimals: SIX_DECIMALS.has(contract_name) ? 6 : 18 } : null,
    is_factory: /Factory/.test(contract_name),
  };
}

function buildLabels(): DevnetLabel[] {
  const c = DEVNET_APP_CASES;
  const out: DevnetLabel[] = [];
  for (const app of DEVNET_APPS) {
    for (const k of app.contracts) {
      if (k.address === c.fallback.address && !c.fallback.labeledOn.includes(k.origin_key)) continue;
      if (k.address === c.disagreement.address) {
        const owner = c.disagreement.labels[k.origin_key];
        if (owner) out.push(row(k.origin_key, k.address, k.contract_name, owner, 'erc4337'));
        continue;
      }
      const role = simContracts(k.origin_key).find((s) => s.address === k.address)?.role;
      out.push(row(k.origin_key, k.address, k.contract_name, app.owner_project, app.usage_category, role === 'token'));
    }
  }
  for (const chain of c.dormant.chains) {
    out.push(row(chain, derive('dormant', 'StillwaterTreasury'), 'StillwaterTreasury', 'stillwater', 'governance'));
    out.push(row(chain, derive('dormant', 'StillwaterVesting', chain), 'StillwaterVesting', 'stillwater', 'governance'));
  }
  c.oneChain.addresses.forEach((a, i) => out.push(row(c.oneChain.origin_key, a, ['HarborlightWorld', 'HarborlightShips'][i], 'harborlight', 'gaming')));
  out.push(row(c.someDays.origin_key, c.someDays.address, 'DriftwoodGuestbook', 'driftwood', 'community'));
  return out;
}

/** Every label row of the devnet's label file, for all six devnet chains. */
export const DEVNET_LABELS: readonly DevnetLabel[] = Object.freeze(buildLabels());

/** The owner_project of a contract, or null when it has none. */
export type OwnerResolver = (origin_key: string, address: string) => string | null;

/**
 * METRICS.md section 4: a contract's label is the label for its chain, else the label of the
 * same address on another chain when all such labels agree (here: on owner_project, the field
 * that decides which project a transaction counts for). Only rows of `chains` count, as an
 * import skips rows of chains it does not know.
 */
export function ownerResolver(labels: readonly DevnetLabel[] = DEVNET_LABELS, chains?: readonly string[]): OwnerResolver {
  const own = new Map<string, string | null>();
  const others = new Map<string, Map<string, string | null>>();
  for (const l of labels) {
    if (chains && !chains.includes(l.origin_key)) continue;
    const address = l.address.toLowerCase();
    own.set(`${l.origin_key}:${address}`, l.owner_project || null);
    let m = others.get(address);
    if (!m) others.set(address, (m = new Map()));
    m.set(l.origin_key, l.owner_project || null);
  }
  return (origin_key, address) => {
    const a = address.toLowerCase();
    const mine = own.get(`${origin_key}:${a}`);
    if (mine !== undefined) return mine;
    const elsewhere = others.get(a);
    if (!elsewhere) return null;
    const owners = new Set(elsewhere.values());
    return owners.size === 1 ? [...owners][0] : null;
  };
}
