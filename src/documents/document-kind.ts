// What a document kind is: everything the build loop, the server (routing, 404 bodies,
// Cache-Control), the /docs page and /v1/openapi.json need to know about one kind of document,
// declared once in src/documents/<family>/<kind>.ts and listed in kinds.ts. Nothing here knows
// HTTP: the server turns `notFound` into an error body and `freshness` into Cache-Control.
import type { Logger } from '../log.js';
import type { ChainFacts, FactStatus, PriceStatusRow } from '../metrics/read-facts.js';
import type { ChainMetric, FeeMetric } from '../metrics/definition.js';
import type { Chain } from '../registry/types.js';
import type { Store } from '../store/store.js';
import type { SampleGap } from '../store/samples.js';
import type { AppInputs } from '../metrics/app-inputs.js';
import type { ChainBlockspace } from '../metrics/blockspace-days.js';
import type { AppFactsCache } from './apps/app-facts-cache.js';
import type { AppDetailsCache } from './apps/app-details-cache.js';
import type { HourlyUnionCache } from './metric-detail/hourly-union-cache.js';
import type { MetricDetailPartsCache } from './metric-detail/metric-detail-parts-cache.js';
import type { ExportBytesCache } from './flat-exports/export-bytes-cache.js';
import type { BlockspaceChainCache } from './blockspace/blockspace-chain-cache.js';
import type { ChainOverviewCache } from './chain-overview/overview-cache.js';
import type { RawWindowMemo } from './raw-window-memo.js';
import type { ProvenanceInputs } from './provenance/provenance-inputs.js';
import type { BuildReport } from './build-report.js';
import type { DocumentInput, Freshness, MediaType } from './document-set.js';
import type { OpenApiSchema } from './openapi-components.js';
import { SEGMENT_CHARS } from './path-rules.js';

/** The facts of one chain, loaded once per build and read by every builder that needs them. */
export interface ChainInputs {
  chain: Chain;
  /** null: nothing ingested or no facts computed yet for this chain. */
  status: FactStatus | null;
  facts: ChainFacts | null;
  prices: PriceStatusRow[];
  /** Days a sampled source could not read for this chain (stables_mcap), ascending. */
  sample_gaps?: SampleGap[];
}

/** What a builder reads, and where it reports what it skipped or degraded. */
export interface BuildContext {
  store: Store;
  builtAt: number;
  /** Every configured chain, in configuration order, with its loaded facts. */
  chains: readonly ChainInputs[];
  /** Chain metrics to build metric details for. */
  metrics: readonly ChainMetric[];
  /** Every catalog metric (master.json lists them all). */
  catalog: readonly ChainMetric[];
  feeMetrics: readonly FeeMetric[];
  /**
   * origin_key → metric_ids that got a metric detail document in this build. Written by the
   * metric detail builder, read by master.json, which runs after it (kinds.ts order).
   */
  supported: Map<string, string[]>;
  /** origin_keys that got a chain overview in this build (chain-overview.ts), read by master.json's tab_status. */
  overviews: Set<string>;
  /**
   * origin_key → the blockspace of each chain that got a blockspace document in this build
   * (blockspace-chain.ts), read by /blockspace/overview.json and master.json's tab_status.
   */
  blockspace?: Map<string, ChainBlockspace>;
  /**
   * Labels, projects, resolved contracts and market data for the application documents;
   * absent or null: no application documents (no chain has facts yet).
   */
  apps?: AppInputs | null;
  /**
   * The application facts kept from the previous build (a process that builds round after
   * round: the service, the bench); absent: read cold.
   */
  appCache?: AppFactsCache;
  /** The application detail documents' serialized daily parts kept from the previous build (apps/app-details-cache.ts); absent: made every build. */
  appDetailsCache?: AppDetailsCache;
  /** The all_l2s hourly distinct counts kept from the previous build, as appCache; absent: read cold. */
  unionCache?: HourlyUnionCache;
  /** The metric detail documents' serialized daily pieces kept from the previous build (metric-detail/metric-detail-parts-cache.ts); absent: made every build. */
  metricPartsCache?: MetricDetailPartsCache;
  /** The flat exports' files kept from the previous build while made of the same inputs (flat-exports/export-bytes-cache.ts); absent: made every build. */
  exportCache?: ExportBytesCache;
  /** Each chain's blockspace and its document's bytes kept from the previous build while the store's digests of them are equal (blockspace/blockspace-chain-cache.ts); absent: read every build. */
  blockspaceCache?: BlockspaceChainCache;
  /** With blockspaceCache: the store's digests of every chain's blockspace chain facts and contract facts, taken with the build's others in one scan before any read. */
  blockspaceDigests?: { chain: Map<string, string>; contract: Map<string, string> };
  /** Each chain overview's `data` bytes kept from the previous build while made of the same inputs (chain-overview/overview-cache.ts; reuse needs rawMemo and the daily facts cache); absent: made every build. */
  overviewCache?: ChainOverviewCache;
  /** Reads of raw-transaction windows kept from the previous build while their rows are the same (raw-window-memo.ts); absent: read cold. */
  rawMemo?: RawWindowMemo;
  /** What the running process knows of the chains' nodes and the sources, for provenance; absent: the store's figures only. */
  provenance?: ProvenanceInputs;
  report: BuildReport;
  logger: Pick<Logger, 'warn' | 'info'>;
}

export type DocumentBuilder = (ctx: BuildContext) => Promise<DocumentInput[]> | DocumentInput[];

/**
 * How often a kind's documents change (Cache-Control, CONTRACT.md section 7). 'by metric': hourly
 * for a metric whose hourly_available flag is set, daily for the others.
 */
export type KindFreshness = Freshness | 'by metric';

export interface NotFoundText {
  message: string;
  /** Where the valid values are listed (CONTRACT.md section 7). */
  hint: string;
}

export interface DocumentKind<R extends string = string> {
  /**
   * Route class: the label of this kind's requests in /metrics, and what the server keys its
   * per-route rules on. Kinds that share a folder (the two project lists) share a route class.
   */
  route: R;
  /** Path pattern under the server root, parameters in braces, e.g. "/v1/chains/{origin_key}/overview.json". */
  path: string;
  /** True when `path` names a document of this kind (parameters filled with valid segments). */
  matches: (path: string) => boolean;
  /**
   * The URL space this kind answers for: a folder ending in "/" (every path below it, documents
   * or not, is classified as this kind and gets its 404 text) or, without a trailing "/", one path.
   */
  scope: string;
  freshness: KindFreshness;
  /**
   * The format of the kind's documents (default json). A kind is one path pattern and one format:
   * a document published in two formats (the flat exports' .json and .csv) is two kinds.
   */
  media?: MediaType;
  /**
   * The kind's documents are rows of the flat exports that an incremental pull may filter with
   * `since` and `chains` (server/row-query.ts); the query string of every other kind is ignored.
   */
  rowQuery?: true;
  /** The body text of a 404 for a path in this kind's scope. */
  notFound: NotFoundText;
  /** The clients' entry point: listed first on the /docs page. */
  discovery?: boolean;
  /** The one-line description on the /docs page. */
  description: string;
  openapi: {
    /** The OpenAPI path item of `path` (without /v1, which is the server URL). */
    pathItem: OpenApiSchema;
    /** Component schemas this kind introduces, in the order they appear in openapi.json. */
    schemas?: Record<string, OpenApiSchema>;
  };
  /**
   * Builds the kind's documents for one round. Absent for kinds that the server and the
   * OpenAPI document describe ahead of their builder, and for openapi.json itself, which depends
   * on the public URL rather than on stored facts (openapi.ts: openApiDocument).
   */
  build?: DocumentBuilder;
}

export const HINT_MASTER = 'Chains are the keys of "chains" in /v1/master.json; each chain lists its metric_ids in "supported_metrics".';
export const HINT_PROJECTS = 'Valid owner_project values are the first column of /v1/labels/projects_filtered.json.';
export const HINT_ANY =
  'The documents are described in /v1/openapi.json; chains and metrics are listed in /v1/master.json, projects in /v1/labels/projects_filtered.json.';

/** The 404 text of a path no kind has more to say about. */
export const NOT_FOUND_ANY: NotFoundText = { message: 'No document at this path.', hint: HINT_ANY };

/**
 * A matcher for a path pattern: each {parameter} stands for characters a segment may hold (length
 * and ".." are request-path.ts's rules, checked before any lookup).
 */
export function patternMatcher(pattern: string): (path: string) => boolean {
  const re = patternRegExp(pattern, null);
  return (path) => re.test(path);
}

/** The value of `param` in `path` when it matches `pattern`, else null. */
export function patternParam(pattern: string, param: string, path: string): string | null {
  if (!pattern.includes(`{${param}}`)) return null;
  // Asked on every 404 (server/request-handler.ts): each expression is compiled once.
  const key = `${param}\u0000${pattern}`;
  let re = PARAM_RES.get(key);
  if (re === undefined) PARAM_RES.set(key, (re = patternRegExp(pattern, param)));
  return re.exec(path)?.[1] ?? null;
}

const PARAM_RES = new Map<string, RegExp>();

/** The pattern as an anchored expression; `capture` names the one parameter to capture. */
function patternRegExp(pattern: string, capture: string | null): RegExp {
  const source = pattern
    .split(/(\{[a-z_]+\})/)
    .map((part) => {
      if (!part.startsWith('{')) return part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      return part === `{${capture}}` ? `(${SEGMENT_CHARS}+)` : `${SEGMENT_CHARS}+`;
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** True when `path` lies in the kind's scope (its folder, or its one path). */
export function inScope(kind: Pick<DocumentKind, 'scope'>, path: string): boolean {
  return kind.scope.endsWith('/') ? path.startsWith(kind.scope) : path === kind.scope;
}
