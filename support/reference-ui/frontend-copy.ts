// The reference web frontend (growthepie/gtp-frontend) as the check runs it: an unpacked copy
// outside this repository with its own node_modules, its API and SSE hosts rewritten to a local
// chainlytics (CONTRACT.md 12.1: "the rewrite already applied to the API host"). Nothing of the
// frontend is copied here: this file only edits strings in the copy the operator unpacked.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The hosts the frontend hard-codes for the documents and for the live stream. */
export const REFERENCE_HOSTS = ['https://api.growthepie.com', 'https://sse.growthepie.com'] as const;
/** Kept in the copy: the origin the last rewrite put in, so a run on another port rewrites again. */
const MARKER = '.chainlytics-origin';
const SOURCE_DIRS = ['app', 'components', 'contexts', 'hooks', 'lib', 'utils', 'types'];
const SOURCE_EXT = /\.(ts|tsx|js|jsx|mjs)$/;

export class FrontendMissing extends Error {}

/** How to get the frontend ready, for the error a run without it ends with. */
export function installHint(dir: string): string {
  return [
    `Unpack growthepie/gtp-frontend into ${dir} and install its packages there (outside this repository), e.g.:`,
    `  git --git-dir=<mirror or clone>/.git archive HEAD | tar -x -C ${dir}`,
    `  cd ${dir} && npm install --legacy-peer-deps --no-audit --no-fund`,
    'docs/live.md ("Checked against the reference frontend") lists the package.json edits an offline install needs.',
  ].join('\n');
}

/** Fails with what to do when `dir` holds no installed frontend. */
export function requireFrontend(dir: string): void {
  const pkg = join(dir, 'package.json');
  if (!existsSync(pkg)) throw new FrontendMissing(`No reference frontend at ${dir} (no package.json).\n${installHint(dir)}`);
  const name = (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name;
  if (name !== 'gtp-frontend') throw new FrontendMissing(`${pkg} is "${name}", not gtp-frontend.\n${installHint(dir)}`);
  if (!existsSync(join(dir, 'node_modules', 'next', 'package.json'))) throw new FrontendMissing(`The frontend at ${dir} has no installed packages (node_modules/next is missing).\n${installHint(dir)}`);
}

/** The commit the copy was unpacked from, when the operator wrote it down (`.chainlytics-commit`), else null. */
export function frontendCommit(dir: string): string | null {
  const f = join(dir, '.chainlytics-commit');
  return existsSync(f) ? readFileSync(f, 'utf8').trim() : null;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (SOURCE_EXT.test(name)) out.push(p);
    }
  };
  for (const d of SOURCE_DIRS) if (existsSync(join(dir, d))) walk(join(dir, d));
  return out;
}

/**
 * Points the copy's API and SSE hosts at `origin` (both: the chain page reads master.json and
 * the overview from the API host before it shows its live cards), and lets the page's
 * Content-Security-Policy connect to it and show its images (a plain-http origin is outside
 * `connect-src 'self' https:`). Returns how many files changed.
 */
export function pointFrontendAt(dir: string, origin: string): number {
  const markerFile = join(dir, MARKER);
  const previous = existsSync(markerFile) ? readFileSync(markerFile, 'utf8').trim() : null;
  const from: string[] = [...REFERENCE_HOSTS, ...(previous !== null && previous !== origin ? [previous] : [])];
  let changed = 0;
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    let next = text;
    for (const host of from) next = next.split(host).join(origin);
    if (next !== text) {
      writeFileSync(file, next);
      changed++;
    }
  }
  const configFile = join(dir, 'next.config.js');
  const config = readFileSync(configFile, 'utf8');
  const patched = cspWith(config, previous, origin);
  if (patched !== config) {
    writeFileSync(configFile, patched);
    changed++;
  }
  writeFileSync(markerFile, `${origin}\n`);
  return changed;
}

/** The tag of the line this check adds to next.config.js's image hosts, so a later run replaces it. */
const IMAGE_HOST_TAG = '/* chainlytics check-live */';

/**
 * next.config.js with `origin` in connect-src and img-src, and among next/image's remote hosts
 * (the logos come from the API host, and next/image throws on a host it is not told of, which
 * takes the whole page down to its error boundary), replacing what a previous run added.
 */
function cspWith(config: string, previous: string | null, origin: string): string {
  let text = config
    .split('\n')
    .filter((line) => !line.includes(IMAGE_HOST_TAG))
    .join('\n');
  if (!text.includes('remotePatterns: [')) throw new Error('next.config.js has no images.remotePatterns: the frontend changed; adapt support/reference-ui/frontend-copy.ts');
  const url = new URL(origin);
  const pattern = { protocol: url.protocol.replace(':', ''), hostname: url.hostname, port: url.port };
  text = text.replace('remotePatterns: [', `remotePatterns: [\n      ${JSON.stringify(pattern)}, ${IMAGE_HOST_TAG}`);
  if (previous !== null) text = text.split(` ${previous}"`).join('"');
  for (const directive of ["connect-src 'self' https: ws: wss:", "img-src 'self' data: blob: https:"]) {
    if (!text.includes(`"${directive}"`)) throw new Error(`next.config.js has no "${directive}" directive: the frontend changed; adapt support/reference-ui/frontend-copy.ts`);
    text = text.split(`"${directive}"`).join(`"${directive} ${origin}"`);
  }
  return text;
}
