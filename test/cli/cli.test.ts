// The `chainlytics` command as a user runs it: a real child process, real ports, real files.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/free-port.js';
import { cliRunner } from './helpers/run-cli.js';

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
