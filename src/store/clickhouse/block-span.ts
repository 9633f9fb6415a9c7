// BlockSpanStore on ClickHouse: one aggregate over the chain's blocks in the window (the table is
// ordered by origin_key and block_number, and block times rise with the number).
import type { BlockSpan } from '../block-span.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

export async function blockSpan(db: SqlRunner, originKey: string, fromMs: number | null, untilMs: number | null): Promise<BlockSpan | null> {
  const where = [`origin_key = ${sqlString(originKey)}`];
  if (fromMs !== null) where.push(`block_time >= ${intList([Math.ceil(fromMs / 1000)], 'from')}`);
  if (untilMs !== null) where.push(`block_time < ${intList([Math.ceil(untilMs / 1000)], 'until')}`);
  const rows = await db.all<{ n: string; fb: string; ft: string; lb: string; lt: string }>(
    `SELECT count() AS n, min(block_number) AS fb, argMin(block_time, block_number) AS ft,
            max(block_number) AS lb, argMax(block_time, block_number) AS lt
     FROM blocks FINAL WHERE ${where.join(' AND ')}`,
  );
  const r = rows[0];
  if (!r || Number(r.n) === 0) return null;
  return { first: { block_number: Number(r.fb), block_time: Number(r.ft) }, last: { block_number: Number(r.lb), block_time: Number(r.lt) } };
}
