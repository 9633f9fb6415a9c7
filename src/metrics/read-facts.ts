// What later stages read: stored facts, how far they are complete, exact distinct counts over
// day windows, and which periods were converted without their own price. Nothing here reads
// raw transactions.
import { DAY_MS } from '../clock.js';
import { chainSubject, type FactStatus } from '../store/facts.js';
import type { PriceStatusRow } from '../store/prices.js';
import type { Store } from '../store/store.js';

export type { FactStatus } from '../store/facts.js';
export type { PriceStatusRow } from '../store/prices.js';

export async function loadFactStatus(store: Store): Promise<Map<string, FactStatus>> {
  return store.factStatus();
}

/** metric_key → period_ms → value (null = computed but undefined). */
export type FactMap = Map<string, Map<number, number | null>>;

export interface ChainFacts {
  daily: FactMap;
  hourly: FactMap;
  /**
   * Per key, the first hour with a non-zero value, or `hourlyFromMs` when the key had non-zero
   * values before the loaded hours (absent: never non-zero).
   */
  firstNonZeroHour: Map<string, number>;
  /** First hour with any fact (or `hourlyFromMs` when there were earlier ones), null when none. */
  firstHour: number | null;
}

/**
 * What a chain's facts hold of its complete days, as loadChainFacts read them: kept by a process
 * that builds round after round (documents/daily-facts-cache.ts) and given back to
 * loadChainFacts, which then reads the hours only. Never changed once read.
 */
export interface DailyFacts {
  daily: FactMap;
  /** The day start the hourly facts were loaded from; the two sets below are of days before it. */
  hourlyDay: number;
  /** Keys with a daily fact before hourlyDay. */
  earlierDay: ReadonlySet<string>;
  /** Keys with a non-zero daily fact before hourlyDay. */
  earlierNonZero: ReadonlySet<string>;
}

/**
 * Facts of one chain in one query: every complete day, and the complete hours from
 * `hourlyFromMs` on. Periods at or after the complete bounds are left out (they may hold facts
 * of a rolled-back head). Given `kept` (the daily part of an earlier call with the same keys,
 * days_until and hourly day, whose facts are known to be unchanged), only the hours are read and
 * the result's `daily` is kept's own map.
 */
export async function loadChainFacts(
  store: Store,
  originKey: string,
  keys: readonly string[],
  status: FactStatus,
  hourlyFromMs: number,
  kept?: DailyFacts,
): Promise<ChainFacts & { dailyPart: DailyFacts }> {
  // Hours are loaded from the start of hourlyFromMs's day, so a day without facts before that
  // proves there were no hourly facts before the loaded ones either.
  const hourlyDay = Math.floor(hourlyFromMs / DAY_MS) * DAY_MS;
  const reuse = kept !== undefined && kept.hourlyDay === hourlyDay;
  const daily: FactMap = reuse ? kept.daily : new Map();
  const out: ChainFacts = { daily, hourly: new Map(), firstNonZeroHour: new Map(), firstHour: null };
  const earlierDay = new Set<string>(); // keys with a daily fact before the loaded hours
  const earlierNonZero = new Set<string>();
  if (keys.length === 0) return { ...out, dailyPart: { daily, hourlyDay, earlierDay, earlierNonZero } };
  const rows = await store.readFacts({
    subject: chainSubject(originKey),
    keys,
    days_until: reuse ? 0 : status.days_until,
    hours_from: hourlyDay,
    hours_until: status.hours_until,
  });
  for (const r of rows) {
    const p = r.period_ms;
    const byKey = r.granularity === 'daily' ? out.daily : out.hourly;
    let m = byKey.get(r.metric_key);
    if (!m) byKey.set(r.metric_key, (m = new Map()));
    m.set(p, r.value);
    if (r.granularity === 'daily' && p < hourlyDay) {
      earlierDay.add(r.metric_key);
      if (r.value !== null && r.value !== 0) earlierNonZero.add(r.metric_key);
    }
  }
  const dailyPart = reuse ? kept : { daily, hourlyDay, earlierDay, earlierNonZero };
  // A day's facts are computed from the same blocks as its hours: a non-zero day means a
  // non-zero hour in it, and a day with facts means hours with facts.
  let firstHour = dailyPart.earlierDay.size > 0 ? hourlyFromMs : Infinity;
  for (const [key, m] of out.hourly) {
    let first = dailyPart.earlierNonZero.has(key) ? hourlyFromMs : Infinity;
    for (const [h, v] of m) {
      if (h < firstHour) firstHour = h;
      if (v !== null && v !== 0 && h < first) first = h;
    }
    if (first !== Infinity) out.firstNonZeroHour.set(key, Math.max(first, hourlyFromMs));
  }
  for (const key of dailyPart.earlierNonZero) if (!out.firstNonZeroHour.has(key)) out.firstNonZeroHour.set(key, hourlyFromMs);
  out.firstHour = firstHour === Infinity ? null : Math.max(firstHour, hourlyFromMs);
  return { ...out, dailyPart };
}

/**
 * Exact distinct addresses of the chain's address set `setKey` (declared by the metric that
 * counts it) over each window of days [from, to] (inclusive day starts).
 */
export function distinctCounts(store: Store, originKey: string, setKey: string, windows: ReadonlyArray<readonly [number, number]>): Promise<number[]> {
  return store.distinctCounts(setKey, chainSubject(originKey), windows);
}

/** Periods of a chain converted without their own price, ascending. */
export function loadPriceStatus(store: Store, originKey: string): Promise<PriceStatusRow[]> {
  return store.priceStatus(originKey);
}
