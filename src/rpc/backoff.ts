// Retry timing: exponential backoff with jitter, and the server's own `Retry-After` when it
// sends one. Jitter spreads the retries of many concurrent requests so they do not hit a
// recovering node in one burst.

export interface BackoffOptions {
  /** Delay before the first retry, ms. */
  baseMs: number;
  /** Upper bound of any single delay, ms. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 100, maxMs: 5_000 };

/**
 * Delay before retry number `attempt` (1 = first retry): base·2^(attempt-1), capped, then
 * "equal jitter" (half fixed, half random) so the delay never collapses to zero.
 */
export function backoffDelay(attempt: number, opts: BackoffOptions, random: () => number = Math.random): number {
  const exp = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/**
 * `Retry-After` is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). Returns ms to wait,
 * or null when absent/unreadable. `nowMs` is only needed for the date form.
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined) return null;
  const trimmed = v.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}
