// A store file that cannot be read (truncated, overwritten, not a database) is not a passing
// fault: every later round would fail the same way while the server answered 503 and /healthz
// blamed ingestion. The engine turns such errors into this one, naming the file and what the
// operator can do, so that the service stops (or reports it) instead of retrying forever.

import { StorageFaultError, storageFaultKind } from './storage-fault.js';

export class StoreUnreadableError extends Error {
  override name = 'StoreUnreadableError';
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(
      `${path}: the store file cannot be read (${detail}). It is damaged, e.g. truncated or overwritten. ` +
        `Stop chainlytics, then restore the file from a backup, or move it aside (mv ${path} ${path}.damaged) ` +
        'so that the next start re-ingests every chain from its configured start.',
    );
  }
}

/**
 * DuckDB's messages for a file whose bytes are not what it wrote: short reads, block checksum
 * mismatches, a bad header, and the "invalidated" state it enters after such an error. Other
 * errors (a bad statement, a full disk, a lock held by another process) are not damage:
 * asStoreError tells the disk's faults apart before these are looked at.
 */
const DAMAGE = [
  /could not read enough bytes/i,
  /corrupt database file/i,
  /checksum/i,
  /not a valid duckdb database file/i,
  /database has been invalidated/i,
  /failed to (read|load) .*(block|metadata|header)/i,
];

export function isStoreDamage(err: unknown): boolean {
  const msg = err instanceof Error ? err.message : String(err);
  return DAMAGE.some((re) => re.test(msg));
}

/**
 * `err` as a StorageFaultError when the disk or its mount refused (checked first: DuckDB reports
 * a failed write as "database has been invalidated", a phrase damage also produces, and names
 * the write error as the original one), as a StoreUnreadableError when it says the file is
 * damaged, otherwise `err` itself.
 */
export function asStoreError(err: unknown, path: string): unknown {
  if (err instanceof StoreUnreadableError || err instanceof StorageFaultError) return err;
  const text = err instanceof Error ? err.message : String(err);
  const fault = storageFaultKind(err);
  if (fault) return new StorageFaultError(fault, path, (ORIGINAL.exec(text)?.[1] ?? text.split('\n')[0]).trim());
  if (!isStoreDamage(err)) return err;
  return new StoreUnreadableError(path, text.split('\n')[0]);
}

/** The error that invalidated a DuckDB database, quoted in every later one's second line. */
const ORIGINAL = /Original error: "(.*)"\s*$/m;
