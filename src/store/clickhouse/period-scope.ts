// The periods one facts write covers (DuckDB keeps them as temp tables; over HTTP without a
// session they are lists): the scope, every period whose rows are replaced, and of those the
// periods with stored blocks, which get new rows. A scoped period without blocks (rolled back)
// only loses its rows.
//
// Which periods have blocks, and the block numbers of those blocks, come from one read of the
// chain's blocks per computeFacts call (ChainBlocks, kept by the store for the duration of
// withChainBlocks) and go into each statement as literals: a subquery on `blocks` in every
// statement cost the nodes more than the statements it saved.
import { PERIOD_SECONDS, type Granularity } from '../granularity.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

const HOUR_S = 3600;

/** A chain's stored blocks in [from_s, until_s), per hour (unix s of its start): the lowest and highest block number. */
export interface ChainBlocks {
  origin_key: string;
  from_s: number;
  until_s: number;
  hours: ReadonlyMap<number, readonly [number, number]>;
}

/** The scope's periods with blocks, ascending, and the block numbers all their blocks lie between. */
export interface PeriodBlocks {
  granularity: Granularity;
  with_blocks: number[];
  lo: number;
  hi: number;
}

/** One read: the chain's stored blocks (FINAL: rolled-back blocks are gone) per hour in [fromMs, untilMs). */
export async function readChainBlocks(db: SqlRunner, originKey: string, fromMs: number, untilMs: number): Promise<ChainBlocks> {
  // Hours are whole: every period of a facts granularity is a run of hours.
  const fromS = Math.floor(fromMs / 1000 / HOUR_S) * HOUR_S;
  const untilS = Math.ceil(untilMs / 1000 / HOUR_S) * HOUR_S;
  intList([fromS, untilS], `block time bound of ${originKey}`);
  const rows = await db.all<{ h: string; lo: string; hi: string }>(
    `SELECT intDiv(block_time, ${HOUR_S}) * ${HOUR_S} AS h, min(block_number) AS lo, max(block_number) AS hi FROM blocks FINAL
     WHERE origin_key = ${sqlString(originKey)} AND block_time >= ${fromS} AND block_time < ${untilS}
     GROUP BY h`,
  );
  return { origin_key: originKey, from_s: fromS, until_s: untilS, hours: new Map(rows.map((r) => [Number(r.h), [Number(r.lo), Number(r.hi)] as const])) };
}

/**
 * The sorted scope of `periods` and its periods with blocks, from `known` when it covers them
 * (a write inside withChainBlocks), else from one read of the blocks.
 */
export async function periodBlocks(
  db: SqlRunner,
  known: ChainBlocks | undefined,
  originKey: string,
  g: Granularity,
  periods: readonly number[],
): Promise<{ scope: number[]; blocks: PeriodBlocks }> {
  const s = PERIOD_SECONDS[g];
  const scope = [...new Set(periods)].sort((a, b) => a - b);
  intList(scope, `${g} period of ${originKey}`);
  const blocks: PeriodBlocks = { granularity: g, with_blocks: [], lo: 0, hi: -1 };
  if (scope.length === 0) return { scope, blocks };
  const fromS = Math.floor(scope[0]! / 1000);
  const untilS = Math.floor(scope[scope.length - 1]! / 1000) + s;
  const source =
    known && known.origin_key === originKey && known.from_s <= fromS && untilS <= known.until_s ? known : await readChainBlocks(db, originKey, fromS * 1000, untilS * 1000);
  const wanted = new Set(scope);
  const found = new Set<number>();
  let lo = Infinity;
  let hi = -Infinity;
  for (const [h, [first, last]] of source.hours) {
    const p = Math.floor(h / s) * s * 1000;
    if (!wanted.has(p)) continue;
    found.add(p);
    lo = Math.min(lo, first);
    hi = Math.max(hi, last);
  }
  if (found.size > 0) Object.assign(blocks, { with_blocks: [...found].sort((a, b) => a - b), lo, hi });
  return { scope, blocks };
}

/**
 * `t.block_time` in the periods with blocks, and `t.block_number` between their blocks' numbers:
 * transactions are sorted by block number, not time, so only that lets ClickHouse skip the rest
 * of the chain's history instead of merging all of it (FINAL) to find one hour. A transaction
 * whose block row is not written yet (writeBatch writes it after them) is left out, as a block
 * row is what marks its transactions stored; its hour is marked dirty once it is.
 */
export function inPeriodsWithBlocks(b: PeriodBlocks): string {
  const s = PERIOD_SECONDS[b.granularity];
  const ps = b.with_blocks;
  if (ps.length === 0) return '0';
  intList([b.lo, b.hi], 'block number bound');
  return `t.block_time >= ${Math.floor(ps[0]! / 1000)} AND t.block_time < ${Math.floor(ps[ps.length - 1]! / 1000) + s}
         AND t.block_number >= ${b.lo} AND t.block_number <= ${b.hi}
         AND intDiv(t.block_time, ${s}) * ${s * 1000} IN (${ps.join(', ')})`;
}

/**
 * The chain's transactions `t` with block_time in [fromS, untilS), whose blocks are stored in
 * that time: between the lowest and highest block number of those blocks (block times do not
 * fall as numbers rise, so the blocks of a time range are one run of numbers). Every version of
 * the blocks counts (no FINAL), which can only widen the range. For reads outside a facts write
 * (bucket aggregates), where the bound is read in the statement itself.
 */
export function inBlockTimes(originKey: string, fromS: number, untilS: number): string {
  intList([fromS, untilS], `block time bound of ${originKey}`);
  // The same scalar subquery twice: ClickHouse computes it once per statement.
  const range = `(SELECT (ifNull(minOrNull(block_number), 0), ifNull(maxOrNull(block_number), -1))
           FROM blocks WHERE origin_key = ${sqlString(originKey)} AND block_time >= ${fromS} AND block_time < ${untilS})`;
  return `t.block_time >= ${fromS} AND t.block_time < ${untilS}
         AND t.block_number >= tupleElement(${range}, 1) AND t.block_number <= tupleElement(${range}, 2)`;
}
