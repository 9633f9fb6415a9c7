// The README and docs/ can be followed from a checkout: every relative link names a file of the
// repository (and, with #anchor, one of its headings), and none of them sends the reader to the
// team's specification files, which are not in the repository.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, documentationFiles, headingAnchors, linksOf, readRepoFile } from './markdown.js';

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i; // https:, mailto:, …
const SPEC_FILES = /\b(interface\.md|CONTRACT\.md|METRICS\.md|DESIGN\.md)\b|\/work\/shared|\.\.\/shared\//;

/** Problems with the links of one file (its text given, or read), as "file:line: target: why". */
function brokenLinks(file: string, text = readRepoFile(file)): string[] {
  const problems: string[] = [];
  for (const { line, target } of linksOf(text)) {
    if (EXTERNAL.test(target)) continue;
    const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
    const resolved = pathPart === '' ? file : normalize(join(dirname(file), decodeURIComponent(pathPart)));
    const where = `${file}:${line}: ${target}`;
    if (resolved.startsWith('..')) {
      problems.push(`${where}: outside the repository`);
      continue;
    }
    const abs = join(REPO_ROOT, resolved);
    if (!existsSync(abs)) {
      problems.push(`${where}: no such file`);
      continue;
    }
    if (anchor !== undefined && resolved.endsWith('.md') && statSync(abs).isFile()) {
      if (!headingAnchors(readRepoFile(resolved)).has(anchor)) problems.push(`${where}: no heading with this anchor in ${resolved}`);
    }
  }
  return problems;
}

describe('README.md and docs/*.md', () => {
  const files = documentationFiles();

  it('are found (README and the docs folder)', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/api.md');
    expect(files.length).toBeGreaterThan(5);
  });

  it('link only to files of the repository, and to headings that exist', () => {
    const problems = files.flatMap((f) => brokenLinks(f));
    expect(problems).toEqual([]);
  });

  it('do not cite the specification files, which are not in the repository', () => {
    const citing = files.flatMap((file) =>
      readRepoFile(file)
        .split('\n')
        .flatMap((text, i) => (SPEC_FILES.test(text) ? [`${file}:${i + 1}: ${text.trim().slice(0, 120)}`] : [])),
    );
    expect(citing).toEqual([]);
  });
});

describe('the link checker', () => {
  // The checks above pass only if the checker can fail: it must see a broken file, a broken
  // anchor and a spec citation in text written to look like the docs.
  it('finds inline links outside code, with their lines', () => {
    const text = 'see [a](docs/a.md#x) and `[not](b.md)`\n```\n[fenced](c.md)\n```\n[d](https://e.org) [f](#g)';
    expect(linksOf(text)).toEqual([
      { line: 1, target: 'docs/a.md#x' },
      { line: 5, target: 'https://e.org' },
      { line: 5, target: '#g' },
    ]);
  });

  it('makes the anchors GitHub makes, duplicates numbered', () => {
    const anchors = headingAnchors(
      '# API reference\n## `/healthz` and `/metrics`\n### The all_l2s aggregate (tested in `test/x.test.ts`)\n## Errors\n## Errors\n```\n# not a heading\n```',
    );
    expect([...anchors]).toEqual(['api-reference', 'healthz-and-metrics', 'the-all_l2s-aggregate-tested-in-testxtestts', 'errors', 'errors-1']);
  });

  it('reports a missing file, a missing heading and a path out of the repository', () => {
    const text = [
      '[ok](http.md#errors) [ok](../README.md) [ok](#api-reference) [ok](https://example.org/x.md)',
      '[gone](nowhere.md) [bad anchor](http.md#no-such-heading) [out](../../etc/passwd) [self](#nope)',
    ].join('\n');
    expect(brokenLinks('docs/api.md', text)).toEqual([
      'docs/api.md:2: nowhere.md: no such file',
      'docs/api.md:2: http.md#no-such-heading: no heading with this anchor in docs/http.md',
      'docs/api.md:2: ../../etc/passwd: outside the repository',
      'docs/api.md:2: #nope: no heading with this anchor in docs/api.md',
    ]);
  });

  it('recognises a citation of each specification file', () => {
    for (const line of ['as interface.md 4.4 says', '(CONTRACT.md section 7)', 'METRICS.md', 'The plan is `DESIGN.md`', 'see ../shared/spec/x']) {
      expect(SPEC_FILES.test(line), line).toBe(true);
    }
    expect(SPEC_FILES.test('docs/metrics.md and docs/http.md')).toBe(false);
  });
});
