// Per-day blob facts of a layer-1 chain (store/blobs.ts), the counterpart of DuckDB's blobs.ts:
// the days' rows are replaced (tombstones, then new rows), fees summed exactly in UInt256.
import { BLOB_SENDER_DIMENSION, type BlobFactsRequest, type BlobSenderDay } from '../blobs.js';
import { CHAIN } from './facts.js';
import { deleteWhere, putRows } from './replacing.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString, wideToDouble } from './sql-text.js';

const DAY_S = 86_400;

export async function writeBlobFacts(db: SqlRunner, req: BlobFactsRequest): Promise<void> {
  if (req.days.length === 0) return;
  const ok = sqlString(req.origin_key);
  const days = intList(req.days, `blob day of ${req.origin_key}`);
  const gasKey = sqlString(req.gas_key);
  const feeKey = sqlString(req.fee_key);
  await deleteWhere(db, 'facts', `origin_key = ${ok} AND dimension = '${BLOB_SENDER_DIMENSION}' AND metric_key = ${gasKey} AND granularity = 'daily' AND period_ms IN (${days})`);
  await deleteWhere(db, 'native_facts', `origin_key = ${ok} AND ${CHAIN} AND metric_key = ${feeKey} AND granularity = 'daily' AND period_ms IN (${days})`);
  const lo = Math.floor(Math.min(...req.days) / 1000);
  const hi = Math.floor(Math.max(...req.days) / 1000) + DAY_S;
  const asked = new Set(req.days);
  // The days asked that hold blocks: a rolled-back day gets no rows, as if never ingested.
  const blockDays = await db.all<{ d: string }>(
    `SELECT DISTINCT intDiv(block_time, ${DAY_S}) * ${DAY_S * 1000} AS d FROM blocks FINAL
     WHERE origin_key = ${ok} AND block_time >= ${lo} AND block_time < ${hi}`,
  );
  const stored = blockDays.map((r) => Number(r.d)).filter((d) => asked.has(d));
  if (stored.length === 0) return;
  const blobTxs = `FROM transactions FINAL
       WHERE origin_key = ${ok} AND blob_gas_used > 0 AND block_time >= ${lo} AND block_time < ${hi}`;
  const day = `intDiv(block_time, ${DAY_S}) * ${DAY_S * 1000}`;
  const [senders, fees] = await Promise.all([
    db.all<{ d: string; sender: string; gas: number }>(
      `SELECT ${day} AS d, lower(from_address) AS sender, toFloat64(sum(blob_gas_used)) AS gas ${blobTxs} GROUP BY d, sender ORDER BY d, sender`,
    ),
    db.all<{ d: string; exact: string; fee: number }>(
      `SELECT d, toString(wei) AS exact, ${wideToDouble('wei')} AS fee FROM (SELECT ${day} AS d, sum(blob_gas_used * blob_gas_price_wei) AS wei ${blobTxs} GROUP BY d)`,
    ),
  ]);
  await putRows(
    db,
    'facts',
    senders
      .filter((r) => asked.has(Number(r.d)))
      .map((r) => ({ origin_key: req.origin_key, dimension: BLOB_SENDER_DIMENSION, entity: r.sender, metric_key: req.gas_key, granularity: 'daily', period_ms: Number(r.d), value: Number(r.gas) })),
  );
  const paid = new Map(fees.map((r) => [Number(r.d), r]));
  await putRows(
    db,
    'native_facts',
    stored.map((d) => {
      const p = paid.get(d);
      return { origin_key: req.origin_key, dimension: 'chain', entity: '', metric_key: req.fee_key, granularity: 'daily', period_ms: d, value: p ? Number(p.fee) : 0, exact_wei: p ? p.exact : '0' };
    }),
  );
}

export async function blobSenderDays(db: SqlRunner, originKey: string, gasKey: string, daysUntil: number): Promise<BlobSenderDay[]> {
  intList([daysUntil], 'blob days bound');
  const rows = await db.all<{ period_ms: string; entity: string; value: number }>(
    `SELECT period_ms, entity, value FROM facts FINAL
     WHERE origin_key = ${sqlString(originKey)} AND dimension = '${BLOB_SENDER_DIMENSION}' AND metric_key = ${sqlString(gasKey)}
       AND granularity = 'daily' AND period_ms < ${daysUntil}
     ORDER BY period_ms, entity`,
  );
  return rows.map((r) => ({ day_ms: Number(r.period_ms), sender: r.entity, blob_gas: Number(r.value) }));
}
