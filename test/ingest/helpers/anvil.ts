// Starts a real anvil node for a test: the binary from @foundry-rs/anvil on a free loopback
// port (anvil cannot bind port 0 itself), and stops it afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from './free-port.js';

export interface AnvilNode {
  url: string;
  chainId: number;
  stop(): Promise<void>;
}

function anvilBinary(): string {
  // The launcher script re-spawns this binary; spawning it directly lets us kill it reliably.
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil');
}

export async function startAnvil(opts: { chainId?: number; genesisTimestamp?: number; noMining?: boolean } = {}): Promise<AnvilNode> {
  const chainId = opts.chainId ?? 31337;
  for (let tries = 0; ; tries++) {
    const port = await freePort();
    const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent', '--accounts', '5'];
    if (opts.genesisTimestamp !== undefined) args.push('--timestamp', String(opts.genesisTimestamp));
    if (opts.noMining) args.push('--no-mining');
    const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitReady(url, child);
      return { url, chainId, stop: () => stopChild(child) };
    } catch (err) {
      await stopChild(child);
      // Another process may have taken the port between our probe and anvil's bind.
      if (tries < 3 && /address|in use|exited/i.test(`${stderr} ${(err as Error).message}`)) continue;
      throw new Error(`anvil did not start: ${(err as Error).message}\n${stderr}`);
    }
  }
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('anvil did not answer within 10 s');
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}
