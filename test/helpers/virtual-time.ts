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
