// Checks every engine runs before writing: rows that would break a table's invariants are
// refused with a message naming the row, whatever engine would have stored them.
import type { LabelRow, MarketRow, ProjectRow } from './labels.js';
import type { PriceRow } from './prices.js';
import type { NormalizedBatch } from './rows.js';

/**
 * Refuse a batch that would break the tables' invariants: rows of another chain, a block twice,
 * a transaction whose block is not in the batch (it would survive the block's replacement).
 */
export function checkBatch(originKey: string, batch: NormalizedBatch): { lo: number; hi: number; contiguous: boolean; hours: number[] } {
  const hashes = new Map<number, string>();
  const hours = new Set<number>();
  let lo = Infinity;
  let hi = -Infinity;
  for (const b of batch.blocks) {
    if (b.origin_key !== originKey) throw new Error(`writeBatch(${originKey}): block ${b.block_number} is of chain ${b.origin_key}`);
    if (hashes.has(b.block_number)) throw new Error(`writeBatch(${originKey}): block ${b.block_number} appears twice`);
    hashes.set(b.block_number, b.block_hash);
    if (b.block_number < lo) lo = b.block_number;
    if (b.block_number > hi) hi = b.block_number;
    hours.add(Math.floor(b.block_time / 3600) * 3_600_000);
  }
  for (const t of batch.txs) {
    if (t.origin_key !== originKey || hashes.get(t.block_number) !== t.block_hash) {
      throw new Error(`writeBatch(${originKey}): transaction ${t.tx_hash} of ${t.origin_key} block ${t.block_number} (${t.block_hash}) has no block in the batch`);
    }
  }
  return { lo, hi, contiguous: hi - lo + 1 === batch.blocks.length, hours: [...hours] };
}

/** Refuses rows a price table must never hold (every engine calls this before writing). */
export function checkPriceRows(rows: readonly PriceRow[]): void {
  for (const r of rows) {
    if (!Number.isFinite(r.usd) || !Number.isSafeInteger(r.period_ms)) throw new Error(`price of ${r.asset} at ${r.period_ms}: not a finite number (${r.usd})`);
    if (r.granularity !== 'daily' && r.granularity !== 'hourly') throw new Error(`price of ${r.asset} at ${r.period_ms}: unknown granularity ${String(r.granularity)}`);
  }
}

/** Refuses rows the tables must never hold (every engine calls these before writing). */
export function checkLabelRows(rows: readonly LabelRow[]): void {
  const seen = new Set<string>();
  for (const r of rows) {
    if (!/^0x[0-9a-f]{40}$/.test(r.address)) throw new Error(`label of ${r.origin_key}: address ${r.address} is not a lower-case 0x address`);
    const key = `${r.origin_key}|${r.address}`;
    if (seen.has(key)) throw new Error(`labels: ${r.address} on ${r.origin_key} appears twice`);
    seen.add(key);
  }
}

export function checkProjectRows(rows: readonly ProjectRow[]): void {
  const seen = new Set<string>();
  for (const p of rows) {
    if (seen.has(p.owner_project)) throw new Error(`projects: ${p.owner_project} appears twice`);
    seen.add(p.owner_project);
  }
}

export function checkMarketRows(rows: readonly MarketRow[]): void {
  for (const r of rows) {
    if (!Number.isSafeInteger(r.day_ms) || r.day_ms % 86_400_000 !== 0) throw new Error(`market data of ${r.market_data_id}: ${r.day_ms} is not a day start`);
    for (const v of [r.price_usd, r.market_cap_usd, r.volume_usd]) {
      if (v !== null && !Number.isFinite(v)) throw new Error(`market data of ${r.market_data_id} at ${r.day_ms}: not a finite number (${v})`);
    }
  }
}
