// The fact model every engine stores. A fact is one number per subject, metric key and period.
// The subject carries a dimension so that application figures (per contract, per project) live
// in the same tables as chain figures. Chain facts are below; contract facts (dimension
// 'contract') and the reads application documents need are contract-facts.ts.
import type { ContractFactStore, ContractHourlySenderStore } from './contract-facts.js';
import type { ContractChangeStore } from './contract-changes.js';
import type { FactGranularity, Granularity } from './granularity.js';

/** What a fact describes: a whole chain, one contract on it, or one project (OLI owner_project). */
export type Dimension = 'chain' | 'contract' | 'project';

export interface FactSubject {
  origin_key: string;
  dimension: Dimension;
  /** '' for the chain itself, a lower-case contract address, or an owner_project name. */
  entity: string;
}

export function chainSubject(originKey: string): FactSubject {
  return { origin_key: originKey, dimension: 'chain', entity: '' };
}

/** One aggregate of a chain-facts scan: its result column is stored under `key`. */
export interface AggregateColumn {
  key: string;
  /** The metric's own aggregate expression in this engine's dialect, over transactions `t`. */
  sql: string;
}

export interface WeiAggregateColumn extends AggregateColumn {
  /** An integer sum: also kept exactly (beyond 64 bits), not only as a double. */
  exact: boolean;
}

/**
 * One scan of a chain's transactions for the listed periods of one granularity. Every fact of
 * these keys in these periods is replaced: a period with stored blocks gets the aggregates
 * (over no transactions when it has none, e.g. count 0 and median null), a period without
 * blocks (rolled back) is left without facts, as if it had never been ingested.
 */
export interface ChainFactsRequest {
  origin_key: string;
  granularity: Granularity;
  /** Period starts, unix ms. */
  periods: readonly number[];
  /** Plain numbers, stored as facts. */
  plain: readonly AggregateColumn[];
  /** Amounts in the gas token's wei, stored as native facts for the money step. */
  wei: readonly WeiAggregateColumn[];
}

/** Per-day address sets of a chain, replaced for the listed days (same rule as facts). */
export interface ChainAddressSetsRequest {
  origin_key: string;
  /** Day starts, unix ms. */
  days: readonly number[];
  /** One set per key (declared by the metric that counts it), its address expression over `t`. */
  sets: readonly AggregateColumn[];
}

/**
 * What a settlement fact sums over the batch transactions: `fee` their fee_wei (blob fees
 * included: rent_paid), `blob_fee` blob_gas_used × blob_gas_price_wei (the part of the rent paid
 * for blobs), `blob_bytes` blob_gas_used (one blob is 131,072 bytes of blob gas). The two fees
 * are native (wei) facts converted like every money fact; blob bytes are a plain fact.
 */
export type SettlementMeasure = 'fee' | 'blob_fee' | 'blob_bytes';

/** Whether a settlement measure is an amount in wei (stored as a native fact, then converted). */
export function settlementInWei(measure: SettlementMeasure): boolean {
  return measure !== 'blob_bytes';
}

/**
 * One settlement fact of a chain per day: the exact sum of `measure` over the settlement
 * chain's transactions sent by `senders`, stored as the fact `key` of `origin_key` (native, in
 * the settlement chain's gas token, for the fees; plain for blob bytes). Every listed day is
 * replaced; a day gets a value (0 when nothing was sent) only when both chains have blocks in
 * it and it is before `complete_until`; any other listed day is left without one (unknown).
 */
export interface SettlementFactsRequest {
  origin_key: string;
  settlement_origin_key: string;
  senders: readonly string[];
  key: string;
  measure: SettlementMeasure;
  /** Day starts, unix ms. */
  days: readonly number[];
  /** The settlement chain's complete days end here (exclusive, unix ms). */
  complete_until: number;
}

/** Facts of a chain given as values (derived metrics, external series): `keys` in `periods` are replaced by `rows`. */
export interface ChainValuesRequest {
  origin_key: string;
  granularity: FactGranularity;
  periods: readonly number[];
  keys: readonly string[];
  rows: ReadonlyArray<{ metric_key: string; period_ms: number; value: number | null }>;
}

/** How far a chain's facts are complete (exclusive ends, unix ms). */
export interface FactStatus {
  hours_until: number;
  days_until: number;
}

export interface FactRow {
  metric_key: string;
  granularity: FactGranularity;
  period_ms: number;
  /** null: computed but undefined (e.g. a median over nothing). */
  value: number | null;
}

export interface FactQuery {
  subject: FactSubject;
  keys: readonly string[];
  /** Daily facts before this day start. */
  days_until: number;
  /** Hourly facts in [hours_from, hours_until). */
  hours_from: number;
  hours_until: number;
  /** When given, also the 4-hour facts (FOUR_HOURS) with period_ms in [from_ms, until_ms). */
  four_hours?: { from_ms: number; until_ms: number };
  /** When given, also the 10-minute facts (TEN_MINUTES) with period_ms in [from_ms, until_ms). */
  ten_minutes?: { from_ms: number; until_ms: number };
}

/**
 * Per-hour distinct addresses over the union of chains' raw transactions; `sql` is each chain's
 * address expression over `t` (the metric's address set, in the engine's dialect).
 */
export interface HourlyDistinctRequest {
  chains: ReadonlyArray<{ origin_key: string; sql: string }>;
  /** Hours [hours_from, hours_until), unix ms hour starts. */
  hours_from: number;
  hours_until: number;
}

/** One hour's count: over the union (`origin_key` null) or over one chain. Hours without transactions have no rows. */
export interface HourlyDistinctRow {
  hour_ms: number;
  origin_key: string | null;
  n: number;
}

/** The daily chain facts of `keys` of each listed chain before its days_until, for dailyFactFingerprints. */
export interface DailyFactFingerprintRequest {
  keys: readonly string[];
  chains: ReadonlyArray<{ origin_key: string; days_until: number }>;
  /**
   * 'chain' (the default): the chain's own facts. 'contract': the daily facts of every contract
   * on the chain, each row with its contract (the blockspace documents read those of every day).
   */
  dimension?: 'chain' | 'contract';
}

/** Several dailyFactFingerprints of the same chains, for dailyFactFingerprintGroups: each group its keys and dimension. */
export interface DailyFactFingerprintGroups {
  chains: ReadonlyArray<{ origin_key: string; days_until: number }>;
  groups: ReadonlyArray<{ keys: readonly string[]; dimension?: 'chain' | 'contract' }>;
}

/** Hours [hours_from, hours_until) of the listed chains, for hourFingerprints. */
export interface HourFingerprintRequest {
  origin_keys: readonly string[];
  hours_from: number;
  hours_until: number;
}

/**
 * A content digest of one chain's raw rows of one hour: its blocks (number, hash, transaction
 * count) and the number of its stored transactions. Blocks are written and replaced whole with
 * their transactions (a reorg changes a hash), and retention prunes transactions but keeps the
 * blocks (the count changes), so an equal digest means the same raw transactions, except by a
 * hash collision. Compared within one engine only.
 */
export interface HourFingerprint {
  origin_key: string;
  hour_ms: number;
  fp: string;
}

/**
 * One chain's distinct addresses of a set over a window of days, and how many of them are also in
 * the set of another chain of the same request over that window (the landing page's
 * cross_chain_activity).
 */
export interface SharedAddressCount {
  origin_key: string;
  addresses: number;
  shared: number;
}

/** Fact storage: everything the metrics stage writes and document builders read. */
export interface FactStore extends ContractFactStore, ContractHourlySenderStore, ContractChangeStore {
  /** Time (unix s) of the block, or of the highest stored block below it; null when none. */
  blockTimeAtOrBelow(originKey: string, blockNumber: number): Promise<number | null>;
  /** Starts (unix ms) of the periods before `untilMs` holding at least one stored block, ascending. */
  blockPeriods(originKey: string, granularity: Granularity, untilMs: number): Promise<number[]>;

  /**
   * Runs `fn`, one chain's facts writes, with the chain's stored blocks in [fromMs, untilMs)
   * read once for all of them: which periods have blocks, and their block numbers. An engine
   * that would otherwise read them in every statement (ClickHouse) keeps them until `fn`
   * settles. Blocks written meanwhile are not seen by those writes; their hours are dirty and
   * computed on the next run.
   */
  withChainBlocks<T>(originKey: string, fromMs: number, untilMs: number, fn: () => Promise<T>): Promise<T>;
  /**
   * One chain's facts of several granularities (one request each, same origin_key, distinct
   * granularities), each replaced as if written alone. Given together so an engine that pays per
   * statement (ClickHouse) can compute them all in one pass over the transactions.
   */
  writeChainFacts(reqs: readonly ChainFactsRequest[]): Promise<void>;
  writeChainAddressSets(req: ChainAddressSetsRequest): Promise<void>;
  writeSettlementFacts(req: SettlementFactsRequest): Promise<void>;
  replaceChainValues(req: ChainValuesRequest): Promise<void>;
  /**
   * Several replaceChainValues of one chain (distinct granularities), each as if written alone;
   * given together so an engine that pays per statement (ClickHouse) writes them in one insert.
   */
  replaceChainValueSets(reqs: readonly ChainValuesRequest[]): Promise<void>;
  /** Remove every derived row of a chain (facts of all dimensions, address sets, price status, pending days): a full rebuild starts here. */
  clearFacts(originKey: string): Promise<void>;
  /**
   * Remove the chain's 10-minute facts (TEN_MINUTES) with period_ms before `beforeMs`: they are
   * kept for the last days only (metrics/fee-bucket-facts.ts). pruneRaw removes them too for the
   * time it prunes, so a stored 10-minute bucket never outlives its raw transactions.
   */
  pruneTenMinuteFacts(originKey: string, beforeMs: number): Promise<void>;

  /** Days with computed hours that were not complete yet, ascending. */
  pendingDays(originKey: string): Promise<number[]>;
  /** Forget `computed` days, remember `pending` ones; returns how many days are pending now. */
  settlePendingDays(originKey: string, computed: readonly number[], pending: readonly number[]): Promise<number>;

  writeFactStatus(originKey: string, status: FactStatus): Promise<void>;
  /** Every chain's fact status. */
  factStatus(): Promise<Map<string, FactStatus>>;
  /** The signature of the fact set a chain's stored facts were computed with (src/metrics/fact-set.ts); null when none was recorded. */
  factSet(originKey: string): Promise<string | null>;
  writeFactSet(originKey: string, signature: string): Promise<void>;
  /** Start (ms) of the UTC day of the earliest raw transaction still stored (retention prunes whole days before it); null without any. */
  firstRetainedDay(originKey: string): Promise<number | null>;

  /** Stored facts of a subject for the given keys and bounds, in no particular order. */
  readFacts(q: FactQuery): Promise<FactRow[]>;
  /**
   * Exact distinct addresses of the set `setKey` over each window of days [from, to]
   * (inclusive day starts), from the per-day sets.
   */
  distinctCounts(setKey: string, subject: FactSubject, windows: ReadonlyArray<readonly [number, number]>): Promise<number[]>;
  /**
   * As distinctCounts over the union of several subjects' sets: an address in two of them counts
   * once (the all_l2s aggregate of a `unique` metric).
   */
  distinctCountsOverUnion(setKey: string, subjects: readonly FactSubject[], windows: ReadonlyArray<readonly [number, number]>): Promise<number[]>;
  /** Exact distinct addresses per hour over the union of chains, from raw transactions. */
  hourlyDistinctOverChains(req: HourlyDistinctRequest): Promise<HourlyDistinctRow[]>;
  /**
   * Per chain and hour with at least one stored block, the digest of its raw rows (see
   * HourFingerprint): a scan of blocks and of the transactions' times only, far cheaper than the
   * distinct count, so a caller can keep an hour's count until its digest changes.
   */
  hourFingerprints(req: HourFingerprintRequest): Promise<HourFingerprint[]>;
  /**
   * Per listed chain with at least one such fact, a content digest of its daily chain facts of
   * the keys before its days_until (count, XOR and sum of a 64-bit hash of key, day and value:
   * store/contract-changes.ts explains the digest), in one scan: a build keeps the chains' daily
   * facts while their digests are equal (documents/daily-facts-cache.ts) instead of reading
   * every day of every chain each hour. With `dimension: 'contract'`, the same over the daily
   * facts of every contract on the chain (contract, key, day and value hashed), so the blockspace
   * documents are kept while a chain's are equal (documents/blockspace/blockspace-chain-cache.ts).
   * Compared within one engine only.
   */
  dailyFactFingerprints(req: DailyFactFingerprintRequest): Promise<Map<string, string>>;
  /**
   * dailyFactFingerprints of each group, in the groups' order (each map what a call with that
   * group's keys and dimension gives), in one scan of the facts: a build that keeps the daily
   * facts and the blockspace documents takes its three digests at once.
   */
  dailyFactFingerprintGroups(req: DailyFactFingerprintGroups): Promise<Array<Map<string, string>>>;
  /**
   * Per chain of `originKeys` with at least one address in the window of days [from, to]
   * (inclusive day starts), exact: its distinct addresses of the chain set `setKey` and how many
   * of them another listed chain's set also holds in that window. One scan for all chains; rows
   * ordered by origin_key.
   */
  sharedAddressCounts(setKey: string, originKeys: readonly string[], window: readonly [number, number]): Promise<SharedAddressCount[]>;
  /**
   * Per chain of `originKeys`, exact distinct addresses of its chain set `setKey` over every day
   * up to `untilDay` (inclusive day start): all history (the ecosystem overview's total_aa).
   * Chains without addresses are absent. One read for all chains.
   */
  distinctTotals(setKey: string, originKeys: readonly string[], untilDay: number): Promise<Map<string, number>>;
}
