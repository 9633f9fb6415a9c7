// Fee table — /v1/fees/table.json (CONTRACT.md section 2). Every fee-table chain, six hourly
// metrics, the complete hours that started less than 30 hours before the build (29 rows),
// newest first. Clients drop rows older than 30 hours and read the last (oldest) row as a
// current value, so the window is anchored on the build time, not only on the data. Row i is
// the same hour on every chain: the newest row is the newest complete hour of any chain, and a
// chain without data for an hour (behind, or not yet started) has nulls there.
import { HOUR_MS } from '../../clock.js';
import { round } from '../../metrics/changes.js';
import type { ChainFacts, FactStatus } from '../../metrics/read-facts.js';
import type { FeeMetric } from '../../metrics/definition.js';
import { gapsWithin, summarizeGaps } from '../build-report.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { arrayOf, documentPath, mapOf, obj, ref, str, type OpenApiSchema } from '../openapi-components.js';

export const FEE_TABLE_PATH = '/v1/fees/table.json';
/** Rows start less than this many hours before the build. */
export const FEE_TABLE_MAX_AGE_HOURS = 30;
/** Complete hours that started less than 30 hours ago: 29 (the running hour is not complete). */
export const FEE_TABLE_HOURS = FEE_TABLE_MAX_AGE_HOURS - 1;

export interface FeeTableChain {
  origin_key: string;
  status: FactStatus | null;
  facts: ChainFacts | null;
}

type Cell = number | null;

/**
 * Hours of the table, newest first: at most 29, each started less than 30 hours before
 * `builtAt`; empty when no chain has a complete hour in that window.
 */
export function feeTableHours(chains: readonly FeeTableChain[], builtAt: number): number[] {
  let newest = -Infinity;
  let earliest = Infinity;
  for (const c of chains) {
    if (!c.status || !c.facts || c.facts.firstHour === null) continue;
    const last = c.status.hours_until - HOUR_MS;
    if (last < c.facts.firstHour) continue;
    newest = Math.max(newest, last);
    earliest = Math.min(earliest, c.facts.firstHour);
  }
  const hours: number[] = [];
  if (newest === -Infinity) return hours;
  // An hour that started 30 hours or more before the build would be dropped by clients (and
  // with it the row they read as current); hours before every chain's first data would be rows
  // of nulls only. Both are left out.
  const oldestAllowed = Math.max(newest - (FEE_TABLE_HOURS - 1) * HOUR_MS, builtAt - FEE_TABLE_MAX_AGE_HOURS * HOUR_MS + 1, earliest);
  for (let h = newest; h >= oldestAllowed; h -= HOUR_MS) hours.push(h);
  return hours;
}

/**
 * min–max scaling within one chain and metric: 0 = best, 1 = worst. Costs: cheapest = 0;
 * inverted metrics (tps, throughput): highest = 0. All equal → 0; null stays null.
 */
export function normalize(values: readonly Cell[], invert: boolean): Cell[] {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return values.map(() => null);
  const min = Math.min(...known);
  const max = Math.max(...known);
  return values.map((v) => {
    if (v === null) return null;
    if (max === min) return 0;
    const x = (v - min) / (max - min);
    return round(invert ? 1 - x : x, 2);
  });
}

function metricTable(chain: FeeTableChain, metric: FeeMetric, hours: readonly number[]): { types: string[]; data: Cell[][] } {
  const facts = chain.facts;
  const status = chain.status;
  const inRange = (h: number) => !!facts && !!status && facts.firstHour !== null && h >= facts.firstHour && h < status.hours_until;
  const read = (key: string, h: number, empty: Cell): Cell => {
    const m = facts!.hourly.get(key);
    if (!m || !m.has(h)) return empty; // an hour without blocks
    return m.get(h)!;
  };
  if ('eth' in metric.facts) {
    const { eth, usd } = metric.facts;
    const ethValues = hours.map((h) => (inRange(h) ? read(eth, h, null) : null));
    const usdValues = hours.map((h) => {
      const v = inRange(h) ? read(usd, h, null) : null;
      return v === null ? null : round(v, 4);
    });
    const norm = normalize(ethValues, metric.invert_normalization);
    const types = ['unix', 'value_eth', 'value_usd', 'normalized'];
    if (ethValues.every((v) => v === null)) return { types, data: [] };
    return { types, data: hours.map((h, i) => [h, ethValues[i]!, usdValues[i]!, norm[i]!]) };
  }
  const { value, divisor } = metric.facts;
  const values = hours.map((h) => {
    if (!inRange(h)) return null;
    const v = read(value, h, 0); // no transactions in an hour with data = 0 tps, 0 gas
    return v === null ? null : v / divisor;
  });
  const norm = normalize(values, metric.invert_normalization);
  const types = ['unix', 'value', 'normalized'];
  if (values.every((v) => v === null)) return { types, data: [] };
  return { types, data: hours.map((h, i) => [h, values[i]!, norm[i]!]) };
}

/** The document, or null when no fee-table chain has a complete hour. */
export function feeTableJson(chains: readonly FeeTableChain[], metrics: readonly FeeMetric[], builtAt: number): { json: unknown; hours: number[] } | null {
  const hours = feeTableHours(chains, builtAt);
  if (hours.length === 0) return null;
  const chain_data: Record<string, { hourly: Record<string, unknown> }> = {};
  const ordered = [...metrics].sort((a, b) => a.priority - b.priority);
  for (const c of chains) {
    const hourly: Record<string, unknown> = {};
    for (const m of ordered) hourly[m.metric] = metricTable(c, m, hours);
    chain_data[c.origin_key] = { hourly };
  }
  return { json: { chain_data }, hours };
}

/** The chains of the table: every chain flagged for it, each a key of chain_data. */
export function feeTableChains(ctx: Pick<BuildContext, 'chains'>): FeeTableChain[] {
  return ctx.chains.filter((c) => c.chain.flags.fee_table).map((c) => ({ origin_key: c.chain.origin_key, status: c.status, facts: c.facts }));
}

/** The table over every chain flagged for it, or a skip in the report when no chain has an hour. */
function buildFeeTable(ctx: BuildContext): DocumentInput[] {
  const included = ctx.chains.filter((c) => c.chain.flags.fee_table);
  const feeChains = feeTableChains(ctx);
  const fee = feeTableJson(feeChains, ctx.feeMetrics, ctx.builtAt);
  if (!fee) {
    ctx.report.skipped.push({ path: FEE_TABLE_PATH, reason: `no fee-table chain has a complete hour that started in the last ${FEE_TABLE_MAX_AGE_HOURS} hours` });
    return [];
  }
  const newest = fee.hours[0]!;
  const oldest = fee.hours[fee.hours.length - 1]!;
  const gaps = included.flatMap((c) => gapsWithin(c.prices, 'hourly', oldest, newest));
  if (gaps.length > 0) ctx.report.degraded.push({ path: FEE_TABLE_PATH, price_gaps: summarizeGaps(gaps) });
  return [{ path: FEE_TABLE_PATH, json: fee.json, freshness: 'hourly' }];
}

const schemas: Record<string, OpenApiSchema> = {
  FeeCostTable: obj({
    types: { ...arrayOf(str), examples: [['unix', 'value_eth', 'value_usd', 'normalized']] },
    data: arrayOf({ type: 'array', prefixItems: [ref('UnixMs'), ref('Value'), ref('Value'), ref('Value')], items: false }),
  }),
  FeeRateTable: obj({
    types: { ...arrayOf(str), examples: [['unix', 'value', 'normalized']] },
    data: arrayOf({ type: 'array', prefixItems: [ref('UnixMs'), ref('Value'), ref('Value')], items: false }),
  }),
  FeeTable: obj(
    {
      chain_data: mapOf(
        obj({
          hourly: obj({
            txcosts_median: ref('FeeCostTable'),
            txcosts_native_median: ref('FeeCostTable'),
            txcosts_avg: ref('FeeCostTable'),
            txcosts_swap: ref('FeeCostTable'),
            tps: ref('FeeRateTable'),
            throughput: ref('FeeRateTable'),
          }),
        }),
        'Keyed by origin_key. Rows are the complete hours that started less than 30 hours before the build (29 rows), NEWEST FIRST; row i of every chain is the same hour. normalized: 0 = best, 1 = worst within one chain and metric.',
      ),
    },
    ['chain_data'],
    { description: 'No last_updated_utc: freshness travels in the Last-Modified header.' },
  ),
};

export const feeTable: DocumentKind<'fee_table'> = {
  route: 'fee_table',
  path: FEE_TABLE_PATH,
  matches: patternMatcher(FEE_TABLE_PATH),
  scope: '/v1/fees/',
  freshness: 'hourly',
  notFound: NOT_FOUND_ANY,
  description: 'Fee table: the 29 complete hours of the last 30 hours: costs, tps and throughput per chain, newest first.',
  openapi: {
    pathItem: documentPath({
      summary: 'Fee table',
      description: 'Hourly transaction costs, tps and throughput of every fee-table chain over the complete hours that started less than 30 hours before the build (29 rows), newest first.',
      schema: 'FeeTable',
    }),
    schemas,
  },
  build: buildFeeTable,
};
