// The application detail document of one project (CONTRACT.md section 4) from the build's
// shared application data: per-chain daily and hourly series, window aggregates, KPI cards over
// the cross-chain daily totals, first-seen dates, chains by size and the contracts tables.
// Pure: every number comes from AppFacts and the market rows, nothing is read here. What depends
// only on daily data is made by app-details-daily.ts; the hourly series, token metrics and
// last_updated_utc here. The daily part's values are not kept from one build to the next: keeping
// them and the last hourly rows (about 0.8 GB of small arrays at 1,000 projects) made the garbage
// collector's work on the larger heap cost more than rebuilding them (docs/metrics.md); what a
// service keeps is their serialized bytes (app-details-body.ts), a few large buffers the
// collector does not walk.
import { HOUR_MS } from '../../clock.js';
import { formatUtc } from '../../metrics/calendar.js';
import type { AppMetric } from '../../metrics/definition.js';
import type { MarketRow } from '../../store/labels.js';
import { APP_HOURLY_HOURS, APP_WINDOWS, KEYS } from './app-facts.js';
import type { AppFacts, ProjectFacts } from './app-fact-shapes.js';
import { ethPriceOn, type AppContract, type AppInputs } from '../../metrics/app-inputs.js';
import { dailyFragment, type DailyParts, type DailySpan } from './app-details-daily.js';
import { columns, firstActive, hourlySendersRows, seriesRows, type Row, type Table, type Value } from './app-details-rows.js';
import { kpiCard } from '../kpi-card.js';

/** The key token metrics are published under (not a chain). */
export const TOKEN_KEY = 'all';

export interface AppDetailsInput {
  owner_project: string;
  inputs: AppInputs;
  facts: AppFacts;
  /** The project's contracts (labeled, or resolved from other chains' labels). */
  contracts: readonly AppContract[];
  /** Its token's market days, ascending; [] without a token. */
  market: readonly MarketRow[];
  builtAt: number;
}

/**
 * The hours a chain publishes: [from, the end of its complete hours); from ≥ until: none. Active
 * before the hours kept: the series starts with the window; else at the chain's first call.
 */
function hourSpan(inputs: AppInputs, pf: ProjectFacts, s: DailySpan): [number, number] {
  const until = inputs.chainBounds.get(s.origin_key)?.hours_until ?? inputs.hours_until;
  const windowStart = until - APP_HOURLY_HOURS * HOUR_MS;
  const from = s.first_day < windowStart ? windowStart : firstActive(pf.hourly.get(s.origin_key)?.get(KEYS.txcount));
  return [from ?? until, until];
}

function tokenRows(m: AppMetric, inputs: AppInputs, market: readonly MarketRow[]): Row[] {
  if (m.aggregate.kind !== 'market') return [];
  const field = m.aggregate.field;
  const out: Row[] = [];
  for (const r of market) {
    const usd = r[field];
    if (r.day_ms >= inputs.days_until || usd === null) continue;
    const eth = ethPriceOn(inputs.ethUsd, r.day_ms);
    out.push([r.day_ms, usd, eth ? usd / eth : null]);
  }
  return out;
}

const mean = (vs: Value[]): Value => {
  const xs = vs.filter((v): v is number => v !== null);
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
};

/** A token metric's over_time, aggregated data and KPI card (its market rows: made every build). */
function tokenMetric(m: AppMetric, input: AppDetailsInput): { over_time: Record<string, { daily: Table }>; data: Record<string, Record<string, Value[]>>; kpi: unknown } {
  const cols = columns(m);
  const daily = tokenRows(m, input.inputs, input.market);
  if (daily.length === 0) return { over_time: {}, data: {}, kpi: undefined };
  const data = Object.fromEntries(
    APP_WINDOWS.map((name, w) => {
      const [lo, hi] = input.facts.windows[w]!;
      const inWindow = daily.filter((r) => r[0] >= lo && r[0] <= hi);
      return [name, cols.map((_, i) => mean(inWindow.map((r) => r[i + 1]!)))];
    }),
  );
  return { over_time: { [TOKEN_KEY]: { daily: { types: ['unix', ...cols], data: daily } } }, data: { [TOKEN_KEY]: data }, kpi: kpiCard(cols, daily) };
}

export function appDetailsJson(input: AppDetailsInput): unknown {
  const pf = projectFactsOf(input);
  return appDetailsValue(input, pf, dailyFragment(input.inputs, input.facts, pf, input.contracts));
}

export function projectFactsOf(input: AppDetailsInput): ProjectFacts {
  const pf = input.facts.projects.get(input.owner_project);
  if (!pf) throw new Error(`app details ${input.owner_project}: no facts (no document should be built)`);
  return pf;
}

/**
 * The document with its daily part given by `daily`: the values themselves (appDetailsJson), or
 * in their place the slots of their kept bytes (app-details-body.ts). The hourly series, token
 * metrics and last_updated_utc are made here every build.
 */
export function appDetailsValue<T>(input: AppDetailsInput, pf: ProjectFacts, daily: DailyParts<T>): unknown {
  const { inputs } = input;
  const hours = daily.spans.map((s) => hourSpan(inputs, pf, s));
  const metrics: Record<string, unknown> = {};
  const kpi_cards: Record<string, unknown> = {};
  inputs.metrics.forEach((m, i) => {
    const md = daily.metrics[i];
    if (!md) {
      const t = tokenMetric(m, input);
      metrics[m.metric_id] = { metric_name: m.name, avg: m.avg, over_time: t.over_time, aggregated: { types: columns(m), data: t.data } };
      if (t.kpi !== undefined) kpi_cards[m.metric_id] = t.kpi;
      return;
    }
    const types = ['unix', ...columns(m)];
    const over_time: Record<string, { daily: T; hourly: Table }> = {};
    daily.spans.forEach((s, j) => {
      const [from, until] = hours[j]!;
      const hourly = m.aggregate.kind === 'unique' ? hourlySendersRows(pf, s.origin_key, from, until) : seriesRows(m, pf.hourly.get(s.origin_key), undefined, from, until, HOUR_MS);
      over_time[s.origin_key] = { daily: md.daily[j]!, hourly: { types, data: hourly } };
    });
    metrics[m.metric_id] = { metric_name: m.name, avg: m.avg, over_time, aggregated: md.aggregated };
    if (md.kpi !== undefined) kpi_cards[m.metric_id] = md.kpi;
  });
  const { first_seen, chains_by_size, contracts_table } = daily;
  return { last_updated_utc: formatUtc(input.builtAt), metrics, kpi_cards, first_seen, chains_by_size, contracts_table };
}
