// The application detail document of one project (CONTRACT.md section 4) from the build's
// shared application data: per-chain daily and hourly series, window aggregates, KPI cards over
// the cross-chain daily totals, first-seen dates, chains by size and the contracts tables.
// Pure: every number comes from AppFacts and the market rows, nothing is read here.
import { getAddress } from 'viem';
import { DAY_MS, HOUR_MS } from '../clock.js';
import { formatUtc } from '../metrics/calendar.js';
import type { AppMetric } from '../metrics/definition.js';
import { mainCategoryOf } from '../registry/categories.js';
import type { MarketRow } from '../store/labels.js';
import { APP_HOURLY_HOURS, APP_WINDOWS, KEYS } from './app-facts.js';
import { ALL_CHAINS, contractKey, type AppFacts, type ProjectFacts } from './app-fact-shapes.js';
import { cmp, ethPriceOn, type AppContract, type AppInputs } from '../metrics/app-inputs.js';
import { chainOrder } from './master-chains.js';
import { kpiCard } from './kpi-card.js';

type Value = number | null;
type Row = [number, ...Value[]];
interface Table {
  types: string[];
  data: Row[];
}

/** The key token metrics are published under (not a chain). */
export const TOKEN_KEY = 'all';
const W30 = APP_WINDOWS.indexOf('30d');

export const CONTRACT_COLUMNS = ['address', 'name', 'main_category_key', 'sub_category_key', 'origin_key', 'verified', 'txcount', 'fees_paid_eth', 'fees_paid_usd', 'daa'];

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

const columns = (m: AppMetric): string[] => (m.currency ? ['usd', 'eth'] : ['value']);

/** A stored figure of one period: no fact is 0. */
function factAt(facts: Map<string, Map<number, number | null>> | undefined, key: string, p: number): Value {
  const v = facts?.get(key)?.get(p);
  return v === undefined ? 0 : v;
}

/**
 * A chain metric's row for one period of a chain (or '*'): undefined = no row (success rate
 * without transactions). Plain functions without closures: called for every period of every
 * series (millions per build), where each closure made was an allocation (and a keepNames call
 * under tsx).
 */
function periodRow(m: AppMetric, facts: Map<string, Map<number, number | null>> | undefined, daa: Map<number, number> | undefined, p: number): Row | undefined {
  switch (m.aggregate.kind) {
    case 'unique':
      return [p, daa?.get(p) ?? 0];
    case 'ratio': {
      const tx = factAt(facts, KEYS.txcount, p);
      return tx ? [p, (factAt(facts, KEYS.successes, p) ?? 0) / tx] : undefined;
    }
    case 'sum':
      return m.currency ? [p, factAt(facts, KEYS.fees_usd, p), factAt(facts, KEYS.fees_eth, p)] : [p, factAt(facts, KEYS.txcount, p)];
    case 'market':
      throw new Error(`${m.metric_id} is a token metric`);
  }
}

/**
 * An hour's distinct senders on one chain, counted from the raw transactions (address sets are
 * per day). Null when the raw transactions counted differ from the stored hourly txcount: the
 * hour's transactions were pruned by retention (or not all ingested yet), and a count over what
 * is left would be an undercount.
 */
function hourlySendersRow(pf: ProjectFacts, ok: string, h: number): Row {
  const stored = pf.hourly.get(ok)?.get(KEYS.txcount)?.get(h) ?? 0;
  const raw = pf.sendersHourly.get(ok)?.get(h);
  return [h, (raw?.txcount ?? 0) === stored ? (raw?.senders ?? 0) : null];
}

/** A window's value of a chain metric on a chain (or '*'); windows without facts are 0 (null for a rate). */
function windowValue(m: AppMetric, pf: ProjectFacts, ok: string, w: number): Value[] {
  const get = (key: string): Value => {
    const v = pf.windows.get(ok)?.get(key)?.[w];
    return v === undefined ? 0 : v;
  };
  switch (m.aggregate.kind) {
    case 'unique':
      return [pf.daaWindows.get(ok)?.[w] ?? 0];
    case 'ratio': {
      const tx = get(KEYS.txcount);
      return [tx ? (get(KEYS.successes) ?? 0) / tx : null];
    }
    case 'sum':
      return m.currency ? [get(KEYS.fees_usd), get(KEYS.fees_eth)] : [get(KEYS.txcount)];
    case 'market':
      throw new Error(`${m.metric_id} is a token metric`);
  }
}

/** The series of one chain (or '*') for every period in [from, until) by `step`; periods without a value (a rate) are omitted. */
function seriesRows(m: AppMetric, facts: Map<string, Map<number, number | null>> | undefined, daa: Map<number, number> | undefined, from: number, until: number, step: number): Row[] {
  const out: Row[] = [];
  for (let p = from; p < until; p += step) {
    const r = periodRow(m, facts, daa, p);
    if (r) out.push(r);
  }
  return out;
}

function hourlySendersRows(pf: ProjectFacts, ok: string, from: number, until: number): Row[] {
  const out: Row[] = [];
  for (let h = from; h < until; h += HOUR_MS) out.push(hourlySendersRow(pf, ok, h));
  return out;
}

function firstActive(periods: Map<number, number | null> | undefined): number | null {
  let first: number | null = null;
  for (const [p, v] of periods ?? []) if (v && (first === null || p < first)) first = p;
  return first;
}

interface ChainSpan {
  origin_key: string;
  first_day: number;
  days_until: number;
  /** First published hour and the end of the chain's complete hours; from ≥ until: no hourly rows. */
  hours_from: number;
  hours_until: number;
}

/** The chains the project was ever active on, with the periods each publishes. */
function chainSpans(inputs: AppInputs, pf: ProjectFacts): ChainSpan[] {
  const out: ChainSpan[] = [];
  for (const ok of chainOrder([...pf.daily.keys()].filter((k) => k !== ALL_CHAINS))) {
    const first = firstActive(pf.daily.get(ok)?.get(KEYS.txcount));
    if (first === null) continue;
    const bounds = inputs.chainBounds.get(ok) ?? { days_until: inputs.days_until, hours_until: inputs.hours_until };
    const windowStart = bounds.hours_until - APP_HOURLY_HOURS * HOUR_MS;
    // Active before the hours kept: the hourly series starts with the window; else at its first call.
    const firstHour = first < windowStart ? windowStart : firstActive(pf.hourly.get(ok)?.get(KEYS.txcount));
    out.push({ origin_key: ok, first_day: first, days_until: bounds.days_until, hours_from: firstHour ?? bounds.hours_until, hours_until: bounds.hours_until });
  }
  return out;
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

function contractsTable(input: AppDetailsInput, checksummed: readonly string[], w: number): Table {
  const data = input.contracts.map((c, i): Row => {
    const f = input.facts.contracts.get(contractKey(c.origin_key, c.address));
    const get = (key: string): Value => {
      const v = f?.windows.get(key)?.[w];
      return v === undefined ? 0 : v;
    };
    const main = c.usage_category ? (mainCategoryOf(c.usage_category) ?? null) : null;
    // Mixed-type row: a typed table's columns are positional (CONTRACT.md section 0).
    return [checksummed[i], c.contract_name, main, c.usage_category, c.origin_key, c.verified === true, get(KEYS.txcount), get(KEYS.fees_eth), get(KEYS.fees_usd), f?.daa[w] ?? 0] as unknown as Row;
  });
  const num = (r: Row, i: number): number => (r[i] as number | null) ?? -Infinity;
  data.sort((a, b) => num(b, 7) - num(a, 7) || num(b, 6) - num(a, 6) || cmp(a[4] as unknown as string, b[4] as unknown as string) || cmp(String(a[0]).toLowerCase(), String(b[0]).toLowerCase()));
  return { types: CONTRACT_COLUMNS, data };
}

export function appDetailsJson(input: AppDetailsInput): unknown {
  const { inputs, facts } = input;
  const pf = facts.projects.get(input.owner_project);
  if (!pf) throw new Error(`app details ${input.owner_project}: no facts (no document should be built)`);
  const spans = chainSpans(inputs, pf);
  const firstDay = Math.min(...spans.map((s) => s.first_day));
  const metrics: Record<string, unknown> = {};
  const kpi_cards: Record<string, unknown> = {};
  for (const m of inputs.metrics) {
    const cols = columns(m);
    const over_time: Record<string, { daily: Table; hourly?: Table }> = {};
    const data: Record<string, Record<string, Value[]>> = {};
    let totals: Row[];
    if (m.aggregate.kind === 'market') {
      const daily = tokenRows(m, inputs, input.market);
      if (daily.length > 0) {
        over_time[TOKEN_KEY] = { daily: { types: ['unix', ...cols], data: daily } };
        data[TOKEN_KEY] = Object.fromEntries(
          APP_WINDOWS.map((name, w) => {
            const [lo, hi] = facts.windows[w]!;
            const inWindow = daily.filter((r) => r[0] >= lo && r[0] <= hi);
            return [name, cols.map((_, i) => mean(inWindow.map((r) => r[i + 1]!)))];
          }),
        );
      }
      totals = daily;
    } else {
      for (const s of spans) {
        const dailyFacts = pf.daily.get(s.origin_key);
        const daa = pf.daaDaily.get(s.origin_key);
        const entry: { daily: Table; hourly?: Table } = {
          daily: { types: ['unix', ...cols], data: seriesRows(m, dailyFacts, daa, s.first_day, s.days_until, DAY_MS) },
        };
        const hourly =
          m.aggregate.kind === 'unique'
            ? hourlySendersRows(pf, s.origin_key, s.hours_from, s.hours_until)
            : seriesRows(m, pf.hourly.get(s.origin_key), undefined, s.hours_from, s.hours_until, HOUR_MS);
        entry.hourly = { types: ['unix', ...cols], data: hourly };
        over_time[s.origin_key] = entry;
        data[s.origin_key] = Object.fromEntries(APP_WINDOWS.map((name, w) => [name, windowValue(m, pf, s.origin_key, w)]));
      }
      totals = spans.length > 0 ? seriesRows(m, pf.daily.get(ALL_CHAINS), pf.daaDaily.get(ALL_CHAINS), firstDay, inputs.days_until, DAY_MS) : [];
    }
    metrics[m.metric_id] = { metric_name: m.name, avg: m.avg, over_time, aggregated: { types: cols, data } };
    if (totals.length > 0) kpi_cards[m.metric_id] = kpiCard(cols, totals);
  }
  const first_seen = Object.fromEntries(
    [...spans].sort((a, b) => a.first_day - b.first_day || cmp(a.origin_key, b.origin_key)).map((s) => [s.origin_key, new Date(s.first_day).toISOString().slice(0, 10)]),
  );
  const tx30 = (ok: string): number => pf.windows.get(ok)?.get(KEYS.txcount)?.[W30] ?? 0;
  const chains_by_size = spans.map((s) => s.origin_key).sort((a, b) => tx30(b) - tx30(a) || cmp(a, b));
  // Once per contract, not once per window: EIP-55 hashes the address.
  const checksummed = input.contracts.map((c) => getAddress(c.address));
  const contracts_table = Object.fromEntries(APP_WINDOWS.map((name, w) => [name, contractsTable(input, checksummed, w)]));
  return { last_updated_utc: formatUtc(input.builtAt), metrics, kpi_cards, first_seen, chains_by_size, contracts_table };
}
