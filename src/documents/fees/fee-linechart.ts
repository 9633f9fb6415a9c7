// Fee line chart — /v1/fees/linechart.json (CONTRACT.md sections 10.2 and 11.5). Every fee-table
// chain but ethereum, the six fee-table metrics, four timeframes: the last 24 hours in 10-minute
// buckets, 7 days hourly, 30 days in 4-hour buckets, 180 days daily; rows oldest first, unlike the
// fee table: the reference page hands them to a line chart as they are (which refuses x values
// out of order) and reads the last row as the current value.
//
// Every bucket's values are computed over the bucket's own transactions, incrementally at facts
// time, and read here as stored facts of its grain (the 4-hour and 10-minute ones computed by
// metrics/fee-bucket-facts.ts, the 10-minute ones kept for the last two days only), so an hourly
// update reads no raw transaction for them. A 10-minute bucket is read at build time from the raw
// transactions only in an hour without stored ones (a store from before them, an hour without
// blocks, pruned raw transactions: metrics/fee-buckets.ts), and is the same either way.
//
// Row i is the same bucket on every chain (as in the fee table): the newest bucket, the last row,
// ends at the newest complete hour (day, for daily) of any chain; a chain behind it, or a bucket
// whose raw transactions were pruned, has nulls there. Buckets before every chain's first data are
// left out.
//
// The page also reads keys by position and one chain by name (11.5): metrics in PAGE_ORDER,
// timeframes in TIMEFRAMES' order, and `optimism` always present (empty tables when it is not
// charted here).
import { DAY_MS, HOUR_MS } from '../../clock.js';
import { round } from '../../metrics/changes.js';
import { formatUtc } from '../../metrics/calendar.js';
import type { FeeMetric } from '../../metrics/definition.js';
import { fourHourFeeBuckets, PriceBook, tenMinuteFeeBuckets, type FeeBuckets, type FeeCells } from '../../metrics/fee-buckets.js';
import type { FactMap } from '../../metrics/read-facts.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type ChainInputs, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { HOURLY_WINDOW_HOURS } from '../metric-detail/metric-detail-json.js';
import { arrayOf, documentPath, mapOf, obj, ref, str, type OpenApiSchema } from '../openapi-components.js';

export const FEE_LINECHART_PATH = '/v1/fees/linechart.json';

/** The settlement layer is not charted (CONTRACT.md 10.2). */
const EXCLUDED = 'ethereum';

/** The page looks up the value columns on this chain's tables, so it is always published (11.5). */
const ALWAYS_LISTED = 'optimism';

/**
 * The metrics in the order the reference page steps through them: it takes them by position from
 * the first chain's keys (11.5). Not the fee table's priority order; a metric not listed here
 * follows them, by priority.
 */
const PAGE_ORDER = ['txcosts_median', 'txcosts_native_median', 'tps', 'throughput', 'txcosts_swap', 'txcosts_avg'];

export interface Timeframe {
  name: '24hrs' | '7d' | '30d' | '180d';
  granularity: '10_min' | 'hourly' | '4_hours' | 'daily';
  bucket_ms: number;
  buckets: number;
  /** Where the values come from: the stored facts of that grain. */
  source: 'ten_minutes' | 'hourly' | 'four_hours' | 'daily';
}

export const TIMEFRAMES: readonly Timeframe[] = [
  { name: '24hrs', granularity: '10_min', bucket_ms: 10 * 60_000, buckets: 144, source: 'ten_minutes' },
  { name: '7d', granularity: 'hourly', bucket_ms: HOUR_MS, buckets: 168, source: 'hourly' },
  { name: '30d', granularity: '4_hours', bucket_ms: 4 * HOUR_MS, buckets: 180, source: 'four_hours' },
  { name: '180d', granularity: 'daily', bucket_ms: DAY_MS, buckets: 180, source: 'daily' },
];

type Table = { types: string[]; granularity: string; data: FeeCells[] };

/** Buckets of a timeframe, oldest first: the last whole buckets ending at `end`, none before `earliest`. */
export function timeframeBuckets(tf: Timeframe, end: number, earliest: number): number[] {
  const last = Math.floor(end / tf.bucket_ms) * tf.bucket_ms - tf.bucket_ms;
  const first = Math.max(last - (tf.buckets - 1) * tf.bucket_ms, Math.ceil(earliest / tf.bucket_ms) * tf.bucket_ms);
  const out: number[] = [];
  for (let b = first; b <= last; b += tf.bucket_ms) out.push(b);
  return out;
}

function pageOrder(metrics: readonly FeeMetric[]): FeeMetric[] {
  const place = (m: FeeMetric) => {
    const i = PAGE_ORDER.indexOf(m.metric);
    return i === -1 ? PAGE_ORDER.length : i;
  };
  return [...metrics].sort((a, b) => place(a) - place(b) || a.priority - b.priority);
}

/** Every metric and timeframe with its columns and no rows: a chain the page reads but nothing charts. */
function emptyTables(metrics: readonly FeeMetric[]): Record<string, Record<string, Table>> {
  return Object.fromEntries(pageOrder(metrics).map((m) => [m.metric, Object.fromEntries(TIMEFRAMES.map((tf) => [tf.name, { types: types(m), granularity: tf.granularity, data: [] }]))]));
}

/** First period of a fact map with a value, or null. */
function firstPeriod(m: FactMap, key: string): number | null {
  const periods = [...(m.get(key)?.keys() ?? [])];
  return periods.length === 0 ? null : Math.min(...periods);
}

function types(m: FeeMetric): string[] {
  return m.currency ? ['unix', 'value_eth', 'value_usd'] : ['unix', 'value'];
}

/** Cells of a fact-backed bucket: as the fee table reads its hours (fee-table.ts). */
function factCells(m: FeeMetric, facts: FactMap, period: number): FeeCells {
  if ('eth' in m.facts) {
    return [facts.get(m.facts.eth)?.get(period) ?? null, facts.get(m.facts.usd)?.get(period) ?? null];
  }
  const v = facts.get(m.facts.value)?.get(period);
  if (v === null) return [null];
  return [(v ?? 0) / m.facts.divisor]; // a period with blocks but no transactions: 0
}

interface ChainSpan {
  input: ChainInputs;
  /** First period with facts, per source grain. */
  firstHour: number | null;
  firstDay: number | null;
}

async function chainTables(ctx: BuildContext, c: ChainSpan, ends: { hour: number; day: number }, earliest: { hour: number; day: number }, prices: PriceBook) {
  const out: Record<string, Record<string, Table>> = {};
  const metrics = pageOrder(ctx.feeMetrics);
  for (const m of metrics) out[m.metric] = {};
  const { status, facts, chain } = c.input;
  for (const tf of TIMEFRAMES) {
    const daily = tf.source === 'daily';
    const buckets = timeframeBuckets(tf, daily ? ends.day : ends.hour, daily ? earliest.day : earliest.hour);
    const first = daily ? c.firstDay : c.firstHour;
    const until = status ? (daily ? status.days_until : status.hours_until) : -Infinity;
    // A bucket with values: it starts at or after the chain's first data and ends by its complete bound.
    const covered = buckets.filter((b) => first !== null && b >= first && b + tf.bucket_ms <= until);
    let bucketed: FeeBuckets | null = null;
    if ((tf.source === 'ten_minutes' || tf.source === 'four_hours') && covered.length > 0) {
      const range = { from_ms: Math.min(...covered), until_ms: Math.max(...covered) + tf.bucket_ms };
      bucketed = tf.source === 'ten_minutes' ? await tenMinuteFeeBuckets(ctx.store, chain, metrics, range, prices) : await fourHourFeeBuckets(ctx.store, chain, metrics, range, prices);
    }
    const has = new Set(covered);
    for (const m of metrics) {
      const empty: FeeCells = m.currency ? [null, null] : [null];
      const rows = buckets.map((b): FeeCells => {
        if (!has.has(b) || !facts) return [b, ...empty];
        const cells = bucketed ? bucketed.get(b)!.get(m.metric)! : factCells(m, daily ? facts.daily : facts.hourly, b);
        // value_usd rounded as in the fee table (CONTRACT.md 2).
        return m.currency ? [b, cells[0]!, cells[1] === null ? null : round(cells[1]!, 4)] : [b, cells[0]!];
      });
      const data = rows.every((r) => r.slice(1).every((v) => v === null)) ? [] : rows;
      out[m.metric]![tf.name] = { types: types(m), granularity: tf.granularity, data };
    }
  }
  return out;
}

async function buildFeeLinechart(ctx: BuildContext): Promise<DocumentInput[]> {
  const included = ctx.chains.filter((c) => c.chain.flags.fee_table && c.chain.origin_key !== EXCLUDED);
  const dayKey = firstFactKey(ctx.feeMetrics);
  const spans: ChainSpan[] = included.map((input) => {
    const firstDay = input.facts ? firstPeriod(input.facts.daily, dayKey) : null;
    return { input, firstDay, firstHour: input.facts ? earliestHour(input, firstDay) : null };
  });
  const withData = spans.filter((s) => s.input.status && (s.firstHour !== null || s.firstDay !== null));
  if (withData.length === 0) {
    ctx.report.skipped.push({ path: FEE_LINECHART_PATH, reason: 'no fee-table chain other than ethereum has facts yet' });
    return [];
  }
  const ends = { hour: Math.max(...withData.map((s) => s.input.status!.hours_until)), day: Math.max(...withData.map((s) => s.input.status!.days_until)) };
  const min = (xs: Array<number | null>) => Math.min(...xs.filter((x): x is number => x !== null));
  const earliest = { hour: min(withData.map((s) => s.firstHour)), day: min(withData.map((s) => s.firstDay)) };
  const prices = new PriceBook(ctx.store);
  const chain_data: Record<string, unknown> = {};
  for (const s of spans) chain_data[s.input.chain.origin_key] = await chainTables(ctx, s, ends, earliest, prices);
  if (!(ALWAYS_LISTED in chain_data)) chain_data[ALWAYS_LISTED] = emptyTables(ctx.feeMetrics);
  return [{ path: FEE_LINECHART_PATH, json: { chain_data, last_updated_utc: formatUtc(ctx.builtAt) }, freshness: 'hourly' }];
}

/** A stored key of the first fee metric: its daily periods tell where the chain's facts begin. */
function firstFactKey(metrics: readonly FeeMetric[]): string {
  const m = metrics[0];
  if (!m) throw new Error('the fee line chart needs at least one fee metric');
  return 'eth' in m.facts ? m.facts.eth : m.facts.value;
}

/**
 * The chain's first hour with facts. The build loads the last 14 days of hours (firstHour is
 * clamped there when the facts began earlier), but the 30-day timeframe reaches further: then
 * the first daily fact bounds it (hours before the first block of that day have no facts, and
 * their buckets stay null).
 */
function earliestHour(input: ChainInputs, firstDay: number | null): number | null {
  const first = input.facts!.firstHour;
  const loadedFrom = input.status!.hours_until - HOURLY_WINDOW_HOURS * HOUR_MS;
  if (first === null || first > loadedFrom || firstDay === null) return first;
  return Math.min(first, firstDay);
}

const cost = obj({
  types: { ...arrayOf(str), examples: [['unix', 'value_eth', 'value_usd']] },
  granularity: { type: 'string', enum: ['10_min', 'hourly', '4_hours', 'daily'] },
  data: arrayOf({ type: 'array', prefixItems: [ref('UnixMs'), ref('Value'), ref('Value')], items: false }),
});
const rate = obj({
  types: { ...arrayOf(str), examples: [['unix', 'value']] },
  granularity: { type: 'string', enum: ['10_min', 'hourly', '4_hours', 'daily'] },
  data: arrayOf({ type: 'array', prefixItems: [ref('UnixMs'), ref('Value')], items: false }),
});
const timeframes = (table: string) => obj(Object.fromEntries(TIMEFRAMES.map((t) => [t.name, ref(table)])));

const schemas: Record<string, OpenApiSchema> = {
  FeeLineCostTable: cost,
  FeeLineRateTable: rate,
  FeeLineChart: obj({
    chain_data: mapOf(
      obj({
        txcosts_median: timeframes('FeeLineCostTable'),
        txcosts_native_median: timeframes('FeeLineCostTable'),
        txcosts_avg: timeframes('FeeLineCostTable'),
        txcosts_swap: timeframes('FeeLineCostTable'),
        tps: timeframes('FeeLineRateTable'),
        throughput: timeframes('FeeLineRateTable'),
      }),
      'Keyed by origin_key (every fee-table chain except ethereum; optimism always, with empty tables when it is not charted). Metrics in the order txcosts_median, txcosts_native_median, tps, throughput, txcosts_swap, txcosts_avg; timeframes 24hrs (10_min buckets), 7d (hourly), 30d (4_hours), 180d (daily); rows OLDEST FIRST (the last row is the newest bucket), row i the same bucket on every chain; values over each bucket\'s own transactions.',
    ),
    last_updated_utc: ref('LastUpdatedUtc'),
  }),
};

export const feeLinechart: DocumentKind<'fee_linechart'> = {
  route: 'fee_linechart',
  path: FEE_LINECHART_PATH,
  matches: patternMatcher(FEE_LINECHART_PATH),
  scope: FEE_LINECHART_PATH,
  freshness: 'hourly',
  notFound: NOT_FOUND_ANY,
  description: 'Fee line chart: the fee-table metrics over 24 hours (10-minute buckets), 7 days (hourly), 30 days (4-hour) and 180 days (daily), oldest first.',
  openapi: {
    pathItem: documentPath({
      summary: 'Fee line chart',
      description:
        'Median, native-transfer, swap and mean transaction costs, tps and throughput of every fee-table chain except ethereum, per 10 minutes (last 24 hours), hour (7 days), 4 hours (30 days) and day (180 days), each computed over the bucket\'s own transactions, oldest first.',
      schema: 'FeeLineChart',
    }),
    schemas,
  },
  build: buildFeeLinechart,
};
