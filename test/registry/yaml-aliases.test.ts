// Issue 23, item 5: YAML anchors and aliases. An alias bomb (billion laughs: anchors of aliases of
// anchors) and an alias to an anchor that is not defined above it are configuration errors like
// every other one, file:line:column and key path of the alias, never a raw ReferenceError from
// the YAML library. The limit is the library's own maxAliasCount, and docs/configuration.md
// states the number the code uses.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/registry/config.js';
import { MAX_ALIAS_COUNT, readYaml } from '../../src/registry/yaml-source.js';
import { configErrorOf } from './helpers/config-error-of.js';

const FILE = 'chainlytics.yaml';

const errorOf = (text: string): ConfigError => configErrorOf(text, {}, FILE);

/** A billion-laughs file: nine levels of anchors, each a list of nine aliases to the one before. */
function aliasBomb(): string {
  const lines = ['lol0: &lol0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
  for (let i = 1; i < 9; i++) lines.push(`lol${i}: &lol${i} [${Array(9).fill(`*lol${i - 1}`).join(', ')}]`);
  return lines.join('\n') + '\n';
}

describe('YAML anchors and aliases', () => {
  it('an alias bomb is one configuration error at the alias that goes over the limit', () => {
    const text = aliasBomb();
    const err = errorOf(text);
    expect(err.issues).toHaveLength(1);
    const issue = err.issues[0]!;
    // The library's count: an anchor's references so far (its definition included) times the
    // largest count inside it. lol3 holds aliases that count 10 × 100 = 1000, so the first alias
    // to it (the second reference) counts 2000: line 5, after "lol4: &lol4 [".
    expect([issue.line, issue.column, issue.key]).toEqual([5, 'lol4: &lol4 ['.length + 1, 'lol4[0]']);
    expect(err.message).toBe(
      `${FILE}:5:14 lol4[0]: expected anchors repeated through aliases at most ${MAX_ALIAS_COUNT} times (docs/configuration.md, "YAML anchors and aliases"); ` +
        'found the alias *lol3, which goes over that limit (anchors of aliases nested into an "alias bomb"). Fix: write the repeated values out, or nest fewer anchors that themselves contain aliases.',
    );
  });

  it('an alias in a merge key (<<) counts the same, and the error points at it', () => {
    const text = `shared: &x { a: 1 }\nlist:\n${'  - <<: *x\n'.repeat(MAX_ALIAS_COUNT)}`;
    const issues = readYaml(text, FILE).syntaxIssues;
    expect(issues).toHaveLength(1);
    // The 1000th use, on line 2 + 1000: with the anchor's own definition that is 1001.
    expect([issues[0]!.line, issues[0]!.column, issues[0]!.key]).toEqual([2 + MAX_ALIAS_COUNT, '  - <<: '.length + 1, `list[${MAX_ALIAS_COUNT - 1}].<<`]);
  });

  it(`allows an anchor to be used ${MAX_ALIAS_COUNT - 1} times and refuses the next use, pointing at it`, () => {
    const uses = (n: number) => `shared: &k 1\nlist: [${Array(n).fill('*k').join(', ')}]\n`;
    expect(readYaml(uses(MAX_ALIAS_COUNT - 1), FILE).syntaxIssues).toEqual([]);
    const over = readYaml(uses(MAX_ALIAS_COUNT), FILE).syntaxIssues;
    expect(over).toHaveLength(1);
    // The last alias of the list: "list: [" then 999 times "*k, ".
    expect([over[0]!.line, over[0]!.column, over[0]!.key]).toEqual([2, 'list: ['.length + (MAX_ALIAS_COUNT - 1) * '*k, '.length + 1, `list[${MAX_ALIAS_COUNT - 1}]`]);
  });

  it('an alias to an anchor not defined above it names the alias and the anchor', () => {
    const text = 'server:\n  port: *port\n';
    const err = errorOf(text);
    expect(err.message).toBe(`${FILE}:2:9 server.port: expected an anchor &port defined before this alias; found the alias *port with no anchor &port above it. Fix: define &port on a value earlier in the file, or write the value here.`);
  });

  it('ordinary anchors and merge keys still load', () => {
    const text = 'base_rpc: &rpc [ "https://base.example/rpc" ]\n';
    // An unknown top-level key is reported by the schema, after the aliases expanded fine.
    expect(errorOf(text).issues.map((i) => i.key)).toEqual(['base_rpc']);
    const config = parseConfig('chains:\n  - &base { origin_key: base, rpc_urls: [ "https://b.example" ] }\n  - { <<: *base, origin_key: optimism }\n', FILE, { env: {}, baseDir: tmpdir() });
    expect(config.chains.map((c) => [c.origin_key, c.rpc_urls])).toEqual([
      ['base', ['https://b.example']],
      ['optimism', ['https://b.example']],
    ]);
  });

  it('docs/configuration.md states the limit the code uses', () => {
    const docs = readFileSync(join(import.meta.dirname, '../../docs/configuration.md'), 'utf8');
    const section = docs.slice(docs.indexOf('### YAML anchors and aliases'));
    expect(section.length).toBeLessThan(docs.length);
    expect(section).toContain(`at most ${MAX_ALIAS_COUNT} `);
  });
});
