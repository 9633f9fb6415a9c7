// A metric detail document as a DocumentInput: made whole (no cache: one-shot builds), or from
// its daily pieces' bytes kept by a MetricDetailPartsCache and the hourly rest made and
// serialized every build, the two spliced (json-splice.ts). Either way the bytes are those of
// JSON.stringify(metricDetailJson(...)); `json` stays the document as a value, made when read.
import type { Freshness, DocumentInput } from '../document-set.js';
import { checkedJsonText } from '../document-set.js';
import { JsonSlots, spliceJson } from '../json-splice.js';
import type { SeriesRow } from '../../metrics/series.js';
import { dailyPieces, metricDetailJson, metricDetailValue, withDistinctCounts, type DailyPieces, type DetailMetric, type DetailOverrides } from './metric-detail-json.js';
import type { MetricDetailPartsCache, PartsInputs } from './metric-detail-parts-cache.js';

export interface DetailDocument {
  path: string;
  freshness: Freshness;
  metric: DetailMetric;
  daily: readonly SeriesRow[];
  hourly: readonly SeriesRow[];
  builtAt: number;
  overrides: DetailOverrides;
  /** What the daily pieces read (the cache's key), with the distinct counts of a `unique` metric. */
  parts: PartsInputs;
}

export async function metricDetailInput(d: DetailDocument, cache: MetricDetailPartsCache | undefined): Promise<DocumentInput> {
  const { path, freshness, metric, daily, hourly, builtAt, overrides } = d;
  if (!cache) {
    const counts = d.parts.counts;
    const json = counts
      ? await withDistinctCounts((distinct) => metricDetailJson(metric, daily, hourly, builtAt, distinct, overrides), counts)
      : metricDetailJson(metric, daily, hourly, builtAt, undefined, overrides);
    return { path, json, freshness };
  }
  const made = await cache.parts(path, d.parts, (distinct) => dailyPieces(metric, daily, distinct, overrides));
  return {
    path,
    freshness,
    get json(): unknown {
      return metricDetailJson(metric, daily, hourly, builtAt, made.distinct, overrides);
    },
    bytes: () => {
      const slots = new JsonSlots();
      const slotted = Object.fromEntries(Object.entries(made.bytes).map(([k, b]) => [k, slots.slot(b as Buffer)])) as unknown as DailyPieces<string>;
      // A string of the data that looks like a slot (spliceJson: null) falls back to the whole document.
      return spliceJson(metricDetailValue(metric, slotted, hourly, builtAt, overrides), slots, path) ?? Buffer.from(checkedJsonText(metricDetailJson(metric, daily, hourly, builtAt, made.distinct, overrides), path), 'utf8');
    },
  };
}
