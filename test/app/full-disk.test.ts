// `serve` with its DuckDB store on a real tmpfs that fills up. Once it was diagnosed as a damaged
// store: the service stopped and advised moving an intact file aside and re-ingesting every
// chain. Here the round that cannot write must leave the published set served, /healthz must say
// the disk is full and what to do, rounds must go on retrying, and once the disk grows the
// service must publish again with nothing lost: the documents equal a cold build from the same
// devnet at the same time, and the stored blocks equal that build's.
//
// Nothing here reads the time: the service's pauses between rounds are held by a ManualTime the
// test fires, the clock is a FixedClock the test moves, and each step waits for what the service
// reports (a swap, a requested pause, a /healthz state).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRuntime } from '../../src/app/runtime.js';
import { serve, type Serving } from '../../src/app/serve.js';
import { FixedClock } from '../../src/clock.js';
import type { DocumentSet } from '../../src/documents/document-set.js';
import { openApiSpec } from '../../src/documents/openapi.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { loadConfig } from '../../src/registry/config.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { StorageFaultError } from '../../src/store/storage-fault.js';
import { checkSchema } from '../server/helpers/mini-schema.js';
import { SmallDisk } from '../helpers/small-disk.js';
import { nextSwap } from '../helpers/next-swap.js';
import { ManualTime } from '../helpers/virtual-time.js';
import { storeDigest } from '../store/helpers/digest.js';

const clock = new FixedClock(Date.UTC(2025, 2, 10, 12, 30));
const ROUND_INTERVAL_MS = 200;
const time = new ManualTime();
const logLines: string[] = [];
const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
const refDir = mkdtempSync(join(tmpdir(), 'chainlytics-full-disk-ref-'));
let disk: SmallDisk;
let devnet: Devnet;
let config: AppConfig;
let serving: Serving | null = null;
const ac = new AbortController();
let running: Promise<void> | null = null;
/** What a damaged store's message says (store-unreadable.ts): wrong, and harmful, for a full disk. */
const OLD_ADVICE = /It is damaged|restore the file from a backup|move it aside \(mv /;

beforeAll(async () => {
  disk = SmallDisk.mount(64);
  devnet = await startDevnet({ seed: 7, clock, historyDays: 3, txPerDay: 60, chains: ['ethereum', 'base'] });
  const defaults = loadConfig(null, {});
  config = {
    ...defaults,
    data_dir: disk.dir,
    duckdb_path: join(disk.dir, 'chainlytics.duckdb'),
    chains: devnet.chainConfigs(),
    prices: { ...defaults.prices, coingecko_url: null, coingecko_api_key: null },
    server: { ...defaults.server, port: 0, host: '127.0.0.1', access_log: false },
  };
  serving = await serve(config, { clock, logger, timing: { roundIntervalMs: ROUND_INTERVAL_MS, firstSetWaitMs: 600_000, sleep: time.sleep } });
});

afterAll(async () => {
  ac.abort();
  await running?.catch(() => undefined);
  await serving?.close();
  await devnet?.close();
  disk?.unmount();
  rmSync(refDir, { recursive: true, force: true });
});

interface Health {
  status: string;
  document_set: { loaded: boolean; built_at?: number };
  store_fault?: { kind: string; message: string; since: number };
  error?: string;
  chains: Array<{ origin_key: string; head_block: number | null; last_ingested_block: number | null }>;
}

async function health(s: Serving): Promise<Health> {
  return (await (await fetch(`${s.base}/healthz`)).json()) as Health;
}

/** Resolves once /healthz shows every chain's stored head at `past` or beyond and caught up with its node. */
async function ingestedPast(s: Serving, past: Map<string, number>): Promise<void> {
  for (;;) {
    const h = await health(s);
    if (h.chains.every((c) => c.head_block !== null && c.last_ingested_block === c.head_block && c.head_block > (past.get(c.origin_key) ?? -1))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Resolves once every chain's checkpoint in the store (not the ingest loop's word on /healthz)
 * is at its node's head: the blocks of a write group still open when the disk filled are lost
 * with it, and the ingest loops write them again only after the disk grows.
 */
async function storedToHead(s: Serving): Promise<void> {
  for (;;) {
    const h = await health(s);
    const stored = await Promise.all(h.chains.map(async (c) => c.head_block !== null && (await s.store.getCheckpoint(c.origin_key))?.block_number === c.head_block));
    if (stored.every(Boolean)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every document's path and body, to compare sets byte for byte. */
function bodies(set: DocumentSet): Map<string, string> {
  return new Map([...set.entries].map(([path, e]) => [path, e.body.toString('base64')]));
}

describe('serve on a disk that fills up', () => {
  let first: DocumentSet;

  it('publishes a first set while the disk has room', async () => {
    const s = serving!;
    const published = nextSwap(s.holder);
    running = s.run(ac.signal);
    first = await published;
    expect(first.entries.size).toBeGreaterThan(10);
    expect((await health(s)).status).toBe('ok');
  });

  it('a round that cannot write keeps the last set served, /healthz says the disk is full and what to do, and rounds retry', async () => {
    const s = serving!;
    const pause = await time.next();
    expect(pause.ms).toBe(ROUND_INTERVAL_MS);
    // New blocks past the hour are stored while there is room, so the next round has facts to write.
    const before = new Map((await health(s)).chains.map((c) => [c.origin_key, c.last_ingested_block ?? -1]));
    clock.set(Date.UTC(2025, 2, 10, 13, 20));
    await ingestedPast(s, before);
    expect(disk.fill()).toBeGreaterThan(0);
    // DuckDB moves the WAL into the file at a checkpoint, which it runs by itself once the WAL
    // has grown; here it runs now. With no room it fails and DuckDB invalidates the database:
    // every later call says "database has been invalidated", which was once taken for damage.
    expect(s.store).toBeInstanceOf(DuckDbStore);
    const checkpoint = await (s.store as DuckDbStore).exec('CHECKPOINT').then(
      () => null,
      (err: unknown) => err,
    );
    expect(checkpoint).toBeInstanceOf(StorageFaultError);
    expect((checkpoint as StorageFaultError).kind).toBe('no_space');

    pause.fire();
    // The round ends (the service asks for its next pause) without publishing and without stopping.
    const retry = await time.next();
    expect(s.holder.current()).toBe(first);
    const h = await health(s);
    expect(h.status).toBe('degraded');
    expect(h.error).toBeUndefined();
    expect(h.document_set).toMatchObject({ loaded: true, built_at: first.builtAt });
    expect(h.store_fault?.kind).toBe('no_space');
    expect(h.store_fault?.message).toContain(config.duckdb_path);
    expect(h.store_fault?.message).toMatch(/the disk holding the store is full \(.*No space left on device/);
    expect(h.store_fault?.message).toMatch(/Free space on that disk or grow it/);
    // Not the advice for a damaged file (store-unreadable.ts), which would throw the data away.
    expect(h.store_fault?.message).not.toMatch(OLD_ADVICE);
    expect(h.store_fault?.since).toBe(clock.now());
    // /v1/openapi.json describes the report as sent: every key, the fault's included.
    const spec = openApiSpec('http://localhost') as unknown as Record<string, unknown> & { components: { schemas: { Health: { properties: Record<string, unknown> } } } };
    expect(checkSchema(h, { $ref: '#/components/schemas/Health' }, spec)).toEqual([]);
    expect(Object.keys(h).filter((k) => !(k in spec.components.schemas.Health.properties))).toEqual([]);
    const master = await fetch(`${s.base}/v1/master.json`);
    expect(master.status).toBe(200);
    expect(Buffer.from(await master.arrayBuffer()).equals(first.entries.get('/v1/master.json')!.body)).toBe(true);

    // Still full: the next round fails the same way, reported since the first failure and logged once.
    clock.set(Date.UTC(2025, 2, 10, 13, 21));
    retry.fire();
    await time.next();
    expect(s.holder.current()).toBe(first);
    expect((await health(s)).store_fault).toMatchObject({ kind: 'no_space', since: Date.UTC(2025, 2, 10, 13, 20) });
    const logged = logLines.map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(logged.filter((l) => /the disk holding the store is full/.test(l.msg) && l.level === 50 && /keeps serving its last document set/.test(l.msg))).toHaveLength(1);
    expect(logged.filter((l) => l.level >= 60)).toEqual([]);
    expect(logged.filter((l) => OLD_ADVICE.test(l.msg))).toEqual([]);
  });

  it('once the disk grows the next round publishes again, equal to a cold build from the same inputs, with every block stored', async () => {
    const s = serving!;
    disk.grow(256);
    const pause = await time.next();
    // The round compared with a cold build below must see every block the devnet has.
    await storedToHead(s);
    const published = nextSwap(s.holder);
    pause.fire();
    const recovered = await published;
    expect(recovered.builtAt).toBe(clock.now());
    const h = await health(s);
    expect(h.store_fault).toBeUndefined();
    expect(h.status).toBe('ok');

    // A cold build on a store of its own, from the same devnet at the same time.
    const refConfig = { ...config, data_dir: refDir, duckdb_path: join(refDir, 'ref.duckdb') };
    const ref = await openRuntime(refConfig, { clock, logger: createLogger('silent') });
    let cold: DocumentSet;
    try {
      await ref.service.round();
      cold = ref.service.holder.current()!;
    } finally {
      await ref.close();
    }
    expect(cold.builtAt).toBe(recovered.builtAt);
    expect(bodies(recovered)).toEqual(bodies(cold));

    ac.abort();
    await running;
    running = null;
    await s.close();
    serving = null;
    const served = await DuckDbStore.open({ path: config.duckdb_path });
    const reference = await DuckDbStore.open({ path: refConfig.duckdb_path });
    try {
      expect(await storeDigest(served)).toEqual(await storeDigest(reference));
    } finally {
      await served.close();
      await reference.close();
    }
  });
});
