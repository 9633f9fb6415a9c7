// The validated, fully resolved configuration every other part of the service reads.
// Produced only by loadConfig/parseConfig (config.ts); nothing downstream re-checks it.
import type { Chain } from './types.js';

export interface ApiKeyConfig {
  /** Holder name; appears in logs instead of the key. */
  name: string;
  /** SHA-256 of the key, 64 lower-case hex digits. The key itself is never configured. */
  sha256: string;
  per_minute: number;
}

export interface RouteRateLimit {
  /** Path prefix, e.g. /v1/metrics/. */
  prefix: string;
  per_minute: number;
  /** Policy name in the RateLimit headers. */
  name: string;
}

/** Shaped so it can be handed to the server as its ServerConfig unchanged. */
export interface ServerSettings {
  port: number;
  host: string;
  /** No trailing slash, no /v1; used in X-Data-Source and OpenAPI `servers`. */
  public_base_url: string;
  /** Client address from X-Forwarded-For: true = one proxy hop, n = n hops, false = socket. */
  trust_proxy: boolean | number;
  access_log: boolean;
  /** HTTP stack under the same handler: node:http, or uWebSockets.js (docs/http.md). */
  transport: 'node' | 'uws';
  rate_limits: {
    /** 0 disables the limit. */
    apps_details_per_minute: number;
    routes: RouteRateLimit[];
    /** Bound on tracked clients per route; absent = the server's default. */
    max_clients?: number;
  };
  api_keys: { require_for_apps: boolean; keys: ApiKeyConfig[] };
}

export interface PriceSettings {
  /** Base URL of a CoinGecko-compatible API (without /api/v3), or null for none. */
  coingecko_url: string | null;
  /** Name of the environment variable holding the API key, or null. */
  coingecko_api_key_env: string | null;
  /** That variable's value at load time; null when unset. Never log it. */
  coingecko_api_key: string | null;
  /** Absolute paths of `date,asset,usd` CSV files. */
  csv: string[];
}

export interface AppConfig {
  /** The config file as given, or `(defaults)` when none was. */
  source: string;
  engine: 'duckdb';
  /** Absolute. */
  data_dir: string;
  /** Absolute: <data_dir>/chainlytics.duckdb. */
  duckdb_path: string;
  /** Days of raw transactions kept; null = forever. */
  retention_days: number | null;
  server: ServerSettings;
  prices: PriceSettings;
  /** Fully resolved (built-in defaults merged with the file), in file order. */
  chains: Chain[];
}

export const DEFAULTS = {
  engine: 'duckdb',
  data_dir: './data',
  duckdb_file: 'chainlytics.duckdb',
  retention_days: null,
  port: 8080,
  host: '0.0.0.0',
  trust_proxy: false,
  access_log: true,
  transport: 'node' as const,
  apps_details_per_minute: 10,
  api_key_per_minute: 600,
  coingecko_url: 'https://api.coingecko.com',
  coingecko_api_key_env: 'COINGECKO_API_KEY',
  /** A chain that is not built in: */
  custom_chain: {
    finality_lag: 100,
    start: { block: 0 },
    chain_type: 'L2',
    bucket: 'Others',
  },
} as const;

/** public_base_url when the file gives none: where a local client reaches the port. */
export function defaultPublicBaseUrl(port: number): string {
  return `http://localhost:${port}`;
}
