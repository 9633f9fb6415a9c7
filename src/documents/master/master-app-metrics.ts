// master.json `app_metrics` (CONTRACT.md section 6): the keys of `metrics` for each application
// metric, with `metric_type: "app_metrics"`, `chain_specific` (false for token metrics, which
// are published under the key `all`) and the chart `toggles` a client offers for it.
import type { AllL2sAggregate, AppMetric } from '../../metrics/definition.js';
import type { Aggregation } from '../../metrics/series.js';
import type { OpenApiSchema } from '../openapi-components.js';
import { arrayOf, bool, mapOf, obj, ref, str } from '../openapi-components.js';

/** `metrics-` + the name without separators: the icon form the reference UI resolves. */
export function metricIcon(name: string): string {
  return `metrics-${name.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}

/** How a combination of chains (or periods) aggregates the metric, as the chain metrics say it. */
function aggregation(m: AppMetric): { all_l2s: AllL2sAggregate; monthly: Aggregation } {
  switch (m.aggregate.kind) {
    case 'sum':
      return { all_l2s: 'sum', monthly: 'sum' };
    case 'unique':
      return { all_l2s: 'unique', monthly: 'unique' };
    case 'ratio':
      return { all_l2s: 'weighted_mean', monthly: 'avg' };
    case 'market':
      // A token is one series (`all`): nothing is combined across chains; periods take the mean.
      return { all_l2s: 'sum', monthly: 'avg' };
  }
}

function metricKeys(m: AppMetric): string[] {
  const a = m.aggregate;
  if (a.kind === 'ratio') return [a.numerator.key, a.denominator.key];
  const key = a.fact.key;
  return a.fact.unit === 'plain' ? [key] : [`${key}_usd`, `${key}_eth`];
}

/** Chain-specific metrics have an hourly series in the app details (daa counted from raw transactions); token metrics are daily. */
export function appHourlyAvailable(m: AppMetric): boolean {
  return m.aggregate.kind !== 'market';
}

/** `supported_chains`: the origin_keys with application data, for the chain-specific metrics. */
export function appMetricsJson(metrics: readonly AppMetric[], chainsWithApps: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of metrics) {
    const chainSpecific = m.aggregate.kind !== 'market';
    const agg = aggregation(m);
    out[m.metric_id] = {
      name: m.name,
      icon: metricIcon(m.name),
      description: m.description,
      category: m.category,
      fundamental: true,
      metric_keys: metricKeys(m),
      units: m.units,
      avg: m.avg,
      all_l2s_aggregate: agg.all_l2s,
      monthly_agg: agg.monthly,
      max_date_fill: false,
      ranking_bubble: false,
      ranking_landing: false,
      log_default: false,
      // The form clients written for the reference resolve (CONTRACT.md 6: `/fundamentals/<slug>`).
      url_path: `/fundamentals/${m.metric_id.replace(/_/g, '-')}`,
      hourly_available: appHourlyAvailable(m),
      source: [...m.source_names],
      metric_type: 'app_metrics',
      supported_chains: chainSpecific ? [...chainsWithApps] : [],
      chain_specific: chainSpecific,
      toggles: chainSpecific ? ['absolute', 'stacked', 'percentage'] : ['absolute'],
    };
  }
  return out;
}

/** The properties of a master.json metric entry (`metrics` and, with two more, `app_metrics`). */
export function metricInfoProperties(metricType: 'metrics' | 'app_metrics'): Record<string, OpenApiSchema> {
  return {
    name: str,
    icon: { type: 'string', pattern: '^metrics-[a-z0-9]+$' },
    description: str,
    category: str,
    fundamental: bool,
    metric_keys: arrayOf(str),
    units: mapOf(ref('Unit'), 'Keyed by usd, eth or value.'),
    avg: bool,
    all_l2s_aggregate: { enum: ['sum', 'unique', 'weighted_mean'] },
    monthly_agg: { enum: ['sum', 'avg', 'unique'] },
    max_date_fill: bool,
    ranking_bubble: bool,
    ranking_landing: bool,
    log_default: bool,
    url_path: { type: 'string', pattern: '^/fundamentals/[a-z0-9-]+$' },
    hourly_available: bool,
    source: { ...arrayOf(str), description: 'Names; each is a key of "sources".' },
    metric_type: { const: metricType },
    supported_chains: arrayOf(str),
  };
}

export const appMetricInfoSchemas: Record<string, OpenApiSchema> = {
  AppMetricInfo: obj({
    ...metricInfoProperties('app_metrics'),
    chain_specific: { ...bool, description: 'false for token metrics, published under the key "all".' },
    toggles: arrayOf({ enum: ['absolute', 'stacked', 'percentage'] }),
  }),
};


