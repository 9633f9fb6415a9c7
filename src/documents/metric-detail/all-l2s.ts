// The all_l2s aggregate — /v1/metrics/chains/all_l2s/{metric_id}.json (CONTRACT.md section 8):
// a metric detail document (section 1) over every L2, built after the chains' own documents and
// from the same rows. Members of a metric are the L2 chains that got that metric's document in
// this build. A period is complete for all_l2s only when it is complete on every member (the
// earliest complete bound wins), so a lagging L2 holds the aggregate back instead of making its
// last period look like a drop.
import { DAY_MS, HOUR_MS } from '../../clock.js';
import type { ChainMetric } from '../../metrics/definition.js';
import { TXCOUNT } from '../../metrics/definitions/txcount.js';
import { allL2sAggregate, fromFirstNonZero, sumRows, weightedRows, weightedWindow, type MemberSeries, type Weights } from '../../metrics/l2-aggregate.js';
import { loadChainFacts, type FactStatus } from '../../metrics/read-facts.js';
import type { SeriesRow, Value } from '../../metrics/series.js';
import type { Chain } from '../../registry/types.js';
import { chainSubject } from '../../store/facts.js';
import { gapsWithin, summarizeGaps } from '../build-report.js';
import type { BuildContext, ChainInputs } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { dailyRows, HOURLY_WINDOW_HOURS, hourlyRows, metricDetailPath, type DetailOverrides } from './metric-detail-json.js';
import { metricDetailInput } from './metric-detail-body.js';
import type { PartsInputs } from './metric-detail-parts-cache.js';

export const ALL_L2S = 'all_l2s';

/**
 * Whether a chain is in the L2 universe (CONTRACT.md section 8): a PROD deployment whose
 * chain_type is rollup or others, i.e. every chain but the layer 1s. Chains the operator marks
 * DEV are not.
 */
export function isAllL2sMember(chain: Pick<Chain, 'chain_type' | 'deployment'>): boolean {
  return (chain.chain_type === 'rollup' || chain.chain_type === 'others') && chain.deployment === 'PROD';
}

export type Member = ChainInputs & { status: FactStatus; facts: NonNullable<ChainInputs['facts']> };

/** One document per metric that at least one L2 has; records them in ctx.supported. */
export async function buildAllL2s(ctx: BuildContext): Promise<DocumentInput[]> {
  const inputs: DocumentInput[] = [];
  if (ctx.chains.some((c) => c.chain.origin_key === ALL_L2S)) {
    ctx.report.skipped.push({ path: metricDetailPath(ALL_L2S, '*'), reason: `a configured chain is named ${ALL_L2S}: the aggregate is not built` });
    return inputs;
  }
  const built: string[] = [];
  for (const metric of ctx.metrics) {
    const aggregate = allL2sAggregate(metric);
    if (aggregate === null) continue; // market metrics have no aggregate
    const path = metricDetailPath(ALL_L2S, metric.metric_id);
    const members = allL2sMembers(ctx, metric);
    if (members.length === 0) {
      ctx.report.skipped.push({ path, reason: 'no L2 chain has this metric\'s document' });
      continue;
    }
    const status = commonStatus(members);
    // Hours start where every member's loaded hours start (the last 14 days of its own complete
    // hours), so a lagging member shortens the hourly series rather than showing zeros for
    // hours nobody loaded.
    const hoursFrom = Math.max(...members.map((m) => m.status.hours_until)) - HOURLY_WINDOW_HOURS * HOUR_MS;
    const doc =
      aggregate === 'unique'
        ? await uniqueDocument(ctx, metric, members, status, hoursFrom)
        : await additiveDocument(ctx, metric, members, status, hoursFrom, aggregate === 'weighted_mean');
    if (!doc) {
      ctx.report.skipped.push({ path, reason: 'no complete day with a non-zero value on every L2 at once' });
      continue;
    }
    const freshness = metric.hourly_available ? ('hourly' as const) : ('daily' as const);
    inputs.push(await metricDetailInput({ path, freshness, metric, daily: doc.daily, hourly: doc.hourly, builtAt: ctx.builtAt, overrides: doc.overrides, parts: doc.parts }, ctx.metricPartsCache));
    built.push(metric.metric_id);
    if (metric.currency) {
      const prices = members.flatMap((m) => m.prices);
      const gaps = [
        ...gapsWithin(prices, 'daily', doc.daily[0]![0], doc.daily[doc.daily.length - 1]![0]),
        ...(doc.hourly.length > 0 ? gapsWithin(prices, 'hourly', doc.hourly[0]![0], doc.hourly[doc.hourly.length - 1]![0]) : []),
      ];
      if (gaps.length > 0) ctx.report.degraded.push({ path, price_gaps: summarizeGaps(gaps) });
    }
  }
  // Listed in master.json (which lists every key here) only when it has documents.
  if (built.length > 0) ctx.supported.set(ALL_L2S, built);
  return inputs;
}

/** The L2s whose document of `metric` this build made (ctx.supported, filled by the metric detail builder). */
export function allL2sMembers(ctx: Pick<BuildContext, 'chains' | 'supported'>, metric: ChainMetric): Member[] {
  return ctx.chains.filter(
    (c): c is Member => isAllL2sMember(c.chain) && !!c.status && !!c.facts && (ctx.supported.get(c.chain.origin_key) ?? []).includes(metric.metric_id),
  );
}

/** Complete on every member: the earliest bounds (a lagging member holds the aggregate back). */
function commonStatus(members: readonly Member[]): FactStatus {
  return {
    days_until: Math.min(...members.map((m) => m.status.days_until)),
    hours_until: Math.min(...members.map((m) => m.status.hours_until)),
  };
}

/**
 * The daily rows of a `sum` aggregate over the members (section 8), from the first non-zero day
 * to the common bound; [] without members. Other documents (the landing page, the ecosystem
 * overview) read the aggregate's series here rather than from the published bytes.
 */
export function allL2sDailySums(metric: ChainMetric, members: readonly Member[]): SeriesRow[] {
  if (members.length === 0) return [];
  const status = commonStatus(members);
  return fromFirstNonZero(sumRows(members.map((m) => ({ rows: dailyRows(metric, m.facts, status) })), metric.columns.length, DAY_MS));
}

/** The aggregate's rows and what its document is made of (metric-detail-body.ts makes it). */
interface Built {
  daily: SeriesRow[];
  hourly: SeriesRow[];
  overrides: DetailOverrides;
  parts: PartsInputs;
}

/** `details.source`: every name the members' documents of this metric carry, once, in order. */
function sourceNames(metric: ChainMetric, members: readonly Member[]): string[] {
  // Each chain's document names the metric's sources today; a per-chain source adds here.
  return [...new Set(members.flatMap(() => metric.source_names))];
}

/** `details.chains` (CONTRACT.md section 13): the members, in configuration order. */
function memberKeys(members: readonly Member[]): { chains: string[] } {
  return { chains: members.map((m) => m.chain.origin_key) };
}

/** sum and weighted_mean: combined from the members' own rows, cut at the common bounds. */
async function additiveDocument(
  ctx: BuildContext,
  metric: ChainMetric,
  members: readonly Member[],
  status: FactStatus,
  hoursFrom: number,
  weighted: boolean,
): Promise<Built | null> {
  const ncols = metric.columns.length;
  const daily: MemberSeries[] = [];
  const hourly: MemberSeries[] = [];
  for (const m of members) {
    const weights = weighted ? await txcountWeights(ctx, m) : undefined;
    daily.push({ rows: dailyRows(metric, m.facts, status), weights: weights?.daily });
    hourly.push({ rows: metric.hourly_available ? hourlyRows(metric, m.facts, status) : [], weights: weights?.hourly });
  }
  const dailyRowsAll = fromFirstNonZero(weighted ? weightedRows(daily, ncols, DAY_MS) : sumRows(daily, ncols, DAY_MS));
  if (dailyRowsAll.length === 0) return null;
  const hourlyRowsAll = (weighted ? weightedRows(hourly, ncols, HOUR_MS) : sumRows(hourly, ncols, HOUR_MS)).filter((r) => r[0] >= hoursFrom);
  const overrides = {
    aggregation: weighted ? weightedWindow(daily) : metric.monthly_agg,
    source: sourceNames(metric, members),
    after: memberKeys(members),
  };
  // The daily pieces read the members' daily fact maps (and the txcount weights' maps, the same
  // objects when loaded with the build's facts) and the common complete-day bound.
  const objects = [...members.map((m) => m.facts.daily), ...daily.flatMap((d) => (d.weights ? [d.weights] : []))];
  const parts = { objects, key: JSON.stringify([status.days_until, weighted, overrides.after.chains]) };
  return { daily: dailyRowsAll, hourly: hourlyRowsAll, overrides, parts };
}

/** A member's txcount per day and per hour: the weights of a weighted_mean. */
async function txcountWeights(ctx: BuildContext, m: Member): Promise<{ daily: Weights; hourly: Weights }> {
  const key = TXCOUNT.key;
  // Loaded with the build's facts whenever txcount itself is built; read here otherwise.
  const facts = m.facts.daily.has(key)
    ? m.facts
    : await loadChainFacts(ctx.store, m.chain.origin_key, [key], m.status, m.status.hours_until - HOURLY_WINDOW_HOURS * HOUR_MS);
  return { daily: facts.daily.get(key) ?? new Map(), hourly: facts.hourly.get(key) ?? new Map() };
}

/**
 * unique (daa): every day, week, month, quarter and window is an exact distinct count over the
 * union of the members' address sets; hours come from the members' raw transactions.
 */
async function uniqueDocument(ctx: BuildContext, metric: ChainMetric, members: readonly Member[], status: FactStatus, hoursFrom: number): Promise<Built | null> {
  if (metric.monthly_agg !== 'unique') throw new Error(`${metric.metric_id}: unique aggregate without an address set`);
  const setKey = metric.address_set.key;
  const subjects = members.map((m) => chainSubject(m.chain.origin_key));
  const union = (windows: ReadonlyArray<readonly [number, number]>) => ctx.store.distinctCountsOverUnion(setKey, subjects, windows);

  // Days from the first day any member has a row (its first non-zero day) to the common bound.
  const firsts = members.map((m) => dailyRows(metric, m.facts, status)[0]?.[0]).filter((d): d is number => d !== undefined);
  if (firsts.length === 0) return null;
  const days: number[] = [];
  for (let d = Math.min(...firsts); d < status.days_until; d += DAY_MS) days.push(d);
  const counts = await union(days.map((d) => [d, d] as const));
  const daily = fromFirstNonZero(days.map((d, i) => [d, counts[i]!] as SeriesRow));
  if (daily.length === 0) return null;

  const hourly = metric.hourly_available ? await uniqueHours(ctx, metric, members, status, hoursFrom) : [];
  const overrides = { source: sourceNames(metric, members), after: memberKeys(members) };
  // The daily rows come from the union's counts, not from facts: they are the key themselves
  // (one number a day), with the members and, asked again, the windows' counts.
  const parts = { objects: [], key: JSON.stringify([overrides.after.chains, daily]), counts: union };
  return { daily, hourly, overrides, parts };
}

/**
 * Hourly distinct addresses over the union, counted from raw transactions (address sets are
 * per day). Each member's own count is checked against its stored hourly fact: an hour whose
 * raw transactions were pruned (retention_days) or differ from the facts is null, never a
 * silent undercount.
 */
async function uniqueHours(
  ctx: BuildContext,
  metric: ChainMetric & { monthly_agg: 'unique' },
  members: readonly Member[],
  status: FactStatus,
  hoursFrom: number,
): Promise<SeriesRow[]> {
  const firsts = members.map((m) => hourlyRows(metric, m.facts, status)[0]?.[0]).filter((h): h is number => h !== undefined);
  if (firsts.length === 0) return [];
  const from = Math.max(Math.min(...firsts), hoursFrom);
  const sqlOf = metric.address_set.sql[ctx.store.engine];
  if (!sqlOf) throw new Error(`metric ${metric.metric_id} has no address-set SQL for the ${ctx.store.engine} engine`);
  const req = {
    chains: members.map((m) => ({ origin_key: m.chain.origin_key, sql: sqlOf({ family: m.chain.family, seconds: 3600 }) })),
    hours_from: from,
    hours_until: status.hours_until,
  };
  const rows = ctx.unionCache ? await ctx.unionCache.read(ctx.store, req) : await ctx.store.hourlyDistinctOverChains(req);
  const unionByHour = new Map<number, number>();
  const perChain = new Map<string, number>();
  for (const r of rows) {
    if (r.origin_key === null) unionByHour.set(r.hour_ms, r.n);
    else perChain.set(`${r.origin_key}|${r.hour_ms}`, r.n);
  }
  const factKey = metric.columns[0]!.fact_key;
  const out: SeriesRow[] = [];
  for (let h = from; h < status.hours_until; h += HOUR_MS) {
    const consistent = members.every((m) => {
      const stored = m.facts.hourly.get(factKey)?.get(h) ?? 0;
      return (perChain.get(`${m.chain.origin_key}|${h}`) ?? 0) === stored;
    });
    const v: Value = consistent ? (unionByHour.get(h) ?? 0) : null;
    out.push([h, v]);
  }
  return out;
}
