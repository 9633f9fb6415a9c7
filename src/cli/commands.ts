// What each subcommand does, in terms of src/app. Kept apart from main.ts (flag parsing) so the
// end-to-end tests can call the same code paths.
import { resolve, join } from 'node:path';
import { systemClock } from '../clock.js';
import { CliError } from './cli-error.js';
import { startDevnetMode, type DevnetMode } from '../app/devnet-mode.js';
import { Service } from '../app/service.js';
import { startDevnet } from '../devnet/index.js';
import { exportDocumentSet } from '../documents/export.js';
import { createProgressReporter } from '../ingest/progress-reporter.js';
import { createLogger, type Logger } from '../log.js';
import type { AppConfig } from '../registry/app-config.js';
import { builtinChainsMarkdown } from '../registry/builtin-chains-table.js';
import { loadConfig } from '../registry/config.js';
import type { Transport } from '../server/config.js';
import { createHttpServer } from '../server/http-server.js';
import { writeNginxHourlyMap } from '../server/nginx-config.js';
import { openStore } from '../store/open-store.js';

interface DevnetFlags {
  devnetDays?: number;
  devnetTxPerDay?: number;
  devnetSeed?: number;
}
interface CommonFlags extends DevnetFlags {
  config?: string;
  dataDir?: string;
}

/** Config file (or defaults) + flag overrides; the devnet's chains when no file is given. */
async function prepare(flags: CommonFlags & { port?: number; host?: string; transport?: Transport }, logger: Logger): Promise<{ config: AppConfig; devnet: DevnetMode | null }> {
  const env = flags.port !== undefined ? { ...process.env, PORT: String(flags.port) } : process.env;
  let config = loadConfig(flags.config ?? null, env);
  if (flags.dataDir) {
    const dir = resolve(flags.dataDir);
    config = { ...config, data_dir: dir, duckdb_path: join(dir, 'chainlytics.duckdb') };
  }
  if (flags.host) config = { ...config, server: { ...config.server, host: flags.host } };
  if (flags.transport) config = { ...config, server: { ...config.server, transport: flags.transport } };
  if (flags.config) {
    if (config.chains.length === 0) {
      throw new CliError(`${flags.config}: no chains configured. Add a "chains:" list (see examples/real-chains.yaml), or run without --config for the built-in devnet.`);
    }
    return { config, devnet: null };
  }
  logger.info('no --config given: starting the built-in devnet chains');
  const devnet = await startDevnetMode({
    dataDir: config.data_dir,
    clock: systemClock,
    logger,
    seed: flags.devnetSeed,
    historyDays: flags.devnetDays,
    txPerDay: flags.devnetTxPerDay,
  });
  return { config: devnet.configure(config), devnet };
}

function onSignals(ac: AbortController): void {
  const stop = (): void => {
    if (ac.signal.aborted) process.exit(130); // second Ctrl-C: do not wait for a clean stop
    ac.abort();
  };
  process.once('SIGTERM', stop);
  process.on('SIGINT', stop);
}

export async function runServe(flags: CommonFlags & { port?: number; host?: string; transport?: Transport }): Promise<void> {
  const started = performance.now();
  const logger = createLogger();
  const { config, devnet } = await prepare(flags, logger);
  const store = await openStore({ engine: config.engine, path: config.duckdb_path });
  const reporter = createProgressReporter({ logger });
  const service = new Service({ config, store, clock: systemClock, logger, onProgress: (p) => reporter.update(p) });
  const http = createHttpServer({ holder: service.holder, clock: systemClock, config: config.server, health: () => service.health(), logger });
  const base = await http.listen(config.server.port, config.server.host);
  const shown = base.replace('://0.0.0.0', '://localhost').replace('://[::]', '://localhost');
  const example = config.chains[0]?.origin_key ?? 'ethereum';
  process.stdout.write(
    [
      '',
      `chainlytics is listening on ${shown} (${config.chains.length} chains, data in ${config.duckdb_path})`,
      `  docs          ${shown}/docs`,
      `  discovery     ${shown}/v1/master.json`,
      `  fee table     ${shown}/v1/fees/table.json`,
      `  a metric      ${shown}/v1/metrics/chains/${example}/txcount.json`,
      `  OpenAPI       ${shown}/v1/openapi.json`,
      `  health        ${shown}/healthz    metrics ${shown}/metrics`,
      'Documents answer 503 until the first set is built; progress follows.',
      '',
    ].join('\n'),
  );
  const unsubscribe = service.holder.onSwap((set, previous) => {
    if (previous) return;
    const s = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`\nfirst document set ready after ${s} s: ${set.entries.size} documents at ${shown}/v1/\n`);
    unsubscribe();
  });
  const ac = new AbortController();
  onSignals(ac);
  try {
    await service.run(ac.signal);
  } finally {
    reporter.stop();
    await http.close();
    await service.close();
    await store.close();
    await devnet?.devnet.close();
  }
}

export async function runBuild(flags: CommonFlags & { out: string; ingest: boolean }): Promise<void> {
  const logger = createLogger();
  const { config, devnet } = await prepare(flags, logger);
  const store = await openStore({ engine: config.engine, path: config.duckdb_path });
  const reporter = createProgressReporter({ logger });
  const service = new Service({ config, store, clock: systemClock, logger, onProgress: (p) => reporter.update(p) });
  try {
    if (flags.ingest) await service.round();
    const { set, report } = await service.build();
    const out = await exportDocumentSet(set, resolve(flags.out));
    // nginx reads which documents are refreshed hourly (shorter max-age) from this map file.
    await writeNginxHourlyMap(set, resolve(flags.out));
    process.stdout.write(`${JSON.stringify({ out: resolve(flags.out), documents: set.entries.size, degraded: report.degraded.length, ...out })}\n`);
  } finally {
    reporter.stop();
    await service.close();
    await store.close();
    await devnet?.devnet.close();
  }
}

export async function runIngest(flags: CommonFlags & { follow?: boolean }): Promise<void> {
  const logger = createLogger();
  const { config, devnet } = await prepare(flags, logger);
  const store = await openStore({ engine: config.engine, path: config.duckdb_path });
  const reporter = createProgressReporter({ logger });
  const service = new Service({ config, store, clock: systemClock, logger, onProgress: (p) => reporter.update(p) });
  const ac = new AbortController();
  onSignals(ac);
  try {
    if (flags.follow) await service.ingestor.run(ac.signal);
    else {
      const r = await service.ingestor.syncOnce(ac.signal);
      if (!r.ok) process.exitCode = 1;
    }
  } finally {
    reporter.stop();
    await service.close();
    await store.close();
    await devnet?.devnet.close();
  }
}

export async function runDevnet(flags: { days: number; txPerDay: number; seed: number }): Promise<void> {
  const devnet = await startDevnet({ historyDays: flags.days, txPerDay: flags.txPerDay, seed: flags.seed });
  const lines = ['# devnet chains; paste into a config file to ingest them as an operator would', 'chains:'];
  for (const c of devnet.chainConfigs()) {
    lines.push(`  - origin_key: ${c.origin_key}`, `    name: ${c.name}`, `    evm_chain_id: ${c.evm_chain_id}`, `    family: ${c.family}`);
    lines.push(`    gas_token: ${c.gas_token}`, `    rpc_urls: [ "${c.rpc_urls[0]}" ]`, `    start: { block: 0 }`);
  }
  lines.push('prices:', `  coingecko_url: ${devnet.priceUrl}`, '');
  process.stdout.write(lines.join('\n'));
  const ac = new AbortController();
  onSignals(ac);
  await new Promise((r) => ac.signal.addEventListener('abort', r, { once: true }));
  await devnet.close();
}

export function runCheckConfig(file: string): void {
  const config = loadConfig(file);
  process.stdout.write(`${file}: valid. ${config.chains.length} chains:\n`);
  for (const c of config.chains) {
    process.stdout.write(`  ${c.origin_key.padEnd(16)} ${c.family.padEnd(9)} chain id ${String(c.evm_chain_id).padEnd(9)} ${c.rpc_urls.length} rpc url(s)\n`);
  }
}

export function runChains(): void {
  process.stdout.write(builtinChainsMarkdown() + '\n');
}
