// Stored sample gaps (days a source could not read, store/samples.ts) summarized per chain: the days a metric could not be read, their range and
// the node's reason, as /healthz and the build report show them.

import type { SampleGap } from '../store/samples.js';
import { STABLECOIN_SOURCE, TOKEN_SUPPLY_SOURCE } from '../sources/stablecoins/supply-sampler.js';

/** Which metric each sampled source feeds; the external series are named after their metric. */
const METRIC_OF: Record<string, string> = { [STABLECOIN_SOURCE]: 'stables_mcap', [TOKEN_SUPPLY_SOURCE]: 'fdv' };

/** The metric a sampled source's gaps belong to. */
export function gapMetric(source: string): string {
  return METRIC_OF[source] ?? source;
}

export interface GapSummary {
  metric: string;
  days: number;
  first_day: string;
  last_day: string;
  /** The first day's reason (the node's message). */
  reason: string;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Gaps within [fromDay, toDay] (inclusive), one summary per source, per chain. */
export function dataGapsByChain(gaps: readonly SampleGap[], fromDay = -Infinity, toDay = Infinity): Map<string, GapSummary[]> {
  const out = new Map<string, GapSummary[]>();
  const groups = new Map<string, SampleGap[]>();
  for (const g of gaps) {
    if (g.day_ms < fromDay || g.day_ms > toDay) continue;
    const key = `${g.origin_key}\u0000${g.source}`;
    groups.set(key, [...(groups.get(key) ?? []), g]);
  }
  for (const list of groups.values()) {
    const [first] = list;
    const last = list[list.length - 1]!;
    const summary: GapSummary = { metric: gapMetric(first!.source), days: list.length, first_day: isoDay(first!.day_ms), last_day: isoDay(last.day_ms), reason: first!.reason };
    out.set(first!.origin_key, [...(out.get(first!.origin_key) ?? []), summary]);
  }
  return out;
}

