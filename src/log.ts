// One logger factory for the whole process. JSON lines (pino) so operators can ship them, or,
// on a terminal, short human lines (log/pretty-line.ts) written above the live progress block
// (log/live-block.ts). The level and format come from configureLogging (the CLI's --log-level
// and --log-format, checked in src/registry/log-settings.ts), else LOG_LEVEL; tests pass `silent`.
//
// Every logger writes through one stdout writer, chosen by what stdout is. A pipe, socket or
// terminal gets a bounded asynchronous buffer: pino's own stdout stream buffers without limit
// while the consumer is not reading (a stalled pipe, a paused `docker logs`), so a busy server
// would grow by every access-log line. Here the buffer holds at most LOG_BUFFER_BYTES; what does
// not fit is dropped and counted (`droppedLogLines`, published in /metrics), so memory stays
// bounded and the loss is visible. A regular file gets synchronous batched writes, which lose
// nothing (fileStdout).
import { fstatSync } from 'node:fs';
import { pino, type DestinationStream, type Logger } from 'pino';
import sonicBoom from 'sonic-boom';
import { countLines, FileLines } from './log/file-lines.js';
import { liveBlock } from './log/live-block.js';
import { prettyLine } from './log/pretty-line.js';
import { scrubJsonLine, scrubSecrets } from './log/secrets.js';

export type { Logger };

/** Unwritten log bytes kept while stdout (a pipe) is not drained; beyond this, lines are dropped. */
export const LOG_BUFFER_BYTES = 4 * 1024 * 1024;
/** stdout a file: lines written together, and at the latest after FILE_FLUSH_MS. */
const FILE_BATCH_BYTES = 64 * 1024;
const FILE_FLUSH_MS = 250;

let dropped = 0;
let stdoutDest: DestinationStream | undefined;

/** Log lines dropped because stdout did not keep up (since the process started). */
export function droppedLogLines(): number {
  return dropped;
}

/** Whether stdout is a regular file (`> file`, systemd `StandardOutput=append:`), not a pipe, socket or terminal. */
function stdoutIsFile(): boolean {
  try {
    return fstatSync(1).isFile();
  } catch {
    return false;
  }
}

function boundedStdout(): DestinationStream {
  stdoutDest ??= stdoutIsFile() ? fileStdout() : pipeStdout();
  return stdoutDest;
}

/**
 * stdout is a file: every line is written, synchronously (log/file-lines.ts). Written
 * asynchronously, lines waited for libuv's thread pool, and while the pool was busy (or the disk
 * slow) the bounded buffer filled and lines were dropped (issue 23, item 8).
 */
function fileStdout(): DestinationStream {
  const dest = new FileLines({
    fd: 1,
    batchBytes: FILE_BATCH_BYTES,
    flushMs: FILE_FLUSH_MS,
    maxPendingBytes: LOG_BUFFER_BYTES,
    onDrop: (lines) => (dropped += lines),
  });
  process.once('exit', () => dest.flushSync());
  return dest;
}

/** stdout is a pipe, socket or terminal: a bounded asynchronous buffer; what does not fit is dropped and counted. */
function pipeStdout(): DestinationStream {
  let exiting = false;
  // Asynchronous, so a slow consumer never blocks the event loop. While running, a full pipe
  // (EAGAIN) is retried; at exit, one best-effort flush writes what the pipe accepts and gives
  // up on the rest, so a stalled consumer can never hold the process open (pino's own
  // exit flush would retry forever).
  const dest = new sonicBoom.SonicBoom({ fd: 1, sync: false, maxLength: LOG_BUFFER_BYTES, retryEAGAIN: () => !exiting });
  dest.on('drop', (data: string) => (dropped += countLines(data)));
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
  return dest;
}

/** `auto`: pretty when stdout is a terminal, JSON otherwise. */
export type LogFormatChoice = 'auto' | 'pretty' | 'json';

let chosen: { level?: string; format: LogFormatChoice } = { format: 'auto' };
let prettyDest: DestinationStream | undefined;

/** The process's level and format, set once by the command before anything logs. */
export function configureLogging(settings: { level?: string; format: LogFormatChoice }): void {
  chosen = { ...settings };
}

/** The format loggers without a destination write in. */
export function logFormat(): 'pretty' | 'json' {
  if (chosen.format !== 'auto') return chosen.format;
  return process.stdout.isTTY ? 'pretty' : 'json';
}

/**
 * Human lines for a person, handed to `write`. The JSON line is scrubbed first (the logger's
 * hook), then its text again once formatted: a value that only reads as a secret once unescaped
 * is caught too.
 */
export function prettyDestination(write: (text: string) => void, color: boolean): DestinationStream {
  return { write: (line: string) => write(scrubSecrets(prettyLine(line, color))) };
}

/**
 * Human lines on stdout. On a terminal a line is written at once (a TTY write is synchronous),
 * through the live block while one is shown: a line still queued in an asynchronous buffer when
 * the bars are first drawn would land inside them. Anywhere else (--log-format pretty into a
 * pipe or file) through the bounded stdout.
 */
function prettyStdout(): DestinationStream {
  const tty = process.stdout.isTTY === true;
  prettyDest ??= prettyDestination((text) => {
    if (!tty) return void boundedStdout().write(text);
    const block = liveBlock();
    if (block) block.writeAbove(text);
    else process.stdout.write(text);
  }, tty && process.stdout.hasColors());
  return prettyDest;
}

/**
 * `destination` replaces stdout (tests capture lines with it). Every line passes through
 * `scrubJsonLine` just before it is written: values the config loader substituted for ${NAME}
 * (src/log/secrets.ts) never reach the output, whichever message or field carried them.
 */
export function createLogger(level: string = chosen.level ?? process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const opts = { level, base: { app: 'chainlytics' }, timestamp: pino.stdTimeFunctions.isoTime, hooks: { streamWrite: scrubJsonLine } };
  // A silent logger never writes: it needs no stream (and tests create many).
  if (level === 'silent') return pino(opts);
  return pino(opts, destination ?? (logFormat() === 'pretty' ? prettyStdout() : boundedStdout()));
}
