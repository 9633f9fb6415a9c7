// What a metric is. One file per metric in definitions/ holds all of it: the catalog entry
// master.json publishes, the input it is computed from, its dimension, its aggregate expression
// per engine and how weeks, months and windows aggregate it. Document columns point at the fact
// declaration they read (the key string is derived from it), so a column cannot name a fact
// that no definition declares; catalog-check.ts proves the rest.
import type { Dimension, SettlementMeasure } from '../store/facts.js';
import type { ChainRequirement } from '../registry/chain-requirements.js';
import type { ChainFamily } from '../registry/types.js';
import type { Granularity } from '../store/granularity.js';
import type { EngineName } from '../store/store.js';
import type { Aggregation } from './series.js';
import type { UnitSpec } from './units.js';

export type { Aggregation } from './series.js';

// ---- facts ---------------------------------------------------------------------------------

/**
 * How a fact's value is stored:
 * - `plain`: a number, written to `facts` under `key`.
 * - `wei_sum`: an exact integer sum in the gas token's wei, written to `native_facts`; the
 *   money step turns it into `${key}_eth` and `${key}_usd` facts with the period's prices.
 * - `wei`: as `wei_sum` for non-integer wei figures (medians, means).
 */
export type FactUnit = 'plain' | 'wei_sum' | 'wei';

export interface SqlContext {
  family: ChainFamily;
  /** Length of the period in seconds. */
  seconds: number;
}

export interface FactAggregate {
  key: string;
  unit: FactUnit;
  granularities: readonly Granularity[];
  /**
   * One aggregate expression per engine over the transactions `t` of a period. A period with
   * blocks but no transactions gets the expression's value over no rows, so write it to give
   * the right answer there (coalesce a sum to 0; a median of nothing stays NULL).
   */
  sql: Partial<Record<EngineName, (ctx: SqlContext) => string>>;
}

/**
 * A fact that a source or a derivation writes (none is computed yet). `money`: ETH and USD
 * under `${key}_eth` / `${key}_usd`; `usd`: a figure measured in USD, stored under `key` itself
 * with its ETH conversion under `${key}_eth` (the keys METRICS.md gives stables_mcap and tvl).
 */
export interface SourceFact {
  key: string;
  unit: 'plain' | 'money' | 'usd';
  granularities: readonly Granularity[];
  /** A settlement_transactions fact: what it sums over the batch transactions (default `fee`). */
  measure?: SettlementMeasure;
}

/** Anything a published column can read. */
export type FactDecl = FactAggregate | SourceFact;

/**
 * A per-day set of addresses kept so that distinct counts over any window are exact (the
 * `unique` aggregation). `sql` is the address column over the day's transactions `t`.
 */
export interface AddressSetDecl {
  key: string;
  sql: Partial<Record<EngineName, (ctx: SqlContext) => string>>;
}

/** Keys of the facts the money step writes for a `wei`/`wei_sum` fact. */
export function moneyKeys(key: string): { eth: string; usd: string } {
  return { eth: `${key}_eth`, usd: `${key}_usd` };
}

/** The stored keys a fact declaration ends up under: one plain value, or a USD and ETH pair. */
export function factKeys(fact: Pick<FactDecl, 'key' | 'unit'>): { value: string } | { usd: string; eth: string } {
  if (fact.unit === 'plain') return { value: fact.key };
  if (fact.unit === 'usd') return { usd: fact.key, eth: `${fact.key}_eth` };
  return moneyKeys(fact.key);
}

export function isMoney(fact: Pick<FactDecl, 'unit'>): boolean {
  return fact.unit !== 'plain';
}

// ---- inputs --------------------------------------------------------------------------------

/** What a `source` input reads (COMPUTED_SOURCES says which of them the facts stage runs). */
export type SourceRead =
  | { from: 'eth_call'; at: 'period_last_block'; reads: string }
  | { from: 'settlement_transactions'; reads: string }
  | { from: 'market_data'; field: 'market_cap' | 'fdv' | 'price' | 'volume' }
  | { from: 'price_feed'; asset: string }
  | { from: 'external'; series: 'tvl' | 'app_revenue' };

/** The `source` reads the facts stage implements; a computed chain metric may use only these. */
export const COMPUTED_SOURCES: ReadonlySet<SourceRead['from']> = new Set<SourceRead['from']>(['settlement_transactions', 'eth_call', 'market_data', 'external']);

/** Whether the facts stage produces a chain metric's input: its own transactions, an implemented source, or a derivation. */
export function chainInputRuns(input: MetricInput): boolean {
  return input.kind === 'transactions' || input.kind === 'derived' || (input.kind === 'source' && COMPUTED_SOURCES.has(input.source.from));
}

/**
 * Where a metric's numbers come from.
 * - `transactions`: aggregates over the chain's transactions of a period (the facts engine runs
 *   them all in one scan per granularity).
 * - `contract_transactions`: the same grouped per contract (`to`), for application metrics.
 * - `source`: a series read from somewhere else, per period.
 * - `derived`: computed per period and column from facts of other metrics.
 */
export type MetricInput =
  | { kind: 'transactions'; facts: readonly FactAggregate[] }
  | { kind: 'contract_transactions'; facts: readonly FactAggregate[] }
  | { kind: 'source'; source: SourceRead; facts: readonly SourceFact[] }
  | { kind: 'derived'; from: readonly FactDecl[]; facts: readonly SourceFact[]; combine: (inputs: readonly (number | null)[]) => number | null };


/** `planned`: described in master.json, supported by no chain, no facts computed yet. */
export type MetricStatus = 'computed' | 'planned';

// ---- chain metrics (METRICS.md section 2) ---------------------------------------------------

export type ValueColumn = 'usd' | 'eth' | 'value';

/** sum per period; unique: distinct addresses over the L2s' union; weighted_mean: by txcount. */
export type AllL2sAggregate = 'sum' | 'unique' | 'weighted_mean';

export interface ColumnSource {
  /** Document column name. */
  name: ValueColumn;
  /** The declaration of the fact the column reads. */
  fact: FactDecl;
  /** Its stored key, derived from `fact` by moneyColumns()/valueColumn(), never written by hand. */
  fact_key: string;
  /** Divisor from the stored unit to the published unit (gas/s → Mgas/s is 1e6). */
  divisor: number;
}

interface ChainMetricFields {
  table: 'chain';
  metric_id: string;
  name: string;
  /** One or two sentences for master.json. */
  description: string;
  /** `metrics-` + the metric's name without separators: the icon id the reference UI resolves. */
  icon: string;
  /** The metric's page, `/fundamentals/<slug>`. */
  url_path: string;
  /** How the `all_l2s` aggregate combines the L2s' values per period (CONTRACT.md section 8). */
  all_l2s_aggregate: AllL2sAggregate;
  /** Shown in the landing page's ranking. */
  ranking_landing: boolean;
  /** The stored keys master.json lists, usd before eth: the columns' fact keys. */
  metric_keys: readonly string[];
  units: Partial<Record<ValueColumn, UnitSpec>>;
  /** Measured in money: the document has columns usd, eth; otherwise one column value. */
  currency: boolean;
  /** Whether a 7-day rolling mean is published (`daily_7d_rolling`, else null). */
  avg: boolean;
  hourly_available: boolean;
  ranking_bubble: boolean;
  category: string;
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
  input: MetricInput;
  /**
   * What the metric needs from a chain's configuration beyond its RPC URLs (none for metrics of
   * the chain's own transactions): `check-config` says which chains lack it and why, and
   * catalog-check.ts holds it to what `input` reads.
   */
  requires: readonly ChainRequirement[];
  dimension: Dimension;
  status: MetricStatus;
}

/**
 * How weeks, months, quarters and change/summary windows aggregate the days (published as
 * `monthly_agg`). `unique` counts distinct addresses over the window from the address set the
 * metric declares, which the facts engine keeps per day.
 */
export type ChainRollup = { monthly_agg: Exclude<Aggregation, 'unique'>; address_set?: undefined } | { monthly_agg: 'unique'; address_set: AddressSetDecl };

export type ChainMetric = ChainMetricFields & ChainRollup;

// ---- fee-table metrics (METRICS.md section 3) -----------------------------------------------

export interface FeeMetric {
  table: 'fee';
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
  /** The hourly fact read. */
  reads: FactDecl;
  /** Its stored keys, derived from `reads` by feeColumns(): eth and usd, or one key and its divisor. */
  facts: { eth: string; usd: string } | { value: string; divisor: number };
  input: MetricInput;
  /**
   * What the metric needs from a chain's configuration beyond its RPC URLs (none for metrics of
   * the chain's own transactions): `check-config` says which chains lack it and why, and
   * catalog-check.ts holds it to what `input` reads.
   */
  requires: readonly ChainRequirement[];
  dimension: Dimension;
  status: MetricStatus;
}

// ---- application metrics (METRICS.md section 4) ---------------------------------------------

/**
 * How an application metric combines its per-contract facts over a project's contracts (and
 * per window of days):
 * - `sum`: Σ of `fact` (txcount, gas fees);
 * - `unique`: distinct senders over the union of the contracts' per-day `address_set` (daa);
 *   `fact` is the per-contract count of one period, exact for a single contract only;
 * - `ratio`: Σ numerator ÷ Σ denominator (success rate: successes over txcount, which is the
 *   txcount-weighted mean of the contracts' rates).
 */
export type AppAggregate =
  | { kind: 'sum'; fact: FactAggregate }
  | { kind: 'unique'; fact: FactAggregate; address_set: AddressSetDecl }
  | { kind: 'ratio'; numerator: FactAggregate; denominator: FactAggregate }
  | { kind: 'market'; field: MarketField; fact: SourceFact };

/**
 * A token metric: one field of the project token's daily market data (USD), read from the store
 * at build time, not a per-contract fact. Windows are the mean of the days; ETH = USD ÷ the
 * day's ETH price. Published under the single key `all` (not per chain).
 */
export type MarketField = 'price_usd' | 'market_cap_usd' | 'volume_usd';

/**
 * A metric of the application documents (app details, project lists, master.json
 * `app_metrics`), computed per contract from `contract_transactions` and combined per project at
 * build time (a project is a set of contracts decided from labels then, so a relabel needs no
 * recomputation). Not a chain metric: no metric detail document, not in master.json `metrics`.
 */
export interface AppMetric {
  table: 'app';
  metric_id: string;
  name: string;
  /** One or two sentences for master.json `app_metrics`. */
  description: string;
  category: string;
  /** master.json `source` names. */
  source_names: readonly string[];
  /** Whether clients may show a 7-day mean (master.json `avg`). */
  avg: boolean;
  /** Money: usd and eth; otherwise one value. */
  currency: boolean;
  units: Partial<Record<ValueColumn, UnitSpec>>;
  aggregate: AppAggregate;
  input: MetricInput;
  /**
   * What the metric needs from a chain's configuration beyond its RPC URLs (none for metrics of
   * the chain's own transactions): `check-config` says which chains lack it and why, and
   * catalog-check.ts holds it to what `input` reads.
   */
  requires: readonly ChainRequirement[];
  dimension: Dimension;
  status: MetricStatus;
}

export type MetricDefinition = ChainMetric | FeeMetric | AppMetric;

export function isAppMetric(d: MetricDefinition): d is AppMetric {
  return d.table === 'app';
}

export function isChainMetric(d: MetricDefinition): d is ChainMetric {
  return d.table === 'chain';
}

export function isFeeMetric(d: MetricDefinition): d is FeeMetric {
  return d.table === 'fee';
}

/** A name for messages: fee-table metrics share ids with chain metrics (throughput). */
export function definitionName(d: MetricDefinition): string {
  if (d.table === 'app') return `app ${d.metric_id}`;
  return d.table === 'chain' ? d.metric_id : `fee table ${d.metric}`;
}

/** The id alone (metric_id, or the fee table's metric). */
export function definitionId(d: MetricDefinition): string {
  return d.table === 'fee' ? d.metric : d.metric_id;
}

// ---- constructors the definition files use ---------------------------------------------------

type ColumnFields = Pick<ChainMetricFields, 'metric_keys' | 'currency' | 'columns'>;

/** Columns usd, eth of a money fact. */
export function moneyColumns(fact: FactDecl): ColumnFields {
  const keys = factKeys(fact);
  if (!('usd' in keys)) throw new Error(`fact ${fact.key} is not money`);
  return {
    metric_keys: [keys.usd, keys.eth],
    currency: true,
    columns: [
      { name: 'usd', fact, fact_key: keys.usd, divisor: 1 },
      { name: 'eth', fact, fact_key: keys.eth, divisor: 1 },
    ],
  };
}

/** The one column `value` of a plain fact, divided by `divisor` when published. */
export function valueColumn(fact: FactDecl, divisor = 1): ColumnFields {
  const keys = factKeys(fact);
  if (!('value' in keys)) throw new Error(`fact ${fact.key} is money, not a plain value`);
  return { metric_keys: [keys.value], currency: false, columns: [{ name: 'value', fact, fact_key: keys.value, divisor }] };
}

/** The fee table's view of an hourly fact: value_eth/value_usd for money, else value ÷ divisor. */
export function feeColumns(fact: FactDecl, divisor = 1): Pick<FeeMetric, 'reads' | 'currency' | 'facts'> {
  const keys = factKeys(fact);
  if ('usd' in keys) return { reads: fact, currency: true, facts: { eth: keys.eth, usd: keys.usd } };
  return { reads: fact, currency: false, facts: { value: keys.value, divisor } };
}

// ---- what the facts engine runs --------------------------------------------------------------

function computedTransactionInputs(defs: readonly MetricDefinition[]): MetricDefinition[] {
  return defs.filter((d) => d.status === 'computed' && d.input.kind === 'transactions');
}

/**
 * Every fact aggregate of every computed transaction-kind input, once per key. Two metrics may
 * publish the same fact by importing its declaration (the fee table's median fee is the
 * txcosts fact); two different declarations of one key are an error, never a silent pick.
 */
export function transactionAggregates(defs: readonly MetricDefinition[]): FactAggregate[] {
  const byKey = new Map<string, FactAggregate>();
  for (const d of computedTransactionInputs(defs)) {
    if (d.input.kind !== 'transactions') continue;
    for (const f of d.input.facts) {
      const seen = byKey.get(f.key);
      if (seen && seen !== f) throw new Error(`fact ${f.key} is declared twice (${definitionName(d)}): import the one declaration instead`);
      byKey.set(f.key, f);
    }
  }
  return [...byKey.values()];
}

/**
 * Every fact aggregate of every computed `contract_transactions` input, once per key (same rule
 * as transactionAggregates): the facts engine runs them grouped per contract.
 */
export function contractAggregates(defs: readonly MetricDefinition[]): FactAggregate[] {
  const byKey = new Map<string, FactAggregate>();
  for (const d of defs) {
    if (d.status !== 'computed' || d.input.kind !== 'contract_transactions') continue;
    for (const f of d.input.facts) {
      const seen = byKey.get(f.key);
      if (seen && seen !== f) throw new Error(`fact ${f.key} is declared twice (${definitionName(d)}): import the one declaration instead`);
      byKey.set(f.key, f);
    }
  }
  return [...byKey.values()];
}

/** Every per-contract address set a computed `unique` application metric declares, once per key. */
export function contractAddressSets(defs: readonly MetricDefinition[]): AddressSetDecl[] {
  const byKey = new Map<string, AddressSetDecl>();
  for (const d of defs) {
    if (d.table !== 'app' || d.status !== 'computed' || d.input.kind !== 'contract_transactions' || d.aggregate.kind !== 'unique') continue;
    const set = d.aggregate.address_set as AddressSetDecl | undefined;
    if (!set) throw new MissingAddressSet(`${definitionName(d)}: unique aggregation without an address set`);
    const seen = byKey.get(set.key);
    if (seen && seen !== set) throw new Error(`address set ${set.key} is declared twice (${definitionName(d)})`);
    byKey.set(set.key, set);
  }
  return [...byKey.values()];
}

/**
 * The wei facts the money step converts, chain and contract ones together (one conversion per
 * period, so both use the same prices and the chain's price status covers both).
 */
export function moneyFactKeys(defs: readonly MetricDefinition[]): string[] {
  return [...new Set([...transactionAggregates(defs), ...contractAggregates(defs)].filter((f) => f.unit !== 'plain').map((f) => f.key))];
}

export class MissingAddressSet extends Error {}

/** The facts computed `settlement_transactions` inputs write (rent), once per key. */
export function settlementFacts(defs: readonly MetricDefinition[]): SourceFact[] {
  const byKey = new Map<string, SourceFact>();
  for (const d of defs) {
    if (d.status !== 'computed' || d.input.kind !== 'source' || d.input.source.from !== 'settlement_transactions') continue;
    for (const f of d.input.facts) byKey.set(f.key, f);
  }
  return [...byKey.values()];
}

/** Computed derived metrics, in definition order (a derivation may read an earlier one's facts). */
export function derivedMetrics(defs: readonly MetricDefinition[]): Array<MetricDefinition & { input: Extract<MetricInput, { kind: 'derived' }> }> {
  return defs.filter((d): d is MetricDefinition & { input: Extract<MetricInput, { kind: 'derived' }> } => d.status === 'computed' && d.input.kind === 'derived');
}

/** Every address set a computed `unique` metric over transactions declares, once per key. */
export function addressSets(defs: readonly MetricDefinition[]): AddressSetDecl[] {
  const byKey = new Map<string, AddressSetDecl>();
  for (const d of computedTransactionInputs(defs)) {
    if (d.table !== 'chain' || d.monthly_agg !== 'unique') continue;
    // The type requires it; definitions built at run time (tests, casts) may still lack it.
    if (!(d.address_set as AddressSetDecl | undefined)) throw new MissingAddressSet(`${d.metric_id}: unique aggregation without an address set`);
    const seen = byKey.get(d.address_set.key);
    if (seen && seen !== d.address_set) throw new Error(`address set ${d.address_set.key} is declared twice (${d.metric_id})`);
    byKey.set(d.address_set.key, d.address_set);
  }
  return [...byKey.values()];
}
