// The metric catalog: every chain metric of METRICS.md section 2 and every fee-table metric of
// section 3, with the flags master.json publishes (CONTRACT.md section 6) and the stored fact
// keys each document column is read from. Static data; documents and master.json read it.

export type Aggregation = 'sum' | 'avg' | 'unique';

/** Where a metric's numbers come from. Only `rpc` metrics are computed today. */
export type MetricSource = 'rpc' | 'stablecoins' | 'settlement' | 'market_data' | 'tvl' | 'app_revenue';

export interface UnitSpec {
  currency: boolean;
  prefix: string | null;
  suffix: string | null;
  decimals: number;
  decimals_tooltip: number;
  /** Whether clients abbreviate large numbers (1.2M) on axes / in tooltips. */
  agg: boolean;
  agg_tooltip: boolean;
}

export type ValueColumn = 'usd' | 'eth' | 'value';

export interface ColumnSource {
  /** Document column name. */
  name: ValueColumn;
  /** Stored fact key the column is read from. */
  fact_key: string;
  /** Divisor from the stored unit to the published unit (gas/s → Mgas/s is 1e6). */
  divisor: number;
}

export interface ChainMetric {
  metric_id: string;
  name: string;
  /** The raw stored keys (METRICS.md section 2), usd before eth. */
  metric_keys: readonly string[];
  units: Partial<Record<ValueColumn, UnitSpec>>;
  /** Measured in money: the document has columns usd, eth; otherwise one column value. */
  currency: boolean;
  /** Whether a 7-day rolling mean is published (`daily_7d_rolling`, else null). */
  avg: boolean;
  monthly_agg: Aggregation;
  hourly_available: boolean;
  ranking_bubble: boolean;
  category: string;
  source: MetricSource;
  /** `details.source` of the metric detail document. */
  source_names: readonly string[];
  /** Document value columns in order, with the fact each is read from. */
  columns: readonly ColumnSource[];
  /**
   * Value of a complete period in which the chain had no transactions: 0 for counts and sums,
   * null where the figure is undefined (a median of no fees).
   */
  empty_value: 0 | null;
  /** For the overview ranking: 1 = largest (`desc`) or 1 = smallest (`asc`, costs). */
  rank_order: 'desc' | 'asc';
}

const count: UnitSpec = { currency: false, prefix: null, suffix: null, decimals: 0, decimals_tooltip: 0, agg: true, agg_tooltip: true };
const usd = (decimals: number, agg: boolean): UnitSpec => ({
  currency: true,
  prefix: '$',
  suffix: null,
  decimals,
  decimals_tooltip: decimals,
  agg,
  agg_tooltip: false,
});
const eth = (decimals: number, agg: boolean): UnitSpec => ({
  currency: true,
  prefix: 'Ξ',
  suffix: null,
  decimals,
  decimals_tooltip: decimals,
  agg,
  agg_tooltip: false,
});
const mgas: UnitSpec = { currency: false, prefix: null, suffix: 'Mgas/s', decimals: 2, decimals_tooltip: 2, agg: false, agg_tooltip: false };
const tpsUnit: UnitSpec = { currency: false, prefix: null, suffix: 'tps', decimals: 2, decimals_tooltip: 2, agg: false, agg_tooltip: false };

const RPC = ['RPC'] as const;
const RPC_PRICED = ['RPC', 'Price feed'] as const;

function money(base: string, usdKey = `${base}_usd`, ethKey = `${base}_eth`): Pick<ChainMetric, 'metric_keys' | 'currency' | 'columns'> {
  return {
    metric_keys: [usdKey, ethKey],
    currency: true,
    columns: [
      { name: 'usd', fact_key: usdKey, divisor: 1 },
      { name: 'eth', fact_key: ethKey, divisor: 1 },
    ],
  };
}

function plain(key: string, divisor = 1): Pick<ChainMetric, 'metric_keys' | 'currency' | 'columns'> {
  return { metric_keys: [key], currency: false, columns: [{ name: 'value', fact_key: key, divisor }] };
}

export const CHAIN_METRICS: readonly ChainMetric[] = [
  {
    metric_id: 'txcount',
    name: 'Transaction Count',
    ...plain('txcount'),
    units: { value: count },
    avg: true,
    monthly_agg: 'sum',
    hourly_available: true,
    ranking_bubble: true,
    category: 'activity',
    source: 'rpc',
    source_names: RPC,
    empty_value: 0,
    rank_order: 'desc',
  },
  {
    metric_id: 'daa',
    name: 'Active Addresses',
    ...plain('daa'),
    units: { value: count },
    avg: true,
    monthly_agg: 'unique',
    hourly_available: true,
    ranking_bubble: true,
    category: 'activity',
    source: 'rpc',
    source_names: RPC,
    empty_value: 0,
    rank_order: 'desc',
  },
  {
    metric_id: 'fees',
    name: 'Fees Paid by Users',
    ...money('fees_paid'),
    units: { usd: usd(2, true), eth: eth(4, true) },
    avg: true,
    monthly_agg: 'sum',
    hourly_available: true,
    ranking_bubble: true,
    category: 'economics',
    source: 'rpc',
    source_names: RPC_PRICED,
    empty_value: 0,
    rank_order: 'desc',
  },
  {
    metric_id: 'txcosts',
    name: 'Transaction Costs',
    ...money('txcosts_median'),
    units: { usd: usd(3, false), eth: eth(8, false) },
    // A median is a level, not a flow: smoothing it adds nothing the daily series lacks.
    avg: false,
    monthly_agg: 'avg',
    hourly_available: true,
    ranking_bubble: true,
    category: 'convenience',
    source: 'rpc',
    source_names: RPC_PRICED,
    empty_value: null,
    rank_order: 'asc',
  },
  {
    metric_id: 'throughput',
    name: 'Throughput',
    ...plain('gas_per_second', 1e6),
    units: { value: mgas },
    avg: true,
    monthly_agg: 'avg',
    hourly_available: true,
    ranking_bubble: true,
    category: 'activity',
    source: 'rpc',
    source_names: RPC,
    empty_value: 0,
    rank_order: 'desc',
  },
  // Metrics below need sources that do not exist yet: defined so master.json can describe
  // them, but they produce no documents and list no supported chains.
  {
    metric_id: 'stables_mcap',
    name: 'Stablecoin Market Cap',
    ...money('stables_mcap', 'stables_mcap', 'stables_mcap_eth'),
    units: { usd: usd(0, true), eth: eth(2, true) },
    avg: false,
    monthly_agg: 'avg',
    hourly_available: false,
    ranking_bubble: true,
    category: 'value-locked',
    source: 'stablecoins',
    source_names: ['RPC', 'Price feed'],
    empty_value: null,
    rank_order: 'desc',
  },
  {
    metric_id: 'rent_paid',
    name: 'Rent Paid to L1',
    ...money('rent_paid'),
    units: { usd: usd(2, true), eth: eth(4, true) },
    avg: true,
    monthly_agg: 'sum',
    hourly_available: false,
    ranking_bubble: false,
    category: 'economics',
    source: 'settlement',
    source_names: ['RPC (Ethereum)', 'Price feed'],
    empty_value: 0,
    rank_order: 'desc',
  },
  {
    metric_id: 'profit',
    name: 'Onchain Profit',
    ...money('profit'),
    units: { usd: usd(2, true), eth: eth(4, true) },
    avg: true,
    monthly_agg: 'sum',
    hourly_available: false,
    ranking_bubble: true,
    category: 'economics',
    source: 'settlement',
    source_names: ['RPC', 'RPC (Ethereum)', 'Price feed'],
    empty_value: 0,
    rank_order: 'desc',
  },
  {
    metric_id: 'market_cap',
    name: 'Market Cap',
    ...money('market_cap'),
    units: { usd: usd(0, true), eth: eth(2, true) },
    avg: false,
    monthly_agg: 'avg',
    hourly_available: false,
    ranking_bubble: true,
    category: 'market',
    source: 'market_data',
    source_names: ['Market data'],
    empty_value: null,
    rank_order: 'desc',
  },
  {
    metric_id: 'fdv',
    name: 'Fully Diluted Valuation',
    ...money('fdv'),
    units: { usd: usd(0, true), eth: eth(2, true) },
    avg: false,
    monthly_agg: 'avg',
    hourly_available: false,
    ranking_bubble: true,
    category: 'market',
    source: 'market_data',
    source_names: ['Market data'],
    empty_value: null,
    rank_order: 'desc',
  },
  {
    metric_id: 'tvl',
    name: 'Total Value Secured',
    ...money('tvl', 'tvl', 'tvl_eth'),
    units: { usd: usd(0, true), eth: eth(2, true) },
    avg: false,
    monthly_agg: 'avg',
    hourly_available: false,
    ranking_bubble: true,
    category: 'value-locked',
    source: 'tvl',
    source_names: ['External'],
    empty_value: null,
    rank_order: 'desc',
  },
  {
    metric_id: 'app_revenue',
    name: 'App Revenue',
    ...money('app_fees'),
    units: { usd: usd(2, true), eth: eth(4, true) },
    avg: true,
    monthly_agg: 'sum',
    hourly_available: false,
    ranking_bubble: false,
    category: 'economics',
    source: 'app_revenue',
    source_names: ['External'],
    empty_value: 0,
    rank_order: 'desc',
  },
];

/** Sources that are implemented; a metric of any other source has no documents yet. */
export const IMPLEMENTED_SOURCES: ReadonlySet<MetricSource> = new Set(['rpc']);

export function chainMetric(metricId: string): ChainMetric | undefined {
  return CHAIN_METRICS.find((m) => m.metric_id === metricId);
}

/** Chain metrics whose source exists, i.e. that can have documents. */
export function computedChainMetrics(): ChainMetric[] {
  return CHAIN_METRICS.filter((m) => IMPLEMENTED_SOURCES.has(m.source));
}

// ---- fee table (METRICS.md section 3, CONTRACT.md sections 2 and 6) -------------------------

export interface FeeMetric {
  metric: string;
  name: string;
  name_short: string;
  units: Partial<Record<ValueColumn, UnitSpec>>;
  category: string;
  /** Money: columns value_eth, value_usd; else one column value. */
  currency: boolean;
  /** 1 = shown first. */
  priority: number;
  /** Higher is better (tps, throughput): normalized 0 goes to the highest value. */
  invert_normalization: boolean;
  /** Hourly facts read: eth and usd keys for money, else one key and its divisor. */
  facts: { eth: string; usd: string } | { value: string; divisor: number };
}

export const FEE_METRICS: readonly FeeMetric[] = [
  {
    metric: 'txcosts_median',
    name: 'Median Fee',
    name_short: 'Median Fee',
    units: { usd: usd(4, false), eth: eth(8, false) },
    category: 'Fees',
    currency: true,
    priority: 1,
    invert_normalization: false,
    facts: { eth: 'txcosts_median_eth', usd: 'txcosts_median_usd' },
  },
  {
    metric: 'txcosts_native_median',
    name: 'Transfer ETH Fee',
    name_short: 'Transfer ETH',
    units: { usd: usd(4, false), eth: eth(8, false) },
    category: 'Fees',
    currency: true,
    priority: 2,
    invert_normalization: false,
    facts: { eth: 'txcosts_native_median_eth', usd: 'txcosts_native_median_usd' },
  },
  {
    metric: 'txcosts_swap',
    name: 'Swap Fee',
    name_short: 'Swap Fee',
    units: { usd: usd(4, false), eth: eth(8, false) },
    category: 'Fees',
    currency: true,
    priority: 3,
    invert_normalization: false,
    facts: { eth: 'txcosts_swap_eth', usd: 'txcosts_swap_usd' },
  },
  {
    metric: 'txcosts_avg',
    name: 'Average Fee',
    name_short: 'Average Fee',
    units: { usd: usd(4, false), eth: eth(8, false) },
    category: 'Fees',
    currency: true,
    priority: 4,
    invert_normalization: false,
    facts: { eth: 'txcosts_avg_eth', usd: 'txcosts_avg_usd' },
  },
  {
    metric: 'throughput',
    name: 'Throughput',
    name_short: 'Throughput',
    units: { value: mgas },
    category: 'Activity',
    currency: false,
    priority: 5,
    invert_normalization: true,
    facts: { value: 'gas_per_second', divisor: 1e6 },
  },
  {
    metric: 'tps',
    name: 'Transactions per Second',
    name_short: 'TPS',
    units: { value: tpsUnit },
    category: 'Activity',
    currency: false,
    priority: 6,
    invert_normalization: true,
    facts: { value: 'tps', divisor: 1 },
  },
];
