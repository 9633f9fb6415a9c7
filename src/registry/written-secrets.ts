// Secrets written directly in a configuration file. Error messages quote what the operator wrote,
// so a password in a URL or an API key pasted where its hash belongs would be echoed by
// check-config and by every start that fails on the file. Every place that prints a written value
// asks `hiddenValue` first: a value that may be a secret is described, never shown, and the fix
// says to move it out of the file. Credentials in URLs are also registered as secrets (log lines
// and upstream errors drop them and their encodings), and refused where the key sends none.
import { registerUrlCredentials } from '../log/secrets.js';
import type { ConfigIssue } from './config-error.js';
import { API_KEY_HASH_HINT, keyPathText } from './config-hints.js';
import { ENV_NAME_RE } from './config-schema.js';
import { SHA256_HEX_RE } from './server-settings.js';
import { hasUserInfo, URL_WITH_USER_INFO } from './user-info.js';
import type { KeyPath, YamlSource } from './yaml-source.js';

export interface HiddenValue {
  /** What the message says instead of the value. */
  found: string;
  /** The fix: keep the secret out of the file. */
  hint: string;
}

const isRpcUrl = (path: KeyPath): boolean => path[0] === 'chains' && path[2] === 'rpc_urls';

/** How the value at `path` is described when it may be a secret; null when it may be shown. */
export function hiddenValue(path: KeyPath, value: unknown): HiddenValue | null {
  if (typeof value !== 'string') return null;
  const last = path[path.length - 1];
  if (last === 'sha256' && !SHA256_HEX_RE.test(value)) {
    return {
      found: `a value that is not a SHA-256 hash (${value.length} characters where a hash has 64 hex digits; not shown: it may be the API key itself)`,
      hint: `${API_KEY_HASH_HINT}; keep the key itself in an environment variable or a secret store`,
    };
  }
  if (typeof last === 'string' && last.endsWith('_env') && !ENV_NAME_RE.test(value)) {
    return {
      found: 'a value that is not a variable name (not shown: it may be the secret itself)',
      hint: `move the secret to an environment variable and write only the variable's name here, e.g. ${last}: ${last === 'password_env' ? 'CLICKHOUSE_PASSWORD' : 'COINGECKO_API_KEY'}`,
    };
  }
  if (hasUserInfo(value)) return { found: 'a URL with a user name or password (not shown)', hint: userInfoHint(path) };
  return null;
}

/** `JSON.stringify(value)`, or what it is when it may be a secret (for messages that quote a value). */
export function quoted(path: KeyPath, value: unknown): string {
  return hiddenValue(path, value)?.found ?? JSON.stringify(value);
}

function userInfoHint(path: KeyPath): string {
  if (isRpcUrl(path)) {
    return 'move the URL to an environment variable and write "${NAME}" in its place, e.g. rpc_urls: [ "${BASE_RPC_URL}" ] with BASE_RPC_URL exported (the user info is sent as Basic authentication)';
  }
  if (path[0] === 'store' && path[1] === 'url') return 'write the user as store.user and the password in an environment variable named by store.password_env';
  return `remove the user name and password: ${keyPathText(path)} takes none (some URLs are published in documents); only rpc_urls ("\${NAME}"), store.password_env and prices.coingecko_api_key_env read secrets, from environment variables`;
}

/** Calls `visit` with every string value in `data` and its key path. */
function eachString(data: unknown, visit: (path: KeyPath, value: string) => void, path: (string | number)[] = []): void {
  if (typeof data === 'string') visit(path, data);
  else if (Array.isArray(data)) data.forEach((v, i) => eachString(v, visit, [...path, i]));
  else if (data !== null && typeof data === 'object') for (const [k, v] of Object.entries(data)) eachString(v, visit, [...path, k]);
}

/** Registers the user info of every URL written in the file (substituted rpc_urls register their own). */
export function registerWrittenCredentials(data: unknown): void {
  eachString(data, (_path, value) => {
    if (value.includes('${')) return;
    for (const m of value.matchAll(/[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi)) registerUrlCredentials(m[0]);
  });
}

/**
 * A URL with user info anywhere but in rpc_urls (sent as Basic authentication) and store.url
 * (refused by checkStore with its own fix): no other key sends credentials (fetch refuses such
 * a URL), and several are published (public_base_url, websites, explorers), so one is refused.
 */
export function checkWrittenCredentials(src: YamlSource, file: string): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  eachString(src.data, (path, value) => {
    if (isRpcUrl(path) || (path[0] === 'store' && path[1] === 'url') || !URL_WITH_USER_INFO.test(value)) return;
    const { line, column } = src.position(path);
    issues.push({ file, line, column, key: keyPathText(path), expected: 'a value without a user name or password', found: 'a URL with a user name or password (not shown)', hint: userInfoHint(path) });
  });
  return issues;
}
