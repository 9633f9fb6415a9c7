// Distributed work on one shared 2-shard ClickHouse cluster: two `chainlytics ingest --chains`
// processes, each with half of the devnet's chains, plus one builder produce the same document
// bytes as a single process that ingests every chain and builds.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildToDirectory } from '../../src/app/build.js';
import { ingest } from '../../src/app/ingest.js';
import { FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import { loadConfig } from '../../src/registry/config.js';
import { startTestCluster, type TestCluster } from '../helpers/clickhouse-store.js';

const BIN = join(import.meta.dirname, '../../bin/chainlytics.js');
const LIVE_SINCE = Date.UTC(2025, 2, 14, 9);
const NOW = LIVE_SINCE + 10 * 60_000;

function configYaml(devnet: Devnet, ch: TestCluster, database: string): string {
  const s = ch.settings(database);
  const lines = ['store:', '  engine: clickhouse', `  url: ${s.url}`, `  database: ${database}`, `  cluster: ${s.cluster}`, 'chains:'];
  for (const c of devnet.chainConfigs()) {
    lines.push(`  - origin_key: ${c.origin_key}`, `    name: ${c.name}`, `    evm_chain_id: ${c.evm_chain_id}`, `    family: ${c.family}`);
    lines.push(`    gas_token: ${c.gas_token}`, `    rpc_urls: [ "${c.rpc_urls[0]}" ]`, '    start: { block: 0 }');
  }
  lines.push('prices:', `  coingecko_url: ${devnet.priceUrl}`, '');
  return lines.join('\n');
}

function runCli(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

/** Every exported file under dir, path → bytes. */
function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p), readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

describe('two ingest processes and one builder on a 2-shard ClickHouse cluster', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'chainlytics-distributed-'));
  const clock = new FixedClock(NOW);
  const silent = createLogger('silent');
  let ch: TestCluster;
  let devnet: Devnet;

  beforeAll(async () => {
    ch = await startTestCluster();
    // A history block an hour rather than every 5 minutes (the default): the four days and their
    // documents stay, the two ingests walk ~12x fewer history blocks per chain. The assertion is
    // split == single, which does not need dense blocks.
    devnet = await startDevnet({ seed: 11, clock, historyDays: 4, txPerDay: 60, liveSince: LIVE_SINCE / 1000, historyBlockInterval: 3600 });
  });
  afterAll(async () => {
    await devnet?.close();
    await ch?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('gives the same documents as one process', async () => {
    const keys = devnet.chainConfigs().map((c) => c.origin_key);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    const split = join(tmp, 'split.yaml');
    const single = join(tmp, 'single.yaml');
    writeFileSync(split, configYaml(devnet, ch, `split${process.pid}`));
    writeFileSync(single, configYaml(devnet, ch, `single${process.pid}`));

    // Two processes at once, different chains, the same database; beside them, the reference: one
    // process (this one) ingests every chain into its own database. The two databases share
    // nothing, and the reference waits for no child, so they overlap instead of taking turns.
    const half = Math.ceil(keys.length / 2);
    const singleConfig = loadConfig(single, {});
    const [runs, reference] = await Promise.all([
      Promise.all([runCli(['ingest', '--config', split, '--chains', keys.slice(0, half).join(',')]), runCli(['ingest', '--config', split, '--chains', keys.slice(half).join(',')])]),
      ingest(singleConfig, { follow: false, signal: new AbortController().signal }, { clock, logger: silent }),
    ]);
    for (const r of runs) expect(r.code, r.out).toBe(0);
    expect(reference.ok).toBe(true);
    // One builder per database, the same build; side by side, as the ingests: a build on the
    // cluster waits on its queries most of the time (~14 s each one after the other).
    const splitOut = join(tmp, 'split-out');
    const singleOut = join(tmp, 'single-out');
    await Promise.all([
      buildToDirectory(loadConfig(split, {}), { out: splitOut, ingest: false }, { clock, logger: silent }),
      buildToDirectory(singleConfig, { out: singleOut, ingest: false }, { clock, logger: silent }),
    ]);

    const a = files(join(splitOut, 'v1'));
    const b = files(join(singleOut, 'v1'));
    expect(a.size).toBeGreaterThan(50);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    const differing = [...a].filter(([p, bytes]) => !bytes.equals(b.get(p)!)).map(([p]) => p);
    expect(differing).toEqual([]);
  });

  it('refuses --chains naming a chain that is not configured', async () => {
    const cfg = join(tmp, 'split.yaml');
    const r = await runCli(['ingest', '--config', cfg, '--chains', 'nosuchchain']);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain('--chains: nosuchchain is not configured');
  });
});
