// Checks that look at more than one value, or outside the file: keys required only for chains
// that are not built in, duplicate chains, ${VAR} substitution in rpc_urls, API key sanity,
// price CSV files that must exist. They read the raw parsed YAML defensively, so they run even
// when the schema found other problems and every problem is reported in one go. A written value
// is quoted through `quoted` (written-secrets.ts), which describes a possible secret instead.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { builtinChain } from './builtin-chains.js';
import type { ConfigIssue } from './config-error.js';
import { FIELD_RULES, builtinSuggestion, keyPathText } from './config-hints.js';
import { ENV_NAME_RE, ORIGIN_KEY_RE } from './config-schema.js';
import { isHttpUrl } from './http-url.js';
import { LIVE_DEFAULTS } from './live-settings.js';
import { SERVER_DEFAULTS } from './server-settings.js';
import { valueAt } from './describe-issues.js';
import { interpolateEnv } from './env-interpolation.js';
import { registerSecret, registerUrlCredentials } from '../log/secrets.js';
import type { RpcUrl } from './types.js';
import { hiddenValue, quoted } from './written-secrets.js';
import type { KeyPath, YamlSource } from './yaml-source.js';

export interface CheckContext {
  src: YamlSource;
  file: string;
  env: NodeJS.ProcessEnv;
  /** Relative paths in the file resolve against this directory. */
  baseDir: string;
}

/** Keys a chain must give when its origin_key is not one of the built-in chains. */
export const REQUIRED_FOR_CUSTOM_CHAINS = ['name', 'evm_chain_id', 'family', 'gas_token'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function issueAt(ctx: CheckContext, path: KeyPath, fields: Pick<ConfigIssue, 'expected' | 'found' | 'hint'>): ConfigIssue {
  const { line, column } = ctx.src.position(path);
  return { file: ctx.file, line, column, key: keyPathText(path), ...fields };
}

function lineOf(ctx: CheckContext, path: KeyPath): number {
  return ctx.src.position(path).line;
}

export interface ChainCheckResult {
  issues: ConfigIssue[];
  /** chains[i] → its rpc_urls after ${VAR} substitution (only for entries without problems). */
  rpcUrls: Map<number, RpcUrl[]>;
}

export function checkChains(ctx: CheckContext): ChainCheckResult {
  const issues: ConfigIssue[] = [];
  const rpcUrls = new Map<number, RpcUrl[]>();
  const chains = valueAt(ctx.src.data, ['chains']);
  if (!Array.isArray(chains)) return { issues, rpcUrls };

  const keyOwner = new Map<string, number>();
  const idOwner = new Map<number, number>();
  chains.forEach((entry, i) => {
    if (!isRecord(entry)) return;
    const originKey = typeof entry.origin_key === 'string' && ORIGIN_KEY_RE.test(entry.origin_key) ? entry.origin_key : undefined;
    const builtin = originKey ? builtinChain(originKey) : undefined;

    if (originKey && !builtin) {
      const missing = REQUIRED_FOR_CUSTOM_CHAINS.filter((k) => entry[k] === undefined || entry[k] === null);
      if (missing.length > 0) {
        const suggestion = builtinSuggestion(originKey);
        const path = missing.length === 1 ? ['chains', i, missing[0]] : ['chains', i];
        const what = missing.length === 1 ? `${missing[0]} (${FIELD_RULES[`chains[].${missing[0]}`].expected})` : listText(missing, 'and');
        issues.push(
          issueAt(ctx, path, {
            expected: `${what}, because "${originKey}" is not a built-in chain`,
            found: `no ${listText(missing, 'or')}`,
            hint: suggestion
              ? `did you mean the built-in chain ${suggestion}? Write origin_key: ${suggestion} (built-in chains need only rpc_urls); otherwise add ${missing.join(', ')}`
              : `add ${missing.map((k) => `${k}: …`).join(', ')}; only built-in chains (listed in docs/configuration.md) can omit them`,
          }),
        );
      }
    }

    let duplicateKey = false;
    if (originKey) {
      const first = keyOwner.get(originKey);
      if (first === undefined) keyOwner.set(originKey, i);
      else {
        duplicateKey = true;
        issues.push(
          issueAt(ctx, ['chains', i, 'origin_key'], {
            expected: 'an origin_key not used by another chain',
            found: `"${originKey}", already used by chains[${first}] (line ${lineOf(ctx, ['chains', first])})`,
            hint: 'list each chain once: merge the two entries (rpc_urls takes several URLs) or rename one',
          }),
        );
      }
    }

    const ownId = typeof entry.evm_chain_id === 'number' && Number.isInteger(entry.evm_chain_id) ? entry.evm_chain_id : undefined;
    const chainId = ownId ?? builtin?.evm_chain_id;
    // A repeated origin_key already explains the repeated id of a built-in chain.
    if (chainId !== undefined && !duplicateKey) {
      const first = idOwner.get(chainId);
      if (first === undefined) idOwner.set(chainId, i);
      else {
        const other = chains[first] as Record<string, unknown>;
        issues.push(
          issueAt(ctx, ['chains', i, ownId !== undefined ? 'evm_chain_id' : 'origin_key'], {
            expected: 'an evm_chain_id not used by another chain',
            found: `${chainId}, already the id of chains[${first}] (${String(other.origin_key)}, line ${lineOf(ctx, ['chains', first])})`,
            hint: 'both entries would ingest the same chain: remove one, or correct the id to what the node returns for eth_chainId',
          }),
        );
      }
    }

    const urls = checkRpcUrls(ctx, i, entry.rpc_urls, issues);
    if (urls) rpcUrls.set(i, urls);
    checkSettlement(ctx, entry, i, issues);
  });
  return { issues, rpcUrls };
}

/** A chain cannot settle on itself; a missing settlement chain is no error (settlement.ts says why there is no rent). */
function checkSettlement(ctx: CheckContext, entry: Record<string, unknown>, i: number, issues: ConfigIssue[]): void {
  if (typeof entry.settlement_chain === 'string' && entry.settlement_chain === entry.origin_key) {
    issues.push(
      issueAt(ctx, ['chains', i, 'settlement_chain'], {
        expected: 'another chain than the chain itself',
        found: quoted(['chains', i, 'settlement_chain'], entry.settlement_chain),
        hint: 'a chain pays rent to the chain it settles on: name that chain (default ethereum), or null for an L1',
      }),
    );
  }
}

function listText(items: readonly string[], conjunction: 'and' | 'or'): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

function checkRpcUrls(ctx: CheckContext, i: number, raw: unknown, issues: ConfigIssue[]): RpcUrl[] | undefined {
  if (!Array.isArray(raw)) return undefined; // wrong type: the schema reports it
  const out: RpcUrl[] = [];
  const names = new Map<string, number>();
  let ok = true;
  raw.forEach((item, k) => {
    // A plain string, or { url, name }; other shapes are the schema's to report.
    const form = typeof item === 'string' ? { template: item, name: null } : isRecord(item) && typeof item.url === 'string' ? { template: item.url, name: typeof item.name === 'string' ? item.name : null } : null;
    if (form === null) return;
    const item_ = form.template;
    const path = typeof item === 'string' ? ['chains', i, 'rpc_urls', k] : ['chains', i, 'rpc_urls', k, 'url'];
    if (form.name !== null) {
      const first = names.get(form.name);
      if (first === undefined) names.set(form.name, k);
      else {
        ok = false;
        issues.push(
          issueAt(ctx, ['chains', i, 'rpc_urls', k, 'name'], {
            expected: 'an endpoint name not used by another URL of this chain',
            found: `${quoted(['chains', i, 'rpc_urls', k, 'name'], form.name)}, already the name of rpc_urls[${first}]`,
            hint: 'give each URL its own name so /healthz and the logs can tell them apart',
          }),
        );
      }
    }
    const sub = interpolateEnv(item_.trim(), ctx.env);
    // Written in the file (a user info without ${NAME}): shown nowhere, in no message.
    const written = quoted(path, item_);
    if (!sub.ok) {
      ok = false;
      if (sub.problem === 'malformed')
        issues.push(
          issueAt(ctx, path, {
            expected: '${NAME} references whose names use letters, digits and _',
            found: `${written} (a malformed reference at character ${sub.at + 1})`,
            hint: 'close each reference with } and use a plain variable name, e.g. "https://node.example/${NODE_KEY}"',
          }),
        );
      else
        issues.push(
          issueAt(ctx, path, {
            expected: `the environment variable ${sub.variable} to be set (it is used in ${written})`,
            found: sub.problem === 'missing' ? `${sub.variable} is not set` : `${sub.variable} is set but empty`,
            hint: `export ${sub.variable}=<the value> before starting chainlytics, or write the URL directly in the file`,
          }),
        );
      return;
    }
    // Every substituted value is a secret from now on: log lines and error messages drop it, and
    // the user info of the URL with them (it goes out as Basic authentication, base64-encoded).
    for (const v of sub.variables) registerSecret(ctx.env[v]);
    registerUrlCredentials(sub.value);
    if (!isHttpUrl(sub.value)) {
      ok = false;
      // Print what the operator wrote, not the substituted value: it may contain a secret.
      const via = sub.variables.length > 0 ? ` (after substituting ${sub.variables.map((v) => `\${${v}}`).join(', ')})` : '';
      const hidden = hiddenValue(path, item_);
      issues.push(
        issueAt(ctx, path, {
          expected: 'an http:// or https:// URL',
          found: `${written}${via}`,
          hint: hidden
            ? `make it an http(s) URL; ${hidden.hint}`
            : sub.variables.length > 0
              ? `set ${sub.variables.join(', ')} so that ${written} becomes an http(s) URL, e.g. ${sub.variables[0]}=https://rpc.example.org`
              : rpcUrlHint(sub.value),
        }),
      );
      return;
    }
    // The plain string stays a string (what every consumer of a URL-only entry expects).
    out.push(form.name === null ? sub.value : { url: sub.value, name: form.name });
  });
  return ok ? out : undefined;
}

function rpcUrlHint(value: string): string {
  if (/^wss?:\/\//i.test(value)) return 'chainlytics speaks JSON-RPC over HTTP(S): use the node\'s http(s) endpoint instead of its WebSocket one';
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    // A node on this machine rarely has TLS; a remote provider almost always does.
    const local = /^(localhost|127\.|0\.0\.0\.0|\[::1\])/i.test(value);
    return `add the scheme, e.g. "${local ? 'http' : 'https'}://${value}"`;
  }
  return 'write the node\'s JSON-RPC endpoint as an http(s) URL, e.g. "https://rpc.example.org"';
}

export function checkServer(ctx: CheckContext): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const base = valueAt(ctx.src.data, ['server', 'public_base_url']);
  // A base URL with user info is refused by checkWrittenCredentials, which names the fix without the value.
  if (typeof base === 'string' && /\/v1\/?$/.test(base.trim()) && !hiddenValue(['server', 'public_base_url'], base))
    issues.push(
      issueAt(ctx, ['server', 'public_base_url'], {
        expected: 'the service address without /v1',
        found: JSON.stringify(base),
        hint: `write public_base_url: ${base.trim().replace(/\/v1\/?$/, '')} (chainlytics appends /v1 itself)`,
      }),
    );

  const required = valueAt(ctx.src.data, ['server', 'api_keys', 'require_for_apps']);
  const keys = valueAt(ctx.src.data, ['server', 'api_keys', 'keys']);
  const keyList = Array.isArray(keys) ? keys : [];
  if (required === true && keyList.length === 0)
    issues.push(
      issueAt(ctx, ['server', 'api_keys', Array.isArray(keys) ? 'keys' : 'require_for_apps'], {
        expected: 'at least one key in server.api_keys.keys when require_for_apps is true',
        found: Array.isArray(keys) ? 'an empty list' : 'no keys',
        hint: 'add a key ({ name, sha256, per_minute }) or set require_for_apps: false; otherwise nobody can read /v1/apps/details/',
      }),
    );

  const names = new Map<string, number>();
  const hashes = new Map<string, number>();
  keyList.forEach((k, i) => {
    if (!isRecord(k)) return;
    if (typeof k.name === 'string') {
      const first = names.get(k.name);
      if (first === undefined) names.set(k.name, i);
      else
        issues.push(
          issueAt(ctx, ['server', 'api_keys', 'keys', i, 'name'], {
            expected: 'a key name not used by another key',
            found: `${quoted(['server', 'api_keys', 'keys', i, 'name'], k.name)}, already the name of keys[${first}]`,
            hint: 'give every key holder its own name so logs and limits can tell them apart',
          }),
        );
    }
    if (typeof k.sha256 === 'string') {
      const hash = k.sha256.toLowerCase();
      const first = hashes.get(hash);
      if (first === undefined) hashes.set(hash, i);
      else
        issues.push(
          issueAt(ctx, ['server', 'api_keys', 'keys', i, 'sha256'], {
            expected: 'a hash not used by another key',
            found: `the same sha256 as keys[${first}]`,
            hint: 'issue a separate key per holder, or remove the duplicate entry',
          }),
        );
    }
  });
  return issues;
}

export function checkPrices(ctx: CheckContext): ConfigIssue[] {
  return checkCsvPaths(ctx, ['prices', 'csv'], 'date,asset,usd');
}

/** The tvl and app_revenue CSV files must exist (they are re-read every round). */
export function checkExternal(ctx: CheckContext): ConfigIssue[] {
  return [...checkCsvPaths(ctx, ['external', 'tvl_csv'], 'date,origin_key,usd'), ...checkCsvPaths(ctx, ['external', 'app_revenue_csv'], 'date,origin_key,usd')];
}

function checkCsvPaths(ctx: CheckContext, at: [string, string], columns: string): ConfigIssue[] {
  const csv = valueAt(ctx.src.data, at);
  if (!Array.isArray(csv)) return [];
  const issues: ConfigIssue[] = [];
  csv.forEach((p, i) => {
    if (typeof p !== 'string' || p.trim() === '') return;
    const abs = resolve(ctx.baseDir, p.trim());
    let problem: string | undefined;
    try {
      if (!statSync(abs).isFile()) problem = 'a directory, not a file';
    } catch {
      problem = 'no such file';
    }
    if (problem)
      issues.push(
        issueAt(ctx, [...at, i], {
          expected: `a path to an existing CSV file (${columns})`,
          found: pathFound([...at, i], p, problem, abs),
          hint: 'relative paths start at the config file\'s directory; correct the path or remove the entry',
        }),
      );
  });
  return issues;
}

/** A missing file as a message names it: the path as written and resolved, unless it holds a URL's user info. */
function pathFound(path: KeyPath, written: string, problem: string, abs: string): string {
  const hidden = hiddenValue(path, written);
  return hidden ? `${hidden.found}: ${problem}` : `${JSON.stringify(written)}: ${problem} at ${abs}`;
}

/** Label files, the project directory and its overlay must exist (they are read every round). */
export function checkAppSources(ctx: CheckContext): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const expectPath = (path: KeyPath, kind: 'file' | 'directory', expected: string, hint: string): void => {
    const p = valueAt(ctx.src.data, path);
    if (typeof p !== 'string' || p.trim() === '') return;
    const abs = resolve(ctx.baseDir, p.trim());
    let problem: string | undefined;
    try {
      const st = statSync(abs);
      if (kind === 'file' && !st.isFile()) problem = 'a directory, not a file';
      if (kind === 'directory' && !st.isDirectory()) problem = 'a file, not a directory';
    } catch {
      problem = kind === 'file' ? 'no such file' : 'no such directory';
    }
    if (problem) issues.push(issueAt(ctx, path, { expected, found: pathFound(path, p, problem, abs), hint }));
  };
  const files = valueAt(ctx.src.data, ['labels', 'files']);
  if (Array.isArray(files)) {
    files.forEach((_, i) =>
      expectPath(['labels', 'files', i], 'file', 'a path to an existing OLI label file (CSV or JSON)', "relative paths start at the config file's directory; correct the path or remove the entry"),
    );
  }
  expectPath(['projects', 'dir'], 'directory', 'a path to an existing folder of OSS Directory project files (<name>.yaml)', "relative paths start at the config file's directory; create the folder or correct the path");
  expectPath(['projects', 'overlay'], 'file', 'a path to an existing overlay YAML file, or null', "relative paths start at the config file's directory; correct the path, or write overlay: null");
  return issues;
}

/**
 * The `store:` section: ClickHouse needs `url` and `cluster`, DuckDB takes none of the
 * ClickHouse keys, the top-level `engine` may not disagree with `store.engine`, the URL carries
 * no credentials (they belong in `user` and `password_env`, which keeps the password out of
 * every printed URL) and the password variable is set.
 */
export function checkStore(ctx: CheckContext): ConfigIssue[] {
  const store = valueAt(ctx.src.data, ['store']);
  const top = valueAt(ctx.src.data, ['engine']);
  const issues: ConfigIssue[] = [];
  const engine = isRecord(store) && typeof store.engine === 'string' ? store.engine : typeof top === 'string' ? top : 'duckdb';
  if (isRecord(store) && typeof store.engine === 'string' && typeof top === 'string' && top !== store.engine) {
    issues.push(
      issueAt(ctx, ['engine'], {
        expected: `the same engine as store.engine (${store.engine}), or no top-level engine`,
        found: quoted(['engine'], top),
        hint: 'remove the top-level engine: key and keep store: { engine: … }',
      }),
    );
  }
  const chKeys = ['url', 'database', 'cluster', 'user', 'password_env'] as const;
  if (engine === 'clickhouse') {
    if (!isRecord(store)) {
      issues.push(
        issueAt(ctx, typeof top === 'string' ? ['engine'] : [], {
          expected: 'a store: section with the ClickHouse url and cluster',
          found: 'engine: clickhouse without store:',
          hint: 'write store: { engine: clickhouse, url: http://ch1:8123, cluster: my_cluster } (see docs/configuration.md)',
        }),
      );
      return issues;
    }
    for (const key of ['url', 'cluster'] as const) {
      if (store[key] === undefined || store[key] === null) {
        issues.push(issueAt(ctx, ['store'], { expected: `store.${key} (required for engine: clickhouse)`, found: `no ${key}`, hint: FIELD_RULES[`store.${key}`]!.hint as string }));
      }
    }
    if (typeof store.url === 'string' && isHttpUrl(store.url)) {
      const u = new URL(store.url);
      if (u.username !== '' || u.password !== '') {
        // Never echo the URL: its user info is the secret.
        issues.push(
          issueAt(ctx, ['store', 'url'], {
            expected: 'a URL without user name or password',
            found: 'a URL with credentials (not shown)',
            hint: 'write the user as store.user and the password in an environment variable named by store.password_env',
          }),
        );
      }
    }
    const env = store.password_env;
    // A value that is no variable name may be the password itself: the schema reports it without quoting it.
    if (typeof env === 'string' && ENV_NAME_RE.test(env) && (ctx.env[env] === undefined || ctx.env[env] === '')) {
      issues.push(
        issueAt(ctx, ['store', 'password_env'], {
          expected: `the environment variable ${env} to hold the ClickHouse password`,
          found: `${env} is not set`,
          hint: `set ${env} before starting chainlytics, or write password_env: null for a user without password`,
        }),
      );
    }
  } else if (isRecord(store)) {
    for (const key of chKeys) {
      if (store[key] !== undefined) {
        issues.push(
          issueAt(ctx, ['store', key], {
            expected: `no ${key} for engine: ${engine}`,
            found: `store.${key} with engine ${engine}`,
            hint: `${key} is a ClickHouse setting: write store.engine: clickhouse, or remove ${key}`,
          }),
        );
      }
    }
  }
  return issues;
}

/**
 * The live stream's limits against each other and against the connection cap (CONTRACT.md
 * 12.8): the stream cap stays below server.connections.max_open so that document requests
 * always find a connection, and an update is skipped before the stream is closed.
 */
export function checkLive(ctx: CheckContext): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const live = valueAt(ctx.src.data, ['live']);
  if (!isRecord(live)) return issues;
  const maxStreams = live.max_streams;
  const maxOpen = valueAt(ctx.src.data, ['server', 'connections', 'max_open']);
  const openCap = typeof maxOpen === 'number' ? maxOpen : SERVER_DEFAULTS.max_open;
  if (typeof maxStreams === 'number' && Number.isInteger(maxStreams) && maxStreams >= openCap)
    issues.push(
      issueAt(ctx, ['live', 'max_streams'], {
        expected: `fewer streams than server.connections.max_open (${openCap})`,
        found: String(maxStreams),
        hint: `lower live.max_streams (e.g. ${Math.max(1, Math.floor(openCap / 4))}) or raise server.connections.max_open: every stream holds a connection, and documents need some left`,
      }),
    );
  const skip = typeof live.skip_above_kib === 'number' ? live.skip_above_kib : LIVE_DEFAULTS.skip_above_kib;
  const close = typeof live.close_above_kib === 'number' ? live.close_above_kib : LIVE_DEFAULTS.close_above_kib;
  if (skip >= close)
    issues.push(
      issueAt(ctx, ['live', live.close_above_kib !== undefined ? 'close_above_kib' : 'skip_above_kib'], {
        expected: 'skip_above_kib smaller than close_above_kib',
        found: `skip_above_kib ${skip}, close_above_kib ${close}`,
        hint: 'updates are skipped for a slow client before it is dropped: e.g. skip_above_kib: 64 and close_above_kib: 256',
      }),
    );
  return issues;
}
