// The DuckDB store's group commit (store/duckdb/write-group.ts): consecutive writeBatch calls share
// one transaction until it holds a row group. Their rows are visible to every method of the same
// store at once (each commits the group first) and to nothing else until the group commits, and
// a group that fails takes its batches with it without leaving the store's memory (highest
// blocks, dirty hours, checkpoints) or its callers out of step with the tables.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { runJsonLinesChild } from '../helpers/json-lines-child.js';
import { makeBatch, tipOf } from './helpers/batches.js';
import { failCommit } from './helpers/fail-commit.js';
import { storeDigest } from './helpers/digest.js';

const CHILD = fileURLToPath(new URL('./helpers/group-child.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'chainlytics-group-'));
const open: DuckDbStore[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const s of open.splice(0)) await s.close().catch(() => undefined);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function store(groupRows: number, path = ':memory:'): Promise<DuckDbStore> {
  const s = await DuckDbStore.open({ path, groupRows });
  open.push(s);
  return s;
}

/** Writes batches [origin, from, to] (3 transactions a block) in order. */
async function write(s: DuckDbStore, batches: Array<[string, number, number]>): Promise<void> {
  for (const [origin, from, to] of batches) {
    const b = makeBatch(origin, from, to);
    await s.writeBatch(origin, b, tipOf(b));
  }
}

/** The digest of a fresh store holding exactly these batches, each committed alone. */
async function digestOf(batches: Array<[string, number, number]>) {
  const s = await store(1);
  await write(s, batches);
  return storeDigest(s);
}

describe('one open transaction for consecutive batches', () => {
  it('holds batches until they make a row group, then commits them with their checkpoints', async () => {
    const s = await store(100);
    await write(s, [['c1', 0, 9], ['c2', 0, 9], ['c1', 10, 19]]);
    expect(s.uncommittedTransactions).toBe(90);
    await write(s, [['c2', 10, 19]]);
    expect(s.uncommittedTransactions).toBe(0);
  });

  it('every other method of the same store sees the batches written before it', async () => {
    const s = await store(1_000);
    await write(s, [['c1', 0, 9], ['c1', 10, 19]]);
    expect(s.uncommittedTransactions).toBe(60);
    expect(await s.getCheckpoint('c1')).toEqual(tipOf(makeBatch('c1', 10, 19)));
    expect(s.uncommittedTransactions).toBe(0);
    await write(s, [['c1', 20, 29]]);
    expect((await s.blockRefs('c1', 0, 100)).map((r) => r.block_number)).toEqual([...Array(30).keys()]);
    await write(s, [['c1', 30, 39]]);
    expect((await s.dirtyHours('c1')).length).toBe(Math.floor((39 * 600) / 3600) + 1);
    await write(s, [['c1', 40, 49]]);
    expect(await s.blockPeriods('c1', 'hourly', Infinity)).toHaveLength(Math.floor((49 * 600) / 3600) + 1);
    await write(s, [['c1', 50, 59]]);
    expect(await s.transaction(async () => (await s.query<{ n: bigint }>('SELECT count(*) AS n FROM transactions'))[0]!.n)).toBe(180n);
    await write(s, [['c1', 60, 69]]);
    expect(await s.pruneRaw('c1', 0)).toBe(0);
    expect((await storeDigest(s)).txs).toBe(210);
  });

  it('a rollback (reorg) after batches still in the group removes them and moves the checkpoint back', async () => {
    const s = await store(1_000);
    await write(s, [['c1', 0, 9], ['c1', 10, 19], ['c1', 20, 29]]);
    const cp = tipOf(makeBatch('c1', 14, 14));
    await s.rollback('c1', 15, cp);
    expect(await s.getCheckpoint('c1')).toEqual(cp);
    const fork = makeBatch('c1', 15, 20, { fork: 1 });
    await s.writeBatch('c1', fork, tipOf(fork));
    const refs = await s.blockRefs('c1', 0, 100);
    expect(refs.map((r) => r.block_number)).toEqual([...Array(21).keys()]);
    expect((await storeDigest(s)).txs).toBe(63);
  });

  it('a batch replacing blocks of the group (a retry) commits the group first and leaves one copy of each row', async () => {
    const s = await store(1_000);
    await write(s, [['c1', 0, 9], ['c1', 10, 19]]);
    const retry = makeBatch('c1', 5, 14);
    await s.writeBatch('c1', retry, tipOf(retry));
    // The replacement stays open as a group of its own.
    expect(s.uncommittedTransactions).toBe(30);
    await s.writeBatch('c1', makeBatch('c1', 15, 19), tipOf(makeBatch('c1', 15, 19)));
    expect(await storeDigest(s)).toEqual(await digestOf([['c1', 0, 19]]));
  });

  it('close commits the open group', async () => {
    const path = join(dir, 'close.duckdb');
    const a = await DuckDbStore.open({ path, groupRows: 1_000 });
    await write(a, [['c1', 0, 9], ['c1', 10, 19]]);
    await a.close();
    const b = await store(1_000, path);
    expect(await b.getCheckpoint('c1')).toEqual(tipOf(makeBatch('c1', 10, 19)));
    expect((await storeDigest(b)).txs).toBe(60);
  });
});

interface ChildLine {
  written?: [string, number, number];
  uncommitted?: number;
  done?: boolean;
}

/** Runs group-child.ts, SIGKILLs it once it has printed `killAfter` lines, and returns the lines. */
async function runChild(dbPath: string, groupRows: number, batches: Array<[string, number, number]>, killAfter: number): Promise<ChildLine[]> {
  const lines: ChildLine[] = [];
  const exit = await runJsonLinesChild<ChildLine>(CHILD, { dbPath, groupRows, batches }, (line, child) => {
    if (lines.push(line) === killAfter) child.kill('SIGKILL');
  });
  if (exit.signal !== 'SIGKILL') throw new Error(`child ended by itself (${exit.code}): ${exit.stderr}`);
  return lines;
}

describe('what another process sees', () => {
  it('none of the rows of an open group, killed before it commits; every row of a committed one', async () => {
    const path = join(dir, 'killed.duckdb');
    const batches: Array<[string, number, number]> = [['c1', 0, 9], ['c2', 0, 9], ['c1', 10, 19], ['c1', 20, 29], ['c2', 10, 19]];
    // 30 transactions a batch, groups of 100: the fourth batch commits the first four, the fifth stays open.
    const lines = await runChild(path, 100, batches, batches.length + 1);
    expect(lines.map((l) => l.uncommitted)).toEqual([30, 60, 90, 0, 30, undefined]);
    const s = await store(100, path);
    expect(await storeDigest(s)).toEqual(await digestOf(batches.slice(0, 4)));
    expect(await s.getCheckpoint('c2')).toEqual(tipOf(makeBatch('c2', 0, 9)));
  });

  it('nothing of a group killed before its first commit', async () => {
    const path = join(dir, 'killed-early.duckdb');
    await runChild(path, 1_000, [['c1', 0, 9], ['c1', 10, 19]], 3);
    const s = await store(1_000, path);
    expect(await storeDigest(s)).toEqual(await digestOf([]));
  });
});

describe('a group that fails', () => {
  it('fails the call that commits it; a later write of its chains that would skip the lost blocks is refused', async () => {
    const s = await store(1_000);
    await write(s, [['c1', 0, 9]]);
    await s.dirtyHours('c1'); // committed: blocks 0–9 of c1 are stored
    await write(s, [['c1', 10, 19], ['c2', 0, 9], ['c1', 20, 29]]);
    failCommit();
    // The facts stage's read commits the group, which fails: the reader hears of it.
    await expect(s.dirtyHours('c1')).rejects.toThrow(/injected/);
    expect(await s.getCheckpoint('c1')).toEqual(tipOf(makeBatch('c1', 0, 9)));
    expect(await s.getCheckpoint('c2')).toBeNull();
    // Ingestion, continuing where it thinks it is, is told to read its checkpoint again...
    const next = makeBatch('c1', 30, 39);
    await expect(s.writeBatch('c1', next, tipOf(next))).rejects.toThrow(/blocks from 10 .* read the checkpoint again/);
    const c2next = makeBatch('c2', 10, 19);
    await expect(s.writeBatch('c2', c2next, tipOf(c2next))).rejects.toThrow(/blocks from 0 /);
    // ...and writing from the checkpoint it reads again is accepted.
    await write(s, [['c1', 10, 19], ['c1', 20, 39], ['c2', 0, 19]]);
    expect(await storeDigest(s)).toEqual(await digestOf([['c1', 0, 39], ['c2', 0, 19]]));
    // What the store remembered of the lost group's hours was forgotten with it.
    const ref = await store(1);
    await write(ref, [['c1', 0, 39]]);
    expect(await s.dirtyHours('c1')).toEqual(await ref.dirtyHours('c1'));
  });

  it('a failed commit by writeBatch itself fails that call; the store stays consistent', async () => {
    const s = await store(50);
    await write(s, [['c1', 0, 9]]);
    failCommit();
    const b = makeBatch('c1', 10, 19);
    await expect(s.writeBatch('c1', b, tipOf(b))).rejects.toThrow(/injected/);
    expect(await storeDigest(s)).toEqual(await digestOf([]));
    await write(s, [['c1', 0, 9], ['c1', 10, 19]]);
    expect(await storeDigest(s)).toEqual(await digestOf([['c1', 0, 19]]));
  });

  it('a batch that DuckDB refuses in the middle of a group rolls the group back with it', async () => {
    const s = await store(1_000);
    await write(s, [['c1', 0, 9], ['c2', 0, 9]]);
    const bad = makeBatch('c1', 10, 19);
    // NOT NULL violation on the last row, detected by DuckDB after the appends ran.
    (bad.txs[bad.txs.length - 1] as { from_address: string | null }).from_address = null;
    await expect(s.writeBatch('c1', bad, tipOf(bad))).rejects.toThrow();
    expect(await storeDigest(s)).toEqual(await digestOf([]));
    // The batch fixed but not the ones before it: refused; from the checkpoint: accepted.
    const fixed = makeBatch('c1', 10, 19);
    await expect(s.writeBatch('c1', fixed, tipOf(fixed))).rejects.toThrow(/read the checkpoint again/);
    await write(s, [['c1', 0, 19], ['c2', 0, 9]]);
    expect(await storeDigest(s)).toEqual(await digestOf([['c1', 0, 19], ['c2', 0, 9]]));
  });

  it('close reports a group it could not commit, and still releases the file', async () => {
    const path = join(dir, 'close-fails.duckdb');
    const a = await DuckDbStore.open({ path, groupRows: 1_000 });
    await write(a, [['c1', 0, 9]]);
    failCommit();
    await expect(a.close()).rejects.toThrow(/injected/);
    vi.restoreAllMocks();
    const b = await store(1_000, path);
    expect(await b.getCheckpoint('c1')).toBeNull();
  });
});
