// BlockSpanStore on DuckDB: one aggregate over the chain's blocks in the window. Blocks are
// appended in time order, so the row groups' zone maps on block_time leave out the rest.
import type { BlockSpan } from '../block-span.js';
import type { SqlRunner } from './sql-runner.js';

export async function blockSpan(db: SqlRunner, originKey: string, fromMs: number | null, untilMs: number | null): Promise<BlockSpan | null> {
  const params: Array<string | number> = [originKey];
  const where = ['origin_key = $1'];
  if (fromMs !== null) where.push(`block_time >= $${params.push(Math.ceil(fromMs / 1000))}`);
  if (untilMs !== null) where.push(`block_time < $${params.push(Math.ceil(untilMs / 1000))}`);
  const rows = await db.all<{ n: bigint; fb: bigint; ft: bigint; lb: bigint; lt: bigint }>(
    `SELECT count(*) AS n, min(block_number) AS fb, arg_min(block_time, block_number) AS ft,
            max(block_number) AS lb, arg_max(block_time, block_number) AS lt
     FROM blocks WHERE ${where.join(' AND ')}`,
    params,
  );
  const r = rows[0];
  if (!r || Number(r.n) === 0) return null;
  return { first: { block_number: Number(r.fb), block_time: Number(r.ft) }, last: { block_number: Number(r.lb), block_time: Number(r.lt) } };
}
