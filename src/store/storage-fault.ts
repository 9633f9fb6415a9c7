// A store that cannot write (a full disk, a read-only mount, files it may not write, a failing
// device) is not a damaged store: the file is intact and opens fine once the cause is fixed.
// Calling it damaged once led operators to move an intact database aside and re-ingest every
// chain. The engines turn such errors into this one, which says what happened and the remedy for
// that case; the service keeps serving its last document set and retries (app/service.ts).

export type StorageFaultKind = 'no_space' | 'read_only' | 'permission' | 'io';

/**
 * How each kind shows up: DuckDB words them as IO Errors quoting strerror ("Could not write file
 * …: No space left on device"), node's fs as errno names, ClickHouse as its own error names and
 * texts ("Cannot reserve 1.00 MiB, not enough space. (NOT_ENOUGH_SPACE)") or strerror.
 */
const WORDING: ReadonlyArray<[StorageFaultKind, RegExp]> = [
  ['no_space', /No space left on device|\bENOSPC\b|\bNOT_ENOUGH_SPACE\b|Cannot reserve .*not enough space|Disk quota exceeded|\bEDQUOT\b/i],
  ['read_only', /Read-only file system|\bEROFS\b/i],
  ['permission', /Permission denied|Operation not permitted|\bEACCES\b|\bEPERM\b/i],
  ['io', /Input\/output error|\bEIO\b/i],
];

/** ClickHouse's numeric error codes for the same causes (its client sets `code` to them). */
const CLICKHOUSE_CODES: Readonly<Record<string, StorageFaultKind>> = { '243': 'no_space' };

const WHAT: Record<StorageFaultKind, string> = {
  no_space: 'the disk holding the store is full',
  read_only: 'the file system holding the store is read-only',
  permission: 'chainlytics is not allowed to write the store',
  io: 'the device holding the store reported an I/O error',
};

const REMEDY: Record<StorageFaultKind, string> = {
  no_space: 'Free space on that disk or grow it.',
  read_only: 'Remount it read-write (mount -o remount,rw <mount point>) or move the data directory to a writable disk.',
  permission: 'Give the user chainlytics runs as ownership of the store file, its .wal and their directory (chown), or run it as the owner.',
  io: 'Check the device (dmesg, its SMART or volume status) and replace it if it is failing; copy the store file elsewhere first.',
};

/** Which fault `err` reports, or null when it is none of them (a bad statement, damage, a lock). */
export function storageFaultKind(err: unknown): StorageFaultKind | null {
  const e = err as { code?: unknown; type?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  if (code !== undefined && CLICKHOUSE_CODES[code]) return CLICKHOUSE_CODES[code];
  const text = [err instanceof Error ? err.message : String(err), code, typeof e?.type === 'string' ? e.type : undefined].filter((s) => s !== undefined).join(' ');
  return WORDING.find(([, re]) => re.test(text))?.[0] ?? null;
}

export class StorageFaultError extends Error {
  override name = 'StorageFaultError';
  constructor(
    readonly kind: StorageFaultKind,
    /** The store file, or the ClickHouse node. */
    readonly where: string,
    /** The engine's own words, one line. */
    readonly detail: string,
  ) {
    super(
      `${where}: ${WHAT[kind]} (${detail}). The stored data is not damaged: do not move the store aside or re-ingest. ` +
        `${REMEDY[kind]} A running serve keeps serving its last document set and retries by itself; other commands can be run again.`,
    );
  }
}
