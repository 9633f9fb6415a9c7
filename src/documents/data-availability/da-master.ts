// master.json `da_layers` and `da_metrics` (CONTRACT.md 11.2, amending section 6): the layer and
// the DA metrics once the layer has blob data, `{}` both before (the reference's overview then
// shows its text only, and its metric pages fetch nothing).
import type { DaLayer } from '../../registry/da-layers.js';
import type { BuildContext } from '../document-kind.js';
import { bool, mapOf, obj, str, type OpenApiSchema } from '../openapi-components.js';
import { daData } from './da-data.js';
import { daMetricSupport } from './da-metric-detail.js';
import { daMetricsJson } from './da-metrics.js';

export function daLayerJson(l: DaLayer): Record<string, unknown> {
  return {
    name: l.name,
    name_short: l.name_short,
    url_key: l.url_key,
    block_explorers: { ...l.block_explorers },
    website: l.website,
    twitter: l.twitter,
    logo: l.logo,
    colors: { light: [...l.colors.light], dark: [...l.colors.dark], darkTextOnBackground: l.colors.darkTextOnBackground },
    incl_in_da_overview: true,
  };
}

export async function daMaster(ctx: BuildContext): Promise<{ daLayers: Record<string, unknown>; daMetrics: Record<string, unknown> }> {
  const d = await daData(ctx);
  if (!d) return { daLayers: {}, daMetrics: {} };
  return { daLayers: { [d.layer.key]: daLayerJson(d.layer) }, daMetrics: daMetricsJson(await daMetricSupport(ctx)) };
}

export const DA_MASTER_SCHEMAS: Record<string, OpenApiSchema> = {
  DaLayerInfo: obj({
    name: str,
    name_short: str,
    url_key: str,
    block_explorers: mapOf(str),
    website: str,
    twitter: str,
    logo: { oneOf: [obj({ body: str, width: { type: 'number' }, height: { type: 'number' } }), { type: 'null' }] },
    colors: obj({ light: { type: 'array', items: str }, dark: { type: 'array', items: str }, darkTextOnBackground: bool }),
    incl_in_da_overview: bool,
  }),
  DaMetricInfo: obj({
    name: str,
    icon: str,
    description: str,
    category: str,
    fundamental: bool,
    metric_keys: { type: 'array', items: str },
    units: mapOf({ $ref: '#/components/schemas/Unit' }, 'Keyed by usd, eth or value.'),
    avg: bool,
    all_l2s_aggregate: { const: 'sum' },
    monthly_agg: { enum: ['sum', 'avg'] },
    max_date_fill: bool,
    ranking_bubble: bool,
    ranking_landing: bool,
    log_default: bool,
    url_path: { ...str, pattern: '^/data-availability/[a-z0-9-]+$' },
    hourly_available: { const: false },
    source: { type: 'array', items: str },
    metric_type: { const: 'da_metrics' },
    supported_chains: { type: 'array', items: str, description: 'The layers with a document of this metric.' },
  }),
};
