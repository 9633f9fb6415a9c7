// The JSON answers of the live routes (CONTRACT.md 12.5, and /health of 12.1), from the state a
// tick left: nothing here reads the store.
import { round } from './chain-figures.js';
import type { High } from './highs.js';
import type { HistoryPoint, TpsHistory } from './history.js';
import type { HistoryQuery } from './history-query.js';
import { isoTime } from './iso-time.js';
import type { LiveChain } from './live-chain.js';

/** After this long without a tick, /health answers 503 degraded. */
export const TICK_STALE_MS = 15_000;

function points(history: TpsHistory, q: HistoryQuery, nowMs: number): Array<{ tps: number; timestamp_ms: number; timestamp: string; is_ath: boolean }> {
  return history.newestFirst(nowMs - q.hours * 3_600_000, nowMs, q.limit).map((p: HistoryPoint) => ({
    tps: round(p.tps, 3),
    timestamp_ms: p.timestamp_ms,
    timestamp: isoTime(p.timestamp_ms),
    is_ath: p.is_ath,
  }));
}

/** /api/history: the ecosystem points, newest first, with their summary. */
export function ecosystemHistory(history: TpsHistory, q: HistoryQuery, nowMs: number, ath: High | null, high24h: High | null): string {
  const list = points(history, q, nowMs);
  let sum = 0;
  let max = list.length > 0 ? -Infinity : 0;
  let min = list.length > 0 ? Infinity : 0;
  for (const p of list) {
    sum += p.tps;
    max = Math.max(max, p.tps);
    min = Math.min(min, p.tps);
  }
  const summary = {
    total_events: list.length,
    time_range_hours: q.hours,
    avg_tps: list.length > 0 ? round(sum / list.length, 2) : 0,
    max_tps: round(max, 2),
    min_tps: round(min, 2),
    current_ath: round(ath?.value ?? 0, 1),
    current_24h_high: round(high24h?.value ?? 0, 1),
  };
  return JSON.stringify({ history: list, summary, timestamp: isoTime(nowMs) });
}

/** /api/chain/{k}/history. */
export function chainHistory(history: TpsHistory, q: HistoryQuery, nowMs: number): string {
  return JSON.stringify({ history: points(history, q, nowMs), timestamp: isoTime(nowMs) });
}

/** /api/chain/{k} for a fresh chain. */
export function chainNow(chain: LiveChain, ath: High, high24h: High, nowMs: number): string {
  return JSON.stringify({
    data: chain,
    metrics: {
      ath: ath.value,
      ath_timestamp: isoTime(ath.at_ms),
      ath_timestamp_ms: ath.at_ms,
      '24h_high': high24h.value,
      '24h_high_timestamp': isoTime(high24h.at_ms),
      '24h_high_timestamp_ms': high24h.at_ms,
    },
    timestamp: isoTime(nowMs),
  });
}

export interface HealthFigures {
  streams: number;
  max_streams: number;
  fresh_chains: number;
  total_tps: number;
  last_tick_ms_ago: number;
}

/** /health: tick-loop liveness; `ok` false after TICK_STALE_MS without a tick. */
export function liveHealth(f: HealthFigures): { ok: boolean; body: string } {
  const ok = f.last_tick_ms_ago <= TICK_STALE_MS;
  return { ok, body: JSON.stringify({ status: ok ? 'healthy' : 'degraded', ...f }) };
}
