// Log lines to a regular file, written synchronously in batches (src/log.ts, fileStdout). A
// write to a file waits for the disk, never for a reader, so every line can be written; batching
// makes a flood cost one write call per FILE_BATCH_BYTES rather than one per line. Lines are
// kept as a list and joined once per batch: sonic-boom's sync mode measured the byte length of
// its whole pending string on every line, so its cost per line grew with the batch.
import { writeSync } from 'node:fs';

export interface FileLinesOptions {
  fd: number;
  /** Written as soon as this many bytes are pending. */
  batchBytes: number;
  /** Fewer bytes are written at the latest this many ms after the first of them. */
  flushMs: number;
  /** Pending bytes kept while writes fail (a full disk, EIO); lines beyond are dropped. */
  maxPendingBytes: number;
  /** Lines dropped because writes kept failing. */
  onDrop: (lines: number) => void;
}

export class FileLines {
  #lines: string[] = [];
  /** What a failed or partial write left, written first next time. */
  #unwritten: Buffer | undefined;
  #bytes = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: FileLinesOptions) {}

  /** pino's destination interface: one serialized line (or a few) at a time. */
  write(data: string): boolean {
    const n = Buffer.byteLength(data);
    if (this.#bytes + n > this.opts.maxPendingBytes) {
      this.opts.onDrop(countLines(data));
      return true;
    }
    this.#lines.push(data);
    this.#bytes += n;
    if (this.#bytes >= this.opts.batchBytes) this.flushSync();
    else this.#timer ??= setTimeout(() => this.flushSync(), this.opts.flushMs).unref();
    return true;
  }

  /** Writes every pending line now; what the file refuses stays pending for the next call. */
  flushSync(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#lines.length === 0 && this.#unwritten === undefined) return;
    const joined = Buffer.from(this.#lines.join(''));
    let data = this.#unwritten === undefined ? joined : Buffer.concat([this.#unwritten, joined]);
    this.#lines = [];
    this.#unwritten = undefined;
    try {
      while (data.length > 0) data = data.subarray(writeSync(this.opts.fd, data));
      this.#bytes = 0;
    } catch {
      // Kept, bounded by maxPendingBytes; a log line must not crash the service.
      this.#unwritten = data;
      this.#bytes = data.length;
    }
  }
}

/** Lines in a chunk of log output (at least 1). */
export function countLines(data: string): number {
  let n = 0;
  for (let i = data.indexOf('\n'); i !== -1; i = data.indexOf('\n', i + 1)) n++;
  return Math.max(n, 1);
}
