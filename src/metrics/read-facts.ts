// What later stages read: stored facts, how far they are complete, exact distinct counts over
// day windows, and which periods were converted without their own price. Nothing here reads
// raw transactions.
import { DAY_MS } from '../clock.js';
import type { Store } from '../store/store.js';
import { sqlString } from './sql.js';
import type { Granularity } from '../store/granularity.js';

export interface FactStatus {
  /** Exclusive end of the complete hours / days, ms. */
  hours_until: number;
  days_until: number;
}

export async function loadFactStatus(store: Store): Promise<Map<string, FactStatus>> {
  const rows = await store.query<{ origin_key: string; hours_until: bigint; days_until: bigint }>('SELECT * FROM fact_status');
  return new Map(rows.map((r) => [r.origin_key, { hours_until: Number(r.hours_until), days_until: Number(r.days_until) }]));
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
 * Facts of one chain in one query: every complete day, and the complete hours from
 * `hourlyFromMs` on. Periods at or after the complete bounds are left out (they may hold facts
 * of a rolled-back head).
 */
export async function loadChainFacts(store: Store, originKey: string, keys: readonly string[], status: FactStatus, hourlyFromMs: number): Promise<ChainFacts> {
  const out: ChainFacts = { daily: new Map(), hourly: new Map(), firstNonZeroHour: new Map(), firstHour: null };
  if (keys.length === 0) return out;
  // Hours are loaded from the start of hourlyFromMs's day, so a day without facts before that
  // proves there were no hourly facts before the loaded ones either.
  const hourlyDay = Math.floor(hourlyFromMs / DAY_MS) * DAY_MS;
  const rows = await store.query<{ metric_key: string; granularity: Granularity; period_ms: bigint; value: number | null }>(
    `SELECT metric_key, granularity, period_ms, value FROM facts
     WHERE origin_key = $1 AND metric_key IN (${keys.map(sqlString).join(', ')})
       AND ((granularity = 'daily' AND period_ms < $2) OR (granularity = 'hourly' AND period_ms >= $3 AND period_ms < $4))`,
    [originKey, status.days_until, hourlyDay, status.hours_until],
  );
  const earlierDay = new Set<string>(); // keys with a daily fact before the loaded hours
  const earlierNonZero = new Set<string>();
  for (const r of rows) {
    const p = Number(r.period_ms);
    const byKey = r.granularity === 'daily' ? out.daily : out.hourly;
    let m = byKey.get(r.metric_key);
    if (!m) byKey.set(r.metric_key, (m = new Map()));
    m.set(p, r.value);
    if (r.granularity === 'daily' && p < hourlyDay) {
      earlierDay.add(r.metric_key);
      if (r.value !== null && r.value !== 0) earlierNonZero.add(r.metric_key);
    }
  }
  // A day's facts are computed from the same blocks as its hours: a non-zero day means a
  // non-zero hour in it, and a day with facts means hours with facts.
  let firstHour = earlierDay.size > 0 ? hourlyFromMs : Infinity;
  for (const [key, m] of out.hourly) {
    let first = earlierNonZero.has(key) ? hourlyFromMs : Infinity;
    for (const [h, v] of m) {
      if (h < firstHour) firstHour = h;
      if (v !== null && v !== 0 && h < first) first = h;
    }
    if (first !== Infinity) out.firstNonZeroHour.set(key, Math.max(first, hourlyFromMs));
  }
  for (const key of earlierNonZero) if (!out.firstNonZeroHour.has(key)) out.firstNonZeroHour.set(key, hourlyFromMs);
  out.firstHour = firstHour === Infinity ? null : Math.max(firstHour, hourlyFromMs);
  return out;
}

/**
 * Exact distinct addresses over each window of days [from, to] (inclusive day starts), from the
 * per-day address sets. One filtered scan per window, batched with UNION ALL: each scan prunes
 * to its days by zone maps, which is several times faster than one range join over all windows.
 */
export async function distinctCounts(store: Store, originKey: string, windows: ReadonlyArray<readonly [number, number]>): Promise<number[]> {
  const out = new Array<number>(windows.length).fill(0);
  const BATCH = 64;
  for (let i0 = 0; i0 < windows.length; i0 += BATCH) {
    const parts = windows.slice(i0, i0 + BATCH).map(
      ([lo, hi], k) =>
        `SELECT ${i0 + k} AS id, count(DISTINCT address) AS n FROM daa_addresses WHERE origin_key = $1 AND day_ms BETWEEN ${Math.trunc(lo)} AND ${Math.trunc(hi)}`,
    );
    const rows = await store.query<{ id: number; n: bigint }>(parts.join(' UNION ALL '), [originKey]);
    for (const r of rows) out[Number(r.id)] = Number(r.n);
  }
  return out;
}

export interface PriceStatusRow {
  origin_key: string;
  granularity: Granularity;
  period_ms: number;
  asset: string;
  status: 'fallback' | 'missing';
  price_period_ms: number | null;
}

/** Periods of a chain converted without their own price, ascending. */
export async function loadPriceStatus(store: Store, originKey: string): Promise<PriceStatusRow[]> {
  const rows = await store.query<{ granularity: Granularity; period_ms: bigint; asset: string; status: 'fallback' | 'missing'; price_period_ms: bigint | null }>(
    'SELECT granularity, period_ms, asset, status, price_period_ms FROM price_status WHERE origin_key = $1 ORDER BY granularity, period_ms, asset',
    [originKey],
  );
  return rows.map((r) => ({
    origin_key: originKey,
    granularity: r.granularity,
    period_ms: Number(r.period_ms),
    asset: r.asset,
    status: r.status,
    price_period_ms: r.price_period_ms === null ? null : Number(r.price_period_ms),
  }));
}
