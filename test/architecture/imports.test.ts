// Data flows one way (docs/architecture.md): this test reads every import of src/, bench/,
// support/, scripts/ and test/ with TypeScript's own import scanner and fails on an edge that goes
// against the flow, or on an import cycle. A rule's message names the file and the import. The
// compiled src/ runs without the development dependencies, so src/ imports only packages of
// package.json `dependencies`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Repository-relative path (with /) → the repository-relative files it imports. */
type Graph = Map<string, string[]>;

const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...sourceFiles(rel));
    else if (e.name.endsWith('.ts') || e.name.endsWith('.tsx')) out.push(rel);
  }
  return out;
}

/** The source file of an import written with a .js extension: x.ts, or x.tsx (the dashboard's components). */
function tsSource(target: string): string {
  const ts = target.replace(/\.js$/, '.ts');
  return !existsSync(ts) && existsSync(`${ts}x`) ? `${ts}x` : ts;
}

function importGraph(dirs: string[]): Graph {
  const graph: Graph = new Map();
  for (const file of dirs.flatMap(sourceFiles)) {
    const info = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
    const targets = info.importedFiles
      .map((f) => f.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => relative(ROOT, tsSource(resolve(ROOT, dirname(file), spec))).split(sep).join('/'));
    graph.set(file, targets);
  }
  return graph;
}

/** The packages a file imports ('@scope/name' or 'name'; node: builtins left out), type-only imports included. */
function packageImports(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((spec) => !spec.startsWith('.') && !spec.startsWith('node:'))
    .map((spec) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/'));
}

/** `src/store/duckdb/x.ts` → `store`, `src/documents/fees/fee-table.ts` → `documents`; a file directly in src/ (clock.ts, log.ts, timers.ts, entry-points.ts, settle-all.ts) → its name. */
function stageOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] !== 'src') return parts[0];
  return parts.length === 2 ? parts[1].replace(/\.ts$/, '') : parts[1];
}

// Shared leaves every stage may import.
const LEAVES = new Set(['clock', 'log', 'timers', 'entry-points', 'settle-all']);
const STAGES = ['registry', 'rpc', 'devnet', 'ingest', 'sources', 'store', 'metrics', 'documents', 'server', 'live', 'dashboard', 'app', 'cli'];

/** For each stage, the stages it may import besides itself and the leaves. */
const ALLOWED: Record<string, readonly string[]> = {
  registry: [],
  rpc: [],
  devnet: ['registry'],
  ingest: ['registry', 'rpc', 'store'],
  sources: ['registry', 'rpc', 'store'],
  store: ['registry'],
  metrics: ['registry', 'sources', 'store'],
  documents: ['registry', 'store', 'metrics'],
  server: ['registry', 'documents'],
  // The live stream (CONTRACT.md 12): fed by ingestion's stored batches (store row types), prices
  // from the store, document swaps; answers at the server's root through server/root-routes.ts.
  live: ['registry', 'store', 'sources', 'metrics', 'documents', 'server'],
  // Reads the dashboard's built files (dist/web/) as the server's StaticFiles; never imports web/.
  dashboard: ['server'],
  app: ['registry', 'rpc', 'devnet', 'ingest', 'sources', 'store', 'metrics', 'documents', 'server', 'live', 'dashboard'],
  cli: ['registry', 'app'],
};

/** Outside src/: who may import what (never test/ from bench or support, never these from src). */
const ALLOWED_OUTSIDE: Record<string, readonly string[]> = {
  support: ['src'],
  // The build (npm run build): the dashboard bundler shares the served files' names and types with src/.
  scripts: ['src'],
  // bench:start builds before it measures (scripts/build.ts).
  bench: ['src', 'support', 'scripts'],
  // The dashboard's tests read its pure modules (number formatting); the build's tests and
  // vitest's globalSetup use scripts/.
  test: ['src', 'support', 'web', 'scripts'],
  // The dashboard is a client of the public API only: nothing of src/.
  web: [],
};

function violations(graph: Graph): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const from = stageOf(file);
    for (const target of targets) {
      const to = stageOf(target);
      if (to === from) continue;
      const top = target.split('/')[0];
      if (file.startsWith('src/')) {
        if (top !== 'src') out.push(`${file} imports ${target}: src/ never imports ${top}/`);
        else if (!LEAVES.has(to) && !(ALLOWED[from] ?? []).includes(to)) out.push(`${file} imports ${target}: ${from} may not import ${to}`);
        // The command line only parses and prints: what it prints (logs, scrubbed errors) src/app words.
        else if (from === 'cli' && to === 'log') out.push(`${file} imports ${target}: cli may not import log (src/app words what it prints)`);
      } else if (!(ALLOWED_OUTSIDE[from] ?? []).includes(top)) {
        out.push(`${file} imports ${target}: ${from}/ may not import ${top}/`);
      }
    }
  }
  return out;
}

/** Every import cycle among files, each as the list of files around it (empty when none). */
function cycles(graph: Graph): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return found;
}

// src/documents/ gives each family of documents a folder (docs/architecture.md, "Documents"); what
// every family uses stays at its top. A new family's folder is added here and to that table.
const DOCUMENT_FAMILIES = ['apps', 'blockspace', 'chain-overview', 'data-availability', 'economics', 'ecosystem', 'fees', 'flat-exports', 'landing', 'master', 'metric-detail', 'provenance'];
const DOCUMENTS_SHARED = [
  'build-all.ts',
  'build-report.ts',
  'compress-pool.ts',
  'compress-worker.ts',
  'csv.ts',
  'daily-facts-cache.ts',
  'document-kind.ts',
  'document-set.ts',
  'export.ts',
  'json-splice.ts',
  'kinds.ts',
  'kpi-card.ts',
  'lazy-variants.ts',
  'llms-txt.ts',
  'openapi-components.ts',
  'openapi-kind.ts',
  'openapi.ts',
  'path-rules.ts',
  'raw-window-memo.ts',
];
/**
 * The families a shared module may import: kinds.ts lists every kind; the build loop takes the
 * hourly window of the metric details and the caches kept between builds (the application facts,
 * the all_l2s hourly union, the flat exports' files, the blockspace chain documents, the chain overviews), whose types the build context names, and what the running process
 * passes for provenance (its inputs' type; provenance/provenance-inputs.ts). Any other edge from the shared modules into a family would make the core depend
 * on one page's documents.
 */
const SHARED_IMPORTS_FAMILY: Record<string, readonly string[]> = {
  'kinds.ts': DOCUMENT_FAMILIES,
  'build-all.ts': ['apps', 'blockspace', 'chain-overview', 'flat-exports', 'metric-detail', 'provenance'],
  'document-kind.ts': ['apps', 'blockspace', 'chain-overview', 'flat-exports', 'metric-detail', 'provenance'],
};

/** Where src/documents/ breaks its layout: a file outside the shared modules and the family folders, or a shared module importing a family it may not. */
function documentsLayout(graph: Graph): string[] {
  const out: string[] = [];
  const prefix = 'src/documents/';
  for (const [file, targets] of graph) {
    if (!file.startsWith(prefix)) continue;
    const [top, ...rest] = file.slice(prefix.length).split('/');
    if (rest.length === 0 && !DOCUMENTS_SHARED.includes(top)) out.push(`${file}: a document kind's file belongs in its family's folder (${DOCUMENT_FAMILIES.join(', ')})`);
    if (rest.length > 0 && !DOCUMENT_FAMILIES.includes(top)) out.push(`${file}: ${top}/ is not a known family of documents`);
    if (rest.length > 0) continue;
    for (const target of targets) {
      if (!target.startsWith(prefix)) continue;
      const parts = target.slice(prefix.length).split('/');
      if (parts.length > 1 && !(SHARED_IMPORTS_FAMILY[top] ?? []).includes(parts[0])) out.push(`${file} imports ${target}: a shared module of documents/ may not import the ${parts[0]}/ family`);
    }
  }
  return out;
}

describe('import directions', () => {
  const graph = importGraph(['src', 'bench', 'support', 'scripts', 'test', 'web']);

  it('reads the graph: every stage is there and relative imports resolve to files that exist', () => {
    const stages = new Set([...graph.keys()].filter((f) => f.startsWith('src/')).map(stageOf));
    for (const s of STAGES) expect(stages, s).toContain(s);
    const missing = [...graph].flatMap(([file, targets]) => targets.filter((t) => !graph.has(t) && t.endsWith('.ts') && t.split('/')[0] !== 'node_modules').map((t) => `${file} → ${t}`));
    // Imports of files outside the scanned folders (package.json, deploy/…) are not .ts.
    expect(missing).toEqual([]);
    expect(graph.get('src/cli/commands.ts')).toContain('src/app/serve.ts');
  });

  it('every edge follows the data flow', () => {
    expect(violations(graph)).toEqual([]);
  });

  it('src/ imports no development dependency (the compiled code runs without them: no tsx, no esbuild)', () => {
    const dev = [...graph.keys()]
      .filter((f) => f.startsWith('src/'))
      .flatMap((f) => packageImports(f).filter((p) => !(p in PACKAGE.dependencies)).map((p) => `${f} imports ${p}`));
    expect(dev).toEqual([]);
    expect(PACKAGE.dependencies).not.toHaveProperty('tsx');
    expect(PACKAGE.dependencies).not.toHaveProperty('esbuild');
  });

  it('has no import cycle between files', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('src/documents/ keeps each family in its folder, and its shared modules import families only where listed', () => {
    expect(documentsLayout(graph)).toEqual([]);
    // Every family folder exists and holds at least one file (a renamed folder fails here).
    const families = new Set([...graph.keys()].filter((f) => f.startsWith('src/documents/') && f.split('/').length === 4).map((f) => f.split('/')[2]));
    expect([...families].sort()).toEqual([...DOCUMENT_FAMILIES].sort());
  });

  it('has no cycle between stages either', () => {
    const stageGraph: Graph = new Map();
    for (const [file, targets] of graph) {
      if (!file.startsWith('src/')) continue;
      const from = `src/${stageOf(file)}`;
      const edges = new Set(stageGraph.get(from) ?? []);
      for (const t of targets) if (stageOf(t) !== stageOf(file)) edges.add(`src/${stageOf(t)}`);
      stageGraph.set(from, [...edges]);
    }
    expect(cycles(stageGraph)).toEqual([]);
  });

  it('the checks catch what they are meant to catch', () => {
    const bad: Graph = new Map([
      ['src/cli/main.ts', ['src/store/open-store.ts', 'src/app/serve.ts', 'src/log/secrets.ts', 'src/clock.ts']],
      ['src/store/store.ts', ['src/ingest/normalize.ts']],
      ['src/documents/master/master.ts', ['src/server/errors.ts']],
      ['src/server/request-handler.ts', ['src/store/store.ts']],
      ['src/registry/config.ts', ['src/server/http-server.ts']],
      ['bench/build.ts', ['test/metrics/chain-fixture.ts']],
      ['src/app/serve.ts', ['src/cli/main.ts']],
    ]);
    expect(violations(bad)).toEqual([
      'src/cli/main.ts imports src/store/open-store.ts: cli may not import store',
      'src/cli/main.ts imports src/log/secrets.ts: cli may not import log (src/app words what it prints)',
      'src/store/store.ts imports src/ingest/normalize.ts: store may not import ingest',
      'src/documents/master/master.ts imports src/server/errors.ts: documents may not import server',
      'src/server/request-handler.ts imports src/store/store.ts: server may not import store',
      'src/registry/config.ts imports src/server/http-server.ts: registry may not import server',
      'bench/build.ts imports test/metrics/chain-fixture.ts: bench/ may not import test/',
      'src/app/serve.ts imports src/cli/main.ts: app may not import cli',
    ]);
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual([['a', 'b', 'c', 'a']]);
    const layout: Graph = new Map([
      ['src/documents/economics.ts', ['src/documents/document-kind.ts']],
      ['src/documents/things/thing.ts', []],
      ['src/documents/document-set.ts', ['src/documents/apps/app-data.ts', 'src/documents/csv.ts']],
      ['src/documents/build-all.ts', ['src/documents/metric-detail/metric-detail.ts', 'src/documents/landing/landing-page.ts']],
      ['src/documents/kinds.ts', ['src/documents/landing/landing-page.ts']],
      ['src/documents/landing/landing-page.ts', ['src/documents/apps/app-data.ts']],
    ]);
    expect(documentsLayout(layout)).toEqual([
      "src/documents/economics.ts: a document kind's file belongs in its family's folder (apps, blockspace, chain-overview, data-availability, economics, ecosystem, fees, flat-exports, landing, master, metric-detail, provenance)",
      'src/documents/things/thing.ts: things/ is not a known family of documents',
      'src/documents/document-set.ts imports src/documents/apps/app-data.ts: a shared module of documents/ may not import the apps/ family',
      'src/documents/build-all.ts imports src/documents/landing/landing-page.ts: a shared module of documents/ may not import the landing/ family',
    ]);
  });
});
