// Data-availability overview — /v1/da_overview.json (CONTRACT.md 11.2): the layer's daily fees
// and data posted, its top consumers per window, and per window its fees, size, fees per MiB,
// consumers and the pie of its top 7 consumers plus the rest. Built from the per-day data of
// da-data.ts; no document without blob data.
import { formatUtc, monthStart } from '../../metrics/calendar.js';
import type { SeriesRow } from '../../metrics/series.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { arrayOf, documentPath, int, mapOf, obj, ref, str, strOrNull, type OpenApiSchema } from '../openapi-components.js';
import { daDocument, sumRange, type DaLayerData } from './da-data.js';
import { CHART_CONSUMERS, DA_WINDOWS, topConsumers, windowRanges } from './da-windows.js';

export const DA_OVERVIEW_PATH = '/v1/da_overview.json';
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
/** A consumer is listed in da_consumers once it posted this much in its lifetime (0.1 GiB). */
export const CONSUMER_MIN_BYTES = 0.1 * GIB;
const TOP_CONSUMERS = 5;

const CONSUMER_TYPES = ['da_consumer_key', 'name', 'da_layer', 'origin_key', 'data_posted'];

/** Calendar-month sums of daily rows (every column summed; null when any day of the month is). */
export function monthlySums(daily: readonly SeriesRow[]): SeriesRow[] {
  const out: SeriesRow[] = [];
  for (const row of daily) {
    const m = monthStart(row[0]);
    const last = out[out.length - 1];
    if (!last || last[0] !== m) out.push([m, ...row.slice(1)] as SeriesRow);
    else for (let c = 1; c < row.length; c++) last[c] = last[c] === null || row[c] === null ? null : (last[c] as number) + (row[c] as number);
  }
  return out;
}

/** fees ÷ (bytes / 1 MiB) per column; 0 when nothing was posted (the page divides by it). */
function perMib(fees: Array<number | null>, bytes: number): Array<number | null> {
  return fees.map((f) => (bytes === 0 ? 0 : f === null ? null : f / (bytes / MIB)));
}

function layerSeries(d: DaLayerData) {
  const fees: SeriesRow[] = d.days.map((day, i) => [day, d.fees_usd[i]!, d.fees_eth[i]!]);
  const data: SeriesRow[] = d.days.map((day, i) => [day, d.bytes[i]! / GIB]);
  const m = (types: string[], daily: SeriesRow[]) => ({
    metric_name: d.layer.name,
    source: [],
    avg: true,
    daily: { types, data: daily },
    monthly: { types, data: monthlySums(daily) },
  });
  return { fees_paid: m(['unix', 'usd', 'eth'], fees), data_posted: m(['unix', 'value'], data) };
}

export function daOverviewJson(d: DaLayerData, builtAt: number): unknown {
  const key = d.layer.key;
  const ranges = windowRanges(d);
  // Lifetime ranking: the same list in every window.
  const lifetime = topConsumers(d, [0, d.days.length - 1], Infinity).filter((c) => c.bytes >= CONSUMER_MIN_BYTES);
  const top_da_consumers: Record<string, unknown> = {};
  const breakdown: Record<string, unknown> = {};
  const totals: Record<string, unknown> = {};
  for (const [w, range] of ranges) {
    top_da_consumers[w] = {
      types: CONSUMER_TYPES,
      data: topConsumers(d, range, TOP_CONSUMERS).map((c) => [c.consumer.origin_key, c.consumer.name, key, c.consumer.origin_key, c.bytes]),
    };
    const size = sumRange(d.bytes, range)!;
    const fees = [sumRange(d.fees_usd, range), sumRange(d.fees_eth, range)];
    const chart = topConsumers(d, range, CHART_CONSUMERS);
    const charted = chart.reduce((s, c) => s + c.bytes, 0);
    const figures = {
      fees: { types: ['usd', 'eth'], total: fees },
      size: { types: ['bytes'], total: [size] },
      fees_per_mb: { types: ['usd', 'eth'], total: perMib(fees, size) },
    };
    breakdown[w] = {
      ...figures,
      da_consumers: {
        count: lifetime.length,
        chains: { types: ['da_consumer_key', 'name', 'gtp_origin_key'], values: lifetime.map((c) => [c.consumer.origin_key, c.consumer.name, c.consumer.origin_key]) },
      },
      fixed_params: { ...d.layer.fixed_params },
      da_consumer_chart: {
        types: CONSUMER_TYPES,
        data: [...chart.map((c) => [c.consumer.origin_key, c.consumer.name, key, c.consumer.origin_key, c.bytes]), ['others', 'Others', null, null, size - charted]],
      },
    };
    // One published layer: the totals are its figures.
    totals[w] = figures;
  }
  const series = layerSeries(d);
  return {
    data: {
      all_da: {
        da_id: 'all_da',
        da_name: 'All DAs',
        metrics: { fees_paid: { [key]: series.fees_paid }, data_posted: { [key]: series.data_posted } },
        top_da_consumers,
      },
      da_breakdown: { [key]: breakdown, totals },
    },
    last_updated_utc: formatUtc(builtAt),
  };
}

const buildDaOverview = (ctx: BuildContext): Promise<DocumentInput[]> => daDocument(ctx, DA_OVERVIEW_PATH, daOverviewJson);

const num = { type: ['number', 'null'] };
const windows = (schema: OpenApiSchema, description: string): OpenApiSchema => ({
  ...obj(Object.fromEntries(DA_WINDOWS.map(([w]) => [w, schema]))),
  description: `${description} Keyed by window: the last N complete UTC days, max = all stored history.`,
});
const consumerRows: OpenApiSchema = obj({
  types: { const: CONSUMER_TYPES },
  data: arrayOf({ type: 'array', prefixItems: [str, str, strOrNull, strOrNull, { type: 'number' }], minItems: 5, maxItems: 5 }),
});
const pair = obj({ types: { const: ['usd', 'eth'] }, total: { ...arrayOf(num), minItems: 2, maxItems: 2 } });
const figures = {
  fees: pair,
  size: obj({ types: { const: ['bytes'] }, total: { ...arrayOf({ type: 'number' }), minItems: 1, maxItems: 1 } }),
  fees_per_mb: { ...pair, description: 'fees ÷ (size / 1024²); 0 when size is 0.' },
};
const layerMetric = (types: string[]): OpenApiSchema =>
  obj({
    metric_name: str,
    source: arrayOf(str),
    avg: { type: 'boolean' },
    daily: obj({ types: { const: types }, data: arrayOf(arrayOf(num)) }),
    monthly: obj({ types: { const: types }, data: arrayOf(arrayOf(num)) }),
  });

const schemas: Record<string, OpenApiSchema> = {
  DaOverview: obj({
    data: obj({
      all_da: obj({
        da_id: { const: 'all_da' },
        da_name: str,
        metrics: obj({
          fees_paid: mapOf(layerMetric(['unix', 'usd', 'eth']), 'Keyed by layer: its blob fees per day (full history) and per calendar month.'),
          data_posted: mapOf(layerMetric(['unix', 'value']), 'Keyed by layer: its data posted per day and month, in GiB.'),
        }),
        top_da_consumers: windows(consumerRows, 'The top 5 consumers by blob bytes; data_posted in bytes.'),
      }),
      da_breakdown: {
        type: 'object',
        properties: { totals: windows(obj(figures), 'fees, size and fees_per_mb over every published layer.') },
        required: ['totals'],
        additionalProperties: windows(
          obj({
            ...figures,
            da_consumers: obj({
              count: int,
              chains: obj({ types: { const: ['da_consumer_key', 'name', 'gtp_origin_key'] }, values: arrayOf(arrayOf(str)) }),
            }),
            fixed_params: obj({ block_time: str, blob_size: str, bandwidth: str, l2beat_risk: { type: 'string', format: 'uri' } }),
            da_consumer_chart: { ...consumerRows, description: 'The top 7 consumers of the window, then ["others", "Others", null, null, layer total − their bytes].' },
          }),
          "A layer's figures; da_consumers lists the consumers with at least 0.1 GiB posted in their lifetime, by lifetime bytes, in every window.",
        ),
      },
    }),
    last_updated_utc: ref('LastUpdatedUtc'),
  }),
};

export const daOverview: DocumentKind<'da_overview'> = {
  route: 'da_overview',
  path: DA_OVERVIEW_PATH,
  matches: patternMatcher(DA_OVERVIEW_PATH),
  scope: DA_OVERVIEW_PATH,
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  description: 'Data availability: Ethereum blob fees, data posted and consumers per window.',
  openapi: {
    pathItem: documentPath({
      summary: 'Data-availability overview',
      description:
        'The Ethereum blobs layer (da_ethereum_blobs): blob fees and data posted per day and month, the top consumers (chains whose batch addresses posted blobs) per window, and per window its fees, size, fees per MiB, consumers and consumer pie. 404 without blob data.',
      schema: 'DaOverview',
    }),
    schemas,
  },
  build: buildDaOverview,
};
