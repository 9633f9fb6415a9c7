// What a metric definition is: the stored facts it produces, each as one SQL aggregate over
// the transactions of one period. The facts engine (compute-facts.ts) runs every definition's
// aggregates of a granularity in a single scan, so a definition only says *what* to compute.
import type { ChainFamily } from '../registry/types.js';
import type { Granularity } from '../store/granularity.js';
import type { EngineName } from '../store/store.js';

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

export interface MetricDefinition {
  /** The metric this definition feeds (registry/metrics.ts), or the fee-table metric name. */
  id: string;
  facts: readonly FactAggregate[];
  /**
   * Per-day address sets kept for exact distinct counts over any window: an expression for the
   * address column over the day's transactions `t`.
   */
  addressSet?: Partial<Record<EngineName, (ctx: SqlContext) => string>>;
}

/** Keys of the facts the money step writes for a `wei`/`wei_sum` fact. */
export function moneyKeys(key: string): { eth: string; usd: string } {
  return { eth: `${key}_eth`, usd: `${key}_usd` };
}

/** An address set kept per day for exact distinct counts, under the key a metric declares. */
export interface AddressSetDecl {
  key: string;
  sql: Partial<Record<EngineName, (ctx: SqlContext) => string>>;
}

/** Every aggregate over a period's transactions that the definitions produce. */
export function transactionAggregates(defs: readonly MetricDefinition[]): FactAggregate[] {
  return defs.flatMap((d) => d.facts);
}

/** Every address set the definitions declare (today: keyed by the metric's id). */
export function addressSets(defs: readonly MetricDefinition[]): AddressSetDecl[] {
  return defs.flatMap((d) => (d.addressSet ? [{ key: d.id, sql: d.addressSet }] : []));
}
