// What the real `chainlytics` command prints for issue 23's hostile inputs: a config file with
// secrets written in it (item 6), a YAML alias bomb (item 5), and a ClickHouse endpoint whose 401
// page echoes the request headers, Basic credentials included (item 4). Each ends with a message
// that names the file, key or node and quotes no secret in any encoding, and with no stack trace
// unless --debug asks for one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spellingsOf, startEchoingUpstream, type EchoingUpstream } from '../helpers/echoing-upstream.js';
import { cliRunner } from './helpers/run-cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'chainlytics-hostile-'));
const { run, killAll } = cliRunner();
let upstream: EchoingUpstream;
beforeAll(async () => {
  upstream = await startEchoingUpstream();
});
afterAll(async () => {
  killAll();
  await upstream?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const STACK_LINE = /\n\s+at /;

function file(name: string, text: string): string {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
}

describe('chainlytics with hostile inputs', () => {
  it('check-config never prints a secret written in the file: it names the key and says to use an environment variable', async () => {
    const path = file(
      'secrets.yaml',
      [
        'server:',
        '  api_keys:',
        '    keys:',
        '      - { name: acme, sha256: "sk_live_S3CR3T_0123456789", per_minute: 10 }',
        'prices:',
        '  coingecko_api_key_env: "CG-S3CR3T-abcdef0123"',
        'chains:',
        '  - origin_key: base',
        '    rpc_urls: [ "ftp://rpcuser:pw-S3CR3T@node.example/v2" ]',
        '    website: https://admin:pw-S3CR3T-2@base.example',
        '',
      ].join('\n'),
    );
    const r = run(['check-config', path]);
    expect(await r.exit).toBe(2);
    const out = r.out();
    expect(out).toContain(`${path}: 4 problems in the configuration`);
    expect(out).toContain(`${path}:4:31 server.api_keys.keys[0].sha256: expected a SHA-256 hash as 64 hex digits; found a value that is not a SHA-256 hash`);
    expect(out).toContain(`${path}:6:26 prices.coingecko_api_key_env:`);
    expect(out).toContain(`${path}:9:17 chains[0].rpc_urls[0]: expected an http:// or https:// URL; found a URL with a user name or password (not shown)`);
    expect(out).toContain(`${path}:10:14 chains[0].website:`);
    expect(out.match(/environment variable/g)?.length).toBeGreaterThanOrEqual(4);
    expect(out).not.toMatch(/S3CR3T|pw-|sk_live|CG-/);
    expect(out).not.toMatch(STACK_LINE);
  });

  it('check-config reports a YAML alias bomb at its file:line:col like any other mistake, without a stack trace', async () => {
    const lines = ['lol0: &lol0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
    for (let i = 1; i < 9; i++) lines.push(`lol${i}: &lol${i} [${Array(9).fill(`*lol${i - 1}`).join(', ')}]`);
    const path = file('bomb.yaml', lines.join('\n') + '\n');
    const r = run(['check-config', path]);
    expect(await r.exit).toBe(2);
    expect(r.out()).toMatch(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:5:14 lol4\\[0\\]: expected anchors repeated through aliases at most 1000 times`));
    expect(r.out()).not.toMatch(STACK_LINE);
    expect(r.out()).not.toContain('ReferenceError');
  });

  it('a ClickHouse 401 page echoing Basic credentials: the fatal line hides them in every encoding, with no stack trace unless --debug', async () => {
    const password = 'Ch-fatal/pass+9=';
    const path = file(
      'clickhouse.yaml',
      ['store:', '  engine: clickhouse', `  url: ${upstream.url}`, '  cluster: c', '  user: analytics', '  password_env: CH_PW', 'chains:', '  - origin_key: base', `    rpc_urls: [ "${upstream.url}" ]`, ''].join('\n'),
    );
    const secrets = [password, `analytics:${password}`];
    const leaks = (out: string): string[] => secrets.flatMap((s) => Object.entries(spellingsOf(s)).filter(([, v]) => out.includes(v)).map(([how]) => `${s} as ${how}`));

    const plain = run(['ingest', '--config', path, '--data-dir', join(tmp, 'data')], { CH_PW: password });
    expect(await plain.exit, plain.out()).toBe(1);
    // The upstream did echo them, so their absence below is the command's doing.
    expect(upstream.bodies.join('\n')).toContain(spellingsOf(`analytics:${password}`).base64);
    expect(plain.out()).toMatch(/^chainlytics: ClickHouse node 127\.0\.0\.1:\d+ \(ping\): Unauthorized\. You sent: .*authorization: Basic \[redacted\]/);
    expect(plain.out()).toContain('(run again with --debug for the stack trace)');
    expect(plain.out()).not.toMatch(STACK_LINE);
    expect(leaks(plain.out())).toEqual([]);

    const debug = run(['ingest', '--debug', '--config', path, '--data-dir', join(tmp, 'data')], { CH_PW: password });
    expect(await debug.exit, debug.out()).toBe(1);
    expect(debug.out()).toMatch(/^chainlytics: Error: ClickHouse node 127\.0\.0\.1:\d+ \(ping\)/);
    expect(debug.out()).toMatch(STACK_LINE);
    expect(leaks(debug.out())).toEqual([]);
  });
});
