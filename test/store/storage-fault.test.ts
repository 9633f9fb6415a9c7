// A disk that refuses writes is not a damaged store. On a real full tmpfs DuckDB fails a
// checkpoint with "No space left on device" and then invalidates the database, so every later
// call said "database has been invalidated", which was taken for damage: the advice was to move
// an intact file aside. Here the store must name the full disk and its remedy, open the file
// again by itself (DuckDB asks for a restart) and lose nothing once the disk has room. The
// same for a read-only mount, and for a ClickHouse node answering NOT_ENOUGH_SPACE.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NodeConnection } from '../../src/store/clickhouse/connection.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { StorageFaultError, storageFaultKind } from '../../src/store/storage-fault.js';
import { StoreUnreadableError } from '../../src/store/store-unreadable.js';
import { SmallDisk } from '../helpers/small-disk.js';

const ROWS = 30_000;

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => null,
    (err: unknown) => err,
  );
}

describe('DuckDB on a full disk', () => {
  let disk: SmallDisk;
  let store: DuckDbStore | null = null;

  beforeAll(() => {
    disk = SmallDisk.mount(8);
  });
  afterAll(async () => {
    await store?.close();
    disk?.unmount();
  });

  it('names the full disk, keeps reading after DuckDB invalidated itself, and loses nothing once the disk grows', async () => {
    const path = join(disk.dir, 'store.duckdb');
    store = await DuckDbStore.open({ path });
    await store.exec(`CREATE TABLE scratch AS SELECT i, md5(i::VARCHAR) AS h FROM range(${ROWS}) t(i)`);
    expect(disk.fill()).toBeGreaterThan(0);

    // The rows sit in the WAL; moving them into the file needs space DuckDB cannot get. This is
    // the failure that invalidates the database.
    const checkpoint = await rejection(store.exec('CHECKPOINT'));
    expect(checkpoint).toBeInstanceOf(StorageFaultError);
    expect(checkpoint).not.toBeInstanceOf(StoreUnreadableError);
    const fault = checkpoint as StorageFaultError;
    expect(fault.kind).toBe('no_space');
    expect(fault.message).toContain(path);
    expect(fault.message).toMatch(/the disk holding the store is full \(.*No space left on device\)/);
    expect(fault.message).toMatch(/not damaged: do not move the store aside/);
    expect(fault.message).toMatch(/Free space on that disk or grow it/);
    expect(fault.message).not.toMatch(/restore the file from a backup|mv /);

    // The next call opens the file again (replaying the WAL needs no new space) and reads every row.
    expect(await store.query('SELECT count(*)::INTEGER AS n FROM scratch')).toEqual([{ n: ROWS }]);
    // A write that needs space still fails, as a full disk, and leaves the rows as they were.
    const write = await rejection(store.exec(`INSERT INTO scratch SELECT i, md5(i::VARCHAR) FROM range(${ROWS}, ${2 * ROWS}) t(i)`));
    expect(write).toBeInstanceOf(StorageFaultError);
    expect((write as StorageFaultError).kind).toBe('no_space');
    expect(await store.query('SELECT count(*)::INTEGER AS n FROM scratch')).toEqual([{ n: ROWS }]);

    disk.grow(64);
    await store.exec(`INSERT INTO scratch SELECT i, md5(i::VARCHAR) FROM range(${ROWS}, ${2 * ROWS}) t(i)`);
    await store.exec('CHECKPOINT');
    await store.close();
    store = null;
    // The file as another process opens it: every row, each once.
    const again = await DuckDbStore.open({ path });
    try {
      expect(await again.query('SELECT count(*)::INTEGER AS n, count(DISTINCT i)::INTEGER AS d, max(i)::INTEGER AS top FROM scratch')).toEqual([{ n: 2 * ROWS, d: 2 * ROWS, top: 2 * ROWS - 1 }]);
    } finally {
      await again.close();
    }
  });
});

describe('DuckDB on a read-only mount', () => {
  let disk: SmallDisk;
  beforeAll(() => {
    disk = SmallDisk.mount(8);
  });
  afterAll(() => disk?.unmount());

  it('opening a new store there says read-only and how to remount, not damaged', async () => {
    disk.remount('ro');
    const path = join(disk.dir, 'store.duckdb');
    const err = await rejection(DuckDbStore.open({ path }));
    disk.remount('rw');
    expect(err).toBeInstanceOf(StorageFaultError);
    expect((err as StorageFaultError).kind).toBe('read_only');
    expect((err as Error).message).toContain(path);
    expect((err as Error).message).toMatch(/read-only \(.*(Read-only file system|EROFS)/);
    expect((err as Error).message).toMatch(/mount -o remount,rw/);
  });
});

describe('ClickHouse NOT_ENOUGH_SPACE', () => {
  // A node as ClickHouse's HTTP interface answers a write it has no disk for: status 500, the
  // exception code header, and the exception text (24.x wording).
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=UTF-8', 'X-ClickHouse-Exception-Code': '243' });
        res.end('Code: 243. DB::Exception: Cannot reserve 1.00 MiB, not enough space. (NOT_ENOUGH_SPACE) (version 24.8.4.13 (official build))\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  let conn: NodeConnection | null = null;
  afterEach(async () => {
    await conn?.close();
    conn = null;
  });

  it('is a full disk on that node, with the same remedy, and not retried as a network failure', async () => {
    let sleeps = 0;
    conn = new NodeConnection({ url, user: 'default', password: null, database: 'default' }, { sleep: async () => void sleeps++ });
    const err = await rejection(conn.run('INSERT INTO t VALUES (1)'));
    expect(err).toBeInstanceOf(StorageFaultError);
    expect((err as StorageFaultError).kind).toBe('no_space');
    expect((err as Error).message).toMatch(/^ClickHouse node 127\.0\.0\.1:\d+ \(statement\): the disk holding the store is full \(Cannot reserve 1\.00 MiB, not enough space/);
    expect((err as Error).message).toMatch(/Free space on that disk or grow it/);
    expect(sleeps).toBe(0);
  });
});

describe('what counts as which fault', () => {
  // The engines' own wordings: DuckDB's IO Errors (strerror), node's errno names, ClickHouse's.
  it.each([
    ['TransactionContext Error: Failed to commit: Could not write file "/d/x.duckdb.wal": No space left on device', 'no_space'],
    ['FATAL Error: Failed: database has been invalidated because of a previous fatal error.\nOriginal error: "Failed to create checkpoint because of error: Could not write file "/d/x.duckdb": No space left on device"', 'no_space'],
    ["ENOSPC: no space left on device, write", 'no_space'],
    ['Code: 243. DB::Exception: Cannot reserve 1.00 MiB, not enough space. (NOT_ENOUGH_SPACE)', 'no_space'],
    ['IO Error: Cannot open file "/d/x.duckdb": Read-only file system', 'read_only'],
    ["EROFS: read-only file system, mkdir '/d'", 'read_only'],
    ['IO Error: Cannot open file "/d/x.duckdb": Permission denied', 'permission'],
    ["EACCES: permission denied, mkdir '/d'", 'permission'],
    ["EPERM: operation not permitted, open '/d/x.duckdb'", 'permission'],
    ['IO Error: Could not read from file "/d/x.duckdb": Input/output error', 'io'],
    ['EIO: i/o error, read', 'io'],
  ])('%s → %s', (message, kind) => {
    expect(storageFaultKind(new Error(message))).toBe(kind);
  });

  it.each([
    'IO Error: Corrupt database file: computed checksum 1 does not match stored checksum 2 in block at location 262144',
    'Serialization Error: Failed to deserialize: could not read enough bytes',
    'Binder Error: Referenced column "x" not found',
    'IO Error: Could not set lock on file "/d/x.duckdb": Conflicting lock is held',
  ])('not a fault of the disk: %s', (message) => {
    expect(storageFaultKind(new Error(message))).toBeNull();
  });
});
