// Every kind of configuration mistake produces one ConfigError listing file:line:column, the key
// path, what was expected, what was found and a fix. Positions are computed here by searching
// the test's own YAML text, independently of the YAML library the code uses.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig, type ConfigIssue } from '../../src/registry/config.js';
import { configErrorOf } from './helpers/config-error-of.js';

const FILE = 'chainlytics.yaml';

/** 1-based line:column of the n-th occurrence of `needle` in `text`. */
function posOf(text: string, needle: string, nth = 1): string {
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`test bug: ${JSON.stringify(needle)} occurs fewer than ${nth} times`);
  }
  const before = text.slice(0, at).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

const errorOf = (text: string, env: NodeJS.ProcessEnv = {}): ConfigError => configErrorOf(text, env, FILE);

/** The single issue for `key`; fails when there is none or several. */
function issueFor(err: ConfigError, key: string): ConfigIssue & { where: string } {
  const hits = err.issues.filter((i) => i.key === key);
  expect(hits.map((h) => h.key), err.message).toEqual([key]);
  return { ...hits[0], where: `${hits[0].line}:${hits[0].column}` };
}

const base = (extra: string) => `chains:\n  - origin_key: base\n    rpc_urls: [ "https://base.example/rpc" ]\n${extra}`;

describe('configuration errors', () => {
  it('a file that is not a mapping of settings', () => {
    const text = '- origin_key: base\n- origin_key: optimism\n';
    const issue = issueFor(errorOf(text), '(top level)');
    expect(issue.where).toBe('1:1');
    expect(issue.expected).toContain('a mapping of settings');
    expect(issue.found).toBe('a list of 2 items');
  });

  it('YAML syntax error: names the line of the broken construct', () => {
    const text = 'server:\n  port: 8080\nchains: [ { origin_key: base\nprices: {}\n';
    const err = errorOf(text);
    expect(err.issues.length).toBeGreaterThan(0);
    const first = err.issues[0];
    expect(first.expected).toBe('valid YAML');
    expect(first.found).toMatch(/syntax error/);
    expect(first.line).toBeGreaterThanOrEqual(3);
    expect(err.message).toContain(`${FILE}:${first.line}:`);
  });

  it('duplicate YAML key is a syntax error at the repeated key', () => {
    const text = 'server:\n  port: 8080\n  port: 9090\n';
    const err = errorOf(text);
    expect(`${err.issues[0].line}:${err.issues[0].column}`).toBe(posOf(text, 'port: 9090'));
    expect(err.issues[0].found).toMatch(/unique/);
  });

  it('unknown top-level key: suggests the closest known key', () => {
    const text = 'engine: duckdb\nservr:\n  port: 8080\n';
    const issue = issueFor(errorOf(text), 'servr');
    expect(issue.where).toBe(posOf(text, 'servr'));
    expect(issue.found).toBe('the unknown key "servr"');
    expect(issue.expected).toContain('server');
    expect(issue.hint).toMatch(/did you mean server\?/);
  });

  it('unknown nested key: suggests rpc_urls for rpc_url', () => {
    const text = 'chains:\n  - origin_key: base\n    rpc_url: [ "https://x.example" ]\n';
    const err = errorOf(text);
    const issue = issueFor(err, 'chains[0].rpc_url');
    expect(issue.where).toBe(posOf(text, 'rpc_url'));
    expect(issue.hint).toContain('did you mean rpc_urls?');
    // ...and the real key is then missing.
    expect(issueFor(err, 'chains[0].rpc_urls').found).toBe('nothing (the key is missing)');
  });

  it('wrong type: a string where a boolean is expected (YAML 1.2 "yes")', () => {
    const text = base('    flags: { fee_table: yes }\n');
    const issue = issueFor(errorOf(text), 'chains[0].flags.fee_table');
    expect(issue.where).toBe(posOf(text, 'yes'));
    expect(issue.expected).toBe('true or false');
    expect(issue.found).toBe('"yes"');
  });

  it('wrong type: a list item that is not a chain mapping', () => {
    const text = 'chains:\n  - base\n';
    const issue = issueFor(errorOf(text), 'chains[0]');
    expect(issue.where).toBe(posOf(text, 'base'));
    expect(issue.expected).toContain('mapping');
    expect(issue.hint).toContain('origin_key');
  });

  it('missing required keys for a chain that is not built in', () => {
    const text = 'chains:\n  - origin_key: my_chain\n    name: My Chain\n    rpc_urls: [ "http://127.0.0.1:8545" ]\n';
    const issue = issueFor(errorOf(text), 'chains[0]');
    expect(issue.where).toBe(posOf(text, 'origin_key'));
    expect(issue.expected).toBe('evm_chain_id, family and gas_token, because "my_chain" is not a built-in chain');
    expect(issue.found).toBe('no evm_chain_id, family or gas_token');
  });

  it('missing one required key names that key, and a near-miss of a built-in is suggested', () => {
    const one = 'chains:\n  - { origin_key: my_chain, name: X, evm_chain_id: 5, gas_token: ethereum, rpc_urls: [ "http://h.example" ] }\n';
    expect(issueFor(errorOf(one), 'chains[0].family').expected).toMatch(/^family \(one of ethereum, op, arbitrum, scroll, zksync, default\), because/);
    const typo = 'chains:\n  - origin_key: optimsm\n    rpc_urls: [ "http://h.example" ]\n';
    expect(issueFor(errorOf(typo), 'chains[0]').hint).toContain('did you mean the built-in chain optimism?');
  });

  it('invalid origin_key characters: proposes a valid spelling', () => {
    const text = 'chains:\n  - origin_key: My-Chain\n    name: M\n    evm_chain_id: 7\n    family: op\n    gas_token: ethereum\n    rpc_urls: [ "http://h.example" ]\n';
    const issue = issueFor(errorOf(text), 'chains[0].origin_key');
    expect(issue.where).toBe(posOf(text, 'My-Chain'));
    expect(issue.found).toBe('"My-Chain"');
    expect(issue.hint).toContain('origin_key: my_chain');
  });

  it('duplicate origin_key: points at the second entry and names the first', () => {
    const text = base('  - origin_key: base\n    rpc_urls: [ "https://other.example/rpc" ]\n');
    const issue = issueFor(errorOf(text), 'chains[1].origin_key');
    expect(issue.where).toBe(posOf(text, 'base\n    rpc_urls: [ "https://other'));
    expect(issue.found).toBe(`"base", already used by chains[0] (line ${posOf(text, 'origin_key').split(':')[0]})`);
  });

  it('duplicate evm_chain_id: a custom chain reusing a built-in chain\'s id', () => {
    const text = base('  - origin_key: my_base\n    name: B\n    evm_chain_id: 8453\n    family: op\n    gas_token: ethereum\n    rpc_urls: [ "http://h.example" ]\n');
    const issue = issueFor(errorOf(text), 'chains[1].evm_chain_id');
    expect(issue.where).toBe(posOf(text, '8453'));
    expect(issue.found).toContain('8453, already the id of chains[0] (base');
  });

  it('unknown family: lists the allowed families and maps the common alias', () => {
    const text = [
      'engine: duckdb',
      'chains:',
      '  - origin_key: my_chain',
      '    name: My Chain',
      '    evm_chain_id: 12345',
      '    family: optimism',
      '    gas_token: ethereum',
      '    rpc_urls: [ "http://127.0.0.1:8545" ]',
    ].join('\n');
    const err = errorOf(text);
    expect(err.message).toBe(
      `${FILE}:${posOf(text, 'optimism')} chains[0].family: expected one of ethereum, op, arbitrum, scroll, zksync, default; found "optimism". Fix: use family: op for OP Stack chains (l1Fee in receipts, deposit transactions).`,
    );
  });

  it('rpc_url that is not http(s) or not a URL at all', () => {
    const text = 'chains:\n  - origin_key: base\n    rpc_urls: [ "wss://base.example/ws", "localhost:8545", "https://ok.example" ]\n';
    const err = errorOf(text);
    const ws = issueFor(err, 'chains[0].rpc_urls[0]');
    expect(ws.where).toBe(posOf(text, '"wss://'));
    expect(ws.hint).toMatch(/WebSocket/);
    const bare = issueFor(err, 'chains[0].rpc_urls[1]');
    expect(bare.found).toBe('"localhost:8545"');
    expect(bare.hint).toContain('"http://localhost:8545"');
    expect(err.issues.some((i) => i.key === 'chains[0].rpc_urls[2]')).toBe(false);
  });

  it('empty rpc_urls', () => {
    const text = 'chains:\n  - origin_key: base\n    rpc_urls: []\n';
    const issue = issueFor(errorOf(text), 'chains[0].rpc_urls');
    expect(issue.where).toBe(posOf(text, '[]'));
    expect(issue.found).toBe('an empty list');
  });

  it('start with both block and date, and a date that does not exist', () => {
    const both = base('    start: { block: 5, date: 2024-06-01 }\n');
    expect(issueFor(errorOf(both), 'chains[0].start').where).toBe(posOf(both, '{ block'));
    const bad = base('    start: { date: 2024-02-30 }\n');
    const issue = issueFor(errorOf(bad), 'chains[0].start.date');
    expect(issue.where).toBe(posOf(bad, '2024-02-30'));
    expect(issue.expected).toBe('a date YYYY-MM-DD that exists');
  });

  it('server transport uws: says it was removed and what serves faster than node:http', () => {
    const text = base('server:\n  transport: uws\n');
    const issue = issueFor(errorOf(text), 'server.transport');
    expect(issue.where).toBe(posOf(text, 'uws'));
    expect(issue.expected).toBe('node, or no transport key');
    expect(issue.found).toContain('uws');
    expect(issue.hint).toContain('the uws transport was removed');
    expect(issue.hint).toContain('chainlytics build --out DIR) from nginx or a CDN');
  });

  it('negative finality_lag', () => {
    const text = base('    finality_lag: -5\n');
    const issue = issueFor(errorOf(text), 'chains[0].finality_lag');
    expect(issue.where).toBe(posOf(text, '-5'));
    expect(issue.found).toBe('-5');
  });

  it('malformed addresses: too short, and a non-hex character (checksum case is not an error)', () => {
    const good = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'.toUpperCase().replace('0X', '0x');
    const text = base(
      `    stablecoins: [ { symbol: USDC, address: 0x1234, decimals: 6 } ]\n    settlement_addresses: [ ${good}, 0x${'g'.repeat(40)} ]\n`,
    );
    const err = errorOf(text);
    const short = issueFor(err, 'chains[0].stablecoins[0].address');
    expect(short.where).toBe(posOf(text, '0x1234'));
    expect(short.hint).toContain('this one has 4');
    expect(issueFor(err, 'chains[0].settlement_addresses[1]').hint).toMatch(/stray character/);
    expect(err.issues.some((i) => i.key === 'chains[0].settlement_addresses[0]')).toBe(false);
  });

  it('api key hash that is not 64 hex digits', () => {
    const text = 'server:\n  api_keys:\n    keys:\n      - name: acme\n        sha256: my-secret-key\n';
    const issue = issueFor(errorOf(text), 'server.api_keys.keys[0].sha256');
    expect(issue.where).toBe(posOf(text, 'my-secret-key'));
    expect(issue.hint).toContain('sha256sum');
  });

  it('route limits and key names use the header token syntax', () => {
    const text = [
      'server:',
      '  rate_limits:',
      '    routes: [ { prefix: /metrics/, per_minute: 5, name: Metrics } ]',
      '  api_keys:',
      '    keys: [ { name: "Acme Corp", sha256: ' + 'a'.repeat(64) + ' } ]',
    ].join('\n');
    const err = errorOf(text);
    expect(issueFor(err, 'server.rate_limits.routes[0].prefix').where).toBe(posOf(text, '/metrics/'));
    expect(issueFor(err, 'server.rate_limits.routes[0].name').found).toBe('"Metrics"');
    expect(issueFor(err, 'server.api_keys.keys[0].name').where).toBe(posOf(text, '"Acme Corp"'));
  });

  it('require_for_apps without any key would lock everyone out', () => {
    const text = 'server:\n  api_keys:\n    require_for_apps: true\n';
    expect(issueFor(errorOf(text), 'server.api_keys.require_for_apps').expected).toContain('at least one key');
  });

  it('port out of range, in the file and in PORT', () => {
    const text = 'server:\n  port: 70000\n';
    const err = errorOf(text, { PORT: 'eighty' });
    expect(issueFor(err, 'server.port').where).toBe(posOf(text, '70000'));
    const env = issueFor(err, 'PORT');
    expect(env.file).toBe('environment');
    expect(env.found).toBe('"eighty"');
  });

  it('unknown engine', () => {
    const text = 'engine: mysql\n';
    const issue = issueFor(errorOf(text), 'engine');
    expect(issue.where).toBe(posOf(text, 'mysql'));
    expect(issue.expected).toBe('duckdb or clickhouse');
    expect(issue.hint).toMatch(/store: \{ engine: clickhouse/);
  });

  it('missing environment variable in an rpc_url names the variable, never a value', () => {
    const text = 'chains:\n  - origin_key: base\n    rpc_urls: [ "https://node.example/${BASE_KEY}" ]\n';
    const issue = issueFor(errorOf(text, { OTHER: 'x' }), 'chains[0].rpc_urls[0]');
    expect(issue.where).toBe(posOf(text, '"https://node'));
    expect(issue.expected).toContain('BASE_KEY');
    expect(issue.found).toBe('BASE_KEY is not set');
    expect(issueFor(errorOf(text, { BASE_KEY: '' }), 'chains[0].rpc_urls[0]').found).toBe('BASE_KEY is set but empty');
  });

  it('a substituted URL that is still invalid is shown as written, hiding the secret', () => {
    const text = 'chains:\n  - origin_key: base\n    rpc_urls: [ "${NODE}" ]\n';
    const err = errorOf(text, { NODE: 'not a url with s3cr3t' });
    const issue = issueFor(err, 'chains[0].rpc_urls[0]');
    expect(issue.found).toBe('"${NODE}" (after substituting ${NODE})');
    expect(issue.hint).toContain('NODE=https://');
    expect(err.message).not.toContain('s3cr3t');
  });

  it('price CSV that does not exist', () => {
    const text = 'prices:\n  csv: [ ./no-such-prices.csv ]\n';
    const issue = issueFor(errorOf(text), 'prices.csv[0]');
    expect(issue.where).toBe(posOf(text, './no-such'));
    expect(issue.found).toContain(join(tmpdir(), 'no-such-prices.csv'));
  });

  it('public_base_url ending in /v1', () => {
    const text = 'server:\n  public_base_url: https://data.example.org/v1\n';
    expect(issueFor(errorOf(text), 'server.public_base_url').hint).toContain('public_base_url: https://data.example.org ');
  });

  it('collects every problem in one error, sorted by position', () => {
    const text = [
      'engine: clickhouse', //              1
      'server:', //                         2
      '  port: 0', //                       3
      'chains:', //                         4
      '  - origin_key: base', //            5
      '    rpc_urls: [ "ftp://x" ]', //     6
      '    finality_lag: -1', //            7
    ].join('\n');
    const err = errorOf(text);
    expect(err.issues.map((i) => i.key)).toEqual(['engine', 'server.port', 'chains[0].rpc_urls[0]', 'chains[0].finality_lag']);
    expect(err.issues.map((i) => i.line)).toEqual([1, 3, 6, 7]);
    const lines = err.message.split('\n');
    expect(lines[0]).toBe(`${FILE}: 4 problems in the configuration:`);
    expect(lines.slice(1).every((l) => /^ {2}- chainlytics\.yaml:\d+:\d+ \S+: expected .+; found .+\. Fix: .+\.$/.test(l))).toBe(true);
  });
});

describe('configuration file access', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chainlytics-cfg-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a missing file is a ConfigError naming the path and the fix', () => {
    const path = join(dir, 'absent.yaml');
    expect(() => loadConfig(path, {})).toThrowError(ConfigError);
    expect(() => loadConfig(path, {})).toThrowError(`${path}: expected a readable YAML configuration file; found no file at ${path}.`);
  });

  it('a directory instead of a file', () => {
    expect(() => loadConfig(dir, {})).toThrowError(/found a directory at/);
  });

  it('an unreadable file (when permissions apply to this user)', () => {
    const path = join(dir, 'secret.yaml');
    writeFileSync(path, 'engine: duckdb\n');
    chmodSync(path, 0o000);
    // root reads through mode 000; then the file loads and there is nothing to assert about it.
    let outcome: unknown;
    try {
      outcome = loadConfig(path, {});
    } catch (err) {
      outcome = err;
    }
    if (outcome instanceof ConfigError) expect(outcome.message).toMatch(/may not read/);
    else expect((outcome as { engine: string }).engine).toBe('duckdb');
  });

  it('errors from a file name the file as given', () => {
    const path = join(dir, 'bad.yaml');
    writeFileSync(path, '\n\nserver:\n  port: -1\n');
    expect(() => loadConfig(path, {})).toThrowError(`${path}:4:9 server.port: expected an integer from 1 to 65535; found -1.`);
  });
});
