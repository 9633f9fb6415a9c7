// Per-day blob facts of a layer-1 chain (store/blobs.ts): one grouped scan of the days' blob
// transactions, replacing the days' rows inside the caller's transaction.
import { BLOB_SENDER_DIMENSION, type BlobFactsRequest, type BlobSenderDay } from '../blobs.js';
import type { SqlRunner } from './sql-runner.js';
import { chainFilter, intList, sqlString } from './sql-text.js';

const DAY_S = 86_400;

export async function writeBlobFacts(db: SqlRunner, req: BlobFactsRequest): Promise<void> {
  if (req.days.length === 0) return;
  const ok = sqlString(req.origin_key);
  const days = intList(req.days, `blob day of ${req.origin_key}`);
  const gasKey = sqlString(req.gas_key);
  const feeKey = sqlString(req.fee_key);
  await db.run(
    `DELETE FROM facts f WHERE f.origin_key = ${ok} AND f.dimension = '${BLOB_SENDER_DIMENSION}' AND f.metric_key = ${gasKey}
       AND f.granularity = 'daily' AND f.period_ms IN (${days})`,
  );
  await db.run(
    `DELETE FROM native_facts f WHERE f.origin_key = ${ok} AND ${chainFilter('f')} AND f.metric_key = ${feeKey}
       AND f.granularity = 'daily' AND f.period_ms IN (${days})`,
  );
  const lo = Math.floor(Math.min(...req.days) / 1000);
  const hi = Math.floor(Math.max(...req.days) / 1000) + DAY_S;
  // The days asked that hold blocks: a rolled-back day gets no rows, as if never ingested.
  const withBlocks = `SELECT DISTINCT b.block_time // ${DAY_S} * ${DAY_S * 1000} AS day_ms FROM blocks b
     WHERE b.origin_key = ${ok} AND b.block_time >= ${lo} AND b.block_time < ${hi}`;
  const blobTxs = `SELECT t.block_time // ${DAY_S} * ${DAY_S * 1000} AS day_ms, lower(t.from_address) AS sender, t.blob_gas_used, t.blob_gas_price_wei
     FROM transactions t
     WHERE t.origin_key = ${ok} AND t.blob_gas_used > 0 AND t.block_time >= ${lo} AND t.block_time < ${hi}`;
  await db.run(
    `INSERT INTO facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value)
     SELECT ${ok}, '${BLOB_SENDER_DIMENSION}', sender, ${gasKey}, 'daily', day_ms, CAST(sum(blob_gas_used) AS DOUBLE)
     FROM (${blobTxs}) WHERE day_ms IN (${days}) GROUP BY sender, day_ms`,
  );
  await db.run(
    `INSERT INTO native_facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value, exact_wei)
     WITH paid AS (SELECT day_ms, sum(blob_gas_used * blob_gas_price_wei) AS wei FROM (${blobTxs}) GROUP BY day_ms)
     SELECT ${ok}, 'chain', '', ${feeKey}, 'daily', d.day_ms, CAST(coalesce(paid.wei, 0) AS DOUBLE), coalesce(paid.wei, 0::HUGEINT)
     FROM (${withBlocks}) d LEFT JOIN paid ON paid.day_ms = d.day_ms
     WHERE d.day_ms IN (${days})`,
  );
}

export async function blobSenderDays(db: SqlRunner, originKey: string, gasKey: string, daysUntil: number): Promise<BlobSenderDay[]> {
  intList([daysUntil], 'blob days bound');
  const rows = await db.all<{ period_ms: bigint; entity: string; value: number }>(
    `SELECT period_ms, entity, value FROM facts
     WHERE origin_key = $1 AND dimension = '${BLOB_SENDER_DIMENSION}' AND metric_key = $2 AND granularity = 'daily' AND period_ms < ${daysUntil}
     ORDER BY period_ms, entity`,
    [originKey, gasKey],
  );
  return rows.map((r) => ({ day_ms: Number(r.period_ms), sender: r.entity, blob_gas: r.value }));
}
