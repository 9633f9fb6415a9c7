// `npm start` (serve without --config) serves the devnet under the reference's chain keys, so its
// start banner must say plainly, on stdout where the user reads the URLs, that the data is
// simulated (issue 9). A real child process, as test/cli does; stopped as soon as the banner is out.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/free-port.js';

const BIN = join(import.meta.dirname, '../../bin/chainlytics.js');
const tmp = mkdtempSync(join(tmpdir(), 'chainlytics-banner-'));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

describe('the start banner of the devnet demo', () => {
  it('says on stdout that the data is simulated and names the devnet chain keys', async () => {
    const port = await freePort();
    const c = spawn(process.execPath, [BIN, 'serve', '--port', String(port), '--data-dir', tmp, '--devnet-days', '1', '--devnet-tx-per-day', '20'], {
      env: { ...process.env, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = c;
    let out = '';
    c.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    const exit = new Promise<number | null>((resolve) => c.once('exit', (code) => resolve(code)));
    const until = Date.now() + 30_000;
    while (!out.includes('Documents answer 503')) {
      if (Date.now() > until || c.exitCode !== null) throw new Error(`no banner; stdout so far:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const banner = out.slice(out.indexOf('chainlytics is listening'));
    expect(banner).toMatch(/SIMULATED DATA/);
    expect(banner).toMatch(/not the real chain/);
    for (const k of ['ethereum', 'optimism', 'base', 'arbitrum']) expect(banner).toContain(k);
    expect(banner).toMatch(/dashboard +http:\/\/localhost:\d+\/\n/);
    c.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});
