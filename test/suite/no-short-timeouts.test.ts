// No test file sets a test or hook timeout below the suite's own (vitest.config.ts). The
// timeout is a guard against a hang, sized for the suite to pass while a second copy runs beside
// it on two cores; a file's own shorter one (60-240 s before) failed there first: the browser
// files' set-up timed out at 240 s on a loaded machine while the same work finished under 300 s.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const TEST_DIR = join(ROOT, 'test');
const TAKES_TIMEOUT = new Set(['it', 'test', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach']);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : testFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** `it`, `it.concurrent`, `describe.each(...)`'s inner `it`: the name the call starts from. */
function rootName(callee: ts.Expression): string | null {
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return rootName(callee.expression);
  if (ts.isCallExpression(callee)) return rootName(callee.expression);
  return null;
}

/** The timeouts a file's tests and hooks set for themselves: `it(name, fn, ms)`, `beforeAll(fn, ms)`, `{ timeout: ms }`. */
export function ownTimeouts(path: string, source: string): Array<{ at: string; ms: number }> {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const found: Array<{ at: string; ms: number }> = [];
  const at = (n: ts.Node) => `${relative(ROOT, path)}:${file.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && TAKES_TIMEOUT.has(rootName(n.expression) ?? '') && n.arguments.length >= 2) {
      const last = n.arguments[n.arguments.length - 1];
      if (ts.isNumericLiteral(last)) found.push({ at: at(last), ms: Number(last.text) });
      for (const arg of n.arguments) {
        if (!ts.isObjectLiteralExpression(arg)) continue;
        for (const p of arg.properties) {
          if (ts.isPropertyAssignment(p) && p.name.getText(file) === 'timeout' && ts.isNumericLiteral(p.initializer)) found.push({ at: at(p), ms: Number(p.initializer.text) });
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(file);
  return found;
}

/** A numeric setting of vitest.config.ts, read from its source (test/ does not import the config). */
function configNumber(name: string): number {
  const path = join(ROOT, 'vitest.config.ts');
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  let value: number | null = null;
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAssignment(n) && n.name.getText(file) === name && ts.isNumericLiteral(n.initializer)) value = Number(n.initializer.text);
    ts.forEachChild(n, visit);
  };
  visit(file);
  if (value === null) throw new Error(`vitest.config.ts sets no numeric ${name}`);
  return value;
}

describe('test timeouts', () => {
  const suiteTimeout = configNumber('testTimeout');
  const hookTimeout = configNumber('hookTimeout');

  it('the suite sets one timeout for tests and hooks', () => {
    expect(suiteTimeout).toBeGreaterThanOrEqual(300_000);
    expect(hookTimeout).toBe(suiteTimeout);
  });

  it('finds the timeouts a file sets (the check below can fail)', () => {
    const sample = [
      "it('a', async () => {}, 60_000);",
      'beforeAll(start, 240_000);',
      "describe.each([1])('d %s', () => { it.concurrent('b', { timeout: 5_000 }, async () => {}); });",
      'setTimeout(() => {}, 1_000);',
    ].join('\n');
    expect(ownTimeouts(join(TEST_DIR, 'sample.test.ts'), sample).map((t) => t.ms)).toEqual([60_000, 240_000, 5_000]);
  });

  it('no file sets a shorter one of its own', () => {
    const short = testFiles(TEST_DIR)
      .flatMap((path) => ownTimeouts(path, readFileSync(path, 'utf8')))
      .filter((t) => t.ms < suiteTimeout);
    expect(short).toEqual([]);
  });
});
