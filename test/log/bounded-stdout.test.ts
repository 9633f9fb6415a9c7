// A log consumer that stops reading (stdout into a pipe nobody drains) must not grow the
// process's memory: lines beyond the bounded buffer are dropped and counted.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOG_BUFFER_BYTES } from '../../src/log.js';

const CHILD = fileURLToPath(new URL('./helpers/flood-logger.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));

describe('bounded stdout log buffer', () => {
  it('a stalled stdout reader costs at most the buffer, and the dropped lines are counted', async () => {
    const lines = 400_000; // ~110 MB of JSON lines, 25 times the buffer
    const child = spawn(process.execPath, [TSX, CHILD, String(lines)], { stdio: ['ignore', 'pipe', 'pipe'] });
    // stdout is never read: the pipe fills after its 64 KiB and stays full.
    child.stdout.pause();
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdout.destroy();
    expect(code, err).toBe(0);
    const report = JSON.parse(err.trim().split('\n').pop()!) as { lines: number; growth_mb: number; dropped: number; published: number };
    expect(report.lines).toBe(lines);
    // The buffer holds 4 MiB; allow for V8's own heap churn while formatting lines.
    expect(report.growth_mb).toBeLessThan(LOG_BUFFER_BYTES / 2 ** 20 + 60);
    // Nearly everything past the buffer was dropped, and each dropped line was counted.
    expect(report.dropped).toBeGreaterThan(lines * 0.9);
    expect(report.dropped).toBeLessThanOrEqual(lines);
    expect(report.published).toBe(report.dropped);
  });
});
