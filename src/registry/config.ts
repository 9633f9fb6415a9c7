// Loading chainlytics.yaml: read → YAML with positions → schema + cross checks (all problems
// collected into one ConfigError) → defaults, environment overrides and built-in chains merged
// into one AppConfig. No network access; the only file reads are the config file itself and
// the existence check of price CSV files.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { systemClock, type Clock } from '../clock.js';
import { DEFAULTS, type AnswerLimits, type AppConfig, type ServerSettings } from './app-config.js';
import { checkAppSources, checkChains, checkExternal, checkLive, checkPrices, checkServer, checkStore, type CheckContext } from './config-checks.js';
import { ConfigError, type ConfigIssue } from './config-error.js';
import { configFileSchema, type ConfigFile } from './config-schema.js';
import { issuesFromZod } from './describe-issues.js';
import { resolveChain } from './resolve-chain.js';
import { resolveLiveSettings } from './live-settings.js';
import { resolveServerSettings, type ServerSectionInput } from './server-settings.js';
import { CLICKHOUSE_DEFAULTS, type StoreSettings } from './store-settings.js';
import { readYaml } from './yaml-source.js';
import type { RpcUrl } from './types.js';
import { checkWrittenCredentials, registerWrittenCredentials } from './written-secrets.js';
import { registerCredentials, registerSecret } from '../log/secrets.js';

export { ConfigError, formatIssue, type ConfigIssue } from './config-error.js';
export type { AnswerLimits, AppConfig, AppSourceSettings, ApiKeyConfig, PriceSettings, RouteRateLimit, ServerSettings } from './app-config.js';

export interface ParseOptions {
  /** Environment for ${VAR} in rpc_urls, PORT and the price API key; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Directory relative paths resolve against; default the directory of `sourceName`. */
  baseDir?: string;
  /** "Today" for start: { days_ago }; default the system clock. */
  clock?: Clock;
}

const DEFAULTS_SOURCE = '(defaults)';

/**
 * Reads and validates a config file. `null` = no file: defaults, no chains (environment
 * overrides still apply). Throws ConfigError naming every problem.
 */
export function loadConfig(path: string | null, env: NodeJS.ProcessEnv = process.env, clock: Clock = systemClock): AppConfig {
  if (path === null) return parseConfig('', DEFAULTS_SOURCE, { env, clock, baseDir: process.cwd() });
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(path, [unreadable(path, err)]);
  }
  return parseConfig(text, path, { env, clock, baseDir: dirname(resolve(path)) });
}

/** Validates config text; `sourceName` is how messages name the file. */
export function parseConfig(text: string, sourceName: string, options: ParseOptions = {}): AppConfig {
  const env = options.env ?? process.env;
  const baseDir = options.baseDir ?? dirname(resolve(sourceName));
  const src = readYaml(text, sourceName);
  if (src.syntaxIssues.length > 0) throw new ConfigError(sourceName, src.syntaxIssues);
  // An empty file (or one with only comments) means "all defaults".
  if (src.data === null || src.data === undefined) src.data = {};
  registerWrittenCredentials(src.data);

  const ctx: CheckContext = { src, file: sourceName, env, baseDir };
  const parsed = configFileSchema.safeParse(src.data);
  const issues: ConfigIssue[] = parsed.success ? [] : issuesFromZod(parsed.error, src, sourceName);
  const chainCheck = checkChains(ctx);
  issues.push(...chainCheck.issues, ...checkServer(ctx), ...checkLive(ctx), ...checkPrices(ctx), ...checkExternal(ctx), ...checkAppSources(ctx), ...checkStore(ctx));
  // A value already reported (a label URL that is not http) is not reported twice.
  issues.push(...checkWrittenCredentials(src, sourceName).filter((c) => !issues.some((i) => i.key === c.key)));
  const port = portOverride(env, issues);
  if (issues.length > 0 || !parsed.success) throw new ConfigError(sourceName, issues);

  const nowMs = (options.clock ?? systemClock).now();
  return build(parsed.data, { source: sourceName, baseDir, env, port, nowMs, rpcUrls: chainCheck.rpcUrls });
}

/**
 * Server settings from a partial `server:` section, through exactly the path a config file
 * takes (YAML, schema, cross checks, defaults): the server's tests and the bench run the rules
 * production runs. PORT in the environment is not read. Throws ConfigError naming the key and
 * the fix; its line:column point into the YAML written from `section`.
 */
export function serverSettings(section: ServerSectionInput = {}, sourceName = '(server settings)'): ServerSettings {
  return parseConfig(stringify({ server: section }), sourceName, { env: {}, baseDir: process.cwd() }).server;
}

interface BuildContext {
  source: string;
  baseDir: string;
  env: NodeJS.ProcessEnv;
  port: number | undefined;
  nowMs: number;
  rpcUrls: Map<number, RpcUrl[]>;
}

function build(file: ConfigFile, b: BuildContext): AppConfig {
  const dataDir = resolve(b.baseDir, file.data_dir ?? DEFAULTS.data_dir);
  const prices = file.prices ?? {};
  const keyEnv = prices.coingecko_api_key_env === undefined ? DEFAULTS.coingecko_api_key_env : prices.coingecko_api_key_env;
  // The price API key is scrubbed from log lines like the ${NAME} values of rpc_urls.
  if (keyEnv) registerSecret(b.env[keyEnv]);
  const duckdbPath = join(dataDir, DEFAULTS.duckdb_file);
  const store = resolveStore(file, b.env);
  return {
    source: b.source,
    engine: store.engine,
    store,
    data_dir: dataDir,
    duckdb_path: duckdbPath,
    retention_days: file.retention_days ?? DEFAULTS.retention_days,
    server: resolveServerSettings(file.server, b.port),
    live: resolveLiveSettings(file.live),
    prices: {
      coingecko_url: prices.coingecko_url === undefined ? DEFAULTS.coingecko_url : prices.coingecko_url?.replace(/\/+$/, '') ?? null,
      coingecko_api_key_env: keyEnv,
      coingecko_api_key: keyEnv ? b.env[keyEnv] || null : null,
      csv: (prices.csv ?? []).map((p) => resolve(b.baseDir, p)),
    },
    labels: {
      files: (file.labels?.files ?? []).map((p) => resolve(b.baseDir, p)),
      urls: [...(file.labels?.urls ?? [])],
    },
    projects: file.projects ? { dir: resolve(b.baseDir, file.projects.dir), overlay: file.projects.overlay ? resolve(b.baseDir, file.projects.overlay) : null } : null,
    market_data: { ids: [...new Set(file.market_data?.ids ?? [])], history_days: file.market_data?.history_days ?? DEFAULTS.market_history_days },
    external: {
      defillama_url: file.external?.defillama_url?.replace(/\/+$/, '') ?? DEFAULTS.defillama_url,
      tvl_csv: (file.external?.tvl_csv ?? []).map((p) => resolve(b.baseDir, p)),
      app_revenue_csv: (file.external?.app_revenue_csv ?? []).map((p) => resolve(b.baseDir, p)),
    },
    max_answer_mb: resolveAnswerLimits(file.max_answer_mb ?? {}),
    chains: (file.chains ?? []).map((entry, i) => resolveChain(entry, b.rpcUrls.get(i) ?? [], b.nowMs)),
  };
}

/** The `store:` section after checkStore accepted it: defaults filled, the password read (and scrubbed from logs). */
function resolveStore(file: ConfigFile, env: NodeJS.ProcessEnv): StoreSettings {
  const st = file.store ?? {};
  const engine = st.engine ?? file.engine ?? DEFAULTS.engine;
  if (engine === 'duckdb') return { engine };
  const passwordEnv = st.password_env ?? null;
  const password = passwordEnv ? env[passwordEnv] || null : null;
  const user = st.user ?? CLICKHOUSE_DEFAULTS.user;
  // The client sends user:password as HTTP Basic authentication: that base64 is a secret too.
  registerCredentials(user, password);
  return {
    engine,
    url: st.url!.replace(/\/+$/, ''),
    database: st.database ?? CLICKHOUSE_DEFAULTS.database,
    cluster: st.cluster!,
    user,
    password_env: passwordEnv,
    password,
  };
}

function resolveAnswerLimits(given: NonNullable<ConfigFile['max_answer_mb']>): AnswerLimits {
  const d = DEFAULTS.max_answer_mb;
  return { rpc: given.rpc ?? d.rpc, prices: given.prices ?? d.prices, external: given.external ?? d.external, labels: given.labels ?? d.labels };
}

/** PORT from the environment wins over server.port (platforms that assign ports set it). */
function portOverride(env: NodeJS.ProcessEnv, issues: ConfigIssue[]): number | undefined {
  const raw = env.PORT;
  if (raw === undefined || raw.trim() === '') return undefined;
  const port = Number(raw.trim());
  if (/^\d+$/.test(raw.trim()) && port >= 1 && port <= 65535) return port;
  issues.push({
    file: 'environment',
    key: 'PORT',
    expected: 'an integer from 1 to 65535',
    found: JSON.stringify(raw),
    hint: 'set PORT to a port number, e.g. PORT=8080, or unset it to use server.port from the file',
  });
  return undefined;
}

function unreadable(path: string, err: unknown): ConfigIssue {
  const code = (err as NodeJS.ErrnoException).code;
  const abs = resolve(path);
  const found =
    code === 'ENOENT'
      ? `no file at ${abs}`
      : code === 'EISDIR'
        ? `a directory at ${abs}`
        : code === 'EACCES' || code === 'EPERM'
          ? `a file at ${abs} that this user may not read`
          : `an unreadable file at ${abs} (${code ?? String(err)})`;
  const hint =
    code === 'ENOENT'
      ? 'check the path, or create the file from examples/chainlytics.example.yaml'
      : code === 'EISDIR'
        ? 'pass the YAML file inside that directory, e.g. chainlytics.yaml'
        : 'fix the file permissions (chmod a+r) or run as a user who can read it';
  return { file: path, expected: 'a readable YAML configuration file', found, hint };
}
