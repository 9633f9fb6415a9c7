// Fault injection for one server: at a configured rate, a request is answered the way a
// struggling provider answers it. Decisions come from a seeded generator, so a failing test
// run replays the same faults.
import { Rng } from './prng.js';

export type FaultKind = 'rpc_error' | 'http_429' | 'http_5xx' | 'timeout' | 'malformed' | 'truncated';

export const FAULT_KINDS: readonly FaultKind[] = ['rpc_error', 'http_429', 'http_5xx', 'timeout', 'malformed', 'truncated'];

export interface FaultOptions {
  /** Share of HTTP requests that fail, 0..1; 0 turns faults off. */
  rate: number;
  /** Kinds to draw from (uniformly); default all. */
  kinds?: FaultKind[];
  /** Retry-After seconds sent with 429 (default 1). */
  retryAfterS?: number;
  /** How long a 'timeout' holds the connection before dropping it, ms (default 30 000). */
  timeoutMs?: number;
}

export type FaultStats = Record<FaultKind, number> & { requests: number };

export class FaultInjector {
  private rate = 0;
  private kinds: FaultKind[] = [...FAULT_KINDS];
  retryAfterS = 1;
  timeoutMs = 30_000;
  readonly stats: FaultStats = { requests: 0, rpc_error: 0, http_429: 0, http_5xx: 0, timeout: 0, malformed: 0, truncated: 0 };
  readonly rng: Rng;

  constructor(seed: number) {
    this.rng = new Rng(seed);
  }

  set(f: FaultOptions, what: string): void {
    if (typeof f !== 'object' || f === null) throw new Error(`devnet setFaults(${what}): expected {rate, kinds?, retryAfterS?, timeoutMs?}`);
    if (typeof f.rate !== 'number' || !(f.rate >= 0 && f.rate <= 1)) throw new Error(`devnet setFaults(${what}): rate must be a number in [0, 1], got ${f.rate}`);
    const kinds = f.kinds ?? [...FAULT_KINDS];
    if (!Array.isArray(kinds) || kinds.length === 0) throw new Error(`devnet setFaults(${what}): kinds must be a non-empty list of ${FAULT_KINDS.join(', ')}`);
    for (const k of kinds) {
      if (!FAULT_KINDS.includes(k)) throw new Error(`devnet setFaults(${what}): unknown fault kind ${JSON.stringify(k)} (known: ${FAULT_KINDS.join(', ')})`);
    }
    if (f.retryAfterS !== undefined && !(Number.isInteger(f.retryAfterS) && f.retryAfterS >= 0)) {
      throw new Error(`devnet setFaults(${what}): retryAfterS must be a non-negative integer, got ${f.retryAfterS}`);
    }
    if (f.timeoutMs !== undefined && !(f.timeoutMs >= 0)) throw new Error(`devnet setFaults(${what}): timeoutMs must be >= 0, got ${f.timeoutMs}`);
    this.rate = f.rate;
    this.kinds = [...kinds];
    this.retryAfterS = f.retryAfterS ?? 1;
    this.timeoutMs = f.timeoutMs ?? 30_000;
  }

  /** The fault for the next request, or null. */
  draw(): FaultKind | null {
    this.stats.requests++;
    if (this.rate === 0 || this.rng.float() >= this.rate) return null;
    const kind = this.kinds[this.rng.int(this.kinds.length)];
    this.stats[kind]++;
    return kind;
  }
}
