// Per-client request quotas with bounded memory. Each client gets a fixed window that opens with
// its first request (so `t` in the RateLimit header is exact and a client's quota does not reset
// for everyone at the same instant). Windows are kept in a Map in the order they opened, so the
// oldest entries — the first to expire — sit at the head and eviction is O(1) per entry.
// When the table is full of live windows the oldest client is evicted anyway: memory stays
// bounded and that client merely gets a fresh window (fails open, never blocks an innocent one).

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Whole seconds until the window resets (at least 1). */
  resetSeconds: number;
}

interface Window {
  start: number;
  count: number;
}

/** How many expired windows one call may sweep; keeps the worst case of a request small. */
const SWEEP_PER_CALL = 64;

export class WindowRateLimiter {
  readonly #windows = new Map<string, Window>();

  constructor(
    readonly windowMs: number,
    readonly maxClients: number,
  ) {
    if (!(windowMs > 0) || !(maxClients > 0)) throw new Error('rate limiter needs windowMs > 0 and maxClients > 0');
  }

  /** Counts one request of `client` against `limit` per window at time `now` (unix ms). */
  hit(client: string, limit: number, now: number): RateDecision {
    let w = this.#windows.get(client);
    if (w !== undefined && (now - w.start >= this.windowMs || now < w.start)) {
      // Expired (or the clock went back): delete so the new window is re-inserted at the tail.
      this.#windows.delete(client);
      w = undefined;
    }
    if (w === undefined) {
      this.#makeRoom(now);
      w = { start: now, count: 0 };
      this.#windows.set(client, w);
    }
    const allowed = w.count < limit;
    if (allowed) w.count++;
    const resetSeconds = Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
    return { allowed, limit, remaining: Math.max(0, limit - w.count), resetSeconds };
  }

  /** Number of clients currently tracked. */
  get size(): number {
    return this.#windows.size;
  }

  #makeRoom(now: number): void {
    let swept = 0;
    for (const [client, w] of this.#windows) {
      const expired = now - w.start >= this.windowMs;
      if (!expired && this.#windows.size < this.maxClients) break;
      this.#windows.delete(client);
      if (++swept >= SWEEP_PER_CALL && this.#windows.size < this.maxClients) break;
    }
  }
}

/** `RateLimit-Policy` value (draft-ietf-httpapi-ratelimit-headers): "name";q=limit;w=window. */
export function rateLimitPolicyHeader(name: string, limit: number, windowSeconds: number): string {
  return `"${name}";q=${limit};w=${windowSeconds}`;
}

/** `RateLimit` value: "name";r=remaining;t=seconds-to-reset. */
export function rateLimitHeader(name: string, d: RateDecision): string {
  return `"${name}";r=${d.remaining};t=${d.resetSeconds}`;
}
