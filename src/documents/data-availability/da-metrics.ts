// The data-availability metrics (CONTRACT.md 11.2): master.json `da_metrics` and the daily
// series of their metric detail documents, each computed from the layer's per-day data.
import { BLOB_BYTES } from '../../registry/da-layers.js';
import { count, eth, usd, type UnitSpec } from '../../metrics/units.js';
import type { SeriesRow } from '../../metrics/series.js';
import type { DaLayerData } from './da-data.js';

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

export interface DaMetric {
  metric_id: string;
  name: string;
  description: string;
  icon: string;
  metric_keys: readonly string[];
  units: Partial<Record<'usd' | 'eth' | 'value', UnitSpec>>;
  monthly_agg: 'sum' | 'avg';
  /** Whether the 7-day rolling mean is published. */
  avg: boolean;
  source_names: readonly string[];
  columns: ReadonlyArray<{ name: 'usd' | 'eth' | 'value' }>;
  /** The metric's value columns per day of `d.days`. */
  values(d: DaLayerData, i: number): Array<number | null>;
}

const VALUE = [{ name: 'value' as const }];
const MONEY = [{ name: 'usd' as const }, { name: 'eth' as const }];
const gib: UnitSpec = { currency: false, prefix: null, suffix: 'GB', decimals: 2, decimals_tooltip: 2, agg: true, agg_tooltip: false };

export const DA_METRICS: readonly DaMetric[] = [
  {
    metric_id: 'blob_count',
    name: 'Blob Count',
    description: 'The number of blobs posted to the layer per day (blob gas ÷ 131,072).',
    icon: 'da-blobs-number',
    metric_keys: ['da_blob_count'],
    units: { value: count },
    monthly_agg: 'sum',
    avg: true,
    source_names: ['RPC'],
    columns: VALUE,
    values: (d, i) => [d.bytes[i]! / BLOB_BYTES],
  },
  {
    metric_id: 'data_posted',
    name: 'Data Posted',
    description: 'The data posted to the layer in blobs per day, in GiB.',
    icon: 'da-data-posted',
    metric_keys: ['da_data_posted_bytes'],
    units: { value: gib },
    monthly_agg: 'sum',
    avg: true,
    source_names: ['RPC'],
    columns: VALUE,
    values: (d, i) => [d.bytes[i]! / GIB],
  },
  {
    metric_id: 'fees_paid',
    name: 'Fees Paid',
    description: 'The blob fees paid to the layer per day (blob gas × blob gas price; execution gas not included).',
    icon: 'da-fees-paid',
    metric_keys: ['da_fees_usd', 'da_fees_eth'],
    units: { usd: usd(2, true), eth: eth(4, true) },
    monthly_agg: 'sum',
    avg: true,
    source_names: ['RPC', 'Price feed'],
    columns: MONEY,
    values: (d, i) => [d.fees_usd[i]!, d.fees_eth[i]!],
  },
  {
    metric_id: 'fees_per_mbyte',
    name: 'Fees Paid per MB',
    description: 'The blob fees paid per MiB of data posted to the layer, per day.',
    icon: 'da-fees-paid-per-mb',
    metric_keys: ['da_fees_per_mbyte_usd', 'da_fees_per_mbyte_eth'],
    units: { usd: usd(4, false), eth: eth(8, false) },
    monthly_agg: 'avg',
    avg: true,
    source_names: ['RPC', 'Price feed'],
    columns: MONEY,
    // A day without data posted has no price per MiB (null, left out of averages).
    values: (d, i) => {
      const mib = d.bytes[i]! / MIB;
      const [u, e] = [d.fees_usd[i]!, d.fees_eth[i]!];
      return mib === 0 ? [null, null] : [u === null ? null : u / mib, e === null ? null : e / mib];
    },
  },
  {
    metric_id: 'blob_producers',
    name: 'DA Consumers',
    description: 'The chains (and other senders, each counted once) that posted blobs to the layer per day.',
    icon: 'da-consumers',
    metric_keys: ['da_unique_blob_producers'],
    units: { value: count },
    monthly_agg: 'avg',
    avg: true,
    source_names: ['RPC'],
    columns: VALUE,
    values: (d, i) => [d.producers[i]!],
  },
];

/** The metric's daily rows from the first day with a non-zero value (CONTRACT.md section 1). */
export function daDailyRows(m: DaMetric, d: DaLayerData): SeriesRow[] {
  const rows: SeriesRow[] = d.days.map((day, i) => [day, ...m.values(d, i)]);
  const first = rows.findIndex((r) => r.slice(1).some((v) => v !== null && v !== 0));
  return first < 0 ? [] : rows.slice(first);
}

/** master.json `da_metrics` (11.2): the section 6 metric keys; `supported` = metric_id → layers with its document. */
export function daMetricsJson(supported: ReadonlyMap<string, readonly string[]>): Record<string, unknown> {
  return Object.fromEntries(
    DA_METRICS.map((m) => [
      m.metric_id,
      {
        name: m.name,
        icon: m.icon,
        description: m.description,
        category: 'data_availability',
        fundamental: true,
        metric_keys: [...m.metric_keys],
        units: m.units,
        avg: m.avg,
        all_l2s_aggregate: 'sum',
        monthly_agg: m.monthly_agg,
        max_date_fill: false,
        ranking_bubble: false,
        ranking_landing: false,
        log_default: false,
        url_path: `/data-availability/${m.metric_id.replace(/_/g, '-')}`,
        hourly_available: false,
        source: [...m.source_names],
        metric_type: 'da_metrics',
        supported_chains: [...(supported.get(m.metric_id) ?? [])],
      },
    ]),
  );
}
