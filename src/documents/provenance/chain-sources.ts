// `sources` of a chain in /provenance.json (CONTRACT.md section 13): each non-RPC source the
// chain's published figures use, when this process last synced it, and the days it could not
// give. Which sources: those of the metrics the chain got documents for in this build, and the
// labels when an application of the directory has contracts on the chain. The days come from
// what the store records: prices missing for a day (price_status), days the supply sampler or an
// external series could not read (sample_gaps), and days the market feed has no value for (the
// market metrics' daily values are null exactly then, market-facts.ts).
import { formatUtc } from '../../metrics/calendar.js';
import { gapMetric } from '../../metrics/data-gaps.js';
import type { ChainMetric } from '../../metrics/definition.js';
import type { BuildContext, ChainInputs } from '../document-kind.js';
import { dailyRows } from '../metric-detail/metric-detail-json.js';
import { utcDay } from './metric-provenance.js';
import { SOURCE_IDS, type SourceId } from './provenance-inputs.js';

export interface SourceProvenance {
  /** `YYYY-MM-DD HH:MM:SS`; null when this process has not synced the source yet. */
  last_sync_utc: string | null;
  /** `YYYY-MM-DD`, ascending. */
  missing_days: string[];
}

/** The non-RPC source a metric reads (besides prices, which 'Price feed' in its source names says). */
function sourceOf(metric: ChainMetric): SourceId | null {
  if (metric.input.kind !== 'source') return null;
  switch (metric.input.source.from) {
    case 'eth_call':
      return 'stablecoins';
    case 'market_data':
      return 'market_data';
    case 'external':
      return 'external';
    default:
      return null;
  }
}

export function chainSources(ctx: BuildContext, inputs: ChainInputs): Record<string, SourceProvenance> {
  const ok = inputs.chain.origin_key;
  const built = new Set(ctx.supported.get(ok) ?? []);
  const metrics = ctx.metrics.filter((m) => built.has(m.metric_id));
  const missing = new Map<SourceId, Set<number>>();
  const use = (id: SourceId): Set<number> => {
    let days = missing.get(id);
    if (!days) missing.set(id, (days = new Set()));
    return days;
  };
  if (metrics.some((m) => m.source_names.includes('Price feed'))) {
    const days = use('prices');
    for (const r of inputs.prices) if (r.granularity === 'daily' && r.status === 'missing') days.add(r.period_ms);
  }
  const bySource = new Map(metrics.map((m) => [m.metric_id, sourceOf(m)]));
  for (const m of metrics) {
    const id = bySource.get(m.metric_id);
    if (id) use(id);
    if (id === 'market_data' && inputs.facts && inputs.status) {
      const days = use(id);
      for (const r of dailyRows(m, inputs.facts, inputs.status)) if (r[1] === null) days.add(r[0]);
    }
  }
  for (const g of inputs.sample_gaps ?? []) {
    const id = bySource.get(gapMetric(g.source));
    if (id) use(id).add(g.day_ms);
  }
  if (ctx.apps?.contracts.some((c) => c.origin_key === ok)) use('labels');

  const out: Record<string, SourceProvenance> = {};
  for (const id of SOURCE_IDS) {
    const days = missing.get(id);
    if (!days) continue;
    const synced = id === 'stablecoins' ? ctx.provenance?.sampled?.get(ok) : ctx.provenance?.sources?.[id];
    out[id] = { last_sync_utc: synced == null ? null : formatUtc(synced), missing_days: [...days].sort((a, b) => a - b).map(utcDay) };
  }
  return out;
}
