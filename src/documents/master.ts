// master.json — /v1/master.json (CONTRACT.md section 6): the discovery document. Lists every
// configured chain and every catalog metric; `supported_metrics` / `supported_chains` name
// exactly the metric detail documents that exist in the same build.
import { formatUtc } from '../metrics/calendar.js';
import { blockspaceCategories } from '../registry/categories.js';
import type { ChainMetric, FeeMetric } from '../metrics/definition.js';
import type { Chain } from '../registry/types.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from './document-kind.js';
import type { DocumentInput } from './document-set.js';
import { arrayOf, bool, date, documentPath, int, mapOf, obj, ref, str, strOrNull, type OpenApiSchema } from './openapi-components.js';

export const MASTER_PATH = '/v1/master.json';
export const CURRENT_VERSION = 'v1';

type MasterChain = Pick<
  Chain,
  'origin_key' | 'name' | 'name_short' | 'chain_type' | 'evm_chain_id' | 'symbol' | 'gas_token' | 'bucket' | 'colors' | 'launch_date' | 'website' | 'block_explorers'
>;

export interface MasterInput {
  chains: readonly MasterChain[];
  metrics: readonly ChainMetric[];
  feeMetrics: readonly FeeMetric[];
  /** origin_key → metric_ids with a metric detail document. */
  supported: ReadonlyMap<string, readonly string[]>;
  /** Application metrics; `{}` until the application pipeline exists. */
  appMetrics?: Record<string, unknown>;
  builtAt: number;
}

export function masterJson(input: MasterInput): unknown {
  const chains: Record<string, unknown> = {};
  for (const c of input.chains) {
    const supported = input.supported.get(c.origin_key) ?? [];
    chains[c.origin_key] = {
      name: c.name,
      name_short: c.name_short,
      url_key: c.origin_key.replace(/_/g, '-'),
      chain_type: c.chain_type,
      evm_chain_id: c.evm_chain_id,
      deployment: 'PROD',
      symbol: c.symbol,
      gas_token: c.gas_token,
      bucket: c.bucket,
      colors: c.colors,
      launch_date: c.launch_date,
      website: c.website,
      block_explorers: c.block_explorers,
      // Catalog order, so the list is stable across builds.
      supported_metrics: input.metrics.map((m) => m.metric_id).filter((id) => supported.includes(id)),
    };
  }
  const metrics: Record<string, unknown> = {};
  for (const m of input.metrics) {
    metrics[m.metric_id] = {
      name: m.name,
      metric_keys: [...m.metric_keys],
      units: m.units,
      avg: m.avg,
      monthly_agg: m.monthly_agg,
      hourly_available: m.hourly_available,
      ranking_bubble: m.ranking_bubble,
      fundamental: true,
      category: m.category,
      supported_chains: input.chains.map((c) => c.origin_key).filter((ok) => (input.supported.get(ok) ?? []).includes(m.metric_id)),
    };
  }
  const fee_metrics: Record<string, unknown> = {};
  for (const f of input.feeMetrics) {
    fee_metrics[f.metric] = {
      name: f.name,
      name_short: f.name_short,
      units: f.units,
      category: f.category,
      currency: f.currency,
      priority: f.priority,
      invert_normalization: f.invert_normalization,
    };
  }
  return {
    current_version: CURRENT_VERSION,
    chains,
    metrics,
    app_metrics: input.appMetrics ?? {},
    fee_metrics,
    blockspace_categories: blockspaceCategories(),
    last_updated_utc: formatUtc(input.builtAt),
  };
}

/** Runs after the metric details (kinds.ts order): it lists exactly those ctx.supported names. */
function buildMaster(ctx: BuildContext): DocumentInput[] {
  const json = masterJson({ chains: ctx.chains.map((c) => c.chain), metrics: ctx.catalog, feeMetrics: ctx.feeMetrics, supported: ctx.supported, builtAt: ctx.builtAt });
  return [{ path: MASTER_PATH, json, freshness: 'daily' }];
}

const schemas: Record<string, OpenApiSchema> = {
  Unit: obj(
    {
      currency: bool,
      prefix: strOrNull,
      suffix: strOrNull,
      decimals: int,
      decimals_tooltip: int,
      agg: bool,
      agg_tooltip: bool,
    },
    ['currency', 'decimals'],
  ),
  MetricInfo: obj(
    {
      name: str,
      metric_keys: arrayOf(str),
      units: mapOf(ref('Unit'), 'Keyed by usd, eth or value.'),
      avg: bool,
      monthly_agg: { enum: ['sum', 'avg', 'unique'] },
      hourly_available: bool,
      ranking_bubble: bool,
      fundamental: bool,
      category: str,
      supported_chains: arrayOf(str),
      chain_specific: bool,
    },
    ['name', 'metric_keys', 'units', 'avg', 'monthly_agg', 'hourly_available'],
  ),
  ChainInfo: obj(
    {
      name: str,
      name_short: str,
      url_key: str,
      chain_type: str,
      evm_chain_id: int,
      deployment: str,
      symbol: str,
      gas_token: str,
      bucket: str,
      colors: obj({ light: arrayOf(str), dark: arrayOf(str) }),
      launch_date: { oneOf: [date, { type: 'null' }] },
      website: strOrNull,
      block_explorers: mapOf(str),
      supported_metrics: arrayOf(str),
    },
    ['name', 'url_key', 'evm_chain_id', 'supported_metrics'],
  ),
  Master: obj({
    current_version: { const: 'v1' },
    chains: mapOf(ref('ChainInfo'), 'Keyed by origin_key.'),
    metrics: mapOf(ref('MetricInfo'), 'Keyed by metric_id.'),
    app_metrics: mapOf(ref('MetricInfo')),
    fee_metrics: mapOf(
      obj(
        { name: str, name_short: str, units: mapOf(ref('Unit')), category: str, currency: bool, priority: int, invert_normalization: bool },
        ['name', 'priority', 'invert_normalization'],
      ),
    ),
    blockspace_categories: obj({
      main_categories: mapOf(str),
      sub_categories: mapOf(str),
      mapping: mapOf(arrayOf(str)),
    }),
    last_updated_utc: ref('LastUpdatedUtc'),
  }),
};

export const master: DocumentKind<'master'> = {
  route: 'master',
  path: MASTER_PATH,
  matches: patternMatcher(MASTER_PATH),
  scope: MASTER_PATH,
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  discovery: true,
  description: 'Discovery: chains, metrics (with supported chains and hourly_available), fee metrics, categories.',
  openapi: {
    pathItem: documentPath({
      summary: 'Master',
      description: 'Discovery document: chains, metrics, app metrics, fee metrics, blockspace categories.',
      schema: 'Master',
    }),
    schemas,
  },
  build: buildMaster,
};
