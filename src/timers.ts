// Waiting, like reading the clock (clock.ts), goes through one injectable function: retries,
// backoff and rate-limit pauses ask it for a delay, so tests assert the delays that were
// requested instead of measuring how long a run took on a busy machine.
import { setTimeout as wait } from 'node:timers/promises';

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const systemSleep: Sleep = (ms, signal) => wait(ms, undefined, { signal });

/** systemSleep that does not keep the process alive, for background sweeps (connection-guard.ts). */
export const backgroundSleep: Sleep = (ms, signal) => wait(ms, undefined, { signal, ref: false });
