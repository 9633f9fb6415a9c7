// The dashboard (web/) bundled for the browser: esbuild compiles web/src/main.tsx with preact
// and uPlot from node_modules into one script and one stylesheet, named by a hash of their
// content, and fills their names into web/index.html. Done in memory when the server starts
// (about a tenth of a second), so there is no build step and no generated file to keep in step
// with the sources; the output depends only on the sources and the pinned package versions.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { StaticFile } from '../server/static-files.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DASHBOARD_ENTRY = 'web/src/main.tsx';
const INDEX_TEMPLATE = 'web/index.html';

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/** "/assets/app-<12 hex digits of sha256>.<ext>": lower case, as the request path rules require. */
function assetPath(ext: string, body: Uint8Array): string {
  return `/assets/app-${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${ext}`;
}

export async function buildDashboard(): Promise<StaticFile[]> {
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
    { path: assetPath('js', js.contents), body: Buffer.from(js.contents), contentType: TYPES.js, immutable: true },
    { path: assetPath('css', css.contents), body: Buffer.from(css.contents), contentType: TYPES.css, immutable: true },
  ];
  const html = readFileSync(`${ROOT}${INDEX_TEMPLATE}`, 'utf8').replace('@JS@', files[0].path).replace('@CSS@', files[1].path);
  files.unshift({ path: '/', body: Buffer.from(html, 'utf8'), contentType: TYPES.html, immutable: false });
  return files;
}
