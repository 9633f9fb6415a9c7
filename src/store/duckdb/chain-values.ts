// Chain facts that do not come from one scan of the chain's own transactions: the rent a chain
// paid on its settlement chain (a join of that chain's transactions on the batch posters), and
// values computed or read elsewhere (derived metrics, external series) written as given.
import { settlementInWei, type ChainValuesRequest, type SettlementFactsRequest, type SettlementMeasure } from '../facts.js';
import { TEN_MINUTES } from '../granularity.js';
import type { SqlRunner } from './sql-runner.js';
import { chainFilter, intList, sqlDouble, sqlString } from './sql-text.js';

const DAY_S = 86_400;

function dayValues(days: readonly number[], what: string): string {
  intList(days, what);
  return `(VALUES ${days.map((d) => `(${d}::BIGINT)`).join(', ')}) asked(day_ms)`;
}

/** The days of `v` with blocks of `originKey`: one range scan of its blocks, not one per day. */
function daysWithBlocks(originKey: string): string {
  return `SELECT DISTINCT b.block_time // ${DAY_S} * ${DAY_S * 1000} AS day_ms FROM blocks b
          WHERE b.origin_key = ${sqlString(originKey)}
            AND b.block_time >= (SELECT min(day_ms) // 1000 FROM v) AND b.block_time < (SELECT max(day_ms) // 1000 + ${DAY_S} FROM v)`;
}

/** The sum of a settlement measure over the settlement chain's transactions `t`. */
const MEASURE_SUM: Record<SettlementMeasure, string> = {
  fee: 'sum(t.fee_wei)',
  blob_fee: 'sum(t.blob_gas_used * t.blob_gas_price_wei)',
  blob_bytes: 'sum(t.blob_gas_used)',
};

export async function writeSettlementFacts(db: SqlRunner, req: SettlementFactsRequest): Promise<void> {
  if (req.days.length === 0) return;
  const ok = sqlString(req.origin_key);
  const days = dayValues(req.days, `rent day of ${req.origin_key}`);
  // Fees are exact wei (native facts, converted later); blob bytes are a plain fact.
  const wei = settlementInWei(req.measure);
  const table = wei ? 'native_facts' : 'facts';
  await db.run(
    `DELETE FROM ${table} f WHERE f.origin_key = ${ok} AND ${chainFilter('f')} AND f.metric_key = ${sqlString(req.key)}
       AND f.granularity = 'daily' AND f.period_ms IN (SELECT day_ms FROM ${days})`,
  );
  if (req.senders.length === 0) return;
  const senders = req.senders.map((a) => sqlString(a.toLowerCase())).join(', ');
  // Days both chains have blocks in and the settlement chain has complete: a day either chain
  // has not reached yet stays without a value (unknown), never 0.
  await db.run(
    `INSERT INTO ${table} (origin_key, dimension, entity, metric_key, granularity, period_ms, value${wei ? ', exact_wei' : ''})
     WITH v AS (SELECT day_ms FROM ${days} WHERE day_ms < ${intList([req.complete_until], 'complete_until')}),
     d AS (
       SELECT day_ms FROM v
       WHERE day_ms IN (${daysWithBlocks(req.settlement_origin_key)}) AND day_ms IN (${daysWithBlocks(req.origin_key)})),
     paid AS (
       SELECT t.block_time // ${DAY_S} * ${DAY_S * 1000} AS day_ms, ${MEASURE_SUM[req.measure]} AS total
       FROM transactions t
       WHERE t.origin_key = ${sqlString(req.settlement_origin_key)} AND t.from_address IN (${senders})
         AND t.block_time >= (SELECT min(day_ms) // 1000 FROM d) AND t.block_time < (SELECT max(day_ms) // 1000 + ${DAY_S} FROM d)
       GROUP BY 1)
     SELECT ${ok}, 'chain', '', ${sqlString(req.key)}, 'daily', d.day_ms, CAST(coalesce(paid.total, 0) AS DOUBLE)${wei ? ', coalesce(paid.total, 0::HUGEINT)' : ''}
     FROM d LEFT JOIN paid ON paid.day_ms = d.day_ms`,
  );
}

export async function replaceChainValues(db: SqlRunner, req: ChainValuesRequest): Promise<void> {
  if (req.periods.length === 0 || req.keys.length === 0) return;
  const ok = sqlString(req.origin_key);
  const keys = req.keys.map(sqlString).join(', ');
  await db.run(
    `DELETE FROM facts f WHERE f.origin_key = ${ok} AND ${chainFilter('f')} AND f.granularity = '${req.granularity}'
       AND f.metric_key IN (${keys}) AND f.period_ms IN (${intList(req.periods, `period of ${req.origin_key}`)})`,
  );
  const scope = new Set(req.periods);
  const allowed = new Set(req.keys);
  const rows = req.rows.map((r) => {
    if (!scope.has(r.period_ms) || !allowed.has(r.metric_key)) throw new Error(`value ${r.metric_key} ${r.period_ms} of ${req.origin_key} is outside the request's keys and periods`);
    if (r.value !== null && !Number.isFinite(r.value)) throw new Error(`value ${r.metric_key} ${r.period_ms} of ${req.origin_key} is not finite: ${r.value}`);
    return `(${ok}, 'chain', '', ${sqlString(r.metric_key)}, '${req.granularity}', ${intList([r.period_ms], 'period')}, ${r.value === null ? 'NULL' : sqlDouble(r.value)})`;
  });
  for (let i = 0; i < rows.length; i += 1000) {
    await db.run(`INSERT INTO facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value) VALUES ${rows.slice(i, i + 1000).join(', ')}`);
  }
}

/** The DELETE of the chain's 10-minute facts before `beforeMs` (pruneTenMinuteFacts, and pruneRaw for the time it prunes). */
export function pruneTenMinuteFactsSql(originKey: string, beforeMs: number): string {
  intList([beforeMs], '10-minute bound');
  return `DELETE FROM facts f WHERE f.origin_key = ${sqlString(originKey)} AND ${chainFilter('f')} AND f.granularity = '${TEN_MINUTES}' AND f.period_ms < ${beforeMs}`;
}
