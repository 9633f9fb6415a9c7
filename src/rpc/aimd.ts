// Adaptive concurrency per endpoint (AIMD, as in TCP congestion control): the number of
// requests in flight grows by one per "window" of successes while the node is healthy and is
// halved on a sign of overload (429, timeout). The limit is a float; floor(limit) slots exist.

export interface AimdOptions {
  initial: number;
  min: number;
  max: number;
}

export const DEFAULT_AIMD: AimdOptions = { initial: 4, min: 1, max: 32 };

export class AimdLimiter {
  private limitValue: number;
  private inflight = 0;
  private readonly waiters: Array<() => void> = [];
  /** Tickets are handed out in order; a decrease only counts for requests started after the last one. */
  private issued = 0;
  private lastDecreaseTicket = 0;

  constructor(private readonly opts: AimdOptions) {
    if (!(opts.min >= 1 && opts.min <= opts.initial && opts.initial <= opts.max)) {
      throw new Error(`concurrency: need 1 <= min (${opts.min}) <= initial (${opts.initial}) <= max (${opts.max})`);
    }
    this.limitValue = opts.initial;
  }

  get limit(): number {
    return this.limitValue;
  }

  get inFlight(): number {
    return this.inflight;
  }

  /** Load relative to capacity, used to spread work over endpoints. */
  get load(): number {
    return this.inflight / Math.floor(this.limitValue);
  }

  /** Wait for a slot; the returned ticket is passed back to `onCongestion`. */
  async acquire(): Promise<number> {
    while (this.inflight >= Math.floor(this.limitValue)) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    this.inflight++;
    return ++this.issued;
  }

  release(): void {
    this.inflight--;
    this.wake();
  }

  /** Additive increase: +1 slot after `limit` successes. */
  onSuccess(): void {
    const before = Math.floor(this.limitValue);
    this.limitValue = Math.min(this.opts.max, this.limitValue + 1 / this.limitValue);
    if (Math.floor(this.limitValue) > before) this.wake();
  }

  /**
   * Multiplicative decrease. Requests that were already in flight when the limit was last
   * halved report the same overload again; counting them would collapse the limit to min.
   */
  onCongestion(ticket: number): void {
    if (ticket <= this.lastDecreaseTicket) return;
    this.limitValue = Math.max(this.opts.min, this.limitValue / 2);
    this.lastDecreaseTicket = this.issued;
  }

  private wake(): void {
    let free = Math.floor(this.limitValue) - this.inflight;
    while (free-- > 0 && this.waiters.length > 0) this.waiters.shift()!();
  }
}
