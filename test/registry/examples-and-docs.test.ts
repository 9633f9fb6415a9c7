// The shipped example files load, and they and docs/configuration.md cover every key the
// validator accepts (the key list is read from the schema, so a new key fails this test until
// it is documented and shown in the example).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinChainsMarkdown } from '../../src/registry/builtin-chains-table.js';
import { ConfigError, loadConfig } from '../../src/registry/config.js';
import { FIELD_RULES } from '../../src/registry/config-hints.js';
import { allowedKeysAt } from '../../src/registry/config-schema.js';

const root = resolve(import.meta.dirname, '../..');
const example = join(root, 'examples', 'chainlytics.example.yaml');
const real = join(root, 'examples', 'real-chains.yaml');
const docs = readFileSync(join(root, 'docs', 'configuration.md'), 'utf8');

function allKeys(path: (string | number)[] = []): string[] {
  const out: string[] = [];
  for (const key of allowedKeysAt(path)) {
    out.push(key);
    for (const next of [[...path, key], [...path, key, 0]]) if (allowedKeysAt(next).length > 0) out.push(...allKeys(next));
  }
  return [...new Set(out)];
}

/** Every key path the schema accepts, lists written as [] (`chains[].stablecoins[].address`). */
function allPaths(path: (string | number)[] = [], text = ''): string[] {
  const out: string[] = [];
  for (const key of allowedKeysAt(path)) {
    const here = text ? `${text}.${key}` : key;
    out.push(here);
    if (allowedKeysAt([...path, key]).length > 0) out.push(...allPaths([...path, key], here));
    if (allowedKeysAt([...path, key, 0]).length > 0) out.push(`${here}[]`, ...allPaths([...path, key, 0], `${here}[]`));
  }
  return out;
}

const mentions = (text: string, key: string) => new RegExp(`(^|[^a-z_])${key}:`, 'm').test(text);

describe('examples/chainlytics.example.yaml', () => {
  it('loads, with its one RPC variable set', () => {
    const cfg = loadConfig(example, { BASE_RPC_URL: 'https://base.example/rpc' });
    expect(cfg.chains.map((c) => c.origin_key)).toEqual(['base', 'my_chain']);
    expect(cfg.chains[0].rpc_urls).toEqual(['https://base.example/rpc']);
    expect(cfg.data_dir).toBe(join(root, 'data'));
    expect(cfg.server.api_keys.keys).toHaveLength(1);
  });

  it('writes out every key the validator accepts', () => {
    const text = readFileSync(example, 'utf8');
    const keys = allKeys();
    expect(keys.length).toBeGreaterThan(40);
    expect(keys.filter((k) => !mentions(text, k))).toEqual([]);
  });

  it('fails naming BASE_RPC_URL when it is not set', () => {
    expect(() => loadConfig(example, {})).toThrowError(/BASE_RPC_URL is not set/);
  });
});

describe('examples/real-chains.yaml', () => {
  const env = {
    ETHEREUM_RPC_URL: 'https://eth.example/v2/k',
    OPTIMISM_RPC_URL: 'https://op.example/v2/k',
    BASE_RPC_URL: 'https://base.example/v2/k',
  };

  it('configures ethereum, optimism and base from environment URLs', () => {
    const cfg = loadConfig(real, env);
    expect(cfg.chains.map((c) => [c.origin_key, c.evm_chain_id, c.rpc_urls])).toEqual([
      ['ethereum', 1, [env.ETHEREUM_RPC_URL]],
      ['optimism', 10, [env.OPTIMISM_RPC_URL]],
      ['base', 8453, [env.BASE_RPC_URL]],
    ]);
  });

  it('names every missing variable at once', () => {
    let err: unknown;
    try {
      loadConfig(real, { BASE_RPC_URL: env.BASE_RPC_URL });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).issues.map((i) => i.found)).toEqual(['ETHEREUM_RPC_URL is not set', 'OPTIMISM_RPC_URL is not set']);
  });
});

describe('error messages', () => {
  it('have an operator-facing rule (expected + fix) for every key the validator accepts', () => {
    const paths = allPaths();
    expect(paths).toContain('chains[].stablecoins[].address');
    expect(paths.filter((p) => !(p in FIELD_RULES))).toEqual([]);
  });
});

describe('docs/configuration.md', () => {
  it('contains the current built-in chain table', () => {
    const table = builtinChainsMarkdown();
    if (!docs.includes(table)) {
      // Print the table to paste, so updating the docs is copy and paste.
      console.error(`docs/configuration.md is out of date; its built-in chain table should read:\n\n${table}\n`);
    }
    expect(docs.includes(table)).toBe(true);
  });

  it('documents every key the validator accepts', () => {
    // Inside a code span, e.g. `flags.apps` or `{ symbol, address, decimals }`.
    const undocumented = allKeys().filter((k) => !new RegExp(`\`[^\`\n]*(?<![a-z_])${k}(?![a-z_])[^\`\n]*\``).test(docs));
    expect(undocumented).toEqual([]);
  });
});
