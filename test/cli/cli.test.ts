// The `chainlytics` command as a user runs it: a real child process, real ports, real files.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/free-port.js';
import { cliRunner } from './helpers/run-cli.js';
import { runInTerminal, screenOf } from './helpers/run-in-terminal.js';

const tmp = mkdtempSync(join(tmpdir(), 'chainlytics-cli-'));
const { run, killAll } = cliRunner();
afterAll(() => {
  killAll();
  rmSync(tmp, { recursive: true, force: true });
});

async function waitFor(cond: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('chainlytics command', () => {
  it('check-config names file, line, key and fix, and exits 2', async () => {
    const file = join(tmp, 'bad.yaml');
    writeFileSync(file, 'chains:\n  - origin_key: base\n    rpc_urls: [ "ftp://nope" ]\n');
    const r = run(['check-config', file]);
    expect(await r.exit).toBe(2);
    expect(r.out()).toContain(`${file}:3`);
    expect(r.out()).toContain('chains[0].rpc_urls[0]');
    expect(r.out()).not.toMatch(/\n\s+at /); // no stack trace for a user error
  });

  it('serve (no config) runs the devnet, serves documents, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dir = join(tmp, 'serve');
    const r = run(['serve', '--port', String(port), '--data-dir', dir, '--devnet-days', '3', '--devnet-tx-per-day', '100']);
    await waitFor(() => r.out().includes('first document set ready'), 90_000, `first document set (output so far:\n${r.out()})`);
    expect(r.out()).toContain(`http://localhost:${port}/v1/master.json`);
    const master = await fetch(`http://127.0.0.1:${port}/v1/master.json`);
    expect(master.status).toBe(200);
    const chains = Object.keys((await master.json()).chains);
    expect(chains.length).toBeGreaterThanOrEqual(6);
    const fee = await fetch(`http://127.0.0.1:${port}/v1/fees/table.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(fee.status).toBe(200);
    expect(fee.headers.get('content-encoding')).toBe('gzip');
    expect(existsSync(join(dir, 'devnet.duckdb'))).toBe(true);
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it('build --out writes v1/*.json with .gz and .br siblings', async () => {
    const out = join(tmp, 'site');
    const r = run(['build', '--out', out, '--data-dir', join(tmp, 'build'), '--devnet-days', '2', '--devnet-tx-per-day', '80']);
    expect(await r.exit, r.out()).toBe(0);
    const master = JSON.parse(readFileSync(join(out, 'v1', 'master.json'), 'utf8'));
    expect(master.current_version).toBe('v1');
    const fee = readFileSync(join(out, 'v1', 'fees', 'table.json'));
    expect(gunzipSync(readFileSync(join(out, 'v1', 'fees', 'table.json.gz'))).equals(fee)).toBe(true);
    expect(existsSync(join(out, 'v1', 'fees', 'table.json.br'))).toBe(true);
    expect(existsSync(join(out, 'v1', 'openapi.json'))).toBe(true);
    // The blockspace documents of every chain whose tab master.json shows, and their overview.
    const withBlockspace = Object.keys(master.chains).filter((k) => master.chains[k].tab_status.blockspace === 'active');
    expect(withBlockspace.length).toBeGreaterThan(0);
    for (const k of withBlockspace) expect(JSON.parse(readFileSync(join(out, 'v1', 'chains', 'blockspace', `${k}.json`), 'utf8')).chain_name, k).toBe(master.chains[k].name);
    expect(Object.keys(JSON.parse(readFileSync(join(out, 'v1', 'blockspace', 'overview.json'), 'utf8')).data.chains)).toContain('all_l2s');
  });

  it('serve --transport uws says the transport was removed and what to use instead, and does not start', async () => {
    const r = run(['serve', '--transport', 'uws', '--port', '18098']);
    expect(await r.exit).not.toBe(0);
    expect(r.out()).toContain('the uws transport was removed');
    expect(r.out()).toContain('from nginx or a CDN');
  });

  it('serve --config with no chains says what to add and exits 2', async () => {
    const file = join(tmp, 'empty.yaml');
    writeFileSync(file, 'engine: duckdb\n');
    const r = run(['serve', '--config', file, '--port', '18099']);
    expect(await r.exit).toBe(2);
    expect(r.out()).toContain('no chains configured');
  });
});

describe('chainlytics on a terminal', () => {
  const size = { cols: 140, rows: 40 };
  const DEVNET_CHAINS = ['ethereum', 'optimism', 'base', 'arbitrum', 'linea', 'mantle'];
  /** A human log line: UTC time, the level in its column, then stage, chain and message. */
  const LOG_LINE = /^\d\d:\d\d:\d\d (TRACE|DEBUG|INFO |WARN |ERROR|FATAL) \S/;

  it('serve: one live block of per-chain bars redrawn in place, human log lines above it, no JSON, no access log', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, TERM: 'xterm-256color', LOG_LEVEL: 'info' };
    delete env.LOG_FORMAT;
    delete env.NO_COLOR;
    delete env.FORCE_COLOR;
    const r = runInTerminal(['serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', join(tmp, 'tty'), '--devnet-days', '2', '--devnet-tx-per-day', '40'], size, env);
    await waitFor(() => r.raw().includes('first document set ready'), 90_000, `first document set (terminal so far:\n${r.raw()})`);
    // Requests a person's browser would make: none of them may print a line.
    for (const path of ['/v1/master.json', '/healthz', '/v1/nosuch.json']) await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer();
    const before = r.raw().length;
    // The bars redraw at most 10 times a second: wait for one redraw after the requests.
    await waitFor(() => r.raw().length > before, 10_000, 'a redraw');
    r.type('\x03');
    expect(await r.exit).toBe(0);

    const lines = await screenOf(r.raw(), size);
    const texts = lines.map((l) => l.text);
    // One bar per chain on the whole screen, scrollback included: redrawn in place, never reprinted.
    const barRows = DEVNET_CHAINS.map((chain) => {
      const rows = texts.flatMap((t, i) => (new RegExp(`^${chain}\\s+\\S+ \\d+% \\d+/\\d+ blocks \\| `).test(t) ? [i] : []));
      expect(rows, `${chain} bar rows in:\n${texts.join('\n')}`).toHaveLength(1);
      return rows[0]!;
    });
    // The bars are one block, in the chains' order.
    expect(barRows).toEqual(barRows.map((_, i) => barRows[0]! + i));
    const blockStart = barRows[0]!;
    // What was written while the block was shown is above it: the first-set notice and log lines.
    const ready = texts.findIndex((t) => t.startsWith('first document set ready after'));
    expect(ready).toBeGreaterThan(-1);
    expect(ready).toBeLessThan(blockStart);
    const logRows = texts.flatMap((t, i) => (LOG_LINE.test(t) ? [i] : []));
    expect(logRows.some((i) => i > ready && i < blockStart && texts[i]!.includes('document set published'))).toBe(true);
    // Human lines only: no JSON object, no pino field names, no access-log line. (A 2-day devnet
    // has no price gaps; that its feed's gaps are not warnings is test/app/price-gap-log.test.ts.)
    for (const t of texts) {
      expect(t).not.toContain('{"level"');
      expect(t.trimStart().startsWith('{')).toBe(false);
      expect(t).not.toMatch(/GET \/(v1|healthz)/);
    }
    // The level is coloured: INFO in green (palette 2) on a colour terminal.
    const info = lines.find((l) => / INFO  /.test(l.text))!;
    expect(info.colorAt(info.text.indexOf('INFO'))).toBe(2);
  }, 150_000);

  it('--help names the log flags and variables; a bad LOG_LEVEL or --log-format stops the command at once, naming what is accepted', async () => {
    // Side by side: each is a Node start-up and nothing more. (serve, build and ingest take the
    // flags from one helper in src/cli/main.ts.)
    const help = run(['serve', '--help']);
    const env = run(['ingest', '--data-dir', join(tmp, 'bad-env')], { LOG_LEVEL: 'loud' });
    const format = run(['build', '--out', join(tmp, 'x'), '--log-format', 'xml']);
    expect(await help.exit).toBe(0);
    for (const text of ['--log-level <level>', '$LOG_LEVEL', '--log-format <format>', '$LOG_FORMAT', '--access-log']) expect(help.out()).toContain(text);
    expect(await env.exit).toBe(2);
    expect(env.out()).toContain('LOG_LEVEL');
    expect(env.out()).toContain('"loud"');
    expect(env.out()).toContain('one of trace, debug, info, warn, error, fatal, silent');
    expect(await format.exit).not.toBe(0);
    expect(format.out()).toContain("'xml' is invalid");
    expect(format.out()).toContain('auto, pretty, json');
  });
});
