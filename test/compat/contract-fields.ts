// The field lists of CONTRACT.md sections 0, 1, 2, 3, 4, 5, 6, 8, 9, 10 and 11 (11.1 included), written out from the contract
// (not read off our code), with the small checkers the compatibility suite applies to what the
// server publishes. A check returns the list of problems as `path: what is wrong`, so one failing
// assertion names every field a client of the reference would trip over.

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

// ---- section 0 -------------------------------------------------------------------------------

export const LAST_UPDATED = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type Problems = string[];

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isNumOrNull = (v: unknown): boolean => v === null || (typeof v === 'number' && Number.isFinite(v));

/** Section 0: period starts of the `unix` column, by the series' granularity. */
export type Granularity = 'hourly' | 'daily' | 'weekly' | 'monthly' | 'quarterly';
export function isPeriodStart(ms: number, g: Granularity): boolean {
  if (!Number.isInteger(ms)) return false;
  const d = new Date(ms);
  if (g === 'hourly') return ms % HOUR_MS === 0;
  if (ms % DAY_MS !== 0) return false;
  if (g === 'daily') return true;
  if (g === 'weekly') return d.getUTCDay() === 1;
  if (g === 'monthly') return d.getUTCDate() === 1;
  return d.getUTCDate() === 1 && d.getUTCMonth() % 3 === 0;
}

/**
 * Section 0 typed table: `{types, data}`, rows as long as `types`, `unix` first when asked,
 * integer milliseconds at period starts, ascending (or descending for the fee table), every other
 * cell a finite number or null.
 */
export function checkTypedTable(
  p: Problems,
  at: string,
  t: unknown,
  want: { types: readonly string[]; granularity?: Granularity; order?: 'asc' | 'desc' },
): t is { types: string[]; data: Array<Array<number | null>> } {
  if (!isObject(t)) {
    p.push(`${at}: not an object`);
    return false;
  }
  if (JSON.stringify(t.types) !== JSON.stringify(want.types)) p.push(`${at}.types: ${JSON.stringify(t.types)}, contract ${JSON.stringify(want.types)}`);
  if (!Array.isArray(t.data)) {
    p.push(`${at}.data: not an array`);
    return false;
  }
  let prev: number | null = null;
  t.data.forEach((row: unknown, i) => {
    if (!Array.isArray(row) || row.length !== want.types.length) {
      p.push(`${at}.data[${i}]: ${JSON.stringify(row)} does not match types`);
      return;
    }
    row.forEach((cell, j) => {
      if (!isNumOrNull(cell)) p.push(`${at}.data[${i}][${j}]: ${JSON.stringify(cell)} is not a finite number or null`);
    });
    if (want.granularity) {
      const u = row[0];
      if (typeof u !== 'number' || !isPeriodStart(u, want.granularity)) p.push(`${at}.data[${i}][0]: ${String(u)} is not a ${want.granularity} period start in ms`);
      if (typeof u === 'number' && prev !== null) {
        const ok = want.order === 'desc' ? u < prev : u > prev;
        if (!ok) p.push(`${at}.data[${i}]: unix ${u} after ${prev} is not ${want.order === 'desc' ? 'descending' : 'ascending'}`);
      }
      if (typeof u === 'number') prev = u;
    }
  });
  return true;
}

/** Keys `want` appear in `obj`, in that relative order (other keys may sit between them). */
export function checkKeysInOrder(p: Problems, at: string, obj: unknown, want: readonly string[]): void {
  if (!isObject(obj)) {
    p.push(`${at}: not an object`);
    return;
  }
  const keys = Object.keys(obj);
  const missing = want.filter((k) => !(k in obj));
  if (missing.length > 0) p.push(`${at}: missing ${missing.join(', ')}`);
  const present = want.filter((k) => k in obj);
  const order = keys.filter((k) => present.includes(k));
  if (JSON.stringify(order) !== JSON.stringify(present)) p.push(`${at}: keys out of order: ${order.join(',')} (contract ${present.join(',')})`);
}

export type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'null';
const kindOf = (v: unknown): Kind | 'undefined' =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : (typeof v as Kind | 'undefined');

/** `obj[key]` is one of the kinds (a missing key is always a problem: clients read it unguarded). */
export function checkKind(p: Problems, at: string, obj: Record<string, unknown>, key: string, ...kinds: Kind[]): void {
  if (!(key in obj)) {
    p.push(`${at}.${key}: missing`);
    return;
  }
  const k = kindOf(obj[key]);
  if (!kinds.includes(k as Kind)) p.push(`${at}.${key}: ${k}, contract ${kinds.join(' | ')}`);
  if (k === 'number' && !Number.isFinite(obj[key])) p.push(`${at}.${key}: not finite`);
}

// ---- section 1: metric detail ----------------------------------------------------------------

export const DETAIL_TIMESERIES = ['daily', 'weekly', 'monthly', 'quarterly', 'daily_7d_rolling'] as const;
export const CHANGES_KEYS = {
  daily: ['1d', '7d', '30d', '90d', '180d', '365d'],
  weekly: ['7d', '28d', '84d', '365d'],
  monthly: ['30d', '90d', '180d', '365d'],
  hourly: ['1d', '3d', '7d'],
} as const;
export const SUMMARY_KEYS = ['last_1h', 'last_1d', 'last_7d', 'last_30d'] as const;

/** Section 0 currency columns: `usd` then `eth` for money, else `value`. */
export const valueColumns = (money: boolean): string[] => (money ? ['usd', 'eth'] : ['value']);

// ---- section 2: fee table --------------------------------------------------------------------

export const FEE_METRICS = {
  txcosts_median: ['unix', 'value_eth', 'value_usd', 'normalized'],
  txcosts_native_median: ['unix', 'value_eth', 'value_usd', 'normalized'],
  txcosts_avg: ['unix', 'value_eth', 'value_usd', 'normalized'],
  txcosts_swap: ['unix', 'value_eth', 'value_usd', 'normalized'],
  tps: ['unix', 'value', 'normalized'],
  throughput: ['unix', 'value', 'normalized'],
} as const;
export const FEE_ROWS = 29;

// ---- section 3: chain overview -----------------------------------------------------------------

export const OVERVIEW_DATA = ['chain_id', 'chain_name', 'highlights', 'events', 'ranking', 'kpi_cards', 'achievements', 'blockspace', 'ecosystem'] as const;
export const HIGHLIGHT_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['metric_id', ['string']],
  ['metric_name', ['string']],
  ['type', ['string']],
  ['date', ['string']],
  ['header', ['string']],
  ['text', ['string']],
  ['value', ['string']],
  ['icon', ['string']],
];
export const HIGHLIGHT_TYPES = ['ath_regular', 'ath_multiple', 'growth_1', 'growth_7', 'lifetime_level_up'] as const;
export const OVERVIEW_EVENT_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['date', ['string']],
  ['type', ['string']],
  ['title', ['string']],
  ['short_title', ['string']],
  ['description', ['string']],
  ['source', ['string']],
];
export const RANKING_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['rank', ['number']],
  ['out_of', ['number']],
  ['color_scale', ['number']],
  ['value', ['number', 'null']],
  ['value_usd', ['number', 'null']],
  ['value_eth', ['number', 'null']],
];
export const STREAK_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['streak_length', ['number']],
  ['yesterday_value', ['number', 'null']],
];
export const LIFETIME_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['level', ['number']],
  ['total_value', ['number']],
  ['percent_to_next_level', ['number', 'null']],
];
/** achievements.streaks / .lifetime: metric → the value keys under it. */
export const STREAK_KEYS = { txcount: ['value'], fees: ['usd', 'eth'] } as const;
export const LIFETIME_KEYS = { txcount: ['value'], daa: ['value'], fees: ['usd', 'eth'] } as const;
export const BLOCKSPACE_COLUMNS = ['main_category_id', 'txcount', 'pct_share'] as const;
export const ECOSYSTEM_APPS_COLUMNS = ['owner_project', 'txcount'] as const;

// ---- section 4: application detail ------------------------------------------------------------

export const APP_DETAILS_TOP = ['last_updated_utc', 'metrics', 'kpi_cards', 'first_seen', 'chains_by_size', 'contracts_table'] as const;
/** `metrics` keys, always all present; money metrics have `usd` then `eth`, the others `value`. */
export const APP_METRICS = {
  txcount: { money: false, token: false },
  daa: { money: false, token: false },
  gas_fees: { money: true, token: false },
  success_rate: { money: false, token: false },
  market_cap: { money: true, token: true },
  token_price: { money: true, token: true },
  token_volume: { money: true, token: true },
} as const;
/** Token metrics are keyed by this single key instead of origin_keys. */
export const TOKEN_KEY = 'all';
export const APP_METRIC_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['metric_name', ['string']],
  ['avg', ['boolean']],
  ['over_time', ['object']],
  ['aggregated', ['object']],
];
export const APP_WINDOWS = ['1d', '7d', '30d', '90d', '180d', '365d', 'max'] as const;
/** `hourly`: the last 14 days of complete hours. */
export const APP_HOURLY_DAYS = 14;
export const KPI_CARD_KEYS = ['sparkline', 'current_values', 'wow_change'] as const;
export const CONTRACTS_TABLE_COLUMNS: ReadonlyArray<[string, Kind[]]> = [
  ['address', ['string']],
  ['name', ['string', 'null']],
  ['main_category_key', ['string', 'null']],
  ['sub_category_key', ['string', 'null']],
  ['origin_key', ['string']],
  ['verified', ['boolean']],
  ['txcount', ['number']],
  ['fees_paid_eth', ['number', 'null']],
  ['fees_paid_usd', ['number', 'null']],
  ['daa', ['number']],
];

// ---- section 5: project lists ----------------------------------------------------------------

const DIRECTORY_COLUMNS: ReadonlyArray<[string, Kind[]]> = [
  ['owner_project', ['string']],
  ['display_name', ['string']],
  ['description', ['string', 'null']],
  ['main_github', ['string', 'null']],
  ['twitter', ['string', 'null']],
  ['website', ['string', 'null']],
  ['logo_path', ['string', 'null']],
  ['token_symbol', ['string', 'null']],
];
const CATEGORY_COLUMNS: ReadonlyArray<[string, Kind[]]> = [
  ['sub_category', ['string', 'null']],
  ['main_category', ['string', 'null']],
  ['sub_categories', ['array']],
];
export const PROJECTS_FILTERED_COLUMNS: ReadonlyArray<[string, Kind[]]> = [
  ...DIRECTORY_COLUMNS,
  ['txcount', ['number']],
  ['active_on', ['object']],
  ['ecosystem_rank', ['number']],
  ...CATEGORY_COLUMNS,
  ['features', ['array']],
];
export const PROJECTS_COLUMNS: ReadonlyArray<[string, Kind[]]> = [...DIRECTORY_COLUMNS, ...CATEGORY_COLUMNS];

/**
 * A typed table whose columns are not all numbers (the contracts table, the project lists): the
 * `types` are the contract's column names in order, every row as long, each cell of its column's kinds.
 */
export function checkMixedTable(p: Problems, at: string, t: unknown, columns: ReadonlyArray<[string, Kind[]]>): t is { types: string[]; data: unknown[][] } {
  if (!isObject(t)) {
    p.push(`${at}: not an object`);
    return false;
  }
  const names = columns.map(([c]) => c);
  if (JSON.stringify(t.types) !== JSON.stringify(names)) p.push(`${at}.types: ${JSON.stringify(t.types)}, contract ${JSON.stringify(names)}`);
  if (!Array.isArray(t.data)) {
    p.push(`${at}.data: not an array`);
    return false;
  }
  t.data.forEach((row: unknown, i) => {
    if (!Array.isArray(row) || row.length !== columns.length) {
      p.push(`${at}.data[${i}]: ${JSON.stringify(row)} does not match types`);
      return;
    }
    const cells = Object.fromEntries(names.map((n, j) => [n, row[j]]));
    for (const [c, kinds] of columns) checkKind(p, `${at}.data[${i}]`, cells, c, ...kinds);
  });
  return true;
}

// ---- section 6: master.json ------------------------------------------------------------------

export const MASTER_TOP = [
  'current_version',
  'default_chain_selection',
  'default_chain_sorting',
  'chains',
  'sources',
  'custom_logos',
  'da_layers',
  'metrics',
  'da_metrics',
  'app_metrics',
  'fee_metrics',
  'blockspace_categories',
  'maturity_levels',
  'composition_types',
  'ethereum_events',
  'last_updated_utc',
] as const;

/** chains[origin_key]: every key and the JSON kinds the contract allows. */
export const CHAIN_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['name', ['string']],
  ['name_short', ['string']],
  ['url_key', ['string']],
  ['chain_type', ['string']],
  ['caip2', ['string', 'null']],
  ['evm_chain_id', ['number', 'null']],
  ['deployment', ['string']],
  ['description', ['string']],
  ['company', ['string']],
  ['symbol', ['string', 'null']],
  ['gas_token', ['string', 'null']],
  ['bucket', ['string']],
  ['ecosystem', ['array']],
  ['colors', ['object']],
  ['logo', ['object', 'null']],
  ['technology', ['string']],
  ['purpose', ['string']],
  ['da_layer', ['string', 'null']],
  // 11.6: a key of maturity_levels or "NA", never null (the reference UI calls .split on it).
  ['maturity', ['string']],
  ['launch_date', ['string', 'null']],
  ['enable_contracts', ['boolean']],
  ['l2beat_stage', ['object', 'null']],
  ['l2beat_link', ['string', 'null']],
  ['l2beat_id', ['string', 'null']],
  ['raas', ['string', 'null']],
  ['stack', ['object']],
  ['links', ['object']],
  ['website', ['string', 'null']],
  ['twitter', ['string', 'null']],
  ['block_explorer', ['string', 'null']],
  ['block_explorers', ['object']],
  ['rhino_listed', ['boolean']],
  ['rhino_naming', ['null', 'string']],
  ['tab_status', ['object']],
  ['excluded_metrics', ['array']],
  ['similar_chains', ['array']],
  ['supported_metrics', ['array']],
];
export const LINKS_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['website', ['string', 'null']],
  ['twitter', ['string', 'null']],
  ['github', ['string', 'null']],
  ['docs', ['string', 'null']],
  ['block_explorers', ['object']],
  ['bridges', ['object']],
  ['socials', ['object']],
  ['others', ['object']],
];
export const TAB_STATUS_KEYS = ['overview', 'fundamentals', 'economics', 'apps', 'blockspace', 'user_insights'] as const;

/** metrics[metric_id] (and app_metrics, which add chain_specific and toggles). */
export const METRIC_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['name', ['string']],
  ['icon', ['string']],
  ['description', ['string']],
  ['category', ['string']],
  ['fundamental', ['boolean']],
  ['metric_keys', ['array']],
  ['units', ['object']],
  ['avg', ['boolean']],
  ['all_l2s_aggregate', ['string']],
  ['monthly_agg', ['string']],
  ['max_date_fill', ['boolean']],
  ['ranking_bubble', ['boolean']],
  ['ranking_landing', ['boolean']],
  ['log_default', ['boolean']],
  ['url_path', ['string']],
  ['hourly_available', ['boolean']],
  ['source', ['array']],
  ['metric_type', ['string']],
  ['supported_chains', ['array']],
];
export const UNIT_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['currency', ['boolean', 'string', 'null']],
  ['prefix', ['string', 'null']],
  ['suffix', ['string', 'null']],
  ['decimals', ['number']],
  ['decimals_tooltip', ['number']],
  ['agg', ['boolean']],
  ['agg_tooltip', ['boolean']],
];
export const FEE_METRIC_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['name', ['string']],
  ['name_short', ['string']],
  ['units', ['object']],
  ['category', ['string']],
  ['currency', ['boolean', 'string']],
  ['priority', ['number']],
  ['invert_normalization', ['boolean']],
];
export const EVENT_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['date', ['string']],
  ['type', ['string']],
  ['title', ['string']],
  ['short_title', ['string']],
  ['description', ['string']],
  ['source', ['string', 'null']],
  ['show_in_chart', ['boolean']],
];

// ---- section 10.1: application overview -----------------------------------------------------------

export const APP_OVERVIEW_WINDOWS = ['1d', '7d', '30d', '90d', '365d', 'max'] as const;
export const appOverviewPath = (w: string) => `/v1/apps/app_overview_${w}.json`;
export const APP_OVERVIEW_COLUMNS: ReadonlyArray<[string, Kind[]]> = [
  ['owner_project', ['string']],
  ['origin_key', ['string']],
  ['num_contracts', ['number']],
  ['gas_fees_eth', ['number', 'null']],
  ['prev_gas_fees_eth', ['number', 'null']],
  ['gas_fees_usd', ['number', 'null']],
  ['prev_gas_fees_usd', ['number', 'null']],
  ['txcount', ['number']],
  ['prev_txcount', ['number']],
  ['daa', ['number']],
  ['prev_daa', ['number']],
];

// ---- section 10.6: today's running totals ------------------------------------------------------

export const STREAKS_TODAY_PATH = '/v1/chains/all/streaks_today.json';
export const STREAKS_TODAY_KEYS = { txcount: ['value'], fees: ['usd', 'eth'] } as const;

// ---- section 10.5: blockspace -----------------------------------------------------------------

export const BLOCKSPACE_OVERVIEW_PATH = '/v1/blockspace/overview.json';
export const blockspacePath = (k: string) => `/v1/chains/blockspace/${k}.json`;
/** The per-chain document is the chain object itself: no envelope, no last_updated_utc. */
export const BLOCKSPACE_CHAIN_TOP = ['chain_name', 'daily', 'overview', 'totals'] as const;
export const BLOCKSPACE_VALUES = ['gas_fees_eth_absolute', 'gas_fees_usd_absolute', 'txcount_absolute', 'gas_fees_share_eth', 'gas_fees_share_usd', 'txcount_share'] as const;
export const BLOCKSPACE_DAILY = ['unix', ...BLOCKSPACE_VALUES] as const;
export const BLOCKSPACE_TOTALS = ['gas_fees_eth_absolute', 'gas_fees_usd_absolute', 'txcount_absolute'] as const;
/** Indexes of the share columns in BLOCKSPACE_VALUES. */
export const BLOCKSPACE_SHARES = [3, 4, 5] as const;
export const BLOCKSPACE_CONTRACT_COLUMNS: ReadonlyArray<[string, Kind[]]> = [
  ['address', ['string']],
  ['project_name', ['string', 'null']],
  ['name', ['string', 'null']],
  ['main_category_key', ['string']],
  ['sub_category_key', ['string', 'null']],
  ['chain', ['string']],
  ['gas_fees_absolute_eth', ['number', 'null']],
  ['gas_fees_absolute_usd', ['number', 'null']],
  ['txcount_absolute', ['number']],
];
export const BLOCKSPACE_CHAIN_TIMEFRAMES = ['1d', '7d', '30d', '180d', 'max'] as const;
export const BLOCKSPACE_OVERVIEW_TIMEFRAMES = ['7d', '30d', '90d', '180d', '365d', 'max'] as const;
export const BLOCKSPACE_CHAIN_TOP_CONTRACTS = 50;
export const BLOCKSPACE_ALL_L2S_TOP_CONTRACTS = 100;

// ---- section 8 -------------------------------------------------------------------------------

export const ALL_L2S = 'all_l2s';

// ---- section 11.4: landing event "active apps" ------------------------------------------------

export const LANDING_EVENTS_APPS_PATH = '/v1/landing-events/apps-data.json';
export const LANDING_EVENTS_APPS_DATA = ['apps_total', 'apps_by_chain', 'apps_by_category'] as const;
export const APPS_TOTAL_TYPES = ['unix', 'project_count'] as const;
export const APPS_BY_CHAIN_KEYS = ['names', 'colors', 'timeseries'] as const;
/** A project active on several chains in a week: its column's key, legend name and colour. */
export const CROSS_CHAIN = 'Cross-Chain';
export const CROSS_CHAIN_COLOR = '#CDD8D2';
/** A by-chain column's name in `types`: `<key>_registered_count`. */
export const REGISTERED_COUNT_SUFFIX = '_registered_count';
/** The document as the contract writes it. */
export type LandingEventsApps = {
  data: {
    apps_total: { weekly: { types: string[]; values: number[][] } };
    apps_by_chain: { names: string[]; colors: string[]; timeseries: { types: string[]; values: number[][] } };
    apps_by_category: Record<string, unknown>;
  };
  last_updated_utc: string;
};

// ---- section 11.3: category comparison --------------------------------------------------------

export const CATEGORY_COMPARISON_INDEX_PATH = '/v1/blockspace/category_comparison/index.json';
export const categoryComparisonPath = (main: string) => `/v1/blockspace/category_comparison/${main}.json`;
export const CATEGORY_COMPARISON_MAIN_NODE = ['type', 'subcategories', 'daily', 'daily_7d_rolling', 'aggregated'] as const;
export const CATEGORY_COMPARISON_SUB_NODE = ['type', 'daily', 'daily_7d_rolling', 'aggregated'] as const;
export const CATEGORY_COMPARISON_DAILY = ['unix', 'gas_fees_absolute_eth', 'gas_fees_absolute_usd', 'txcount_absolute'] as const;
/** `aggregated[w].data` values by position (the page reads them by `types.indexOf`). */
export const CATEGORY_COMPARISON_VALUES = ['gas_fees_absolute_eth', 'gas_fees_absolute_usd', 'gas_fees_share', 'txcount_absolute', 'txcount_share'] as const;
export const CATEGORY_COMPARISON_WINDOWS = ['7d', '30d', '180d', 'max'] as const;
/** The rolling mean's window in rows; its first row is the 7th daily row. */
export const CATEGORY_COMPARISON_ROLLING_ROWS = 7;
/** Contracts: the top 50 of the category by fees, plus per (sub, chain) 20 by fees and 20 by txcount. */
export const CATEGORY_COMPARISON_TOP = 50;
export const CATEGORY_COMPARISON_TOP_PER_SUB_CHAIN = 20;
// ---- section 11.1: economics ------------------------------------------------------------------

export const ECONOMICS_PATH = '/v1/economics.json';
export const ECONOMICS_DATA = ['all_l2s', 'chain_breakdown', 'da_charts'] as const;
export const ECONOMICS_ALL_L2S = ['chain_id', 'chain_name', 'metrics'] as const;
/** all_l2s.metrics: exactly these keys in this order (the carousel's; any other crashes the page). */
export const ECONOMICS_CAROUSEL = ['fees', 'costs', 'profit'] as const;
export const ECONOMICS_CAROUSEL_COSTS = ['costs_l1', 'costs_blobs'] as const;
export const ECONOMICS_CAROUSEL_FIELDS = ['metric_name', 'source', 'avg', 'daily', 'monthly'] as const;
export const ECONOMICS_CAROUSEL_DAYS = 720;
export const ECONOMICS_WINDOWS = ['1d', '7d', '30d', '90d', '180d', '365d', 'max'] as const;
/** W: the figures of a window, each `{types, total}`; costs of a chain adds costs_l1 and costs_blobs. */
export const ECONOMICS_W = ['revenue', 'costs', 'profit', 'profit_margin', 'size'] as const;
export const ECONOMICS_MONEY_TYPES = ['usd', 'eth'] as const;
export const ECONOMICS_SERIES = ['revenue', 'costs', 'profit'] as const;
export const ECONOMICS_SERIES_TYPES = ['unix', 'usd', 'eth'] as const;
/** The document as the contract writes it. */
export type EconomicsPair = [number, number];
export type EconomicsWindow = {
  revenue: { types: string[]; total: EconomicsPair };
  costs: { types: string[]; total: EconomicsPair; costs_l1?: EconomicsPair; costs_blobs?: EconomicsPair };
  profit: { types: string[]; total: EconomicsPair };
  profit_margin: { types: string[]; total: [number] };
  size: { types: string[]; total: [number] };
};
export type EconomicsSeries = { types: string[]; data: Array<[number, number, number]> };
export type EconomicsCarousel = { metric_name: string; source: string[]; avg: string; daily: EconomicsSeries; monthly: EconomicsSeries };
export type EconomicsChain = Record<(typeof ECONOMICS_WINDOWS)[number], EconomicsWindow> & {
  daily: Record<(typeof ECONOMICS_SERIES)[number], EconomicsSeries>;
  monthly: Record<(typeof ECONOMICS_SERIES)[number], EconomicsSeries>;
};
export type Economics = {
  data: {
    all_l2s: { chain_id: string; chain_name: string; metrics: { fees: EconomicsCarousel; costs: { costs_l1: EconomicsCarousel; costs_blobs: EconomicsCarousel }; profit: EconomicsCarousel } };
    chain_breakdown: Record<string, EconomicsChain> & { totals: Record<(typeof ECONOMICS_WINDOWS)[number], EconomicsWindow> };
    da_charts: Record<string, unknown>;
  };
  last_updated_utc: string;
};
/** The da_layer substrings the page's helper recognises (it crashes on a chain with none). */
export const ECONOMICS_DA_LABELS = ['calldata', 'blobs', 'MantleDA', 'EigenDA', 'DAC', 'Celestia', 'memo'] as const;

// ---- section 11.6: chain_type and maturity ---------------------------------------------------

/** chain_type of a chain (the reference UI's chain tables keep exactly these); `-` for all_l2s. */
export const CHAIN_TYPES = ['l1', 'rollup', 'others'] as const;
/** Section 8's L2 universe by chain_type. */
export const L2_CHAIN_TYPES = ['rollup', 'others'] as const;
/** maturity_levels: the reference's six levels, highest first, and each level's keys. */
export const MATURITY_LEVEL_KEYS = ['10_foundational', '4_robust', '3_maturing', '2_developing', '1_emerging', '0_early_phase'] as const;
export const MATURITY_LEVEL_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['name', ['string']],
  ['description', ['string']],
  ['conditions', ['object']],
];
export const MATURITY_NONE = 'NA';
export const MARKET_METRICS = ['market_cap', 'fdv'] as const;

// ---- section 9 -------------------------------------------------------------------------------

export const EXPORT_ROW_KEYS = ['metric_key', 'origin_key', 'date', 'value'] as const;
export const CSV_HEADER = 'metric_key,origin_key,date,value';
export type ExportRow = { metric_key: string; origin_key: string; date: string; value: number | null };

// ---- sections 10.2 and 11.5: fee line chart ---------------------------------------------------------

export const FEE_LINECHART_PATH = '/v1/fees/linechart.json';
/** The chain the line chart leaves out (the settlement layer). */
export const FEE_LINECHART_EXCLUDED = 'ethereum';
/** Timeframe → granularity name, bucket length and the number of complete buckets. */
export const FEE_LINECHART_TIMEFRAMES = {
  '24hrs': { granularity: '10_min', bucket_ms: 10 * 60_000, buckets: 144 },
  '7d': { granularity: 'hourly', bucket_ms: HOUR_MS, buckets: 168 },
  '30d': { granularity: '4_hours', bucket_ms: 4 * HOUR_MS, buckets: 180 },
  '180d': { granularity: 'daily', bucket_ms: DAY_MS, buckets: 180 },
} as const;
/** 11.5: the metric keys in the order the reference page reads them by position. */
export const FEE_LINECHART_PAGE_ORDER = ['txcosts_median', 'txcosts_native_median', 'tps', 'throughput', 'txcosts_swap', 'txcosts_avg'] as const;
/** Columns by position: the fee table's without `normalized`. */
export const FEE_LINECHART_COLUMNS = {
  txcosts_median: ['unix', 'value_eth', 'value_usd'],
  txcosts_native_median: ['unix', 'value_eth', 'value_usd'],
  txcosts_avg: ['unix', 'value_eth', 'value_usd'],
  txcosts_swap: ['unix', 'value_eth', 'value_usd'],
  tps: ['unix', 'value'],
  throughput: ['unix', 'value'],
} as const;
// ---- section 10.3: landing page ------------------------------------------------------------

export const LANDING_PATH = '/v1/landing_page.json';
export const LANDING_DATA = ['metrics', 'all_l2s', 'ethereum', 'top_contracts', 'top_applications'] as const;
export const LANDING_CHAIN_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['chain_name', ['string']],
  ['technology', ['string']],
  ['purpose', ['string']],
  ['company', ['string']],
  ['users', ['number']],
  ['user_share', ['number']],
  ['cross_chain_activity', ['number']],
  ['ranking', ['object']],
  ['ranking_w_eth', ['object']],
  ['top_apps', ['array']],
];
export const LANDING_RANK_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['rank', ['number', 'null']],
  ['out_of', ['number', 'null']],
  ['color_scale', ['number', 'null']],
];
export const LANDING_AGGREGATE_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['chain_id', ['string']],
  ['chain_name', ['string']],
  ['symbol', ['string']],
  ['metrics', ['object']],
];
export const LANDING_SERIES_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['metric_name', ['string']],
  ['source', ['array']],
  ['avg', ['string']],
  ['daily', ['object']],
];
/** all_l2s.metrics may hold these (those with data); ethereum.metrics the same less rent_paid. */
export const LANDING_L2_METRICS = ['throughput', 'txcount', 'stables_mcap', 'rent_paid', 'market_cap', 'fees'] as const;
export const LANDING_MOVER_COLUMNS: ReadonlyArray<[string, Kind[]]> = [
  ['owner_project', ['string']],
  ['txcount', ['number']],
  ['prev_txcount', ['number']],
  ['change', ['number']],
];

// ---- section 10.4: ecosystem overview ------------------------------------------------------

export const ECOSYSTEM_PATH = '/v1/ecosystem/overview.json';
export const ECOSYSTEM_DATA = ['count_layer2s', 'tps', 'stables', 'app_fees', 'meet_l2s'] as const;
export const COUNT_LAYER2S_TYPES = ['value', 'l2s_launched', 'l2s_archived', 'unix'] as const;
/** The daily `values` tables: their columns, `unix` last. */
export const ECOSYSTEM_SERIES = { tps: ['value', 'unix'], stables: ['usd', 'eth', 'unix'], app_fees: ['usd', 'eth', 'unix'] } as const;
export const ECOSYSTEM_SIDES = ['layer_2s', 'ethereum_mainnet'] as const;
export const MEET_L2_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['total_aa', ['number']],
  ['yesterday_aa', ['number', 'null']],
  ['stables_mcap_usd', ['number', 'null']],
  ['stables_mcap_eth', ['number', 'null']],
  ['tps', ['number', 'null']],
  ['top_apps', ['array']],
];

// ---- section 11.2: data availability -----------------------------------------------------------

export const DA_OVERVIEW_PATH = '/v1/da_overview.json';
export const DA_TIMESERIES_PATH = '/v1/da_timeseries.json';
/** The one layer chainlytics publishes. */
export const DA_LAYER_KEY = 'da_ethereum_blobs';
export const daMetricPath = (layer: string, metric: string) => `/v1/metrics/data_availability/${layer}/${metric}.json`;
export const DA_WINDOWS = ['1d', '7d', '30d', '90d', '180d', '365d', 'max'] as const;
export const DA_LAYER_FIELDS: ReadonlyArray<[string, Kind[]]> = [
  ['name', ['string']],
  ['name_short', ['string']],
  ['url_key', ['string']],
  ['block_explorers', ['object']],
  ['website', ['string']],
  ['twitter', ['string']],
  ['logo', ['object', 'null']],
  ['colors', ['object']],
  ['incl_in_da_overview', ['boolean']],
];
/** da_metrics: id → metric_keys, icon, monthly_agg, and the money pair or one value column. */
export const DA_METRICS_SPEC = {
  blob_count: { metric_keys: ['da_blob_count'], icon: 'da-blobs-number', monthly_agg: 'sum', money: false },
  data_posted: { metric_keys: ['da_data_posted_bytes'], icon: 'da-data-posted', monthly_agg: 'sum', money: false },
  fees_paid: { metric_keys: ['da_fees_usd', 'da_fees_eth'], icon: 'da-fees-paid', monthly_agg: 'sum', money: true },
  fees_per_mbyte: { metric_keys: ['da_fees_per_mbyte_usd', 'da_fees_per_mbyte_eth'], icon: 'da-fees-paid-per-mb', monthly_agg: 'avg', money: true },
  blob_producers: { metric_keys: ['da_unique_blob_producers'], icon: 'da-consumers', monthly_agg: 'avg', money: false },
} as const;
export const DA_OVERVIEW_ALL_DA = ['da_id', 'da_name', 'metrics', 'top_da_consumers'] as const;
export const DA_LAYER_METRIC_KEYS = ['metric_name', 'source', 'avg', 'daily', 'monthly'] as const;
export const DA_CONSUMER_COLUMNS = ['da_consumer_key', 'name', 'da_layer', 'origin_key', 'data_posted'] as const;
export const DA_TOP_CONSUMERS = 5;
export const DA_CHART_CONSUMERS = 7;
export const DA_BREAKDOWN_KEYS = ['fees', 'size', 'fees_per_mb', 'da_consumers', 'fixed_params', 'da_consumer_chart'] as const;
export const DA_TOTALS_KEYS = ['fees', 'size', 'fees_per_mb'] as const;
export const DA_FIXED_PARAMS = ['block_time', 'blob_size', 'bandwidth', 'l2beat_risk'] as const;
export const DA_CHAINS_COLUMNS = ['da_consumer_key', 'name', 'gtp_origin_key'] as const;
export const DA_TIMESERIES_COLUMNS = ['da_consumer_key', 'name', 'gtp_origin_key', 'data_posted', 'unix'] as const;
/** A consumer is listed in da_consumers from this many bytes posted in its lifetime (0.1 GiB). */
export const DA_CONSUMER_MIN_BYTES = 0.1 * 1024 ** 3;
