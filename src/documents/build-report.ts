// What a build reports besides the documents: which documents carry values converted with a
// fallback price or without any price (null), and which documents were not built and why.
// Nothing is silently zero: a money value without any price is null, and listed here.
import type { Granularity } from '../store/granularity.js';
import type { PriceGap } from '../metrics/compute-facts.js';
import type { PriceStatusRow } from '../metrics/read-facts.js';
import type { GapSummary } from '../metrics/data-gaps.js';

/** Price gaps are summarised in the same shape facts report them (compute-facts.ts). */
export type PriceGapSummary = PriceGap;

export interface DocumentStatus {
  path: string;
  price_gaps: PriceGapSummary[];
  /** Days the metric's source could not read (no archive state): null in the document. */
  source_gaps?: GapSummary[];
}

export interface SkippedDocument {
  path: string;
  reason: string;
}

export interface BuildReport {
  built_at: number;
  documents: number;
  /** Documents whose money values used fallback prices or have none. */
  degraded: DocumentStatus[];
  skipped: SkippedDocument[];
  elapsed_ms: number;
}

/** Groups price-status rows by chain, asset, granularity and status. */
export function summarizeGaps(rows: readonly PriceStatusRow[]): PriceGapSummary[] {
  const groups = new Map<string, PriceGapSummary>();
  for (const r of rows) {
    const key = `${r.origin_key}|${r.asset}|${r.granularity}|${r.status}`;
    const g = groups.get(key);
    if (!g) groups.set(key, { origin_key: r.origin_key, asset: r.asset, granularity: r.granularity, status: r.status, periods: 1, first_ms: r.period_ms, last_ms: r.period_ms });
    else {
      g.periods++;
      g.first_ms = Math.min(g.first_ms, r.period_ms);
      g.last_ms = Math.max(g.last_ms, r.period_ms);
    }
  }
  return [...groups.values()];
}

/** Price-status rows that fall on the given series rows. */
export function gapsWithin(rows: readonly PriceStatusRow[], granularity: Granularity, fromMs: number, toMs: number): PriceStatusRow[] {
  return rows.filter((r) => r.granularity === granularity && r.period_ms >= fromMs && r.period_ms <= toMs);
}
