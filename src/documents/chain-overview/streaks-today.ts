// Today's running totals — /v1/chains/all/streaks_today.json (CONTRACT.md section 10.6): per
// chain with facts, txcount and fees over the complete hours of the current UTC day, which
// clients set beside the overview's streak `yesterday_value`. Rebuilt every round (hourly).
import { dayStart, HOUR_MS } from '../../clock.js';
import { formatUtc } from '../../metrics/calendar.js';
import type { ChainMetric } from '../../metrics/definition.js';
import type { FactMap } from '../../metrics/read-facts.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { documentPath, mapOf, obj, ref, type OpenApiSchema } from '../openapi-components.js';
import { STREAKS } from './overview-achievements.js';

export const STREAKS_TODAY_PATH = '/v1/chains/all/streaks_today.json';

/** Sum of a column over the hours [from, until); a missing hour is an hour without transactions (0), a null one makes the total unknown. */
function hoursTotal(metric: ChainMetric, column: string, hourly: FactMap, from: number, until: number): number | null {
  const c = metric.columns.find((col) => col.name === column);
  if (!c) return null;
  const facts = hourly.get(c.fact_key);
  let total = 0;
  for (let h = from; h < until; h += HOUR_MS) {
    const v = facts?.get(h);
    if (v === null) return null;
    if (v !== undefined) total += v / c.divisor;
  }
  return total;
}

function buildStreaksToday(ctx: BuildContext): DocumentInput[] {
  const today = dayStart(ctx.builtAt);
  const data: Record<string, Record<string, Record<string, number | null>>> = {};
  for (const { chain, status, facts } of ctx.chains) {
    if (!status || !facts) continue;
    const entry: Record<string, Record<string, number | null>> = {};
    for (const [metricId, columns] of Object.entries(STREAKS)) {
      const metric = ctx.metrics.find((m) => m.metric_id === metricId);
      if (!metric) continue;
      entry[metricId] = Object.fromEntries(columns.map((col) => [col, hoursTotal(metric, col, facts.hourly, today, Math.max(today, status.hours_until))]));
    }
    data[chain.origin_key] = entry;
  }
  if (Object.keys(data).length === 0) {
    ctx.report.skipped.push({ path: STREAKS_TODAY_PATH, reason: 'no chain has facts yet' });
    return [];
  }
  return [{ path: STREAKS_TODAY_PATH, json: { data, last_updated_utc: formatUtc(ctx.builtAt) }, freshness: 'hourly' }];
}

const schemas: Record<string, OpenApiSchema> = {
  StreaksToday: obj({
    data: mapOf(
      obj({ txcount: obj({ value: ref('Value') }), fees: obj({ usd: ref('Value'), eth: ref('Value') }) }),
      'Keyed by origin_key: the complete hours of the current UTC day so far (0 before the first one).',
    ),
    last_updated_utc: ref('LastUpdatedUtc'),
  }),
};

export const streaksToday: DocumentKind<'streaks_today'> = {
  route: 'streaks_today',
  path: STREAKS_TODAY_PATH,
  matches: patternMatcher(STREAKS_TODAY_PATH),
  scope: STREAKS_TODAY_PATH,
  freshness: 'hourly',
  notFound: NOT_FOUND_ANY,
  description: "Today's running totals: txcount and fees of the current UTC day so far, per chain.",
  openapi: {
    pathItem: documentPath({
      summary: "Today's running totals",
      description:
        'Per chain with data, txcount and fees (usd, eth) over the complete hours of the current, incomplete UTC day; clients compare them with yesterday_value of the chain overview streaks.',
      schema: 'StreaksToday',
    }),
    schemas,
  },
  build: buildStreaksToday,
};
