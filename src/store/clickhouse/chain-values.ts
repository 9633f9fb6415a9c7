// Chain facts that do not come from one scan of the chain's own transactions (the counterpart
// of DuckDB's chain-values.ts): the rent a chain paid on its settlement chain, summed exactly in
// UInt256 over the settlement chain's transactions from the batch posters, and values computed
// or read elsewhere, written as given. Both replace their periods in one insert (tombstones
// for the keys without a new row, and the new rows).
import { settlementInWei, type ChainValuesRequest, type SettlementFactsRequest, type SettlementMeasure } from '../facts.js';
import { TEN_MINUTES } from '../granularity.js';
import { CHAIN } from './facts.js';
import { periodBlocks, type ChainBlocks } from './period-scope.js';
import { deleteWhere, replaceRows } from './replacing.js';
import type { Row, SqlRunner } from './sql-runner.js';
import { intList, sqlString, stringList, wideToDouble } from './sql-text.js';

const DAY_S = 86_400;

/** Days (unix ms) in [fromMs, untilMs) on which `originKey` has blocks. */
async function daysWithBlocks(db: SqlRunner, originKey: string, fromMs: number, untilMs: number): Promise<Set<number>> {
  const rows = await db.all<{ d: string }>(
    `SELECT DISTINCT intDiv(block_time, ${DAY_S}) * ${DAY_S * 1000} AS d FROM blocks FINAL
     WHERE origin_key = ${sqlString(originKey)} AND block_time >= ${Math.floor(fromMs / 1000)} AND block_time < ${Math.floor(untilMs / 1000)}`,
  );
  return new Set(rows.map((r) => Number(r.d)));
}

/** The sum of a settlement measure over the settlement chain's transactions (UInt256: exact). */
const MEASURE_SUM: Record<SettlementMeasure, string> = {
  fee: 'sum(fee_wei)',
  blob_fee: 'sum(blob_gas_used * blob_gas_price_wei)',
  blob_bytes: 'sum(blob_gas_used)',
};

export async function writeSettlementFacts(db: SqlRunner, req: SettlementFactsRequest, known?: ChainBlocks): Promise<void> {
  if (req.days.length === 0) return;
  intList(req.days, `rent day of ${req.origin_key}`);
  intList([req.complete_until], 'complete_until');
  // Fees are exact wei (native facts, converted later); blob bytes are a plain fact.
  const wei = settlementInWei(req.measure);
  const table = wei ? 'native_facts' : 'facts';
  // Every requested day loses its row unless it gets a new one (replaceRows): a day either
  // chain has not reached stays without a value (unknown), never 0.
  const key = (d: number) => ({ origin_key: req.origin_key, dimension: 'chain', entity: '', metric_key: req.key, granularity: 'daily', period_ms: d });
  const gone = [...new Set(req.days)].map(key);
  const asked = req.senders.length === 0 ? [] : req.days.filter((d) => d < req.complete_until);
  const days = asked.length === 0 ? [] : await daysBothChainsHave(db, req, asked, known);
  const paid =
    days.length === 0
      ? []
      : await db.all<{ d: string; exact: string; v: number }>(
          `SELECT d, toString(total) AS exact, ${wideToDouble('total')} AS v FROM (
             SELECT intDiv(block_time, ${DAY_S}) * ${DAY_S * 1000} AS d, ${MEASURE_SUM[req.measure]} AS total FROM transactions FINAL
             WHERE origin_key = ${sqlString(req.settlement_origin_key)} AND from_address IN (${stringList(req.senders.map((a) => a.toLowerCase()))})
               AND block_time >= ${Math.floor(Math.min(...days) / 1000)} AND block_time < ${Math.floor(Math.max(...days) / 1000) + DAY_S}
             GROUP BY d)`,
        );
  const byDay = new Map(paid.map((r) => [Number(r.d), r]));
  await replaceRows(
    db,
    table,
    gone,
    days.map((d) => {
      const p = byDay.get(d);
      const row = { ...key(d), value: p ? Number(p.v) : 0 };
      return wei ? { ...row, exact_wei: p ? p.exact : '0' } : row;
    }),
  );
}

/** Of the asked days, those both chains have blocks in (the settlement chain's complete ones were asked). */
async function daysBothChainsHave(db: SqlRunner, req: SettlementFactsRequest, asked: readonly number[], known?: ChainBlocks): Promise<number[]> {
  const lo = Math.min(...asked);
  const hi = Math.max(...asked) + DAY_S * 1000;
  // The chain's own days from the blocks read for this call (when they cover them), then the settlement chain's.
  const own = new Set((await periodBlocks(db, known, req.origin_key, 'daily', asked)).blocks.with_blocks);
  if (own.size === 0) return [];
  const settled = await daysWithBlocks(db, req.settlement_origin_key, lo, hi);
  return [...own].filter((d) => settled.has(d));
}

export async function replaceChainValues(db: SqlRunner, req: ChainValuesRequest): Promise<void> {
  await replaceChainValueSets(db, [req]);
}

/**
 * Several chain-value replacements in one insert (tombstones and rows of every request): the
 * facts stage's 4-hour and 10-minute fee buckets of a chain are one part to merge, not two.
 */
export async function replaceChainValueSets(db: SqlRunner, reqs: readonly ChainValuesRequest[]): Promise<void> {
  const live = reqs.filter((req) => req.periods.length > 0 && req.keys.length > 0);
  if (live.length === 0) return;
  const gone: Row[] = [];
  const rows: Row[] = [];
  for (const req of live) {
    const scope = new Set(req.periods);
    const allowed = new Set(req.keys);
    for (const r of req.rows) {
      if (!scope.has(r.period_ms) || !allowed.has(r.metric_key)) throw new Error(`value ${r.metric_key} ${r.period_ms} of ${req.origin_key} is outside the request's keys and periods`);
      if (r.value !== null && !Number.isFinite(r.value)) throw new Error(`value ${r.metric_key} ${r.period_ms} of ${req.origin_key} is not finite: ${r.value}`);
    }
    intList(req.periods, `period of ${req.origin_key}`);
    // Every (key, period) of the request is replaced: the ones without a row get a tombstone.
    const subject = { origin_key: req.origin_key, dimension: 'chain', entity: '', granularity: req.granularity };
    gone.push(...[...scope].flatMap((p) => req.keys.map((k) => ({ ...subject, metric_key: k, period_ms: p }))));
    rows.push(...req.rows.map((r) => ({ ...subject, metric_key: r.metric_key, period_ms: r.period_ms, value: r.value })));
  }
  await replaceRows(db, 'facts', gone, rows);
}

/** Deletes the chain's 10-minute facts before `beforeMs` (pruneTenMinuteFacts, and pruneRaw for the time it prunes). */
export async function pruneTenMinuteFacts(db: SqlRunner, originKey: string, beforeMs: number): Promise<void> {
  intList([beforeMs], '10-minute bound');
  await deleteWhere(db, 'facts', `origin_key = ${sqlString(originKey)} AND ${CHAIN} AND granularity = '${TEN_MINUTES}' AND period_ms < ${beforeMs}`);
}
