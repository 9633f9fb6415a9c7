// The file writer of the log (src/log/file-lines.ts) on real files: batches reach the file when
// full or when flushed, and a disk that refuses writes (/dev/full: ENOSPC) costs bounded memory
// and counted drops, never an exception.
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileLines } from '../../src/log/file-lines.js';

/** 100 bytes for any i below 1,000 (JSON allows the spaces that pad it). */
const line = (i: number): string => `{"i":${String(i).padStart(3, ' ')},"msg":"${'x'.repeat(81)}"}\n`;
let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('FileLines', () => {
  it('writes a batch once it is full, the rest on flush, every line in order', () => {
    dir = mkdtempSync(join(tmpdir(), 'chainlytics-file-lines-'));
    const path = join(dir, 'out.log');
    const fd = openSync(path, 'w');
    let drops = 0;
    const w = new FileLines({ fd, batchBytes: 1_000, flushMs: 60_000, maxPendingBytes: 10_000, onDrop: (n) => (drops += n) });
    expect(Buffer.byteLength(line(7))).toBe(100);
    for (let i = 0; i < 9; i++) w.write(line(i));
    expect(readFileSync(path, 'utf8')).toBe(''); // 900 bytes: below the batch
    w.write(line(9));
    expect(readFileSync(path, 'utf8').split('\n').filter(Boolean)).toHaveLength(10); // the batch is full: written at once
    for (let i = 10; i < 25; i++) w.write(line(i));
    w.flushSync();
    closeSync(fd);
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    expect(lines.map((l) => (JSON.parse(l) as { i: number }).i)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(drops).toBe(0);
  });

  it.runIf(existsSync('/dev/full'))('on a full disk keeps at most maxPendingBytes, counts the lines beyond as dropped, and never throws', () => {
    const fd = openSync('/dev/full', 'w');
    let drops = 0;
    const w = new FileLines({ fd, batchBytes: 500, flushMs: 60_000, maxPendingBytes: 2_000, onDrop: (n) => (drops += n) });
    for (let i = 0; i < 100; i++) w.write(line(i)); // every batch write fails with ENOSPC
    expect(() => w.flushSync()).not.toThrow();
    closeSync(fd);
    // 2,000 bytes are kept (20 lines); the other 80 were dropped and counted.
    expect(drops).toBe(80);
  });
});
