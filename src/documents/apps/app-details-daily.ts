// The part of an application detail document (CONTRACT.md section 4) that depends only on daily
// data: per chain metric the daily series of each chain, `aggregated` and the KPI card over the
// cross-chain totals; first_seen, chains_by_size and the contracts tables. Its hourly series,
// token metrics and last_updated_utc are made in app-details-json.ts.
import { DAY_MS } from '../../clock.js';
import { cmp, type AppContract, type AppInputs } from '../../metrics/app-inputs.js';
import type { AppMetric } from '../../metrics/definition.js';
import { mainCategoryOf } from '../../registry/categories.js';
import { APP_WINDOWS, KEYS } from './app-facts.js';
import { ALL_CHAINS, contractKey, type AppFacts, type ProjectFacts } from './app-fact-shapes.js';
import { columns, firstActive, seriesRows, windowAt, windowValue, type Row, type Table, type Value } from './app-details-rows.js';
import { checksumAddress } from './checksum-address.js';
import { kpiCard } from '../kpi-card.js';
import { chainOrder } from '../master/master-chains.js';

const W30 = APP_WINDOWS.indexOf('30d');

export const CONTRACT_COLUMNS = ['address', 'name', 'main_category_key', 'sub_category_key', 'origin_key', 'verified', 'txcount', 'fees_paid_eth', 'fees_paid_usd', 'daa'];

/** A chain the project was ever active on, with the days it publishes: [first_day, days_until). */
export interface DailySpan {
  origin_key: string;
  first_day: number;
  days_until: number;
}

export interface MetricDaily {
  /** The daily table of each span, in span order. */
  daily: Table[];
  aggregated: { types: string[]; data: Record<string, Record<string, Value[]>> };
  /** The KPI card over the cross-chain daily totals; undefined without any. */
  kpi: unknown;
}

/**
 * The daily part of a document, each piece as `T`: its value (DailyFragment), or the bytes of
 * its value kept from an earlier build, or the slot those bytes go in (app-details-body.ts).
 */
export interface DailyParts<T> {
  /** In chain order. */
  spans: DailySpan[];
  /** One per entry of `inputs.metrics`; null for a token metric (made from market rows every build). */
  metrics: Array<{ daily: T[]; aggregated: T; kpi: T | undefined } | null>;
  first_seen: T;
  chains_by_size: T;
  contracts_table: T;
}

export type DailyFragment = DailyParts<unknown> & { metrics: Array<MetricDaily | null> };

function dailySpans(inputs: AppInputs, pf: ProjectFacts): DailySpan[] {
  const out: DailySpan[] = [];
  for (const ok of chainOrder([...pf.daily.keys()].filter((k) => k !== ALL_CHAINS))) {
    const first = firstActive(pf.daily.get(ok)?.get(KEYS.txcount));
    if (first === null) continue;
    out.push({ origin_key: ok, first_day: first, days_until: inputs.chainBounds.get(ok)?.days_until ?? inputs.days_until });
  }
  return out;
}

function metricDaily(m: AppMetric, inputs: AppInputs, pf: ProjectFacts, spans: readonly DailySpan[]): MetricDaily {
  const cols = columns(m);
  const types = ['unix', ...cols];
  const daily: Table[] = [];
  const data: Record<string, Record<string, Value[]>> = {};
  for (const s of spans) {
    daily.push({ types, data: seriesRows(m, pf.daily.get(s.origin_key), pf.daaDaily.get(s.origin_key), s.first_day, s.days_until, DAY_MS) });
    const windows: Record<string, Value[]> = {};
    for (let w = 0; w < APP_WINDOWS.length; w++) windows[APP_WINDOWS[w]!] = windowValue(m, pf, s.origin_key, w);
    data[s.origin_key] = windows;
  }
  let firstDay = Infinity;
  for (const s of spans) if (s.first_day < firstDay) firstDay = s.first_day;
  const totals = spans.length > 0 ? seriesRows(m, pf.daily.get(ALL_CHAINS), pf.daaDaily.get(ALL_CHAINS), firstDay, inputs.days_until, DAY_MS) : [];
  return { daily, aggregated: { types: cols, data }, kpi: totals.length > 0 ? kpiCard(cols, totals) : undefined };
}

const num = (r: Row, i: number): number => (r[i] as number | null) ?? -Infinity;

/** The contracts tables, one per window: by fees (ETH), then transactions, chain and address. */
function contractsTables(contracts: readonly AppContract[], facts: AppFacts): Record<string, Table> {
  const checksummed = contracts.map((c) => checksumAddress(c.address));
  const lower = checksummed.map((a) => a.toLowerCase());
  const own = contracts.map((c) => facts.contracts.get(contractKey(c.origin_key, c.address)));
  const main = contracts.map((c) => (c.usage_category ? (mainCategoryOf(c.usage_category) ?? null) : null));
  const out: Record<string, Table> = {};
  for (let w = 0; w < APP_WINDOWS.length; w++) {
    const rows = contracts.map((c, i): Row => {
      const f = own[i];
      // Mixed-type row: a typed table's columns are positional (CONTRACT.md section 0).
      return [
        checksummed[i],
        c.contract_name,
        main[i],
        c.usage_category,
        c.origin_key,
        c.verified === true,
        windowAt(f?.windows, KEYS.txcount, w),
        windowAt(f?.windows, KEYS.fees_eth, w),
        windowAt(f?.windows, KEYS.fees_usd, w),
        f?.daa[w] ?? 0,
      ] as unknown as Row;
    });
    // Indexes sorted (stable, from the contracts' order), so the address key is made once per contract.
    const order = rows.map((_, i) => i);
    order.sort((a, b) => {
      const ra = rows[a]!;
      const rb = rows[b]!;
      return num(rb, 7) - num(ra, 7) || num(rb, 6) - num(ra, 6) || cmp(contracts[a]!.origin_key, contracts[b]!.origin_key) || cmp(lower[a]!, lower[b]!);
    });
    out[APP_WINDOWS[w]!] = { types: CONTRACT_COLUMNS, data: order.map((i) => rows[i]!) };
  }
  return out;
}

/** Everything of a project's document that depends only on daily data (see the file comment). */
export function dailyFragment(inputs: AppInputs, facts: AppFacts, pf: ProjectFacts, contracts: readonly AppContract[]): DailyFragment {
  const spans = dailySpans(inputs, pf);
  const metrics = inputs.metrics.map((m) => (m.aggregate.kind === 'market' ? null : metricDaily(m, inputs, pf, spans)));
  const first_seen = Object.fromEntries(
    [...spans].sort((a, b) => a.first_day - b.first_day || cmp(a.origin_key, b.origin_key)).map((s) => [s.origin_key, new Date(s.first_day).toISOString().slice(0, 10)]),
  );
  const tx30 = (ok: string): number => pf.windows.get(ok)?.get(KEYS.txcount)?.[W30] ?? 0;
  const chains_by_size = spans.map((s) => s.origin_key).sort((a, b) => tx30(b) - tx30(a) || cmp(a, b));
  return { spans, metrics, first_seen, chains_by_size, contracts_table: contractsTables(contracts, facts) };
}
