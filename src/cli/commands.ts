// What each subcommand does: turn flags into a resolved configuration (src/registry), call the
// matching entry point of src/app, print the outcome. Kept apart from main.ts (flag parsing) so
// the end-to-end tests can call the same code paths. Nothing here opens a store or a socket.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SIMULATED_NOTE } from '../app/devnet-mode.js';
import type { NginxSiteOptions } from '../app/nginx-site.js';
import type { DevnetChoice } from '../app/runtime.js';
import { DEFAULTS, type AppConfig } from '../registry/app-config.js';
import { builtinChainsSummary, builtinChainsText } from '../registry/builtin-chains-table.js';
import { ConfigError, loadConfig } from '../registry/config.js';
import { guessFileKind, wrongKindMessage } from '../registry/file-kind.js';
import { CliError } from './cli-error.js';

// The commands that run the service load it when they run (dynamic imports below): the store
// engines, the server and the document builders cost about 2 s of CPU to load, which --help,
// --version, check-config and chains never need (nginx-config needs only the document kinds).

interface DevnetFlags {
  devnetDays?: number;
  devnetTxPerDay?: number;
  devnetSeed?: number;
}
interface CommonFlags extends DevnetFlags {
  config?: string;
  dataDir?: string;
}
interface ServeFlags extends CommonFlags {
  port?: number;
  host?: string;
  /** --access-log / --no-access-log; absent when neither was given. */
  accessLog?: boolean;
}

/** What a config without chains lacks, with a snippet to paste (every command that reads one says it). */
function noChainsError(file: string): CliError {
  return new CliError(
    [
      `${file}: no chains configured. Add a "chains:" list naming at least one chain and its RPC URL, e.g.`,
      '',
      'chains:',
      '  - origin_key: base                  # a built-in chain: `chainlytics chains` lists them',
      '    rpc_urls: [ "https://base.node.example/${BASE_RPC_KEY}" ]   # the key from the environment',
      '',
      'examples/real-chains.yaml has more; or run without --config for the built-in devnet.',
    ].join('\n'),
  );
}

/**
 * loadConfig, but a file that fails to validate because it is another kind of file (the
 * projects overlay, a label CSV…) is named as such instead of listed error by error.
 */
function loadConfigFile(file: string | null, env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(file, env);
  } catch (err) {
    if (file === null || !(err instanceof ConfigError)) throw err;
    let kind = null;
    try {
      kind = guessFileKind(readFileSync(file, 'utf8'));
    } catch {
      throw err; // unreadable: the ConfigError already says why
    }
    throw kind ? new CliError(wrongKindMessage(file, kind)) : err;
  }
}

/** Config file (or defaults) + flag overrides; the devnet's chains when no file is given. */
function prepare(flags: ServeFlags): { config: AppConfig; devnet: DevnetChoice | null } {
  const env = flags.port !== undefined ? { ...process.env, PORT: String(flags.port) } : process.env;
  let config = loadConfigFile(flags.config ?? null, env);
  if (flags.dataDir) {
    const dir = resolve(flags.dataDir);
    config = { ...config, data_dir: dir, duckdb_path: join(dir, DEFAULTS.duckdb_file) };
  }
  if (flags.host) config = { ...config, server: { ...config.server, host: flags.host } };
  if (flags.config) {
    if (config.chains.length === 0) throw noChainsError(flags.config);
    return { config, devnet: null };
  }
  return { config, devnet: { seed: flags.devnetSeed, historyDays: flags.devnetDays, txPerDay: flags.devnetTxPerDay } };
}

function onSignals(ac: AbortController): void {
  const stop = (): void => {
    if (ac.signal.aborted) process.exit(130); // second Ctrl-C: do not wait for a clean stop
    ac.abort();
  };
  process.once('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Where the data rests, for the banner: the DuckDB file, or the ClickHouse node, database and cluster (no credentials). */
function dataLocation(config: AppConfig): string {
  const st = config.store;
  return st.engine === 'clickhouse' ? `ClickHouse ${new URL(st.url).host}, database ${st.database} on cluster ${st.cluster}` : config.duckdb_path;
}

export async function runServe(flags: ServeFlags): Promise<void> {
  const started = performance.now();
  const { config: base, devnet } = prepare(flags);
  const { serve } = await import('../app/serve.js');
  const serving = await serve(base, { devnet, accessLog: flags.accessLog });
  const { config } = serving;
  const shown = serving.base.replace('://0.0.0.0', '://localhost').replace('://[::]', '://localhost');
  const example = config.chains[0]?.origin_key ?? 'ethereum';
  // Handlers first: a pipe write is synchronous, so whoever reads the banner may signal at once,
  // and a SIGTERM before the handler exists would kill the process without a clean stop.
  const ac = new AbortController();
  onSignals(ac);
  process.stdout.write(
    [
      '',
      `chainlytics is listening on ${shown} (${config.chains.length} chains, data in ${dataLocation(config)})`,
      // Without --config the chains carry the reference's keys (ethereum, base…): say plainly,
      // in the banner itself and not only in a log line, that none of it is real chain data.
      ...(devnet
        ? [`  SIMULATED DATA: ${SIMULATED_NOTE} The chains ${config.chains.map((c) => c.origin_key).join(', ')} are the built-in devnet; pass --config for real chains.`]
        : []),
      `  dashboard     ${shown}/`,
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
  const unsubscribe = serving.holder.onSwap((set, previous) => {
    if (previous) return;
    const s = ((performance.now() - started) / 1000).toFixed(1);
    serving.print(`\nfirst document set ready after ${s} s: ${set.entries.size} documents at ${shown}/v1/\n`);
    unsubscribe();
  });
  try {
    await serving.run(ac.signal);
  } finally {
    await serving.close();
  }
}

export async function runBuild(flags: CommonFlags & { out: string; ingest: boolean }): Promise<void> {
  const { config, devnet } = prepare(flags);
  const { buildToDirectory } = await import('../app/build.js');
  const r = await buildToDirectory(config, { out: flags.out, ingest: flags.ingest }, { devnet });
  process.stdout.write(`${JSON.stringify({ out: r.out, documents: r.documents, degraded: r.degraded, buildDir: r.buildDir, files: r.files })}\n`);
}

export async function runIngest(flags: CommonFlags & { follow?: boolean; chains?: string[] }): Promise<void> {
  const { config, devnet } = prepare(flags);
  const { ingest, onlyChains } = await import('../app/ingest.js');
  const ac = new AbortController();
  onSignals(ac);
  let mine: AppConfig;
  try {
    mine = onlyChains(config, flags.chains);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  const r = await ingest(mine, { follow: flags.follow ?? false, signal: ac.signal }, { devnet });
  if (!r.ok) process.exitCode = 1;
}

export async function runDevnet(flags: { days: number; txPerDay: number; seed: number }): Promise<void> {
  const { devnetConfigText, startStandaloneDevnet } = await import('../app/devnet.js');
  const devnet = await startStandaloneDevnet(flags);
  process.stdout.write(devnetConfigText(devnet.chains, devnet.priceUrl));
  const ac = new AbortController();
  onSignals(ac);
  await new Promise((r) => ac.signal.addEventListener('abort', r, { once: true }));
  await devnet.close();
}

export async function runCheckConfig(file: string, flags: { json?: boolean } = {}): Promise<void> {
  const config = loadConfigFile(file);
  if (config.chains.length === 0) throw noChainsError(file);
  // The metric definitions, for what each chain will publish: loaded by this command only.
  const { checkConfigReport, checkConfigText } = await import('../app/check-config.js');
  // A metric a chain lacks is not an error: the chain is served, without that metric.
  const report = checkConfigReport(file, config);
  process.stdout.write(flags.json ? `${JSON.stringify(report, null, 2)}\n` : checkConfigText(report));
}

export function runChains(flags: { json?: boolean }): void {
  process.stdout.write(`${flags.json ? JSON.stringify(builtinChainsSummary(), null, 2) : builtinChainsText()}\n`);
}

export async function runNginxConfig(flags: NginxSiteOptions): Promise<void> {
  const { renderNginxSite } = await import('../app/nginx-site.js');
  process.stdout.write(renderNginxSite(flags));
}
