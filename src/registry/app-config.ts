// The validated, fully resolved configuration every other part of the service reads.
// Produced only by loadConfig/parseConfig (config.ts); nothing downstream re-checks it.
import type { EngineName } from './engines.js';
import type { LiveSettings } from './live-settings.js';
import type { ServerSettings } from './server-settings.js';
import type { StoreSettings } from './store-settings.js';
import type { Chain } from './types.js';

export type { ApiKeyConfig, RouteRateLimit, ServerSettings } from './server-settings.js';

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

/** Application sources (labels, project directory, market data); absolute paths. */
export interface AppSourceSettings {
  labels: { files: string[]; urls: string[] };
  /** null: no project directory configured. */
  projects: { dir: string; overlay: string | null } | null;
  /** Market-data ids fetched besides those the project directory names; days of history. */
  market_data: { ids: string[]; history_days: number };
  /** tvl and app_revenue: a DefiLlama-shaped API (null: none) and `date,origin_key,usd` CSV files (absolute). */
  external: { defillama_url: string | null; tvl_csv: string[]; app_revenue_csv: string[] };
}

/**
 * The largest answer read from each kind of upstream, MiB: a JSON-RPC node (per HTTP request;
 * a block with its receipts must fit), the price and market-data API, the external series API,
 * a label URL. Past it the answer is cut off and its server counted as failing.
 */
export interface AnswerLimits {
  rpc: number;
  prices: number;
  external: number;
  labels: number;
}

export interface AppConfig {
  /** The config file as given, or `(defaults)` when none was. */
  source: string;
  /** store.engine (the top-level `engine:` key is its older spelling). */
  engine: EngineName;
  /** Which engine holds the data and how to reach it (the `store:` section). */
  store: StoreSettings;
  /** Absolute. */
  data_dir: string;
  /** Absolute: <data_dir>/chainlytics.duckdb. */
  duckdb_path: string;
  /** Days of raw transactions kept; null = forever. */
  retention_days: number | null;
  server: ServerSettings;
  /** The live stream's limits (`live:`). */
  live: LiveSettings;
  prices: PriceSettings;
  labels: AppSourceSettings['labels'];
  projects: AppSourceSettings['projects'];
  market_data: AppSourceSettings['market_data'];
  external: AppSourceSettings['external'];
  max_answer_mb: AnswerLimits;
  /** Fully resolved (built-in defaults merged with the file), in file order. */
  chains: Chain[];
}

/** Defaults outside `server:` (whose defaults are SERVER_DEFAULTS in server-settings.ts). */
export const DEFAULTS = {
  engine: 'duckdb' satisfies EngineName,
  data_dir: './data',
  duckdb_file: 'chainlytics.duckdb',
  retention_days: null,
  coingecko_url: 'https://api.coingecko.com',
  coingecko_api_key_env: 'COINGECKO_API_KEY',
  market_history_days: 365,
  // Opt-in (docs/configuration.md): tvl and app_revenue ask a third party only when configured.
  defillama_url: null,
  // rpc: the worst block with its receipts of today's busiest chains (calldata and logs of a
  // full block, hex-encoded) fits; the price API's largest answer (a coin's whole daily history)
  // is well under 1 MiB; a fees overview with its per-protocol breakdown and a label export
  // run to tens of MiB.
  max_answer_mb: { rpc: 64, prices: 16, external: 64, labels: 64 } satisfies AnswerLimits,
  /** A chain that is not built in: */
  custom_chain: {
    finality_lag: 100,
    start: { block: 0 },
    // chain_type: from da_layer (chain-type.ts), unless the entry gives one.
    bucket: 'Other',
  },
} as const;
