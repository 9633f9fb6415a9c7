// A logger of the service (createLogger: its scrubbing hook included) that writes into an array
// of lines instead of stdout.
import { Writable } from 'node:stream';
import { createLogger } from '../../../src/log.js';

export function captureLog(level = 'info'): { lines: string[]; logger: ReturnType<typeof createLogger> } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  return { lines, logger: createLogger(level, sink) };
}
