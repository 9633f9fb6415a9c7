// Which facts the engine computes from raw transactions, as one signature per chain in the
// store. A store whose facts were computed by a version with a different fact set (new keys,
// new granularities) lacks the new facts for the periods it computed then; when the facts
// engine sees a recorded signature differ from the current one, it marks every hour whose raw
// transactions are still stored dirty, so the normal incremental run recomputes those hours,
// their days and 4-hour buckets in the same transaction, and records the new signature. Days
// whose raw transactions were pruned cannot be recomputed: they keep their facts and are
// reported once.
import { createHash } from 'node:crypto';
import type { Logger } from '../log.js';
import { FOUR_HOURS } from '../store/granularity.js';
import type { Store } from '../store/store.js';
import { addressSets, contractAddressSets, contractAggregates, isFeeMetric, settlementFacts, transactionAggregates, type MetricDefinition } from './definition.js';
import { aggregateOf } from './fee-buckets.js';
import { BLOB_FEE_KEY, BLOB_GAS_KEY } from './blob-facts.js';

/** The signature of the keys × granularities computed from raw transactions: stable across runs, changes with the catalog. */
export function factSetSignature(defs: readonly MetricDefinition[]): string {
  const entries = [
    ...transactionAggregates(defs).map((a) => `chain ${a.key} ${[...a.granularities].sort().join(',')}`),
    ...contractAggregates(defs).map((a) => `contract ${a.key} ${[...a.granularities].sort().join(',')}`),
    ...defs.filter(isFeeMetric).map((m) => `chain ${aggregateOf(m).key} ${FOUR_HOURS}`),
    ...addressSets(defs).map((s) => `set ${s.key}`),
    ...contractAddressSets(defs).map((s) => `contract set ${s.key}`),
    ...settlementFacts(defs).map((f) => `settlement ${f.key}`),
    // The data-availability layer's blob facts (blob-facts.ts), kept on its chain whatever the catalog.
    `blob ${BLOB_GAS_KEY} ${BLOB_FEE_KEY}`,
  ];
  return createHash('sha256').update([...new Set(entries)].sort().join('\n')).digest('hex');
}

export interface BackfillPlan {
  /** Hours marked dirty for recomputation (0 when the fact set is unchanged). */
  hours_marked: number;
  /** Days with blocks whose raw transactions were pruned: they keep the facts they have. */
  days_kept: number;
}

/**
 * Marks the chain's retained hours dirty when its recorded fact set differs from `signature`,
 * then records `signature`. Call inside the chain's facts transaction, before it reads the dirty
 * hours, so the same run recomputes them (and on an engine without transactions a crash leaves
 * them dirty: marked before recorded).
 */
export async function planBackfill(store: Store, originKey: string, signature: string, logger: Pick<Logger, 'info' | 'warn'>): Promise<BackfillPlan> {
  const recorded = await store.factSet(originKey);
  if (recorded === signature) return { hours_marked: 0, days_kept: 0 };
  const retainedFrom = await store.firstRetainedDay(originKey);
  const hours = retainedFrom === null ? [] : (await store.blockPeriods(originKey, 'hourly', Number.MAX_SAFE_INTEGER)).filter((h) => h >= retainedFrom);
  const prunedDays = await store.blockPeriods(originKey, 'daily', retainedFrom ?? Number.MAX_SAFE_INTEGER);
  // A store without a recorded set and without facts yet (a new chain) has nothing to backfill.
  const computed = (await store.factStatus()).has(originKey);
  if (computed) {
    logger.info(`${originKey}: facts were computed with ${recorded === null ? 'an earlier' : 'a different'} fact set; recomputing ${hours.length} retained hours`);
    if (prunedDays.length > 0) {
      logger.warn(
        `${originKey}: ${prunedDays.length} days (${new Date(prunedDays[0]!).toISOString().slice(0, 10)} to ${new Date(prunedDays.at(-1)!).toISOString().slice(0, 10)}) cannot be backfilled: their raw transactions were pruned (retention_days); they keep the facts they have`,
      );
    }
  }
  await store.markDirtyHours(originKey, computed ? hours : []);
  await store.writeFactSet(originKey, signature);
  return { hours_marked: computed ? hours.length : 0, days_kept: computed ? prunedDays.length : 0 };
}
