// Incremental fact computation. Ingestion marks the hours it wrote (or rolled back) as dirty;
// this stage recomputes exactly those hours and the days they belong to, once complete, from
// the raw transactions, then clears them. A full rebuild recomputes every complete period with
// stored blocks and yields the same facts (tested).
//
// This file decides *which* periods to compute and in what order; the store runs, per chain
// and granularity, every definition's aggregate in one scan of the period's transactions
// (plain numbers to facts, wei to native facts), keeps the address sets, and the money step
// converts wei to ETH and USD with prices. Nothing here is tied to one engine.
//
// Contract facts (application metrics, `contract_transactions` inputs) are computed in the
// same runs, for the same periods, with one difference: their hours are kept for the last
// CONTRACT_HOURS_MS only (the app details publish 14 days of hours), so a run computes only
// the hours in that window and drops older ones. Both a full and an incremental run apply the
// same window, so they give the same facts.
import { dayStart, type Clock } from '../clock.js';
import { createLogger, type Logger } from '../log.js';
import type { Chain } from '../registry/types.js';
import type { Store } from '../store/store.js';
import { completeBounds, firstWholePeriods, headTimeMs } from './complete-periods.js';
import { convertMoney } from './convert-money.js';
import { GRANULARITIES, PERIOD_SECONDS, type Granularity } from '../store/granularity.js';
import {
  addressSets,
  contractAddressSets,
  contractAggregates,
  definitionName,
  derivedMetrics,
  factKeys,
  moneyFactKeys,
  settlementFacts,
  transactionAggregates,
  type FactAggregate,
  type MetricDefinition,
  type SqlContext,
} from './definition.js';
import { settlementPlan } from '../registry/settlement.js';
import { computeSupplyFacts } from './supply-facts.js';
import { computeMarketFacts } from './market-facts.js';
import { computeExternalFacts } from './external-facts.js';
import { computeFeeBucketFacts } from './fee-bucket-facts.js';
import { computeBlobFacts } from './blob-facts.js';
import { chainSubject, settlementInWei } from '../store/facts.js';
import { DEFINITIONS } from './definitions/index.js';
import { PriceGapLog, type PriceGap } from './price-gap-log.js';
import { factSetSignature, planBackfill } from './fact-set.js';

/**
 * How far back hourly contract facts are kept, from the chain's newest complete hour: the 14
 * days the app details publish, plus one day so that a document aligned to another chain's
 * (or the day's) boundary never reaches an hour that was dropped.
 */
export const CONTRACT_HOURS_MS = 15 * 86_400_000;

export interface FactsOptions {
  /** Recompute every complete period from raw transactions instead of the dirty hours. */
  full?: boolean;
  definitions?: readonly MetricDefinition[];
  logger?: Pick<Logger, 'warn' | 'info'>;
  /**
   * Remembers the price gaps already logged, so that a caller running rounds (the service)
   * logs each gap once and again only when it changes. Default: a new one (log every gap).
   */
  priceGapLog?: PriceGapLog;
}

export interface ChainFactsResult {
  origin_key: string;
  head_time_ms: number | null;
  hours_until: number | null;
  days_until: number | null;
  hours_computed: number;
  days_computed: number;
  /** Days with computed hours that are not complete yet (computed once they are). */
  days_pending: number;
  /** Retained hours marked for recomputation because the chain's fact set changed (fact-set.ts); 0 otherwise. */
  hours_backfilled: number;
  /** Days a changed fact set could not reach: raw transactions pruned, facts kept as they were. */
  days_not_backfilled: number;
}

export type { PriceGap } from './price-gap-log.js';

export interface FactsReport {
  chains: ChainFactsResult[];
  price_gaps: PriceGap[];
  elapsed_ms: number;
  /** Of elapsed_ms, the time spent writing contract facts and sets (their money conversion is shared with the chain's). */
  contract_ms: number;
  /** Of elapsed_ms, the time spent joining settlement chains' transactions for rent (settlement join). */
  settlement_ms: number;
  /** Of elapsed_ms, the time spent writing the data-availability layer's blob facts (blob-facts.ts). */
  blob_ms: number;
}

/**
 * `start` decides the first whole period (complete-periods.ts); without it every period counts.
 * Without settlement_chain and settlement_addresses a chain has no rent (settlement.ts).
 */
export type FactChain = Pick<Chain, 'origin_key' | 'family' | 'gas_token'> & Partial<Pick<Chain, 'start' | 'settlement_chain' | 'settlement_addresses' | 'stablecoins' | 'token'>>;

/** What one run shares between chains: the days each chain computed, which its rent payers recompute. */
interface RunContext {
  defs: readonly MetricDefinition[];
  full: boolean;
  timing: { contract_ms: number; settlement_ms: number; blob_ms: number };
  chains: ReadonlyMap<string, FactChain>;
  settledDays: Map<string, number[]>;
  factSet: string;
  logger: Pick<Logger, 'warn' | 'info'>;
}

export async function computeFacts(store: Store, chains: readonly FactChain[], clock: Clock, opts: FactsOptions = {}): Promise<FactsReport> {
  const started = performance.now();
  const defs = opts.definitions ?? DEFINITIONS;
  const logger = opts.logger ?? createLogger('warn');
  const byKey = new Map<string, FactChain>(chains.map((c) => [c.origin_key, c]));
  const run: RunContext = { defs, full: opts.full ?? false, timing: { contract_ms: 0, settlement_ms: 0, blob_ms: 0 }, chains: byKey, settledDays: new Map(), factSet: factSetSignature(defs), logger };
  const results = new Map<string, ChainFactsResult>();
  for (const chain of settlementOrder(chains)) {
    // One transaction per chain: the dirty hours read here cannot be re-marked by a concurrent
    // write before they are cleared, and readers never see a half-replaced period.
    results.set(
      chain.origin_key,
      await store.transaction(async () => {
        const r = await computeChain(store, chain, clock, run);
        if (r.days_until !== null) {
          await computeSupplyFacts(store, chain, defs, r.days_until);
          await computeMarketFacts(store, chain, defs, r.days_until);
          await computeExternalFacts(store, chain, defs, r.days_until);
        }
        return r;
      }),
    );
  }
  const price_gaps = await readPriceGaps(store, chains.map((c) => c.origin_key));
  // Each gap is a warning (docs/metrics.md), logged once and again when it changes.
  (opts.priceGapLog ?? new PriceGapLog()).report(price_gaps, logger);
  return {
    chains: chains.map((c) => results.get(c.origin_key)!),
    price_gaps,
    elapsed_ms: performance.now() - started,
    contract_ms: run.timing.contract_ms,
    settlement_ms: run.timing.settlement_ms,
    blob_ms: run.timing.blob_ms,
  };
}

/** Settlement chains first, so a rent payer sees the days its settlement chain computed in this run. */
function settlementOrder(chains: readonly FactChain[]): FactChain[] {
  const settles = new Set(chains.flatMap((c) => (c.settlement_chain ? [c.settlement_chain] : [])));
  return [...chains.filter((c) => settles.has(c.origin_key)), ...chains.filter((c) => !settles.has(c.origin_key))];
}

async function computeChain(store: Store, chain: FactChain, clock: Clock, run: RunContext): Promise<ChainFactsResult> {
  const { defs, full, timing } = run;
  const ok = chain.origin_key;
  const bounds = completeBounds(await headTimeMs(store, ok), clock);
  const result: ChainFactsResult = { origin_key: ok, ...bounds, hours_computed: 0, days_computed: 0, days_pending: 0, hours_backfilled: 0, days_not_backfilled: 0 };
  if (bounds.hours_until === null || bounds.days_until === null) return result;
  // A full run recomputes everything anyway; an incremental one first turns a changed fact set
  // into dirty hours, which it then computes like any others.
  if (full) await store.writeFactSet(ok, run.factSet);
  else {
    const plan = await planBackfill(store, ok, run.factSet, run.logger);
    result.hours_backfilled = plan.hours_marked;
    result.days_not_backfilled = plan.days_kept;
  }
  const hoursUntil = bounds.hours_until;
  const daysUntil = bounds.days_until;

  const dirty = await store.dirtyHours(ok);
  const clearable = dirty.filter((h) => h < hoursUntil);
  // The periods whose facts are replaced; of those, the ones without blocks (rolled back) only
  // lose their old facts, so they look exactly as if they had never been ingested.
  let scope: Record<Granularity, number[]>;
  let pending: number[];
  if (full) {
    await store.clearFacts(ok);
    scope = { hourly: await store.blockPeriods(ok, 'hourly', hoursUntil), daily: await store.blockPeriods(ok, 'daily', daysUntil) };
    // The running day's complete hours are computed now; the day itself once it completes.
    pending = hoursUntil > daysUntil ? [daysUntil] : [];
  } else {
    // A rollback can move the stored head back across periods computed earlier (the new fork
    // is shorter, or not fetched yet): those periods are no longer complete, but their facts
    // hold the orphaned blocks' values. They are recomputed now from what is stored (and stay
    // dirty/pending, so they are computed again once complete), instead of keeping the old
    // fork's values until the chain passes the next boundary.
    const before = (await store.factStatus()).get(ok);
    const stale = before ? dirty.filter((h) => h >= hoursUntil && h < before.hours_until) : [];
    const staleDays = before ? [...new Set(stale.map(dayStart))].filter((d) => d >= daysUntil && d < before.days_until) : [];
    const candidates = new Set<number>([...clearable.map(dayStart), ...(await store.pendingDays(ok))]);
    scope = { hourly: [...clearable, ...stale], daily: [...[...candidates].filter((d) => d < daysUntil), ...staleDays] };
    pending = [...new Set([...[...candidates].filter((d) => d >= daysUntil), ...staleDays])];
  }
  // Periods before the first whole one (a start block inside them) are never computed; their
  // dirty hours are cleared all the same.
  const first = await firstWholePeriods(store, ok, chain.start);
  if (first) {
    scope = { hourly: scope.hourly.filter((h) => h >= first.hourly), daily: scope.daily.filter((d) => d >= first.daily) };
    pending = pending.filter((d) => d >= first.daily);
  }
  result.hours_computed = scope.hourly.length;
  result.days_computed = scope.daily.length;
  run.settledDays.set(ok, scope.daily);

  // The chain's blocks over every period of the scope, read once for all the writes below.
  const spans = GRANULARITIES.flatMap((g) => scope[g].map((p) => [p, p + PERIOD_SECONDS[g] * 1000] as const));
  const from = Math.min(...spans.map(([p]) => p));
  const until = Math.max(...spans.map(([, end]) => end));
  await store.withChainBlocks(ok, from, until, async () => {
    const aggs = transactionAggregates(defs);
    await store.writeChainFacts(
      GRANULARITIES.map((g) => {
        const ctx: SqlContext = { family: chain.family, seconds: PERIOD_SECONDS[g] };
        return { origin_key: ok, granularity: g, periods: scope[g], ...splitByUnit(store, aggs.filter((a) => a.granularities.includes(g)), ctx) };
      }),
    );
    await computeFeeBucketFacts(store, chain, defs, scope.hourly, hoursUntil);
    const dayCtx: SqlContext = { family: chain.family, seconds: PERIOD_SECONDS.daily };
    await store.writeChainAddressSets({
      origin_key: ok,
      days: scope.daily,
      sets: addressSets(defs).map((s) => ({ key: s.key, sql: engineSql(store, s.sql, `${s.key} address set`)(dayCtx) })),
    });
    const contractStarted = performance.now();
    await computeContracts(store, chain, defs, scope, hoursUntil);
    timing.contract_ms += performance.now() - contractStarted;
    const settlementStarted = performance.now();
    const rent = await computeRent(store, chain, run, scope.daily, daysUntil, first?.daily ?? null);
    timing.settlement_ms += performance.now() - settlementStarted;
    // The data-availability layer's blob facts, on the layer's chain only (blob-facts.ts).
    const blobStarted = performance.now();
    const blobKeys = await computeBlobFacts(store, ok, scope.daily);
    timing.blob_ms += performance.now() - blobStarted;
    // Days whose rent changed are converted and derived again with the chain's own days.
    const days = [...new Set([...scope.daily, ...rent.days])].sort((a, b) => a - b);
    // Chain and contract money facts in one conversion: the same prices, one price status.
    await convertMoney(store, chain, { hourly: scope.hourly, daily: days }, [...moneyFactKeys(defs), ...rent.keys, ...blobKeys], rent.ether_keys);
    await computeDerived(store, ok, defs, days);
  });

  result.days_pending = await store.settlePendingDays(ok, scope.daily, pending);
  await store.writeFactStatus(ok, { hours_until: hoursUntil, days_until: daysUntil });
  // Cleared last: a crash before this point recomputes the same hours on the next run.
  await store.clearDirtyHours(ok, clearable);
  return result;
}

/** Contract facts and sender sets for the chain's scope, hours limited to the kept window. */
async function computeContracts(store: Store, chain: FactChain, defs: readonly MetricDefinition[], scope: Record<Granularity, number[]>, hoursUntil: number): Promise<void> {
  const aggs = contractAggregates(defs);
  const sets = contractAddressSets(defs);
  if (aggs.length === 0 && sets.length === 0) return;
  const ok = chain.origin_key;
  const keepFrom = hoursUntil - CONTRACT_HOURS_MS;
  const periods: Record<Granularity, number[]> = { hourly: scope.hourly.filter((h) => h >= keepFrom), daily: scope.daily };
  for (const g of GRANULARITIES) {
    const ctx: SqlContext = { family: chain.family, seconds: PERIOD_SECONDS[g] };
    const mine = aggs.filter((a) => a.granularities.includes(g));
    // The hourly write also drops the hours that left the window (one read of the contract facts on ClickHouse).
    await store.writeContractFacts({ origin_key: ok, granularity: g, periods: periods[g], ...splitByUnit(store, mine, ctx), ...(g === 'hourly' ? { hours_before: keepFrom } : {}) });
  }
  const dayCtx: SqlContext = { family: chain.family, seconds: PERIOD_SECONDS.daily };
  await store.writeContractAddressSets({
    origin_key: ok,
    days: scope.daily,
    sets: sets.map((s) => ({ key: s.key, sql: engineSql(store, s.sql, `${s.key} address set`)(dayCtx) })),
  });
}

/** A definition's aggregates as the store takes them: plain numbers, and wei (exact when summed). */
function splitByUnit(store: Store, aggs: readonly FactAggregate[], ctx: SqlContext) {
  const mine = aggs.map((a) => ({ key: a.key, unit: a.unit, sql: engineSql(store, a.sql, a.key)(ctx) }));
  return {
    plain: mine.filter((a) => a.unit === 'plain').map(({ key, sql }) => ({ key, sql })),
    wei: mine.filter((a) => a.unit !== 'plain').map(({ key, sql, unit }) => ({ key, sql, exact: unit === 'wei_sum' })),
  };
}

function engineSql<T>(store: Store, sql: Partial<Record<string, T>>, what: string): T {
  const fn = sql[store.engine];
  if (!fn) throw new Error(`metric ${what} has no SQL for the ${store.engine} engine`);
  return fn;
}

/**
 * The chain's rent (METRICS.md rent_paid) for the days it computed now and the days its
 * settlement chain computed now, up to the chain's complete days; nothing when the chain has no
 * settlement plan. Returns the days replaced and the money keys to convert.
 */
async function computeRent(
  store: Store,
  chain: FactChain,
  run: RunContext,
  ownDays: readonly number[],
  daysUntil: number,
  firstDay: number | null,
): Promise<{ days: number[]; keys: string[]; ether_keys: string[] }> {
  const facts = settlementFacts(run.defs);
  const none = { days: [], keys: [], ether_keys: [] };
  if (facts.length === 0 || !chain.settlement_chain || !chain.settlement_addresses) return none;
  const plan = settlementPlan({ ...chain, settlement_chain: chain.settlement_chain, settlement_addresses: chain.settlement_addresses }, run.chains);
  if (plan.settles_on === null) return none;
  const on = plan.settles_on;
  const theirs = run.settledDays.get(on) ?? [];
  const days = [...new Set([...ownDays, ...theirs])].filter((d) => d < daysUntil && (firstDay === null || d >= firstDay));
  if (days.length === 0) return none;
  const status = (await store.factStatus()).get(on);
  for (const f of facts) {
    const measure = f.measure ?? 'fee';
    await store.writeSettlementFacts({ origin_key: chain.origin_key, settlement_origin_key: on, senders: plan.senders, key: f.key, measure, days, complete_until: status?.days_until ?? 0 });
  }
  // Only the fees are money to convert; blob bytes are stored as they are.
  const keys = facts.filter((f) => settlementInWei(f.measure ?? 'fee')).map((f) => f.key);
  return { days, keys, ether_keys: plan.rent_in_ether ? keys : [] };
}

/**
 * Derived metrics (profit = fees − rent_paid) per day and column from the facts they read: a
 * day with a fact for every input gets the definition's combine of them (an input known to be
 * null, e.g. no price, makes profit null); any other day stays without a value.
 */
async function computeDerived(store: Store, originKey: string, defs: readonly MetricDefinition[], days: readonly number[]): Promise<void> {
  if (days.length === 0) return;
  const wanted = new Set(days);
  for (const d of derivedMetrics(defs)) {
    const { from, facts, combine } = d.input;
    const keys: string[] = [];
    const rows: Array<{ metric_key: string; period_ms: number; value: number | null }> = [];
    for (const out of facts) {
      const outKeys = factKeys(out) as Record<string, string>;
      for (const [column, outKey] of Object.entries(outKeys)) {
        const inKeys = from.map((f) => (factKeys(f) as Record<string, string | undefined>)[column]);
        if (inKeys.some((k) => k === undefined)) throw new Error(`${definitionName(d)}: input without a ${column} column`);
        keys.push(outKey);
        const read = await store.readFacts({ subject: chainSubject(originKey), keys: inKeys as string[], days_until: days[days.length - 1]! + 1, hours_from: 0, hours_until: 0 });
        const byDay = new Map<number, Map<string, number | null>>();
        for (const r of read) {
          if (r.granularity !== 'daily' || !wanted.has(r.period_ms)) continue;
          let m = byDay.get(r.period_ms);
          if (!m) byDay.set(r.period_ms, (m = new Map()));
          m.set(r.metric_key, r.value);
        }
        for (const [day, m] of byDay) {
          // A day an input has no fact for (rent of a day the settlement chain has not reached) stays unknown.
          if (inKeys.every((k) => m.has(k as string))) rows.push({ metric_key: outKey, period_ms: day, value: combine(inKeys.map((k) => m.get(k as string) ?? null)) });
        }
      }
    }
    await store.replaceChainValues({ origin_key: originKey, granularity: 'daily', periods: days, keys, rows });
  }
}

async function readPriceGaps(store: Store, originKeys: string[]): Promise<PriceGap[]> {
  return store.priceStatusSummary(originKeys);
}
