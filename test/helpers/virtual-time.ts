// Time that passes only when code waits: a monotonic clock and a sleep for code that takes
// both (RpcClient's `monotonic` and `sleep`). Each sleep is recorded and moves the clock by what
// it asked for, so a test asserts the delays requested, whatever the machine's load.
import type { Sleep } from '../../src/timers.js';

export class VirtualTime {
  private ms = 0;
  /** Every delay requested, in order, ms. */
  readonly sleeps: number[] = [];

  readonly monotonic = (): number => this.ms;

  readonly sleep: Sleep = async (ms, signal) => {
    signal?.throwIfAborted();
    this.sleeps.push(ms);
    this.ms += ms;
    // Yield to I/O like a real timer, so a waiting loop cannot starve the sockets it waits on.
    await new Promise((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
  };

  /** The total time waited, ms. */
  waited(): number {
    return this.sleeps.reduce((a, b) => a + b, 0);
  }
}

/** A sleep that ManualTime holds until the test fires it. */
export interface HeldSleep {
  /** The delay requested, ms. */
  readonly ms: number;
  /** Ends the sleep: the clock moves to its deadline (if not already past it) and the sleeper goes on. */
  fire(): void;
}

/**
 * Time that passes only when the test says so, for code that waits on a schedule (round pauses,
 * sweeps, deadlines) while the test drives it step by step. Each sleep is recorded and held
 * until the test fires it (`next()` hands out the oldest one still held), or until its signal
 * aborts; firing moves the monotonic clock to that sleep's deadline. The test asserts the delays
 * requested and what happened after each one fired, whatever the machine's load.
 */
export class ManualTime {
  private ms = 0;
  /** Every delay requested, in order, ms. */
  readonly requested: number[] = [];
  /** The delays of the sleeps fired, in order, ms. */
  readonly fired: number[] = [];
  /** The delays of the sleeps their signal cut short, in order, ms. */
  readonly aborted: number[] = [];
  private readonly held: HeldSleep[] = [];
  private readonly waiters: Array<(s: HeldSleep) => void> = [];

  readonly monotonic = (): number => this.ms;

  readonly sleep: Sleep = (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      this.requested.push(ms);
      const deadline = this.ms + ms;
      const release = (): boolean => {
        const i = this.held.indexOf(s);
        if (i < 0) return false;
        this.held.splice(i, 1);
        signal?.removeEventListener('abort', onAbort);
        return true;
      };
      const onAbort = (): void => {
        if (!release()) return;
        this.aborted.push(ms);
        reject(signal!.reason);
      };
      const s: HeldSleep = {
        ms,
        fire: () => {
          if (!release()) throw new Error(`the ${ms} ms sleep was already fired or aborted`);
          this.ms = Math.max(this.ms, deadline);
          this.fired.push(ms);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.held.push(s);
      this.waiters.shift()?.(s);
    });

  /** The oldest sleep still held; waits for one to be requested when none is. */
  next(): Promise<HeldSleep> {
    const s = this.held[0];
    return s ? Promise.resolve(s) : new Promise((resolve) => this.waiters.push(resolve));
  }

  /** How many sleeps are held now. */
  get holding(): number {
    return this.held.length;
  }
}
