// The limiter's window arithmetic and its memory bound.
import { describe, expect, it } from 'vitest';
import { rateLimitHeader, rateLimitPolicyHeader, WindowRateLimiter } from '../../src/server/rate-limit.js';

describe('WindowRateLimiter', () => {
  it('allows `limit` hits per window opened by the first hit', () => {
    const l = new WindowRateLimiter(60_000, 1000);
    const t0 = 1_000_000;
    const seen = Array.from({ length: 4 }, (_, i) => l.hit('a', 3, t0 + i * 1000));
    expect(seen.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(seen.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(seen.map((d) => d.resetSeconds)).toEqual([60, 59, 58, 57]);
    expect(l.hit('b', 3, t0 + 5000).allowed).toBe(true); // clients are independent
    expect(l.hit('a', 3, t0 + 59_999).allowed).toBe(false);
    const fresh = l.hit('a', 3, t0 + 60_000);
    expect(fresh).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
  });

  it('keeps at most maxClients entries under a flood of distinct clients', () => {
    const l = new WindowRateLimiter(60_000, 500);
    let max = 0;
    for (let i = 0; i < 20_000; i++) {
      l.hit(`10.0.${i >> 8}.${i & 255}`, 10, 1_000_000 + i);
      max = Math.max(max, l.size);
    }
    expect(max).toBe(500);
    expect(l.size).toBe(500);
    // The newest client is tracked (eviction took the oldest), so its quota holds.
    expect(l.hit('10.0.78.31', 2, 1_020_000).allowed).toBe(true); // its first hit is remembered: 2 of 2
    expect(l.hit('10.0.78.31', 2, 1_020_001).allowed).toBe(false);
  });

  it('sweeps expired windows before they are needed', () => {
    const l = new WindowRateLimiter(60_000, 10_000);
    for (let i = 0; i < 1000; i++) l.hit(`c${i}`, 10, 0);
    expect(l.size).toBe(1000);
    for (let i = 0; i < 20; i++) l.hit(`late${i}`, 10, 120_000);
    expect(l.size).toBe(20); // all 1000 expired ones were swept within 20 calls of 64 each
  });

  it('formats the IETF headers', () => {
    expect(rateLimitPolicyHeader('apps', 10, 60)).toBe('"apps";q=10;w=60');
    expect(rateLimitHeader('apps', { allowed: true, limit: 10, remaining: 7, resetSeconds: 42 })).toBe('"apps";r=7;t=42');
  });
});
