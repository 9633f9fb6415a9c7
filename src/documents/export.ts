// Writes a DocumentSet to a directory any static server or CDN can serve: `dir/v1/...json`
// with precompressed `.br` and `.gz` siblings (nginx gzip_static / brotli_static), file times
// set to the build time (Last-Modified).
//
// Atomic: the build is written to `dir/.builds/<id>/v1` first, then `dir/v1` — a symbolic
// link — is switched to it with one rename(2). A reader sees the old tree or the new one, never
// a mix. The previous build is kept (requests in flight may still read it); older ones go.
import { lstat, mkdir, readdir, readlink, rename, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { DocumentSet } from './document-set.js';

export interface ExportResult {
  /** The directory `dir/v1` now points to. */
  buildDir: string;
  files: number;
}

const BUILDS = '.builds';

export async function exportDocumentSet(set: DocumentSet, dir: string): Promise<ExportResult> {
  const id = `${set.builtAt}-${randomBytes(4).toString('hex')}`;
  const buildRoot = join(dir, BUILDS, id);
  const when = new Date(set.builtAt);
  let files = 0;
  for (const entry of set.entries.values()) {
    const segments = entry.path.split('/');
    if (!entry.path.startsWith('/v1/') || segments.some((s) => s === '..' || s === '.')) {
      throw new Error(`export: refusing document path ${JSON.stringify(entry.path)}`);
    }
    const file = join(buildRoot, ...segments);
    await mkdir(dirname(file), { recursive: true });
    // A variant not made at build time (lazy-variants.ts) is made here, off this thread.
    const br = entry.lazy ? await entry.lazy.load('br') : entry.br;
    const gzip = entry.lazy ? await entry.lazy.load('gzip') : entry.gzip;
    for (const [suffix, bytes] of [['', entry.body], ['.br', br], ['.gz', gzip]] as const) {
      await writeFile(file + suffix, bytes);
      await utimes(file + suffix, when, when);
      files++;
    }
  }
  await mkdir(join(buildRoot, 'v1'), { recursive: true }); // an empty set still exports a v1 tree

  const link = join(dir, 'v1');
  const existing = await lstat(link).catch(() => null);
  let previous: string | null = null;
  if (existing?.isSymbolicLink()) {
    previous = basename(dirname(await readlink(link)));
  } else if (existing) {
    // A plain directory from an older export or another tool: moved into .builds once (the
    // only non-atomic step, and only the first time).
    previous = `adopted-${id}`;
    await rename(link, join(dir, BUILDS, previous));
  }
  const tmpLink = join(dir, `.v1-${id}`);
  await symlink(relative(dir, join(buildRoot, 'v1')), tmpLink, 'dir');
  await rename(tmpLink, link);
  // Keep the current and the previous build (requests in flight may still read it).
  for (const name of await readdir(join(dir, BUILDS))) {
    if (name !== id && name !== previous) await rm(join(dir, BUILDS, name), { recursive: true, force: true });
  }
  return { buildDir: buildRoot, files };
}
