// One file per key in the run's cache folder (test/global-setup.ts), built by the first test file
// that asks for it: the shared devnet document sets (devnet-documents.ts) and ingested stores
// (shared-devnet-store.ts) both use it. The first caller claims the key with an exclusive lock
// file and builds; a caller in the other worker meanwhile waits for the file, or for the
// builder's failure, which it then reports instead of waiting out a timeout.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A short key naming one parameter set (any JSON-serialisable value). */
export function cacheKey(parameters: unknown): string {
  return createHash('sha256').update(JSON.stringify(parameters)).digest('hex').slice(0, 16);
}

export interface CachedFile<T> {
  /** The finished file: whole, never partly written. */
  file: string;
  /** What `build` returned, when this caller was the builder. */
  built?: T;
}

/**
 * The cache folder's file `name`. `build` writes the whole content at the path it is given (a
 * name no reader looks at); it is renamed into place once complete, so a reader sees the whole
 * file or none. `what` names the fixture in the error of a waiter whose builder failed.
 */
export async function cachedFile<T>(dir: string, name: string, what: string, build: (path: string) => Promise<T>): Promise<CachedFile<T>> {
  const file = join(dir, name);
  const failed = `${file}.failed`;
  let builder = false;
  try {
    writeFileSync(`${file}.lock`, String(process.pid), { flag: 'wx' });
    builder = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  if (builder) {
    const tmp = `${file}.${process.pid}.building`;
    try {
      const built = await build(tmp);
      renameSync(tmp, file);
      return { file, built };
    } catch (err) {
      writeFileSync(failed, String((err as Error)?.stack ?? err));
      throw err;
    } finally {
      // What the builder may leave beside its file (a DuckDB write-ahead log) or a failed half.
      for (const leftover of [tmp, `${tmp}.wal`]) rmSync(leftover, { force: true });
    }
  }
  // Another file of this run is building it: its process writes the file or the failure.
  while (!existsSync(file)) {
    if (existsSync(failed)) throw new Error(`${what} failed to build in another test file:\n${readFileSync(failed, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { file };
}
