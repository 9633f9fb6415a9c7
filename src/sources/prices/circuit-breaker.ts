// A circuit breaker for one price source. While a source is down (refused, black-holed, 5xx)
// asking it again every round only costs time: after a failure the source is skipped until a
// cool-down passes, and each failed probe doubles the cool-down up to a ceiling. The outage is
// logged once when it starts and once when the source answers again, not on every probe.
import { performance } from 'node:perf_hooks';
import type { Logger } from '../../log.js';

export interface CircuitBreakerOptions {
  /** Names the source in the two log lines (e.g. the base URL without its key). */
  name: string;
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** First cool-down after a failure, ms. Default 30 000. */
  baseCooldownMs?: number;
  /** Longest cool-down, ms. Default 30 min. */
  maxCooldownMs?: number;
  /** Monotonic ms; injectable for tests. Default performance.now. */
  monotonic?: () => number;
}

export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;
  private downSince: number | null = null;
  private readonly base: number;
  private readonly max: number;
  private readonly now: () => number;

  constructor(private readonly opts: CircuitBreakerOptions) {
    this.base = opts.baseCooldownMs ?? 30_000;
    this.max = opts.maxCooldownMs ?? 30 * 60_000;
    this.now = opts.monotonic ?? (() => performance.now());
  }

  /** True when a call may go out: the source is up, or its cool-down has passed (a probe). */
  ready(): boolean {
    return this.now() >= this.openUntil;
  }

  /** Ms until the next probe (0 when ready). */
  waitMs(): number {
    return Math.max(0, this.openUntil - this.now());
  }

  get isOpen(): boolean {
    return this.failures > 0;
  }

  succeeded(): void {
    if (this.failures > 0) {
      const downMs = this.downSince === null ? null : Math.round(this.now() - this.downSince);
      this.opts.logger?.info({ source: this.opts.name, failed_probes: this.failures, down_ms: downMs }, 'price source recovered');
    }
    this.failures = 0;
    this.openUntil = 0;
    this.downSince = null;
  }

  failed(err: Error): void {
    if (this.failures === 0) {
      this.downSince = this.now();
      this.opts.logger?.warn(
        { source: this.opts.name, err: err.message, retry_in_ms: this.base },
        'price source unreachable: skipped until it answers again (probed with a growing pause; its recovery is logged)',
      );
    }
    const cooldown = Math.min(this.max, this.base * 2 ** Math.min(this.failures, 20));
    this.failures++;
    this.openUntil = this.now() + cooldown;
  }
}
