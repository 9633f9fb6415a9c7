// Starting one of this code base's modules in a worker thread or a child process. The compiled
// code (dist/, what bin/chainlytics.js runs) starts the .js file next to the caller with plain
// Node. Run from the TypeScript sources instead (vitest, tsx: the caller's own URL ends in .ts),
// it starts the .ts file through tsx, a development dependency that is resolved only then, so
// the compiled code never loads it.
import { fileURLToPath } from 'node:url';
import type { WorkerOptions } from 'node:worker_threads';

/** True when `metaUrl` (the caller's import.meta.url) is a TypeScript source, false in dist/. */
export function runningFromSources(metaUrl: string): boolean {
  return metaUrl.endsWith('.ts');
}

/** The module `name` (e.g. './child', no extension) next to the caller, as it exists where the caller runs. */
function sibling(metaUrl: string, name: string): URL {
  return new URL(`${name}.${runningFromSources(metaUrl) ? 'ts' : 'js'}`, metaUrl);
}

export interface ProcessEntry {
  /** The file to fork. */
  path: string;
  /** The Node flags that run it (tsx's loader from the sources, none compiled). */
  execArgv: string[];
}

/** For child_process.fork: the sibling module `name` of the caller and the Node flags it needs. */
export function processEntry(metaUrl: string, name: string): ProcessEntry {
  const path = fileURLToPath(sibling(metaUrl, name));
  return runningFromSources(metaUrl) ? { path, execArgv: ['--import', import.meta.resolve('tsx')] } : { path, execArgv: [] };
}

export interface WorkerEntry {
  /** The first argument of `new Worker`. */
  filename: string | URL;
  options: WorkerOptions;
}

/**
 * For `new Worker`: the sibling module `name` of the caller, with no flag of this process (a
 * loader, --input-type, profiling). From the sources, `--import tsx` in the worker's execArgv is
 * not enough on Node 20 (tsx installs its hooks from the main thread only), so the worker starts
 * with a line that registers tsx's hooks in it and then imports the .ts module.
 */
export function workerEntry(metaUrl: string, name: string): WorkerEntry {
  const url = sibling(metaUrl, name);
  if (!runningFromSources(metaUrl)) return { filename: url, options: { execArgv: [] } };
  const api = import.meta.resolve('tsx/esm/api');
  const start = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`;
  return { filename: start, options: { eval: true, execArgv: [] } };
}
