// `aggregates` of /provenance.json (CONTRACT.md section 13): for each document that combines
// chains (those the section lists, and the fee table, whose provenance it says is here), the
// origin_keys its figures include, in configuration order. Each list is read from the
// same selection or rows the document's builder used (all_l2s members, the landing page's and
// the ecosystem overview's chains, the rows of the flat exports), so it cannot name another set.
// Chains that are not ready are not in the build at all, so no list names them.
import type { ChainMetric } from '../../metrics/definition.js';
import type { BuildContext } from '../document-kind.js';
import { rankingDay } from '../chain-overview/overview-ranking.js';
import { ECOSYSTEM_OVERVIEW_PATH, ecosystemL2s } from '../ecosystem/ecosystem-overview.js';
import { exportPath } from '../flat-exports/export-metric.js';
import { FEE_TABLE_PATH, feeTableChains, feeTableHours } from '../fees/fee-table.js';
import { exportOrigins, fundamentals7dSource, fundamentalsFullSource, fundamentalsSource, metricSource, type ExportSource } from '../flat-exports/export-rows.js';
import {
  FUNDAMENTALS_7D_PATH,
  FUNDAMENTALS_CSV_PATH,
  FUNDAMENTALS_FULL_CSV_PATH,
  FUNDAMENTALS_FULL_PARQUET_PATH,
  FUNDAMENTALS_FULL_PATH,
  FUNDAMENTALS_PATH,
} from '../flat-exports/fundamentals.js';
import { ETHEREUM, landingChains } from '../landing/landing-chains.js';
import { LANDING_PAGE_PATH } from '../landing/landing-page.js';

import { ALL_L2S, allL2sMembers } from '../metric-detail/all-l2s.js';

/** The given origin_keys in configuration order. */
function inConfigOrder(ctx: BuildContext, keys: Iterable<string>): string[] {
  const wanted = new Set(keys);
  return ctx.chains.map((c) => c.chain.origin_key).filter((k) => wanted.has(k));
}

/** The L2s summed or united in the all_l2s documents of `metric`; [] when it has none in this build. */
export function allL2sChains(ctx: BuildContext, metric: ChainMetric): string[] {
  if (!(ctx.supported.get(ALL_L2S) ?? []).includes(metric.metric_id)) return [];
  return allL2sMembers(ctx, metric).map((m) => m.chain.origin_key);
}

export async function aggregateChains(ctx: BuildContext): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const allL2s = ctx.metrics.flatMap((m) => allL2sChains(ctx, m));
  if (allL2s.length > 0) out[ALL_L2S] = inConfigOrder(ctx, allL2s);
  // Both are built whenever a chain has a complete day (rankingDay), like their builders decide.
  if (rankingDay(ctx) !== null) {
    out[LANDING_PAGE_PATH] = landingChains(ctx).map((c) => c.chain.origin_key);
    const eth = ctx.chains.some((c) => c.chain.origin_key === ETHEREUM && c.status && c.facts) ? [ETHEREUM] : [];
    out[ECOSYSTEM_OVERVIEW_PATH] = inConfigOrder(ctx, [...ecosystemL2s(ctx).map((c) => c.chain.origin_key), ...eth]);
  }
  // The fee table keeps its shape (only chain_data); its chains are named here. Built when a chain has an hour to show.
  const fee = feeTableChains(ctx);
  if (feeTableHours(fee, ctx.builtAt).length > 0) out[FEE_TABLE_PATH] = fee.map((c) => c.origin_key);
  // The chains of the exports' rows, as their builders recorded them (without computing the rows
  // again where the files' bytes were kept from an earlier build).
  const ofRows = (paths: readonly string[], src: ExportSource): void => {
    const origins = exportOrigins(ctx, src);
    if (origins.length === 0) return; // not published (no rows, no document)
    const keys = inConfigOrder(ctx, origins);
    for (const p of paths) out[p] = keys;
  };
  ofRows([FUNDAMENTALS_PATH, FUNDAMENTALS_CSV_PATH], await fundamentalsSource(ctx));
  ofRows([FUNDAMENTALS_7D_PATH], await fundamentals7dSource(ctx));
  ofRows([FUNDAMENTALS_FULL_PATH, FUNDAMENTALS_FULL_CSV_PATH, FUNDAMENTALS_FULL_PARQUET_PATH], await fundamentalsFullSource(ctx));
  for (const m of ctx.metrics) ofRows([exportPath(m.metric_id, 'json'), exportPath(m.metric_id, 'csv'), exportPath(m.metric_id, 'parquet')], metricSource(ctx, m));
  return out;
}
