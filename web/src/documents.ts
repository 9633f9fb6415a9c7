// The shapes of the /v1 documents the pages read (CONTRACT.md), as far as the pages use them,
// and the helpers to read typed tables. Only public documents: the dashboard is a client of the
// same API as everyone else.
import type { Unit } from './format.js';

export type Cell = number | string | boolean | null | Record<string, number> | string[];
export interface TypedTable<Row extends Cell[] = Cell[]> {
  types: string[];
  data: Row[];
}
export type Series = TypedTable<(number | null)[]>;

export interface MetricInfo {
  name: string;
  description: string;
  metric_keys: string[];
  units: Record<string, Unit>;
  hourly_available: boolean;
  supported_chains: string[];
}

export interface ChainInfo {
  name: string;
  name_short: string;
  chain_type: string;
  description: string;
  bucket: string;
  technology: string;
  purpose: string;
  da_layer: string | null;
  launch_date: string;
  website: string;
  block_explorer: string;
  colors: { light: string[]; dark: string[] };
  supported_metrics: string[];
  tab_status: Record<string, string>;
}

export interface FeeMetricInfo {
  name: string;
  name_short: string;
  units: Record<string, Unit>;
  priority: number;
  currency: boolean;
}

/** master.json `da_layers[key]` (CONTRACT.md 11.2). */
export interface DaLayerInfo {
  name: string;
  name_short: string;
  colors: { light: string[]; dark: string[] };
}

export interface Master {
  chains: Record<string, ChainInfo>;
  da_layers: Record<string, DaLayerInfo>;
  da_metrics: Record<string, MetricInfo>;
  default_chain_sorting: string[];
  metrics: Record<string, MetricInfo>;
  app_metrics: Record<string, MetricInfo>;
  fee_metrics: Record<string, FeeMetricInfo>;
  blockspace_categories: { main_categories: Record<string, string>; sub_categories: Record<string, string> };
  last_updated_utc: string;
}

export interface MetricDetail {
  last_updated_utc: string;
  details: {
    metric_id: string;
    metric_name: string;
    timeseries: Record<string, Series | null>;
    changes: Record<string, Record<string, (number | null)[] | string[]>>;
    summary: Record<string, { types: string[]; data: (number | null)[] }>;
  };
}

export interface FeeTable {
  chain_data: Record<string, { hourly: Record<string, Series> }>;
}

export interface ExportRow {
  metric_key: string;
  origin_key: string;
  date: string;
  value: number | null;
}

export interface KpiCard {
  sparkline: Series;
  current_values: { types: string[]; data: (number | null)[] };
  wow_change: { types: string[]; data: (number | null)[] };
}

export interface RankingEntry {
  rank: number;
  out_of: number;
  color_scale: number;
  value: number | null;
  value_usd: number | null;
  value_eth: number | null;
}

export interface Streak {
  streak_length: number;
  yesterday_value: number | null;
}
export interface Lifetime {
  level: number;
  total_value: number;
  percent_to_next_level: number | null;
}

/** CONTRACT.md section 3. Every part is optional here: a page shows what the document has. */
export interface ChainOverview {
  last_updated_utc: string;
  data: {
    chain_id: string;
    chain_name: string;
    highlights?: { metric_id: string; metric_name: string; type: string; date: string; header?: string; text?: string; value?: string }[];
    events?: { date: string; type: string; title: string; short_title?: string; description?: string; source?: string }[];
    ranking?: Record<string, RankingEntry>;
    kpi_cards?: Record<string, KpiCard>;
    achievements?: {
      streaks?: Record<string, Record<string, Streak>>;
      lifetime?: Record<string, Record<string, Lifetime>>;
    };
    blockspace?: TypedTable<[string, number, number]>;
    ecosystem?: { active_apps?: Record<string, number>; apps?: TypedTable<[string, number]> };
  };
}

/** CONTRACT.md 11.1: a window's figures, [usd, eth] pairs (costs split per chain, not in totals). */
export interface EconomicsWindow {
  revenue: { types: string[]; total: number[] };
  costs: { types: string[]; total: number[]; costs_l1?: number[]; costs_blobs?: number[] };
  profit: { types: string[]; total: number[] };
  profit_margin: { types: string[]; total: number[] };
  size: { types: string[]; total: number[] };
}

/** CONTRACT.md 11.1, as far as the economics page reads it. */
export interface Economics {
  data: {
    chain_breakdown: Record<string, Record<string, EconomicsWindow> & { daily?: Record<'revenue' | 'costs' | 'profit', Series> }>;
  };
  last_updated_utc: string;
}

export interface AppMetric {
  metric_name: string;
  over_time: Record<string, Record<string, Series>>;
  aggregated: { types: string[]; data: Record<string, Record<string, (number | null)[]>> };
}

export interface AppDetails {
  last_updated_utc: string;
  metrics: Record<string, AppMetric>;
  kpi_cards: Record<string, KpiCard>;
  first_seen: Record<string, string>;
  chains_by_size: string[];
  contracts_table: Record<string, TypedTable>;
}

/** CONTRACT.md 11.3: the index of the category comparison. */
export interface CategoryComparisonIndex {
  data: Record<string, { type: string; subcategories: string[] }>;
}

/** `daily` / `daily_7d_rolling` of a comparison node: `types`, then rows per origin_key. */
export type ChainRows = { types: string[] } & Record<string, (number | null)[][] | string[]>;

/** CONTRACT.md 11.3: one main category compared across the chains (the parts the page reads). */
export interface CategoryComparison {
  data: Record<
    string,
    {
      subcategories: { list: string[] };
      daily: ChainRows;
      daily_7d_rolling: ChainRows;
      aggregated: Record<string, { data: { types: string[] } & Record<string, (number | null)[] | string[]>; contracts: TypedTable }>;
    }
  >;
}

export interface ProjectsFiltered {
  last_updated_utc: string;
  data: TypedTable;
}

/**
 * A record's own entry for a key from the URL, or undefined: "constructor" or "__proto__" typed
 * in the address bar must not find Object.prototype's members.
 */
export function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** A typed table's rows as objects keyed by column name. */
export function rowsOf(table: TypedTable): Record<string, Cell>[] {
  return table.data.map((row) => Object.fromEntries(table.types.map((t, i) => [t, row[i]])));
}

/**
 * The value column for a currency: "usd"/"eth" in money tables, "value" otherwise. Falls back to
 * the first value column, so a unit key a table lacks never reads the timestamp.
 */
export function valueColumn(types: string[], currency: string): number {
  const i = types.indexOf(currency);
  if (i >= 0) return i;
  return types.findIndex((t) => t !== 'unix');
}

/** The unit keys of a metric (["usd", "eth"] or ["value"]) and the one to show for a choice. */
export function unitFor(units: Record<string, Unit>, currency: string): [key: string, unit: Unit] {
  const key = own(units, currency) !== undefined ? currency : Object.keys(units)[0];
  return [key, units[key]];
}

/**
 * Application metrics published as a fraction 0..1 (docs/api.md): success_rate. Their unit in
 * master.json has no suffix; the dashboard shows them as percentages.
 */
const FRACTION_APP_METRICS: ReadonlySet<string> = new Set(['success_rate']);

/** unitFor for an application metric, marking the fractions to show as percentages. */
export function appUnitFor(metric: string, units: Record<string, Unit>, currency: string): [key: string, unit: Unit] {
  const [key, unit] = unitFor(units, currency);
  return FRACTION_APP_METRICS.has(metric) && unit ? [key, { ...unit, percent: true }] : [key, unit];
}

/** A money pair or a byte count of /v1/da_overview.json: `{types, total}`. */
export interface DaTotal {
  types: string[];
  total: (number | null)[];
}

/** /v1/da_overview.json (CONTRACT.md 11.2), the parts the page reads. */
export interface DaOverview {
  data: {
    all_da: {
      metrics: Record<'fees_paid' | 'data_posted', Record<string, { daily: Series; monthly: Series }>>;
    };
    da_breakdown: Record<
      string,
      Record<string, { fees: DaTotal; size: DaTotal; fees_per_mb: DaTotal; da_consumer_chart: TypedTable<[string, string, string | null, string | null, number]> }>
    >;
  };
}

/** A ranking entry of the landing page (CONTRACT.md 10.3): money metrics carry value_usd / value_eth. */
export interface LandingRank {
  rank: number | null;
  out_of: number | null;
  color_scale: number | null;
  value?: number | null;
  value_usd?: number | null;
  value_eth?: number | null;
}

/** One chain of the landing page's `table_visual`. */
export interface LandingChain {
  chain_name: string;
  technology: string;
  purpose: string;
  company: string;
  users: number;
  user_share: number;
  cross_chain_activity: number;
  ranking: Record<string, LandingRank>;
  ranking_w_eth: Record<string, LandingRank>;
  top_apps: string[];
}

/** A landing page metric of all_l2s or ethereum: daily rows, a 7-day trailing mean. */
export interface LandingMetric {
  metric_name: string;
  source: string[];
  daily: Series;
}

/** /v1/landing_page.json (CONTRACT.md 10.3), the parts the page reads. */
export interface LandingPage {
  data: {
    metrics: { table_visual: Record<string, LandingChain> };
    all_l2s: { chain_name: string; metrics: Record<string, LandingMetric> };
    ethereum: { chain_name: string; metrics: Record<string, LandingMetric> };
    top_applications: { gainers: TypedTable; losers: TypedTable };
  };
  last_updated_utc: string;
}

/** A daily series of the ecosystem overview: rows under `values`, `unix` the last column. */
export interface EcosystemSeries {
  daily: { types: string[]; values: (number | null)[][] };
}

/** /v1/ecosystem/overview.json (CONTRACT.md 10.4). */
export interface EcosystemOverview {
  data: {
    count_layer2s: { daily: { types: string[]; values: [number, { name: string; origin_key: string }[] | null, { name: string; origin_key: string }[] | null, number][] } };
    tps: Record<'layer_2s' | 'ethereum_mainnet', EcosystemSeries>;
    stables: Record<'layer_2s' | 'ethereum_mainnet', EcosystemSeries>;
    app_fees: Record<'layer_2s' | 'ethereum_mainnet', EcosystemSeries>;
    meet_l2s: Record<string, { total_aa: number; yesterday_aa: number; stables_mcap_usd: number | null; stables_mcap_eth: number | null; tps: number | null; top_apps: string[] }>;
  };
  last_updated_utc: string;
}

/** One chain's blockspace (CONTRACT.md 10.5): per main category, daily rows and windows. */
export interface BlockspaceChain {
  chain_name: string;
  daily: { types: string[] } & Record<string, { data: (number | null)[][] } | string[]>;
  overview: { types: string[] } & Record<string, Record<string, { data: (number | null)[]; contracts?: TypedTable } | Record<string, never>> | string[]>;
  totals: { types: string[] } & Record<string, { data: (number | null)[] } | string[]>;
}

/** /v1/blockspace/overview.json (CONTRACT.md 10.5). */
export interface BlockspaceOverview {
  data: { metric_id: string; chains: Record<string, BlockspaceChain> };
}

/** /v1/fees/linechart.json (CONTRACT.md 10.2, 11.5): rows oldest first. */
export interface FeeLineChart {
  chain_data: Record<string, Record<string, Record<string, Series & { granularity: string }>>>;
  last_updated_utc: string;
}
