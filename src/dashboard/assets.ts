// The dashboard's files as the server serves them and the exporter writes them: the page and its
// hashed assets, read from dist/web/, where `npm run build` bundles web/
// (scripts/dashboard-bundle.ts). Nothing is compiled at run time.
import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticFileName, type StaticFile } from '../server/static-files.js';
import { DashboardNotBuiltError } from './dashboard-not-built.js';

export { DashboardNotBuiltError };

/** Where the build writes the bundle: index.html and assets/ (the layout of an export's root). */
export const DASHBOARD_DIR = fileURLToPath(new URL('../../dist/web/', import.meta.url));

/** The page's path; everything else is under ASSETS_PREFIX, named by a hash of its content. */
export const PAGE_PATH = '/';
export const ASSETS_PREFIX = '/assets/';

/** Content type by extension, for the page and the assets. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

function contentType(path: string): string {
  const type = CONTENT_TYPES[extname(path).slice(1)];
  if (type === undefined) throw new Error(`dashboard: no content type for ${path}`);
  return type;
}

/** The page ("/", revalidated on each use) first, then the assets (cached for good) by name. */
export async function loadDashboard(dir: string = DASHBOARD_DIR): Promise<StaticFile[]> {
  let page: Buffer;
  try {
    page = await readFile(join(dir, staticFileName(PAGE_PATH)));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new DashboardNotBuiltError(dir, err);
    throw err;
  }
  const names = (await readdir(join(dir, ASSETS_PREFIX))).filter((n) => !n.startsWith('.')).sort();
  const assets = await Promise.all(
    names.map(async (name): Promise<StaticFile> => {
      const path = `${ASSETS_PREFIX}${name}`;
      return { path, body: await readFile(join(dir, path)), contentType: contentType(path), immutable: true };
    }),
  );
  return [{ path: PAGE_PATH, body: page, contentType: contentType('index.html'), immutable: false }, ...assets];
}
