// The dashboard (web/) bundled for the browser, at build time (`npm run build`, scripts/build.ts):
// esbuild compiles web/src/main.tsx with preact and uPlot from node_modules into one script and
// one stylesheet, named by a hash of their content, and fills their names into web/index.html.
// The output depends only on the sources and the pinned package versions. writeDashboard puts
// the files in dist/web/, where the server and the exporter read them (src/dashboard/assets.ts).
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ASSETS_PREFIX, CONTENT_TYPES, PAGE_PATH } from '../src/dashboard/assets.js';
import { staticFileName, type StaticFile } from '../src/server/static-files.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const DASHBOARD_ENTRY = 'web/src/main.tsx';
const INDEX_TEMPLATE = 'web/index.html';

/** "/assets/app-<12 hex digits of sha256>.<ext>": lower case, as the request path rules require. */
function assetPath(ext: string, body: Uint8Array): string {
  return `${ASSETS_PREFIX}app-${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${ext}`;
}

/** The page ("/"), the script and the stylesheet, in memory. */
export async function bundleDashboard(): Promise<StaticFile[]> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [DASHBOARD_ENTRY],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outdir: 'out',
    write: false,
    // Output must not depend on where the checkout lives or on the machine.
    sourcemap: false,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'));
  if (js === undefined || css === undefined) throw new Error('dashboard bundle: esbuild produced no script or no stylesheet');
  const files: StaticFile[] = [
    { path: assetPath('js', js.contents), body: Buffer.from(js.contents), contentType: CONTENT_TYPES.js, immutable: true },
    { path: assetPath('css', css.contents), body: Buffer.from(css.contents), contentType: CONTENT_TYPES.css, immutable: true },
  ];
  const html = (await readFile(join(ROOT, INDEX_TEMPLATE), 'utf8')).replace('@JS@', files[0].path).replace('@CSS@', files[1].path);
  files.unshift({ path: PAGE_PATH, body: Buffer.from(html, 'utf8'), contentType: CONTENT_TYPES.html, immutable: false });
  return files;
}

/**
 * Writes the bundle into `dir` (index.html, assets/…) the way loadDashboard reads it. Each file
 * is written under a hidden temporary name and renamed, the assets before the page that names
 * them, so a server starting meanwhile (or a second build at the same time) never reads half a
 * file or a page without its assets; then the assets of earlier builds are removed.
 */
export async function writeDashboard(files: readonly StaticFile[], dir: string): Promise<void> {
  const ordered = [...files].sort((a, b) => Number(b.immutable) - Number(a.immutable));
  for (const f of ordered) {
    const file = join(dir, staticFileName(f.path));
    await mkdir(dirname(file), { recursive: true });
    const tmp = join(dirname(file), `.${process.pid}.tmp`);
    await writeFile(tmp, f.body);
    await rename(tmp, file);
  }
  const current = new Set(files.map((f) => f.path));
  for (const name of await readdir(join(dir, ASSETS_PREFIX))) {
    if (!name.startsWith('.') && !current.has(`${ASSETS_PREFIX}${name}`)) await rm(join(dir, ASSETS_PREFIX, name), { force: true });
  }
}
