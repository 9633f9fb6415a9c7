// A validated chain entry from the file → a complete Chain. For a built-in origin_key the
// built-in facts are the base and every key the file gives replaces the built-in value
// (`flags` and `links` merge key by key); any other chain gets documented defaults for what it
// omits.
import { DEFAULTS } from './app-config.js';
import { blankProfile, type ChainProfile } from './builtin-chain-profiles.js';
import { builtinChain, DEFAULT_SETTLEMENT_CHAIN } from './builtin-chains.js';
import { layer2ChainType } from './chain-type.js';
import type { ChainEntry } from './config-schema.js';
import { DAY_MS, dayStart } from '../clock.js';
import { MATURITY_NONE } from './maturity-levels.js';
import type { Chain, ChainEvent, ChainFamily, ChainStart, ChainType, RpcUrl } from './types.js';

const lower = (a: string) => a.toLowerCase() as `0x${string}`;

/** `nowMs` (from the injected clock) turns `start: { days_ago }` into a date. */
export function resolveChain(entry: ChainEntry, rpcUrls: RpcUrl[], nowMs: number): Chain {
  const base = builtinChain(entry.origin_key) ?? customDefaults(entry);
  const profile = resolveProfile(entry, base);
  const chainType = resolveChainType(entry, base, profile.da_layer);
  const chain: Chain = {
    ...base,
    name: entry.name ?? base.name,
    name_short: entry.name_short ?? base.name_short,
    evm_chain_id: entry.evm_chain_id ?? base.evm_chain_id,
    family: (entry.family as ChainFamily | undefined) ?? base.family,
    gas_token: entry.gas_token ?? base.gas_token,
    symbol: entry.symbol ?? (entry.gas_token !== undefined && entry.gas_token !== base.gas_token ? symbolFor(entry.gas_token) : base.symbol),
    rpc_urls: rpcUrls,
    start: entry.start ? resolveStart(entry.start, nowMs) : base.start,
    finality_lag: entry.finality_lag ?? base.finality_lag,
    flags: { ...base.flags, ...definedOnly(entry.flags ?? {}) },
    chain_type: chainType,
    bucket: entry.bucket ?? base.bucket,
    colors: entry.colors ? { light: entry.colors.light, dark: entry.colors.dark, darkTextOnBackground: entry.colors.darkTextOnBackground ?? false } : base.colors,
    launch_date: entry.launch_date !== undefined ? entry.launch_date : base.launch_date,
    archived_date: entry.archived_date !== undefined ? entry.archived_date : base.archived_date,
    website: entry.website !== undefined ? entry.website : base.website,
    block_explorers: entry.block_explorers ?? base.block_explorers,
    ...profile,
    events: entry.events ? entry.events.map(toEvent) : base.events,
    // One spelling everywhere downstream: ingest compares addresses with lower-case RPC data.
    stablecoins: (entry.stablecoins ?? base.stablecoins).map((s) => ({ ...s, address: lower(s.address), peg: s.peg ?? 'usd' })),
    settlement_addresses: (entry.settlement_addresses ?? base.settlement_addresses).map(lower),
    defillama: entry.defillama !== undefined ? entry.defillama : base.defillama,
    token: entry.token !== undefined ? (entry.token === null ? null : { market_data_id: entry.token.market_data_id, total_supply: entry.token.total_supply ?? null, address: (entry.token.address as `0x${string}` | undefined) ?? null, decimals: entry.token.decimals ?? 18 }) : base.token,
    settlement_chain: entry.settlement_chain !== undefined ? entry.settlement_chain : chainType === 'l1' ? null : (base.settlement_chain ?? DEFAULT_SETTLEMENT_CHAIN),
  };
  return chain;
}

/**
 * The entry's chain_type, else the base's; a chain that is not a layer 1 and whose entry moves
 * its data elsewhere (da_layer) without naming a type follows CONTRACT.md 11.6's rule for it.
 */
function resolveChainType(entry: ChainEntry, base: Chain, daLayer: string | null): ChainType {
  if (entry.chain_type !== undefined) return entry.chain_type;
  if (base.chain_type === 'l1' || entry.da_layer === undefined) return base.chain_type;
  return layer2ChainType(daLayer);
}

/**
 * The master.json-only keys. A key written in the file wins, null included (an operator may
 * blank a built-in value); `links` merges key by key like `flags`, `stack` fills a missing part
 * with "" because the contract never publishes it as null.
 */
function resolveProfile(entry: ChainEntry, base: Chain): ChainProfile {
  const pick = <K extends keyof ChainEntry & keyof Chain>(k: K): Chain[K] => (entry[k] !== undefined ? (entry[k] as Chain[K]) : base[k]);
  return {
    deployment: pick('deployment'),
    description: pick('description'),
    company: pick('company'),
    ecosystem: pick('ecosystem'),
    logo: pick('logo'),
    technology: pick('technology'),
    purpose: pick('purpose'),
    da_layer: pick('da_layer'),
    // null in the file means "not set", which master.json publishes as NA (never null).
    maturity: entry.maturity === null ? MATURITY_NONE : pick('maturity'),
    l2beat_stage: pick('l2beat_stage'),
    l2beat_id: pick('l2beat_id'),
    l2beat_link: pick('l2beat_link'),
    raas: pick('raas'),
    stack: entry.stack ? { label: entry.stack.label ?? '', url: entry.stack.url ?? '' } : base.stack,
    links: { ...base.links, ...definedOnly(entry.links ?? {}) },
  };
}

function resolveStart(start: NonNullable<ChainEntry['start']>, nowMs: number): ChainStart {
  if (start.block !== undefined) return { block: start.block };
  if (start.date !== undefined) return { date: start.date };
  const day = new Date(dayStart(nowMs) - (start.days_ago ?? 0) * DAY_MS);
  return { date: day.toISOString().slice(0, 10) };
}

function customDefaults(entry: ChainEntry): Chain {
  // The required keys (name, evm_chain_id, family, gas_token) were checked before resolution.
  const d = DEFAULTS.custom_chain;
  return {
    origin_key: entry.origin_key,
    name: entry.name as string,
    name_short: entry.name as string,
    evm_chain_id: entry.evm_chain_id as number,
    family: entry.family as ChainFamily,
    gas_token: entry.gas_token as string,
    symbol: symbolFor(entry.gas_token as string),
    rpc_urls: [],
    start: { ...d.start },
    finality_lag: d.finality_lag,
    flags: { fee_table: true, apps: true },
    chain_type: layer2ChainType(entry.da_layer ?? null),
    bucket: d.bucket,
    colors: colorsFor(entry.origin_key),
    ...blankProfile(),
    launch_date: null,
    archived_date: null,
    website: null,
    block_explorers: {},
    events: [],
    stablecoins: [],
    settlement_addresses: [],
    settlement_chain: entry.chain_type === 'l1' ? null : DEFAULT_SETTLEMENT_CHAIN,
    token: null,
    defillama: null,
  };
}

/** ETH for ETH-gas chains; otherwise the id upper-cased — set `symbol` for the real ticker. */
function symbolFor(gasToken: string): string {
  return gasToken === 'ethereum' ? 'ETH' : gasToken.toUpperCase();
}

function toEvent(e: NonNullable<ChainEntry['events']>[number]): ChainEvent {
  return {
    date: e.date,
    type: e.type,
    title: e.title,
    short_title: e.short_title ?? e.title,
    description: e.description ?? '',
    source: e.source ?? '',
  };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * A stable colour pair per origin_key, so charts can tell chains apart without the operator
 * choosing colours: a hue from a string hash, darker for light backgrounds, lighter for dark.
 */
export function colorsFor(originKey: string): Chain['colors'] {
  let h = 2166136261;
  for (const ch of originKey) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const hue = h % 360;
  return {
    light: [hsl(hue, 70, 42), hsl(hue, 70, 32)],
    dark: [hsl(hue, 75, 65), hsl(hue, 75, 78)],
    darkTextOnBackground: false,
  };
}

function hsl(h: number, s: number, l: number): string {
  const sat = s / 100;
  const lig = l / 100;
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = lig - sat * Math.min(lig, 1 - lig) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`.toUpperCase();
}
