// Contract-level facts (METRICS.md section 4): the same fact, native-fact and address-set
// tables as chain facts, with dimension 'contract' and entity = the contract's lower-case
// address. Only per-contract figures are stored; a project is a set of (chain, contract) pairs
// the document builders decide from labels at build time, so these reads take the set as an
// argument and a relabel needs no recomputation. Every read takes many groups at once (one
// group per project, or one per contract for a contracts table), so a build with thousands of
// projects is a handful of queries, not thousands.
import type { Granularity } from './granularity.js';

// The same shapes as facts.ts's AggregateColumn / WeiAggregateColumn, repeated here because
// facts.ts composes this interface into FactStore (importing back would be a cycle).
/** One aggregate of a scan: its result is stored under `key`; `sql` is the metric's expression over `t`. */
interface AggregateColumn {
  key: string;
  sql: string;
}

interface WeiAggregateColumn extends AggregateColumn {
  /** An integer sum: also kept exactly (beyond 64 bits). */
  exact: boolean;
}

/**
 * One scan of a chain's *contract transactions* (non-empty input, fee > 0, a non-null `to`;
 * the contract is `to`) for the listed periods of one granularity, grouped per contract. Every
 * contract fact of these keys in these periods is replaced; a contract without transactions
 * in a period has no row there (a reader takes that as 0).
 */
export interface ContractFactsRequest {
  origin_key: string;
  granularity: Granularity;
  /** Period starts, unix ms. */
  periods: readonly number[];
  /** Plain numbers; each expression aggregates one contract's transactions `t` of a period. */
  plain: readonly AggregateColumn[];
  /** Amounts in the gas token's wei, kept as native facts for the money step. */
  wei: readonly WeiAggregateColumn[];
  /**
   * Hourly requests only: also drop the chain's hourly contract facts (every key, native and
   * converted) of hours before this in the same write: hours are kept for a recent window only. ClickHouse
   * finds the rows to tombstone with one read of the chain's contract facts for both.
   */
  hours_before?: number;
}

/** Per-day address sets per contract over contract transactions, replaced for the listed days. */
export interface ContractAddressSetsRequest {
  origin_key: string;
  /** Day starts, unix ms. */
  days: readonly number[];
  sets: readonly AggregateColumn[];
}

/** A contract on a chain. */
export interface ContractRef {
  origin_key: string;
  /** Lower-case 0x address. */
  address: string;
}

/** A named set of contracts (a project, or a single contract); a contract may be in several. */
export interface ContractGroup {
  group: string;
  contracts: readonly ContractRef[];
}

/** A contract with stored daily facts of a key, and its first and last day with one. */
export interface ContractActivity extends ContractRef {
  first_day_ms: number;
  last_day_ms: number;
}

/** Periods to read, as in FactQuery: days before `days_until`, hours in [hours_from, hours_until). */
export interface ContractPeriods {
  days_until: number;
  hours_from: number;
  hours_until: number;
}

export interface GroupFactsQuery extends ContractPeriods {
  groups: readonly ContractGroup[];
  keys: readonly string[];
}

/**
 * A key summed over a group's contracts in one period: over one chain's contracts, or over all
 * of them (`origin_key` null). `value` is null when any summed value is null (a USD figure
 * without a price), never a silent undercount. Periods where none of the group's contracts has
 * a fact have no row.
 */
export interface GroupFactRow {
  group: string;
  origin_key: string | null;
  metric_key: string;
  granularity: Granularity;
  period_ms: number;
  value: number | null;
}

/** Windows of days [from, to], inclusive day starts, unix ms. */
export type DayWindows = ReadonlyArray<readonly [number, number]>;

export interface GroupWindowQuery {
  groups: readonly ContractGroup[];
  keys: readonly string[];
  windows: DayWindows;
}

/** A key summed over a group's contracts and a window's days (null rule as GroupFactRow); windows without facts have no row. */
export interface GroupWindowRow {
  group: string;
  origin_key: string | null;
  metric_key: string;
  /** Index into the query's windows. */
  window: number;
  value: number | null;
}

export interface GroupDistinctQuery {
  /** The address set (declared by the metric, e.g. 'contract_senders'). */
  set_key: string;
  groups: readonly ContractGroup[];
  /** Per-day counts for days in [days_from, days_until); an empty range asks for none. */
  days_from: number;
  days_until: number;
  /** Counts over each window of days. */
  windows: DayWindows;
}

/** One grouping of a GroupDistinctManyQuery: its groups and what to count for them, as in GroupDistinctQuery. */
export type GroupDistinctGrouping = Omit<GroupDistinctQuery, 'set_key'>;

/**
 * Several groupings of contracts counted over one set: the sets of every contract they name are
 * read once, however many groupings share them (a build counts per project and per contract).
 */
export interface GroupDistinctManyQuery {
  set_key: string;
  groupings: readonly GroupDistinctGrouping[];
}

/**
 * Exact distinct addresses over the union of a group's contracts' sets (an address sending to
 * two contracts, or on two chains, counts once): per chain, and over all chains (`origin_key`
 * null). Days and windows with no address have no row.
 */
export interface GroupDistinctResult {
  daily: Array<{ group: string; origin_key: string | null; day_ms: number; n: number }>;
  windows: Array<{ group: string; origin_key: string | null; window: number; n: number }>;
}

/** Every stored fact of some contracts, for a caller that aggregates them itself (ContractFactColumns). */
export interface ContractFactsQuery extends ContractPeriods {
  contracts: readonly ContractRef[];
  keys: readonly string[];
}

/**
 * The facts of a ContractFactsQuery, fact i at index i of every column, ordered by contract (its
 * index in the query's list), key (its index in the query's keys), granularity (daily first) and
 * period. Typed arrays, not row objects: a 20,000-contract build reads about 8 million facts,
 * and boxed numbers that many made most of the build's garbage collection.
 */
export interface ContractFactColumns {
  length: number;
  contract: Float64Array;
  key: Float64Array;
  /** 1 for an hourly fact, 0 for a daily one. */
  hourly: Float64Array;
  period_ms: Float64Array;
  /** NaN for a NULL value (a USD figure without a price). */
  value: Float64Array;
}

export interface ContractFactStore {
  writeContractFacts(req: ContractFactsRequest): Promise<void>;
  writeContractAddressSets(req: ContractAddressSetsRequest): Promise<void>;

  /** Contracts with daily facts of `metricKey` on the given chains (every chain when omitted), by chain and address. */
  contractsWithFacts(metricKey: string, originKeys?: readonly string[]): Promise<ContractActivity[]>;
  /** The listed contracts' facts of the keys in the periods, in a fixed order (ContractFactColumns). */
  readContractFacts(q: ContractFactsQuery): Promise<ContractFactColumns>;
  /** Facts of each group's contracts summed per period, per chain and in total. */
  sumContractFacts(q: GroupFactsQuery): Promise<GroupFactRow[]>;
  /** Daily facts of each group's contracts summed per window of days, per chain and in total. */
  sumContractFactsOverWindows(q: GroupWindowQuery): Promise<GroupWindowRow[]>;
  /** Exact distinct addresses of each group's contracts per day and per window, per chain and in total. */
  distinctOverContracts(q: GroupDistinctQuery): Promise<GroupDistinctResult>;
  /** distinctOverContracts for each grouping (results in the groupings' order), their sets read once. */
  distinctOverGroupings(q: GroupDistinctManyQuery): Promise<GroupDistinctResult[]>;
}

/** Hours of groups' contracts to count senders in, from the raw transactions. */
export interface GroupHourlySendersQuery {
  groups: readonly ContractGroup[];
  /** The metric's address expression over the transactions `t` (its address set's SQL). */
  address_sql: string;
  /** Hours [hours_from, hours_until), unix ms hour starts. */
  hours_from: number;
  hours_until: number;
}

/**
 * One (group, chain, hour) of contract transactions still in the raw table: exact distinct
 * senders over the group's contracts on that chain, and the transactions counted, so a caller
 * can compare them with the stored hourly txcount and tell an hour whose raw transactions were
 * pruned by retention from a real answer. Hours without raw transactions have no row.
 */
export interface GroupHourlySendersRow {
  group: string;
  origin_key: string;
  hour_ms: number;
  txcount: number;
  senders: number;
}

export interface ContractHourlySenderStore {
  /**
   * Exact distinct senders per (group, chain, hour) from raw contract transactions, every group
   * in one query: address sets are kept per day, so an hour's union over contracts can only come
   * from the transactions themselves.
   */
  hourlySendersOverContracts(q: GroupHourlySendersQuery): Promise<GroupHourlySendersRow[]>;
}
