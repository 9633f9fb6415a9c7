// `npm run build`: compiles src/ to dist/ with tsc (tsconfig.build.json, incremental) and bundles
// the dashboard into dist/web/ (scripts/dashboard-bundle.ts). bin/chainlytics.js runs dist/, with
// no compiler at run time. `npm start` and `npm test` build first when dist/ is missing or older
// than the sources (scripts/ensure-deps.sh), and so does vitest (test/global-setup.ts, through
// ensureBuilt) and bench:start.
//
//   npm run build
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DASHBOARD_DIR } from '../src/dashboard/assets.js';
import { bundleDashboard, writeDashboard } from './dashboard-bundle.js';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const DIST = join(ROOT, 'dist');
/** Written last by a build that succeeded; its time is when that build started reading its inputs. */
export const STAMP = join(DIST, '.build-stamp');
/**
 * What a build reads. dist/ is out of date when one of these, or a file or folder inside one
 * (a folder's time changes when an entry is added, removed or renamed), is newer than STAMP.
 * scripts/ensure-deps.sh runs the same test with find (test/build/build.test.ts compares them).
 */
export const BUILD_INPUTS = ['src', 'web', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json'];
/** Files a usable build has. */
const OUTPUTS = ['cli/main.js', 'web/index.html'];

/** Type errors: tsc still wrote every file, so dist/ runs, but the build is not done. */
export class BuildTypeErrors extends Error {}

async function newerThan(path: string, since: number): Promise<string | null> {
  const s = await stat(path).catch(() => null);
  if (s === null) return null;
  if (s.mtimeMs > since) return path;
  if (!s.isDirectory()) return null;
  for (const e of await readdir(path)) {
    const found = await newerThan(join(path, e), since);
    if (found !== null) return found;
  }
  return null;
}

/** Why dist/ must be built (a missing output, or the first input found newer than the last build), or null when it is current. */
export async function staleness(): Promise<string | null> {
  const built = await stat(STAMP).catch(() => null);
  if (built === null) return 'dist/ has no complete build';
  for (const out of OUTPUTS) if (!existsSync(join(DIST, out))) return `dist/${out} is missing`;
  for (const input of BUILD_INPUTS) {
    const found = await newerThan(join(ROOT, input), built.mtimeMs);
    if (found !== null) return `${relative(ROOT, found)} changed since the last build`;
  }
  return null;
}

function tsc(): Promise<number> {
  const bin = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** Removes compiled files whose source is gone (tsc's incremental build never deletes one). */
async function prune(dir = DIST): Promise<number> {
  let removed = 0;
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.name.startsWith('.') || path === join(DIST, 'web')) continue;
    if (e.isDirectory()) removed += await prune(path);
    else if (e.name.endsWith('.js')) {
      const source = join(ROOT, 'src', relative(DIST, path)).replace(/\.js$/, '');
      if (!existsSync(`${source}.ts`) && !existsSync(`${source}.tsx`)) {
        await rm(path);
        removed++;
      }
    }
  }
  return removed;
}

export interface BuildSummary {
  tsc_s: number;
  dashboard_s: number;
  files: string[];
  pruned: number;
}

/** One build: tsc, then the dashboard, then the stamp. Throws BuildTypeErrors after writing everything when tsc reports type errors. */
export async function build(log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Promise<BuildSummary> {
  // A source saved while the build runs is newer than the stamp, so the next check builds again.
  const started = new Date();
  let t = performance.now();
  const code = await tsc();
  // 2: diagnostics, outputs written. Anything else but 0: nothing usable.
  if (code !== 0 && code !== 2) throw new Error(`build: tsc -p tsconfig.build.json failed (exit code ${code})`);
  const tscS = (performance.now() - t) / 1000;
  t = performance.now();
  const files = await bundleDashboard();
  await writeDashboard(files, DASHBOARD_DIR);
  const dashboardS = (performance.now() - t) / 1000;
  const pruned = await prune();
  const summary = { tsc_s: Math.round(tscS * 10) / 10, dashboard_s: Math.round(dashboardS * 100) / 100, files: files.map((f) => f.path), pruned };
  log(`chainlytics build: tsc ${summary.tsc_s} s → dist/, dashboard ${summary.dashboard_s} s → dist/web (${files.map((f) => f.path).join(', ')})${pruned ? `, ${pruned} stale files removed` : ''}`);
  if (code === 2) throw new BuildTypeErrors('build: tsc reported type errors (above); dist/ was written but the build is not marked complete');
  await writeFile(STAMP, `${started.toISOString()}\n`);
  await utimes(STAMP, started, started);
  return summary;
}

/** Builds when dist/ is missing or out of date; returns why it built, or null when it was current. */
export async function ensureBuilt(log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Promise<string | null> {
  const why = await staleness();
  if (why === null) return null;
  log(`chainlytics: building (${why})...`);
  await build(log);
  return why;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  try {
    await build();
  } catch (err) {
    process.stderr.write(`${err instanceof BuildTypeErrors ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  }
}
