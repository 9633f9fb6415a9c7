// Every document kind, once. The build loop, the server's routing and 404 bodies, the /docs page
// and /v1/openapi.json all iterate over this list, so a kind missing here is missing everywhere
// (test/documents/kinds.test.ts checks each listed kind is wired).
//
// The order is meaningful: builders run in it (master.json last among the built kinds, because it
// lists the metric details built before it), and openapi.json lists paths and schemas in it.
// The /docs page lists the discovery document first, then the others in this order.
import { appDetails } from './apps/app-details.js';
import { appOverview } from './apps/app-overview.js';
import { projectsFiltered } from './apps/projects-filtered.js';
import { projects } from './apps/projects.js';
import { blockspaceChain } from './blockspace/blockspace-chain.js';
import { blockspaceOverview } from './blockspace/blockspace-overview.js';
import { categoryComparison, categoryComparisonIndex } from './blockspace/category-comparison/category-comparison.js';
import { chainOverview } from './chain-overview/chain-overview.js';
import { daMetricDetail } from './data-availability/da-metric-detail.js';
import { daOverview } from './data-availability/da-overview.js';
import { daTimeseries } from './data-availability/da-timeseries.js';
import { streaksToday } from './chain-overview/streaks-today.js';
import { inScope, patternParam, type DocumentKind } from './document-kind.js';
import { economics } from './economics/economics.js';
import { ecosystemOverview } from './ecosystem/ecosystem-overview.js';
import { feeLinechart } from './fees/fee-linechart.js';
import { feeTable } from './fees/fee-table.js';
import { exportMetric, exportMetricCsv, exportMetricParquet } from './flat-exports/export-metric.js';
import { fundamentals, fundamentals7d, fundamentalsCsv, fundamentalsFull, fundamentalsFullCsv, fundamentalsFullParquet } from './flat-exports/fundamentals.js';
import { landingEventsApps } from './landing/landing-events-apps.js';
import { landingPage } from './landing/landing-page.js';
import { master } from './master/master.js';
import { metricDetail } from './metric-detail/metric-detail.js';
import { openApiKind } from './openapi-kind.js';
import { provenance } from './provenance/provenance.js';

export const DOCUMENT_KINDS = [
  metricDetail,
  feeTable,
  // Before chainOverview: its folder lies inside the overviews' (/v1/chains/), and the first
  // kind whose scope holds a path answers its 404.
  blockspaceChain,
  blockspaceOverview,
  // Read ctx.blockspace, filled by blockspaceChain. The index first: its name fits the other's pattern.
  categoryComparisonIndex,
  categoryComparison,
  chainOverview,
  streaksToday,
  appDetails,
  projectsFiltered,
  projects,
  appOverview,
  // Before master, which lists the layers and DA metrics that have documents.
  daOverview,
  daTimeseries,
  daMetricDetail,
  master,
  // The flat exports read ctx.supported, which the metric detail builder fills.
  exportMetric,
  exportMetricCsv,
  exportMetricParquet,
  fundamentals,
  fundamentalsCsv,
  fundamentals7d,
  fundamentalsFull,
  fundamentalsFullCsv,
  fundamentalsFullParquet,
  feeLinechart,
  // Reads ctx.supported (the all_l2s members), filled by the metric detail builder.
  landingPage,
  landingEventsApps,
  ecosystemOverview,
  economics,
  // Last of the built kinds: names the chains of what the others built (ctx.supported, the exports' rows).
  provenance,
  openApiKind,
] as const;

/** The route class of a document kind (server/route-class.ts adds the server's own). */
export type DocumentRoute = (typeof DOCUMENT_KINDS)[number]['route'];

/**
 * The kind a path belongs to: the kind whose pattern it matches, else the kind whose scope
 * (folder) holds it, so that a wrong key under a kind's folder still gets that kind's 404 text.
 */
export function kindOfPath(path: string): DocumentKind<DocumentRoute> | undefined {
  return DOCUMENT_KINDS.find((k) => k.matches(path)) ?? DOCUMENT_KINDS.find((k) => inScope(k, path));
}

/** The chain a document path is about (its {origin_key}), or null for a path about no one chain. */
export function chainOfPath(path: string): string | null {
  for (const k of DOCUMENT_KINDS) {
    const chain = patternParam(k.path, 'origin_key', path);
    if (chain !== null) return chain;
  }
  return null;
}
