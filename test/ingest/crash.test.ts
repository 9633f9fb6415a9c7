// Crash safety for real: a child process ingests a devnet chain into a DuckDB file and is
// SIGKILLed at several moments while it works; restarted each time, it must end with exactly
// the data of an uninterrupted run (nothing lost, nothing doubled). The store commits writes in
// groups (store/duckdb/write-group.ts): a kill loses the open group, never part of one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import type { Chain } from '../../src/registry/types.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { runJsonLinesChild } from '../helpers/json-lines-child.js';
import { storeDigest, type StoreDigest } from '../store/helpers/digest.js';

const CHILD = fileURLToPath(new URL('./helpers/ingest-child.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'chainlytics-crash-'));
let devnet: Devnet;
let chain: Chain;

beforeAll(async () => {
  devnet = await startDevnet({ seed: 5, clock: new FixedClock(Date.UTC(2024, 1, 1)), historyDays: 2, txPerDay: 1_000, chains: ['base'] });
  chain = devnet.chainConfigs()[0];
});

afterAll(async () => {
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  writes: number;
  lastBlock: number | null;
  /** With `group`: each writeBatch's first and last block, and the transactions left uncommitted. */
  batches: Array<{ write: [number, number]; uncommitted: number }>;
}

/**
 * Run the child; when `killAfterMs` is set, SIGKILL it that long after its first write. With
 * `group`, the store commits groups of `rows` transactions and the child stops inside a group
 * (after an earlier commit) and is killed there.
 */
async function runChild(dbPath: string, killAfterMs: number | null, group?: { rows: number; hang: boolean }): Promise<ChildRun> {
  let writes = 0;
  let lastBlock: number | null = null;
  const batches: ChildRun['batches'] = [];
  type Line = { last_block?: number; write?: [number, number]; uncommitted?: number; hang?: boolean };
  const args = { dbPath, chain, writeMaxBlocks: 100, groupRows: group?.rows, hangInGroup: group?.hang };
  const exit = await runJsonLinesChild<Line>(CHILD, args, (line, child) => {
    if (line.write) {
      batches.push({ write: line.write, uncommitted: line.uncommitted! });
      if (line.hang) child.kill('SIGKILL');
    }
    if (line.last_block === undefined) return;
    lastBlock = line.last_block;
    if (writes++ === 0 && killAfterMs !== null) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  });
  if (exit.code !== 0 && exit.signal === null) throw new Error(`child failed (${exit.code}): ${exit.stderr}`);
  return { code: exit.code, signal: exit.signal, writes, lastBlock, batches };
}

async function digestOf(path: string): Promise<StoreDigest> {
  const store = await DuckDbStore.open({ path });
  try {
    return await storeDigest(store);
  } finally {
    await store.close();
  }
}

describe('kill -9 during ingestion', () => {
  it('restarting after SIGKILLs at several moments gives the same rows as an uninterrupted run', async () => {
    const cleanPath = join(dir, 'clean.duckdb');
    const clean = await runChild(cleanPath, null);
    expect(clean.code).toBe(0);
    const want = await digestOf(cleanPath);
    expect(want.blocks).toBe(devnet.head('base') + 1);

    const crashPath = join(dir, 'crashed.duckdb');
    const kills: ChildRun[] = [];
    for (const delay of [0, 60, 150]) {
      const run = await runChild(crashPath, delay);
      kills.push(run);
      // Between crashes the file must already be consistent: whole blocks only, checkpoint at the top.
      // (No checkpoint: the kill came before the first group committed, and no block is stored.)
      const mid = await digestOf(crashPath);
      const cp = mid.checkpoints === '' ? -1 : Number(mid.checkpoints.split(':')[1]);
      expect(mid.blocks).toBe(cp + 1);
    }
    // At least one run really died mid-way (the others may have finished first on a fast machine).
    expect(kills.some((k) => k.signal === 'SIGKILL')).toBe(true);
    const last = await runChild(crashPath, null);
    expect(last.code).toBe(0);
    expect(await digestOf(crashPath)).toEqual(want);
  });
});

describe('kill -9 in the middle of a write group', () => {
  it('leaves the checkpoint of the last commit with exactly its blocks; a restart writes exactly the lost blocks again', async () => {
    const cleanPath = join(dir, 'clean-group.duckdb');
    expect((await runChild(cleanPath, null, { rows: 1_000, hang: false })).code).toBe(0);
    const want = await digestOf(cleanPath);

    const path = join(dir, 'crashed-group.duckdb');
    const killed = await runChild(path, null, { rows: 1_000, hang: true });
    expect(killed.signal).toBe('SIGKILL');
    // The child stopped right after a write that left its group open, after an earlier commit.
    const last = killed.batches.at(-1)!;
    expect(last.uncommitted).toBeGreaterThan(0);
    const lastCommit = killed.batches.map((b) => b.uncommitted).lastIndexOf(0);
    expect(lastCommit).toBeGreaterThanOrEqual(0);
    const durable = killed.batches[lastCommit]!.write[1];
    const mid = await digestOf(path);
    expect(mid.checkpoints).toMatch(new RegExp(`^base:${durable}:0x[0-9a-f]{64}$`));
    expect(mid.blocks).toBe(durable + 1);
    // Blocks written after that commit (durable + 1 … last) are lost; the restart begins there.
    expect(last.write[1]).toBeGreaterThan(durable);
    const restart = await runChild(path, null, { rows: 1_000, hang: false });
    expect(restart.code).toBe(0);
    expect(restart.batches[0]!.write[0]).toBe(durable + 1);
    expect(await digestOf(path)).toEqual(want);
  });
});
