// Issue 23, item 8: access-log lines were dropped under a flood although stdout went to a file
// (54 k of 160 k). Written asynchronously, each line waited for libuv's thread pool; while the
// pool was busy (slow DNS, a slow disk, other file work) the bounded 4 MiB buffer filled and the
// rest were dropped. With stdout a regular file every line is written (src/log.ts).
//
// The server runs in its own process with its real stdout on a file and one pool thread, held
// for the whole flood (helpers/logging-server.ts, BLOCK_POOL_FIFO). The flood is more lines than
// the 4 MiB buffer holds. No time is read: the lines in the file are counted against the
// responses the server wrote.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_BUFFER_BYTES } from '../../src/log.js';

/**
 * Each request carries a query string of PAD characters, which its access-log line writes (the
 * route ignores it): about 1,170 bytes a line, so 6,000 lines are about 6.7 MB, half as much
 * again as the buffer. The buffer is bounded in bytes, not lines: long lines fill it as short ones
 * do, with a sixth of the requests (36,000 lines of 170 bytes took ~30 s of a loaded machine).
 */
const PAD = 1_000;
const REQUESTS = 6_000;
const TARGET = `/v1/master.json?pad=${'x'.repeat(PAD)}`;

let child: ChildProcess | undefined;
let dir: string | undefined;
afterEach(() => {
  child?.kill();
  child = undefined;
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('access log with stdout on a file', () => {
  it(`a flood of ${REQUESTS} requests while file writes cannot run: every response has its line, none dropped`, async () => {
    dir = mkdtempSync(join(tmpdir(), 'chainlytics-access-log-'));
    const logFile = join(dir, 'stdout.log');
    const fifo = join(dir, 'pool-blocker');
    execFileSync('mkfifo', [fifo]);
    const out = openSync(logFile, 'w');
    const script = join(import.meta.dirname, 'helpers', 'logging-server.ts');
    const proc = spawn(process.execPath, ['--import', 'tsx', script], {
      stdio: ['ignore', out, 'inherit', 'ipc'],
      env: { ...process.env, LOG_LEVEL: 'info', UV_THREADPOOL_SIZE: '1', BLOCK_POOL_FIFO: fifo },
    });
    child = proc;
    closeSync(out);
    const message = <T>(): Promise<T> => new Promise((r) => proc.once('message', (m) => r(m as T)));
    const { base } = await message<{ base: string }>();

    const flood = await autocannon({ url: `${base}${TARGET}`, connections: 50, amount: REQUESTS });
    expect(flood['2xx']).toBe(REQUESTS);
    proc.send({ op: 'stats' });
    const during = await message<{ responses: number; dropped: number }>();
    // Let the pool go (opening the pipe's other end ends the blocked open), then exit: the
    // logger's exit flush runs.
    closeSync(openSync(fifo, 'w'));
    proc.send({ op: 'exit' });
    await new Promise((r) => proc.once('exit', r));

    const lines = readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
    const accessLines = lines.filter((l) => (JSON.parse(l) as { path?: string }).path === TARGET);
    const bytes = lines.reduce((n, l) => n + l.length + 1, 0);
    console.log(`${during.responses} responses, ${accessLines.length} access-log lines (${(bytes / 2 ** 20).toFixed(1)} MiB), ${during.dropped} dropped`);
    // The flood's lines are more than the bounded buffer holds: written asynchronously, those
    // past it were dropped (measured: 10,685 of 36,000).
    expect((during.responses * bytes) / lines.length).toBeGreaterThan(LOG_BUFFER_BYTES);
    expect(during.dropped).toBe(0);
    expect(during.responses).toBeGreaterThanOrEqual(REQUESTS);
    expect(accessLines).toHaveLength(during.responses);
  });
});
