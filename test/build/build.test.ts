// The build (`npm run build`, scripts/build.ts; vitest's globalSetup ran it when dist/ was out of
// date): dist/ is src/ compiled file for file plus the dashboard's files, it runs with plain Node
// (no tsx, no esbuild, no TypeScript), and scripts/ensure-deps.sh decides "out of date" from the
// same inputs as the build.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BUILD_INPUTS, DIST, ROOT } from '../../scripts/build.js';
import { processEntry, runningFromSources, workerEntry } from '../../src/entry-points.js';

const run = promisify(execFile);

/** Repository-relative files under `dir` (with /), hidden ones and dist/web left out. */
function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.name.startsWith('.') || path === join(DIST, 'web')) continue;
    if (e.isDirectory()) out.push(...files(path));
    else out.push(relative(ROOT, path).split(sep).join('/'));
  }
  return out.sort();
}

describe('the build', () => {
  it('scripts/ensure-deps.sh (npm start, npm test) tests the inputs scripts/build.ts lists', () => {
    const sh = readFileSync(join(ROOT, 'scripts/ensure-deps.sh'), 'utf8');
    const listed = /^build_inputs=\(([^)]*)\)$/m.exec(sh);
    expect(listed?.[1].trim().split(/\s+/)).toEqual(BUILD_INPUTS);
    expect(sh).toContain('-newer dist/.build-stamp');
  });

  it('dist/ is src/ compiled file for file (and nothing whose source is gone)', () => {
    const sources = files(join(ROOT, 'src')).map((f) => f.replace(/^src\//, 'dist/').replace(/\.tsx?$/, '.js'));
    expect(files(DIST)).toEqual(sources.sort());
  });

  it('the compiled code imports only packages of `dependencies` (never tsx or esbuild)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const bad: string[] = [];
    for (const file of files(DIST)) {
      for (const f of ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true).importedFiles) {
        const spec = f.fileName;
        if (spec.startsWith('.') || spec.startsWith('node:')) continue;
        const name = spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
        if (!(name in pkg.dependencies)) bad.push(`${file} imports ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('runs with plain Node: the compression workers and the devnet child start from dist/', async () => {
    const dist = (p: string) => JSON.stringify(pathToFileURL(join(DIST, p)).href);
    const script = `
      import { buildDocumentSetAsync } from ${dist('documents/document-set.js')};
      import { startDevnetProcess } from ${dist('devnet/process.js')};
      const set = await buildDocumentSetAsync([{ path: '/v1/a.json', json: { a: [1, 2, 3] }, freshness: 'daily' }], 1);
      const dev = await startDevnetProcess({ seed: 3, historyDays: 1, txPerDay: 20, chains: ['ethereum'] });
      const r = await fetch(dev.info.chains[0].url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) });
      const { result } = await r.json();
      await dev.close();
      console.log(JSON.stringify({ br: set.entries.get('/v1/a.json').br.length, chainId: result, expected: '0x' + dev.info.chains[0].evm_chain_id.toString(16) }));`;
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, env, timeout: 60_000 });
    const out = JSON.parse(stdout.trim().split('\n').pop()!) as { br: number; chainId: string; expected: string };
    expect(out.br).toBeGreaterThan(0);
    expect(out.chainId).toBe(out.expected);
  });
});

describe('starting a module in another thread or process (src/entry-points.ts)', () => {
  const compiled = 'file:///app/dist/documents/compress-pool.js';
  const source = 'file:///app/src/documents/compress-pool.ts';

  it('compiled: the .js next to the caller, plain Node', () => {
    expect(runningFromSources(compiled)).toBe(false);
    expect(processEntry(compiled, './child')).toEqual({ path: '/app/dist/documents/child.js', execArgv: [] });
    const w = workerEntry(compiled, './compress-worker');
    expect(String(w.filename)).toBe('file:///app/dist/documents/compress-worker.js');
    expect(w.options).toEqual({ execArgv: [] });
  });

  it('from the sources: the .ts next to the caller, through tsx', () => {
    expect(runningFromSources(source)).toBe(true);
    const p = processEntry(source, './child');
    expect(p.path).toBe('/app/src/documents/child.ts');
    expect(p.execArgv).toEqual(['--import', expect.stringMatching(/^file:.*\/tsx\/.*\.mjs$/)]);
    const w = workerEntry(source, './compress-worker');
    expect(w.options).toEqual({ eval: true, execArgv: [] });
    expect(w.filename).toContain('"file:///app/src/documents/compress-worker.ts"');
    expect(w.filename).toMatch(/import\("file:.*\/tsx\/dist\/esm\/api\/index\.mjs"\)/);
  });
});
