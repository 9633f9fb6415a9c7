// One logger factory for the whole process. JSON lines (pino) so operators can ship them;
// LOG_LEVEL picks the level; tests pass `silent`.
//
// Every logger writes through one bounded stdout buffer. pino's own stdout stream buffers
// without limit while the consumer is not reading (a stalled pipe, a paused `docker logs`), so
// a busy server would grow by every access-log line. Here the buffer holds at most
// LOG_BUFFER_BYTES; what does not fit is dropped and counted (`droppedLogLines`, published in
// /metrics), so memory stays bounded and the loss is visible.
import { pino, type DestinationStream, type Logger } from 'pino';
import sonicBoom from 'sonic-boom';
import { scrubJsonLine } from './log/secrets.js';

export type { Logger };

/** Unwritten log bytes kept while stdout is not drained; beyond this, lines are dropped. */
export const LOG_BUFFER_BYTES = 4 * 1024 * 1024;

let dropped = 0;
let stdoutDest: DestinationStream | undefined;

/** Log lines dropped because stdout did not keep up (since the process started). */
export function droppedLogLines(): number {
  return dropped;
}

function boundedStdout(): DestinationStream {
  if (!stdoutDest) {
    let exiting = false;
    // Asynchronous, so a slow consumer never blocks the event loop. While running, a full pipe
    // (EAGAIN) is retried; at exit, one best-effort flush writes what the pipe accepts and gives
    // up on the rest, so a stalled consumer can never hold the process open (pino's own
    // exit flush would retry forever).
    const dest = new sonicBoom.SonicBoom({ fd: 1, sync: false, maxLength: LOG_BUFFER_BYTES, retryEAGAIN: () => !exiting });
    dest.on('drop', (data: string) => {
      // A dropped chunk may hold several lines; count lines, not writes.
      let n = 0;
      for (let i = data.indexOf('\n'); i !== -1; i = data.indexOf('\n', i + 1)) n++;
      dropped += Math.max(n, 1);
    });
    // Write errors (EPIPE when the reader went away) must not crash the service over a log line.
    dest.on('error', () => undefined);
    process.once('exit', () => {
      exiting = true;
      try {
        dest.flushSync();
      } catch {
        // The consumer is not reading: what is left is lost, as documented.
      }
    });
    stdoutDest = dest;
  }
  return stdoutDest;
}

/**
 * `destination` replaces stdout (tests capture lines with it). Every line passes through
 * `scrubJsonLine` just before it is written: values the config loader substituted for ${NAME}
 * (src/log/secrets.ts) never reach the output, whichever message or field carried them.
 */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const opts = { level, base: { app: 'chainlytics' }, timestamp: pino.stdTimeFunctions.isoTime, hooks: { streamWrite: scrubJsonLine } };
  // A silent logger never writes: it needs no stream (and tests create many).
  return level === 'silent' ? pino(opts) : pino(opts, destination ?? boundedStdout());
}
