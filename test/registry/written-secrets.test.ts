// Issue 23, item 6: a secret written directly in the configuration file (a URL's user name and
// password, an API key pasted under sha256:, a password under *_env:) is never quoted by a
// configuration error, whichever check reports it (the schema, the cross checks, the YAML
// syntax); the error names the key and says to move the value to an environment variable.
// Every secret below contains S3CR3T, so one search of the message finds any that leaked.
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { scrubSecrets } from '../../src/log/secrets.js';
import { ConfigError, parseConfig, type ConfigIssue } from '../../src/registry/config.js';
import { configErrorOf } from './helpers/config-error-of.js';

const FILE = 'chainlytics.yaml';

const errorOf = (text: string, env: NodeJS.ProcessEnv = {}): ConfigError => configErrorOf(text, env, FILE);

function issuesFor(err: ConfigError, key: string): ConfigIssue[] {
  return err.issues.filter((i) => i.key === key);
}

describe('secrets written in the configuration file', () => {
  const text = [
    'server:', //                                                                     1
    '  public_base_url: https://admin:pw-S3CR3T-1@data.example.org/v1', //            2
    '  api_keys:', //                                                                 3
    '    keys:', //                                                                   4
    '      - { name: acme, sha256: "sk_live_S3CR3T_0123456789", per_minute: 10 }', // 5
    'store:', //                                                                      6
    '  engine: clickhouse', //                                                        7
    '  url: http://ch.internal:8123', //                                              8
    '  cluster: c', //                                                                9
    '  password_env: "ch-pass-S3CR3T-2"', //                                          10
    'prices:', //                                                                     11
    '  coingecko_url: https://u:pw-S3CR3T-3@api.example', //                          12
    '  coingecko_api_key_env: "CG-S3CR3T-4abc"', //                                   13
    'labels:', //                                                                     14
    '  files: [ "https://u:pw-S3CR3T-5@labels.example/x.csv" ]', //                   15
    '  urls: [ "nope://u:pw-S3CR3T-6@labels.example" ]', //                           16
    'chains:', //                                                                     17
    '  - origin_key: base', //                                                        18
    '    rpc_urls: [ "ftp://u:pw-S3CR3T-7@node.example", "https://u:pw-S3CR3T-8@node.example/${NOT_SET}", "wss://u:pw-S3CR3T-9@h/${bad" ]', // 19
    '    website: https://u:pw-S3CR3T-10@base.example', //                            20
    '"https://u:pw-S3CR3T-11@h": 1', //                                               21
  ].join('\n');
  const err = errorOf(text);

  it('no message quotes any of them', () => {
    expect(err.issues.length).toBeGreaterThanOrEqual(10);
    expect(err.message).not.toContain('S3CR3T');
    // Nor a piece of one: the fixes are not built from the values (a scheme added, a slug made).
    expect(err.message).not.toMatch(/pw-|sk_live|ch-pass|CG-/);
  });

  it('a raw API key under sha256: is described by its length, and the fix says to hash it and keep the key elsewhere', () => {
    const [issue] = issuesFor(err, 'server.api_keys.keys[0].sha256');
    expect([issue!.line, issue!.found]).toEqual([5, 'a value that is not a SHA-256 hash (25 characters where a hash has 64 hex digits; not shown: it may be the API key itself)']);
    expect(issue!.hint).toContain('sha256sum');
    expect(issue!.hint).toContain('environment variable');
  });

  it('a secret under *_env: is not shown, and the fix says to move it to an environment variable', () => {
    for (const key of ['store.password_env', 'prices.coingecko_api_key_env']) {
      const issues = issuesFor(err, key);
      // One issue: the "variable is not set" check does not run on a value that is no variable name.
      expect(issues.map((i) => i.found), key).toEqual(['a value that is not a variable name (not shown: it may be the secret itself)']);
      expect(issues[0]!.hint, key).toMatch(/^move the secret to an environment variable and write only the variable's name here/);
    }
  });

  it('a URL with user info in rpc_urls: every rpc_urls check describes it, and the fix says ${NAME}', () => {
    for (const k of [0, 1, 2]) {
      const [issue] = issuesFor(err, `chains[0].rpc_urls[${k}]`);
      expect(issue!.line).toBe(19);
      expect(`${issue!.expected} ${issue!.found}`).toContain('a URL with a user name or password (not shown)');
    }
    expect(issuesFor(err, 'chains[0].rpc_urls[0]')[0]!.hint).toContain('write "${NAME}" in its place');
  });

  it('a URL with user info where no key sends credentials is refused, naming the key; once per key', () => {
    for (const [key, line] of [['server.public_base_url', 2], ['prices.coingecko_url', 12], ['labels.urls[0]', 16], ['chains[0].website', 20]] as const) {
      const issues = issuesFor(err, key);
      expect(issues.map((i) => [i.line, i.found]), key).toEqual([[line, 'a URL with a user name or password (not shown)']]);
      expect(issues[0]!.hint, key).toContain('remove the user name and password');
    }
    // A file path that is a URL: missing, and neither the path nor where it was looked for is shown.
    expect(issuesFor(err, 'labels.files[0]').map((i) => i.found)).toContain('a URL with a user name or password (not shown): no such file');
  });

  it('an unknown key that holds a URL with user info is named by where it stands', () => {
    const issues = err.issues.filter((i) => i.line === 21);
    expect(issues.map((i) => [i.key, i.found])).toEqual([['(top level)', 'an unknown key holding a URL with a user name or password (not shown)']]);
  });

  it('a YAML syntax error on a line with user info does not quote the line', () => {
    const broken = errorOf('chains:\n  - origin_key: base\n    rpc_urls: [ "https://u:pw-S3CR3T-12@node.example" ]]\n');
    expect(broken.issues[0]!.expected).toBe('valid YAML');
    expect(broken.issues[0]!.found).toContain('(the line is not shown: it holds a URL with a user name or password)');
    expect(broken.message).not.toContain('S3CR3T');
  });

  it('an RPC URL with user info written in the file is accepted, and its credentials become secrets (base64 too)', () => {
    const config = parseConfig('chains:\n  - origin_key: base\n    rpc_urls: [ "https://rpcuser:written-pw-S3CR3T-13@node.example/rpc" ]\n', FILE, { env: {}, baseDir: tmpdir() });
    expect(config.chains[0]!.rpc_urls).toEqual(['https://rpcuser:written-pw-S3CR3T-13@node.example/rpc']);
    const basic = Buffer.from('rpcuser:written-pw-S3CR3T-13').toString('base64');
    expect(scrubSecrets(`Authorization: Basic ${basic}; password written-pw-S3CR3T-13`)).toBe('Authorization: Basic [redacted]; password [redacted]');
  });
});
