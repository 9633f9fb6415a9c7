// Crash safety for real: a child process ingests a devnet chain into a DuckDB file and is
// SIGKILLed at several moments while it works; restarted each time, it must end with exactly
// the data of an uninterrupted run (nothing lost, nothing doubled).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import type { Chain } from '../../src/registry/types.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
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
}

/** Run the child; when `killAfterMs` is set, SIGKILL it that long after its first write. */
function runChild(dbPath: string, killAfterMs: number | null): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const args = JSON.stringify({ dbPath, chain, writeMaxBlocks: 100 });
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let writes = 0;
    let lastBlock: number | null = null;
    let buf = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = JSON.parse(buf.slice(0, nl)) as { last_block?: number };
        buf = buf.slice(nl + 1);
        if (line.last_block === undefined) continue;
        lastBlock = line.last_block;
        if (writes++ === 0 && killAfterMs !== null) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code !== 0 && signal === null) reject(new Error(`child failed (${code}): ${stderr}`));
      else resolve({ code, signal, writes, lastBlock });
    });
  });
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
      const mid = await digestOf(crashPath);
      const cp = Number(mid.checkpoints.split(':')[1]);
      expect(mid.blocks).toBe(cp + 1);
    }
    // At least one run really died mid-way (the others may have finished first on a fast machine).
    expect(kills.some((k) => k.signal === 'SIGKILL')).toBe(true);
    const last = await runChild(crashPath, null);
    expect(last.code).toBe(0);
    expect(await digestOf(crashPath)).toEqual(want);
  });
});
