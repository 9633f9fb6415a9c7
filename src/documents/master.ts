// master.json — /v1/master.json (CONTRACT.md section 6): the discovery document. Lists every
// configured chain and every catalog metric; `supported_metrics` / `supported_chains` name
// exactly the metric detail documents that exist in the same build.
import { formatUtc } from '../metrics/calendar.js';
import { blockspaceCategories } from '../registry/categories.js';
import type { ChainMetric, FeeMetric } from '../metrics/definition.js';
import type { Chain } from '../registry/types.js';

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
