// What later stages read: stored facts, how far they are complete, exact distinct counts over
// day windows, and which periods were converted without their own price. Nothing here reads
// raw transactions.
import type { Store } from '../store/store.js';
import { sqlString } from './convert-money.js';
import type { Granularity } from './definition.js';

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
  /** Per key, the first hour with a non-zero value in all history (null when none). */
  firstNonZeroHour: Map<string, number>;
  /** First hour with any fact (the chain's first ingested hour), null when none. */
  firstHour: number | null;
}

/**
 * Facts of one chain: every complete day, and hours from `hourlyFromMs` on. Periods at or
 * after the complete bounds are left out (they may hold facts of a rolled-back head).
 */
export async function loadChainFacts(store: Store, originKey: string, keys: readonly string[], status: FactStatus, hourlyFromMs: number): Promise<ChainFacts> {
  const out: ChainFacts = { daily: new Map(), hourly: new Map(), firstNonZeroHour: new Map(), firstHour: null };
  if (keys.length === 0) return out;
  const keyList = keys.map(sqlString).join(', ');
  const rows = await store.query<{ metric_key: string; granularity: Granularity; period_ms: bigint; value: number | null }>(
    `SELECT metric_key, granularity, period_ms, value FROM facts
     WHERE origin_key = $1 AND metric_key IN (${keyList})
       AND ((granularity = 'daily' AND period_ms < $2) OR (granularity = 'hourly' AND period_ms >= $3 AND period_ms < $4))`,
    [originKey, status.days_until, hourlyFromMs, status.hours_until],
  );
  for (const r of rows) {
    const byKey = r.granularity === 'daily' ? out.daily : out.hourly;
    let m = byKey.get(r.metric_key);
    if (!m) byKey.set(r.metric_key, (m = new Map()));
    m.set(Number(r.period_ms), r.value);
  }
  const firsts = await store.query<{ metric_key: string; p: bigint }>(
    `SELECT metric_key, min(period_ms) AS p FROM facts
     WHERE origin_key = $1 AND granularity = 'hourly' AND metric_key IN (${keyList}) AND value <> 0 AND period_ms < $2
     GROUP BY metric_key`,
    [originKey, status.hours_until],
  );
  for (const f of firsts) out.firstNonZeroHour.set(f.metric_key, Number(f.p));
  const first = await store.query<{ p: bigint | null }>(`SELECT min(period_ms) AS p FROM facts WHERE origin_key = $1 AND granularity = 'hourly'`, [originKey]);
  out.firstHour = first[0]?.p === null || first[0]?.p === undefined ? null : Number(first[0].p);
  return out;
}

/**
 * Exact distinct addresses over each window of days [from, to] (inclusive day starts), in one
 * query over the per-day address sets.
 */
export async function distinctCounts(store: Store, originKey: string, windows: ReadonlyArray<readonly [number, number]>): Promise<number[]> {
  if (windows.length === 0) return [];
  const values = windows.map(([lo, hi], i) => `(${i}, ${Math.trunc(lo)}, ${Math.trunc(hi)})`).join(',');
  const rows = await store.query<{ id: number; n: bigint }>(
    `WITH w(id, lo, hi) AS (VALUES ${values})
     SELECT w.id, count(DISTINCT a.address) AS n
     FROM w LEFT JOIN daa_addresses a ON a.origin_key = $1 AND a.day_ms >= w.lo AND a.day_ms <= w.hi
     GROUP BY w.id`,
    [originKey],
  );
  const out = new Array<number>(windows.length).fill(0);
  for (const r of rows) out[Number(r.id)] = Number(r.n);
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
