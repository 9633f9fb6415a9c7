// Data-availability timeseries — /v1/da_timeseries.json (CONTRACT.md 11.2): per layer and window,
// the bytes each of the window's top 7 consumers posted per day and per calendar month, and the
// rest of the layer under `others`. Rows are `values` with `unix` LAST: the reference's chart
// reads them by position.
import { formatUtc, monthStart } from '../../metrics/calendar.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { arrayOf, documentPath, mapOf, obj, ref, type OpenApiSchema } from '../openapi-components.js';
import { daDocument, type DaLayerData } from './da-data.js';
import { CHART_CONSUMERS, DA_WINDOWS, topConsumers, windowRanges } from './da-windows.js';

export const DA_TIMESERIES_PATH = '/v1/da_timeseries.json';
const TYPES = ['da_consumer_key', 'name', 'gtp_origin_key', 'data_posted', 'unix'];

type Row = [string, string, string | null, number, number];

/** Days with data in [i0, i1], then their calendar-month sums, as rows of one key. */
function rowsOf(d: DaLayerData, bytes: readonly number[], range: [number, number], key: string, name: string, origin: string | null) {
  const daily: Row[] = [];
  const monthly: Row[] = [];
  for (let i = range[0]; i <= range[1]; i++) {
    const b = bytes[i]!;
    if (b <= 0) continue;
    const day = d.days[i]!;
    daily.push([key, name, origin, b, day]);
    const m = monthStart(day);
    const last = monthly[monthly.length - 1];
    if (last && last[4] === m) last[3] += b;
    else monthly.push([key, name, origin, b, m]);
  }
  return { daily: { types: TYPES, values: daily }, monthly: { types: TYPES, values: monthly } };
}

export function daTimeseriesJson(d: DaLayerData, builtAt: number): unknown {
  const windows: Record<string, unknown> = {};
  for (const [w, range] of windowRanges(d)) {
    const consumers: Record<string, unknown> = {};
    const others = [...d.bytes];
    if (range) {
      for (const { consumer } of topConsumers(d, range, CHART_CONSUMERS)) {
        const bytes = d.consumers.get(consumer.origin_key)!.bytes;
        bytes.forEach((b, i) => (others[i]! -= b));
        consumers[consumer.origin_key] = rowsOf(d, bytes, range, consumer.origin_key, consumer.name, consumer.origin_key);
      }
    }
    consumers.others = range ? rowsOf(d, others, range, 'others', 'Others', null) : { daily: { types: TYPES, values: [] }, monthly: { types: TYPES, values: [] } };
    windows[w] = { da_consumers: consumers };
  }
  return { data: { da_layers: { [d.layer.key]: windows } }, last_updated_utc: formatUtc(builtAt) };
}

const buildDaTimeseries = (ctx: BuildContext): Promise<DocumentInput[]> => daDocument(ctx, DA_TIMESERIES_PATH, daTimeseriesJson);

const rows: OpenApiSchema = obj({
  types: { const: TYPES },
  values: {
    ...arrayOf({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'string' }, { type: ['string', 'null'] }, { type: 'number' }, ref('UnixMs')], minItems: 5, maxItems: 5 }),
    description: 'One row per period with data, oldest first; data_posted in bytes; unix is the LAST column.',
  },
});

const schemas: Record<string, OpenApiSchema> = {
  DaTimeseries: obj({
    data: obj({
      da_layers: mapOf(
        obj(
          Object.fromEntries(
            DA_WINDOWS.map(([w]) => [
              w,
              obj({
                da_consumers: mapOf(obj({ daily: rows, monthly: rows }), "Keyed by consumer (its origin_key) for the window's top 7, plus others: the rest of the layer (gtp_origin_key null)."),
              }),
            ]),
          ),
        ),
        'Keyed by layer, then by window: the last N complete UTC days, max = all stored history.',
      ),
    }),
    last_updated_utc: ref('LastUpdatedUtc'),
  }),
};

export const daTimeseries: DocumentKind<'da_timeseries'> = {
  route: 'da_timeseries',
  path: DA_TIMESERIES_PATH,
  matches: patternMatcher(DA_TIMESERIES_PATH),
  scope: DA_TIMESERIES_PATH,
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  description: 'Data availability: bytes posted per day and month by each top consumer of a window, and the rest.',
  openapi: {
    pathItem: documentPath({
      summary: 'Data-availability timeseries',
      description:
        "Per layer and window (1d … max), the blob bytes of the window's top 7 consumers and of the rest (others) per day with data and per calendar month. Rows are `values` with unix as the last column. 404 without blob data.",
      schema: 'DaTimeseries',
    }),
    schemas,
  },
  build: buildDaTimeseries,
};
