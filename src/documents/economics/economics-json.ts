// The shape of /v1/economics.json (CONTRACT.md 11.1) from the listed chains' days
// (economics-days.ts): window figures per chain and in total, each chain's daily and monthly
// revenue/costs/profit, and the all_l2s carousel over the last 720 days.
import { DAY_MS } from '../../clock.js';
import { formatUtc, monthStart } from '../../metrics/calendar.js';
import { DAILY_CHANGE_WINDOWS } from '../../metrics/changes.js';
import type { ChainMetric } from '../../metrics/definition.js';
import { ALL_L2S } from '../metric-detail/all-l2s.js';
import { MONEY, type ChainEconomics, type Currency, type Money } from './economics-days.js';

/**
 * The page's windows: days counted back from the chain's last complete day (the same six as a
 * metric detail's daily changes, section 1), then max = every day listed.
 */
export const ECONOMICS_WINDOWS: ReadonlyArray<readonly [string, number | null]> = [...DAILY_CHANGE_WINDOWS, ['max', null]];
/** Days of the all_l2s carousel (11.1). */
export const CAROUSEL_DAYS = 720;

type Pair = [number, number];
type Row = [number, number, number];
const TYPES = ['usd', 'eth'];
const SERIES_TYPES = ['unix', 'usd', 'eth'];

/** Window sums of one chain, or of several added together. */
interface Sums {
  money: Record<Money, Record<Currency, number>>;
  size: number;
}

const zeroSums = (): Sums => ({ money: { revenue: { usd: 0, eth: 0 }, costs: { usd: 0, eth: 0 }, costs_blobs: { usd: 0, eth: 0 } }, size: 0 });

function addSums(to: Sums, from: Sums): void {
  for (const m of MONEY) for (const c of ['usd', 'eth'] as const) to.money[m][c] += from.money[m][c];
  to.size += from.size;
}

/** A chain's sums over its last `days` days (all of them for null). */
function windowSums(c: ChainEconomics, days: number | null): Sums {
  const out = zeroSums();
  const from = days === null ? 0 : Math.max(0, c.days.length - days);
  for (let i = from; i < c.days.length; i++) {
    for (const m of MONEY) for (const cur of ['usd', 'eth'] as const) out.money[m][cur] += c.money[m][cur][i]!;
    out.size += c.size[i]!;
  }
  return out;
}

/** profit ÷ revenue in ETH, a fraction capped at 1 (a loss may go below −1); 0 without revenue. */
export function profitMargin(revenueEth: number, profitEth: number): number {
  return revenueEth === 0 ? 0 : Math.min(1, profitEth / revenueEth);
}

const pair = (x: Record<Currency, number>): Pair => [x.usd, x.eth];

/** W of 11.1; `split` adds the costs' L1 and blob parts (each chain's windows, not the totals). */
function windowJson(s: Sums, split: boolean): Record<string, unknown> {
  const { revenue, costs, costs_blobs } = s.money;
  const profit = { usd: revenue.usd - costs.usd, eth: revenue.eth - costs.eth };
  return {
    revenue: { types: TYPES, total: pair(revenue) },
    costs: {
      types: TYPES,
      total: pair(costs),
      ...(split ? { costs_l1: [costs.usd - costs_blobs.usd, costs.eth - costs_blobs.eth], costs_blobs: pair(costs_blobs) } : {}),
    },
    profit: { types: TYPES, total: pair(profit) },
    profit_margin: { types: ['percentage'], total: [profitMargin(revenue.eth, profit.eth)] },
    size: { types: ['bytes'], total: [s.size] },
  };
}

/** Daily rows of one figure: a function of the day's index, over consecutive days. */
function dailyRows(days: readonly number[], at: (i: number) => Pair): Row[] {
  return days.map((d, i) => [d, ...at(i)]);
}

/** Calendar-month sums of daily rows, oldest first: the first and last months may be partial. */
export function monthlyRows(daily: readonly Row[]): Row[] {
  const out: Row[] = [];
  for (const [d, usd, eth] of daily) {
    const m = monthStart(d);
    const last = out[out.length - 1];
    if (last && last[0] === m) {
      last[1] += usd;
      last[2] += eth;
    } else out.push([m, usd, eth]);
  }
  return out;
}

const table = (data: Row[]) => ({ types: SERIES_TYPES, data });

/** The revenue, costs and profit of each day, from per-index figures. */
function threeSeries(days: readonly number[], money: (m: Money, c: Currency, i: number) => number) {
  const at = (m: Money) => (i: number): Pair => [money(m, 'usd', i), money(m, 'eth', i)];
  const revenue = dailyRows(days, at('revenue'));
  const costs = dailyRows(days, at('costs'));
  const blobs = dailyRows(days, at('costs_blobs'));
  const profit = revenue.map((r, i): Row => [r[0], r[1] - costs[i]![1], r[2] - costs[i]![2]]);
  const l1 = costs.map((r, i): Row => [r[0], r[1] - blobs[i]![1], r[2] - blobs[i]![2]]);
  return { revenue, costs, profit, blobs, l1 };
}

function chainJson(c: ChainEconomics): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, days] of ECONOMICS_WINDOWS) out[name] = windowJson(windowSums(c, days), true);
  const s = threeSeries(c.days, (m, cur, i) => c.money[m][cur][i]!);
  out.daily = { revenue: table(s.revenue), costs: table(s.costs), profit: table(s.profit) };
  out.monthly = { revenue: table(monthlyRows(s.revenue)), costs: table(monthlyRows(s.costs)), profit: table(monthlyRows(s.profit)) };
  return out;
}

/**
 * The carousel's days: the last 720 days up to the earliest end among the listed chains (a
 * lagging chain holds the sum back instead of making its last day look like a drop, as
 * section 8's all_l2s does), each the sum of the chains' own daily figures (0 outside a chain's days).
 */
function carouselDays(chains: readonly ChainEconomics[]): { days: number[]; money: (m: Money, c: Currency, i: number) => number } {
  const end = Math.min(...chains.map((c) => c.days[c.days.length - 1]! + DAY_MS));
  const days: number[] = [];
  for (let d = end - CAROUSEL_DAYS * DAY_MS; d < end; d += DAY_MS) days.push(d);
  const sums = Object.fromEntries(MONEY.map((m) => [m, { usd: days.map(() => 0), eth: days.map(() => 0) }])) as Record<Money, Record<Currency, number[]>>;
  for (const c of chains) {
    const offset = Math.round((c.days[0]! - days[0]!) / DAY_MS);
    for (let i = 0; i < c.days.length; i++) {
      const j = offset + i;
      if (j < 0 || j >= days.length) continue;
      for (const m of MONEY) for (const cur of ['usd', 'eth'] as const) sums[m][cur][j] += c.money[m][cur][i]!;
    }
  }
  return { days, money: (m, cur, i) => sums[m][cur][i]! };
}

/** The metric names and source names the carousel shows, from master.json's metrics. */
export interface CarouselLabels {
  fees: ChainMetric;
  rent_paid: ChainMetric;
  profit: ChainMetric;
}

function carouselJson(chains: readonly ChainEconomics[], labels: CarouselLabels) {
  const { days, money } = carouselDays(chains);
  const s = threeSeries(days, money);
  const l = (name: string, source: readonly string[], daily: Row[]) => ({
    metric_name: name,
    source: [...source],
    avg: 'true',
    daily: table(daily),
    monthly: table(monthlyRows(daily)),
  });
  // Exactly these keys in this order: the page colours each by key and crashes on any other.
  return {
    fees: l(labels.fees.name, labels.fees.source_names, s.revenue),
    costs: {
      costs_l1: l('L1 Costs', labels.rent_paid.source_names, s.l1),
      costs_blobs: l('Blobs', labels.rent_paid.source_names, s.blobs),
    },
    profit: l(labels.profit.name, labels.profit.source_names, s.profit),
  };
}

/** The document; `chains` is non-empty (without a listed chain there is no document). */
export function economicsJson(chains: readonly ChainEconomics[], labels: CarouselLabels, builtAt: number): unknown {
  const breakdown: Record<string, unknown> = {};
  for (const c of chains) breakdown[c.origin_key] = chainJson(c);
  const totals: Record<string, unknown> = {};
  for (const [name, days] of ECONOMICS_WINDOWS) {
    const sum = zeroSums();
    for (const c of chains) addSums(sum, windowSums(c, days));
    totals[name] = windowJson(sum, false);
  }
  breakdown.totals = totals;
  return {
    data: {
      all_l2s: { chain_id: ALL_L2S, chain_name: 'All L2s', metrics: carouselJson(chains, labels) },
      chain_breakdown: breakdown,
      // Typed by the reference UI, read nowhere.
      da_charts: {},
    },
    last_updated_utc: formatUtc(builtAt),
  };
}
