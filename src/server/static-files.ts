// Files the server answers besides the documents: the dashboard (index.html at "/" and its
// bundled assets). Made once when the server starts, independent of document builds, so the
// page loads (and shows "data is being prepared") before the first document set exists. Served
// like documents: from memory, precompressed, with strong ETags; exported next to v1/ for nginx.
import { mkdir, rename, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { entryFromBytes, prepareDocument, type PreparedDocument, type PrepareOptions } from './prepared-set.js';

export interface StaticFile {
  /** URL path: "/" for the page, "/assets/<name>-<hash>.<ext>" for what it loads. */
  path: string;
  body: Buffer;
  contentType: string;
  /** The name carries a hash of the content, so caches may keep it for good. */
  immutable: boolean;
}

/** The page revalidates every time (its ETag makes that a 304); hashed assets never change. */
export const PAGE_CACHE_CONTROL = 'no-cache';
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The file a static host serves for a URL path ("/" is index.html). */
export function staticFileName(path: string): string {
  return path === '/' ? '/index.html' : path;
}

export function prepareStaticFiles(files: readonly StaticFile[], builtAt: number, opts: PrepareOptions): Map<string, PreparedDocument> {
  return new Map(
    files.map((f) => [
      f.path,
      prepareDocument(entryFromBytes(f.path, f.body, f.contentType, 'daily', builtAt), opts, {
        route: 'dashboard',
        cacheControl: f.immutable ? IMMUTABLE_CACHE_CONTROL : PAGE_CACHE_CONTROL,
      }),
    ]),
  );
}

/**
 * Writes the files into an exported directory (next to its v1/), each with .gz and .br siblings
 * for nginx's gzip_static. Assets first: their names are new for new content, so the page that
 * names them is replaced last, atomically (write, then rename), and never points at a missing
 * file. Older assets stay for pages still open.
 */
export async function exportStaticFiles(files: readonly StaticFile[], dir: string, builtAt: number): Promise<number> {
  const when = new Date(builtAt);
  const ordered = [...files].sort((a, b) => Number(b.immutable) - Number(a.immutable));
  let written = 0;
  for (const f of ordered) {
    if (!/^\/([a-z0-9_-]+\/)*([a-z0-9_.-]+)?$/.test(f.path) || f.path.includes('..')) throw new Error(`export: refusing static file path ${JSON.stringify(f.path)}`);
    const entry = entryFromBytes(f.path, f.body, f.contentType, 'daily', builtAt);
    const file = join(dir, staticFileName(f.path));
    await mkdir(dirname(file), { recursive: true });
    for (const [suffix, bytes] of [['.br', entry.br], ['.gz', entry.gzip], ['', entry.body]] as const) {
      const tmp = `${file}${suffix}.tmp`;
      await writeFile(tmp, bytes);
      await utimes(tmp, when, when);
      await rename(tmp, file + suffix);
      written++;
    }
  }
  return written;
}
