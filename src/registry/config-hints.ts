// What each configuration key expects and how to fix a wrong value, in the operator's words.
// Keys are paths with list positions written as [] (`chains[].family`).
import { BUILTIN_CHAIN_KEYS } from './builtin-chains.js';
import { CHAIN_PROFILE_RULES } from './chain-profile-hints.js';
import { MAX_ANSWER_MB_LIMIT } from './config-schema.js';
import { closestMatch } from './did-you-mean.js';
import { ENGINE_NAMES } from './engines.js';
import { UWS_REMOVED } from './server-settings.js';
import type { FieldRule } from './field-rule.js';
import { CHAIN_FAMILIES, CHAIN_TYPES } from './types.js';

export type { FieldRule } from './field-rule.js';

/**
 * chain_type took L1, L2 and L3 before it took the values master.json publishes (CONTRACT.md
 * 11.6): a file written then gets the value to write instead.
 */
function chainTypeHint(found: unknown): string {
  const was = typeof found === 'string' ? found.trim().toUpperCase() : '';
  if (was === 'L1') return 'write chain_type: l1';
  if (was === 'L2' || was === 'L3') return 'write chain_type: rollup if the chain posts its data to Ethereum, others if not (or leave it out: it follows da_layer)';
  return 'l1 for a layer 1; rollup for a chain posting its data to Ethereum, others for the rest (left out: it follows da_layer)';
}

const FAMILY_ALIASES: Record<string, string> = {
  optimism: 'op',
  op_stack: 'op',
  opstack: 'op',
  bedrock: 'op',
  superchain: 'op',
  base: 'op',
  arbitrum_one: 'arbitrum',
  arb: 'arbitrum',
  nitro: 'arbitrum',
  orbit: 'arbitrum',
  zksync_era: 'zksync',
  era: 'zksync',
  zk_stack: 'zksync',
  zkstack: 'zksync',
  eth: 'ethereum',
  l1: 'ethereum',
  mainnet: 'ethereum',
  evm: 'default',
  other: 'default',
  none: 'default',
};

const FAMILY_MEANING: Record<string, string> = {
  op: 'for OP Stack chains (l1Fee in receipts, deposit transactions)',
  arbitrum: 'for Arbitrum Nitro chains (gasUsedForL1 in receipts)',
  zksync: 'for ZK Stack chains',
  scroll: 'for Scroll (l1Fee in receipts)',
  ethereum: 'for Ethereum mainnet',
  default: 'for any other EVM chain',
};

function familyHint(found: unknown): string {
  if (typeof found === 'string') {
    const norm = found.trim().toLowerCase().replace(/[-\s]+/g, '_');
    const target = FAMILY_ALIASES[norm] ?? (CHAIN_FAMILIES as readonly string[]).find((f) => f === norm) ?? closestMatch(norm, CHAIN_FAMILIES);
    if (target) return `use family: ${target} ${FAMILY_MEANING[target]}`;
  }
  return 'use op for OP Stack chains, arbitrum for Arbitrum Nitro chains, zksync, scroll, ethereum, or default for any other EVM chain';
}

function originKeyHint(found: unknown): string {
  if (typeof found === 'string' && found.trim() !== '') {
    const fixed = found
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 64);
    if (fixed && fixed !== found) return `write origin_key: ${fixed} (lower-case letters, digits and _ only; it becomes part of URLs)`;
  }
  return 'use lower-case letters, digits and _ only, e.g. origin_key: my_chain (it becomes part of URLs)';
}

function gasTokenHint(found: unknown): string {
  if (typeof found === 'string') {
    const lower = found.toLowerCase();
    if (lower === 'eth' || lower === 'ether' || lower === 'ethereum') return 'ETH-gas chains use gas_token: ethereum (the price-source id); the ticker goes in symbol';
    if (/^[A-Z0-9]+$/.test(found)) return `gas_token is the price source's coin id, not the ticker: write the CoinGecko id (e.g. gas_token: mantle) and put the ticker in symbol: ${found}`;
    return 'write the lower-case CoinGecko coin id, e.g. gas_token: mantle';
  }
  return 'write the price source (CoinGecko) coin id, e.g. gas_token: ethereum or gas_token: mantle';
}

function addressHint(found: unknown): string {
  if (typeof found === 'string' && /^0x/i.test(found)) {
    const hex = found.slice(2);
    if (/[^0-9a-fA-F]/.test(hex)) return 'an address has only hex digits 0-9 and a-f after 0x; check for a stray character';
    return `an address is 0x followed by exactly 40 hex digits (20 bytes); this one has ${hex.length}`;
  }
  return 'write the 20-byte address as 0x followed by 40 hex digits (any letter case)';
}

/** A text that is not a hash is never quoted (it may be the key): written-secrets.ts gives its length instead. */
export const API_KEY_HASH_HINT = 'store the SHA-256 of the key, never the key itself: printf %s "$KEY" | sha256sum';

// A text that is not a variable name is never quoted (it may be the secret): written-secrets.ts
// says to move it to the environment. This hint is for the other wrong values (a number, a list).
const ENV_NAME_HINT = 'write the name of an environment variable holding the key, e.g. coingecko_api_key_env: COINGECKO_API_KEY';

function booleanHint(key: string): FieldRule {
  return { expected: 'true or false', hint: `write ${key}: true or ${key}: false (YAML 1.2 reads yes/no/on/off as text)` };
}

const DATE_EXPECTED = 'a date YYYY-MM-DD that exists';

function answerMbRule(example: string): FieldRule {
  return { expected: `a whole number of MiB from 1 to ${MAX_ANSWER_MB_LIMIT}`, hint: `e.g. ${example}; larger answers are refused and their server counted as failing` };
}
const URL_EXPECTED = 'an http:// or https:// URL';

export const FIELD_RULES: Record<string, FieldRule> = {
  '': {
    expected: 'a mapping of settings (engine, store, data_dir, retention_days, server, live, prices, chains, labels, projects, market_data, external, max_answer_mb)',
    hint: 'start from examples/chainlytics.example.yaml',
  },
  engine: {
    expected: ENGINE_NAMES.join(' or '),
    hint: 'use engine: duckdb, or store: { engine: clickhouse, url, cluster } for a ClickHouse cluster',
  },
  store: { expected: 'a mapping (engine, url, database, cluster, user, password_env)', hint: 'indent the store settings under store:' },
  'store.engine': { expected: ENGINE_NAMES.join(' or '), hint: 'e.g. engine: clickhouse (with url and cluster), or engine: duckdb (the default, a file in data_dir)' },
  'store.url': {
    expected: `${URL_EXPECTED} of one ClickHouse node's HTTP interface`,
    hint: 'e.g. url: http://ch1.internal:8123 (any node of the cluster; credentials go in user and password_env)',
  },
  'store.database': { expected: 'a database name (letters, digits, _; not starting with a digit)', hint: 'e.g. database: chainlytics (created on every node when missing)' },
  'store.cluster': { expected: 'the name of a cluster in the servers\' remote_servers (letters, digits, _)', hint: 'e.g. cluster: analytics; SELECT DISTINCT cluster FROM system.clusters lists them' },
  'store.user': { expected: 'a ClickHouse user name', hint: 'e.g. user: chainlytics (default: default)' },
  'store.password_env': { expected: 'the name of an environment variable (letters, digits, _), or null', hint: ENV_NAME_HINT },
  data_dir: { expected: 'a directory path', hint: 'e.g. data_dir: ./data (relative paths start at the config file\'s directory)' },
  retention_days: {
    expected: 'a whole number of days (1 or more), or null',
    hint: 'e.g. retention_days: 90 keeps 90 days of raw transactions; retention_days: null keeps them forever (metrics are kept forever either way)',
  },
  live: {
    expected: 'a mapping (max_streams, max_streams_per_address, skip_above_kib, close_above_kib, lifetime_minutes, resume_events, resume_hours, api_per_minute, replay_minutes)',
    hint: 'indent the live stream settings under live: (docs/live.md)',
  },
  'live.max_streams': { expected: 'a whole number of open streams from 1 to 1000000', hint: 'e.g. max_streams: 1000; a stream over it is told to retry later and closed' },
  'live.max_streams_per_address': { expected: 'a whole number of streams from 1 to 1000000', hint: 'e.g. max_streams_per_address: 16 (one browser tab of the ecosystem page holds two)' },
  'live.skip_above_kib': { expected: 'a whole number of KiB from 1 to 65536', hint: 'e.g. skip_above_kib: 64; a slow client misses updates while this much is unsent' },
  'live.close_above_kib': { expected: 'a whole number of KiB from 1 to 65536', hint: 'e.g. close_above_kib: 256; a client this far behind is closed and reconnects' },
  'live.lifetime_minutes': { expected: 'minutes from 1 to 1440', hint: 'e.g. lifetime_minutes: 60; a stream is closed after it (± 10 %) and the client resumes' },
  'live.resume_events': { expected: 'a whole number of document events from 0 to 100000', hint: 'e.g. resume_events: 256 kept for Last-Event-ID resumes' },
  'live.resume_hours': { expected: 'hours from 0 to 168', hint: 'e.g. resume_hours: 24; older document events are not replayed (the client is told to resync)' },
  'live.api_per_minute': { expected: 'a whole number of requests per minute from 1 to 1000000', hint: 'e.g. api_per_minute: 120 per client address for /api/*' },
  'live.replay_minutes': { expected: 'minutes from 0 to 1440', hint: 'e.g. replay_minutes: 15 of stored blocks replayed at start (keep it within retention_days)' },
  server: { expected: 'a mapping (port, host, public_base_url, trust_proxy, access_log, query_cache_mb, rate_limits, connections, api_keys)', hint: 'indent the server settings under server:' },
  'server.port': { expected: 'an integer from 1 to 65535', hint: 'e.g. port: 8080 (the PORT environment variable overrides it)' },
  'server.host': { expected: 'a host name or IP address to listen on', hint: 'use host: 0.0.0.0 for all interfaces or host: 127.0.0.1 for this machine only' },
  'server.public_base_url': {
    expected: `${URL_EXPECTED} without /v1`,
    hint: 'write the address clients reach this service at, e.g. public_base_url: https://data.example.org (used in X-Data-Source and OpenAPI)',
  },
  'server.trust_proxy': {
    expected: 'true, false, or a number of proxy hops from 1 to 10',
    hint: 'use trust_proxy: true only behind a proxy you control (it sets X-Forwarded-For); false uses the socket address',
  },
  'server.access_log': booleanHint('access_log'),
  'server.query_cache_mb': {
    expected: 'megabytes from 0 to 65536',
    hint: 'e.g. query_cache_mb: 64; the filtered answers of /v1/export/ and /v1/fundamentals_full kept in memory (0 keeps none)',
  },
  'server.transport': { expected: 'node, or no transport key', hint: `delete the line: ${UWS_REMOVED}` },
  'server.rate_limits': { expected: 'a mapping (apps_details_per_minute, routes, max_clients)', hint: 'e.g. rate_limits: { apps_details_per_minute: 10 }' },
  'server.rate_limits.apps_details_per_minute': {
    expected: 'a whole number of requests per minute (0 disables the limit)',
    hint: 'e.g. apps_details_per_minute: 10 (the published guidance)',
  },
  'server.rate_limits.routes': { expected: 'a list of { prefix, per_minute, name }', hint: 'e.g. routes: [ { prefix: /v1/metrics/, per_minute: 600, name: metrics } ]' },
  'server.rate_limits.routes[]': { expected: 'a mapping { prefix, per_minute, name }', hint: 'all three keys are required' },
  'server.rate_limits.routes[].prefix': { expected: 'a path prefix starting with /v1/ (a-z 0-9 _ . - /)', hint: 'e.g. prefix: /v1/metrics/' },
  'server.rate_limits.routes[].per_minute': { expected: 'a whole number of requests per minute (1 or more)', hint: 'e.g. per_minute: 600' },
  'server.rate_limits.routes[].name': { expected: '1-32 characters of a-z 0-9 _ -', hint: 'e.g. name: metrics (it appears in the RateLimit-Policy header)' },
  'server.rate_limits.max_clients': { expected: 'a whole number of tracked clients (100 or more)', hint: 'e.g. max_clients: 100000; the oldest clients are forgotten first' },
  'server.connections': {
    expected: 'a mapping (max_open, max_open_per_address, max_queued_responses, write_stall_seconds, first_head_timeout_seconds, header_timeout_seconds, request_timeout_seconds)',
    hint: 'e.g. connections: { max_open: 4096 }',
  },
  'server.connections.max_open': { expected: 'a whole number of open connections (1 or more)', hint: 'e.g. max_open: 4096; further connections get 503' },
  'server.connections.max_queued_responses': {
    expected: 'a whole number of responses (1 or more)',
    hint: 'e.g. max_queued_responses: 16; a connection pipelining more without reading is closed',
  },
  'server.connections.write_stall_seconds': { expected: 'seconds from 0.1 to 3600', hint: 'e.g. write_stall_seconds: 20' },
  'server.connections.max_open_per_address': {
    expected: 'a whole number of open connections (1 or more)',
    hint: 'e.g. max_open_per_address: 1024 (default: a quarter of max_open); one address (an IPv6 /64) holds no more',
  },
  'server.connections.first_head_timeout_seconds': {
    expected: 'seconds from 0.1 to 3600',
    hint: 'e.g. first_head_timeout_seconds: 10; a new connection that has not sent a whole request head by then is closed',
  },
  'server.connections.header_timeout_seconds': { expected: 'seconds from 0.1 to 3600', hint: 'e.g. header_timeout_seconds: 10' },
  'server.connections.request_timeout_seconds': {
    expected: 'seconds from 0.1 to 3600, at least header_timeout_seconds',
    hint: 'e.g. request_timeout_seconds: 30',
  },
  'server.api_keys': { expected: 'a mapping (require_for_apps, keys)', hint: 'e.g. api_keys: { require_for_apps: false, keys: [] }' },
  'server.api_keys.require_for_apps': booleanHint('require_for_apps'),
  'server.api_keys.keys': { expected: 'a list of { name, sha256, per_minute }', hint: 'e.g. keys: [ { name: acme, sha256: <64 hex digits>, per_minute: 600 } ]' },
  'server.api_keys.keys[]': { expected: 'a mapping { name, sha256, per_minute }', hint: 'write each key as - { name: acme, sha256: <64 hex digits>, per_minute: 600 }' },
  'server.api_keys.keys[].name': { expected: 'a holder name of 1-32 characters a-z 0-9 _ -', hint: 'e.g. name: acme (it appears in logs and rate-limit headers instead of the key)' },
  'server.api_keys.keys[].sha256': { expected: 'a SHA-256 hash as 64 hex digits', hint: API_KEY_HASH_HINT },
  'server.api_keys.keys[].per_minute': { expected: 'a whole number of requests per minute (1 or more)', hint: 'e.g. per_minute: 600' },
  prices: { expected: 'a mapping (coingecko_url, coingecko_api_key_env, csv)', hint: 'indent the price settings under prices:' },
  'prices.coingecko_url': { expected: `${URL_EXPECTED}, or null to use no price API`, hint: 'e.g. coingecko_url: https://api.coingecko.com (or a compatible server)' },
  'prices.coingecko_api_key_env': { expected: 'the name of an environment variable (letters, digits, _), or null', hint: ENV_NAME_HINT },
  'prices.csv': { expected: 'a list of CSV file paths', hint: 'e.g. csv: [ ./prices.csv ] with lines date,asset,usd' },
  'prices.csv[]': { expected: 'a path to an existing CSV file', hint: 'paths are relative to the config file\'s directory; check the file name' },
  labels: { expected: 'a mapping (files, urls)', hint: 'e.g. labels: { files: [ ./labels.csv ], urls: [] }' },
  'labels.files': { expected: 'a list of OLI label file paths (CSV or JSON)', hint: 'e.g. files: [ ./labels/oli.csv ]' },
  'labels.files[]': { expected: 'a path to an existing OLI label file (CSV or JSON)', hint: "paths are relative to the config file's directory; check the file name" },
  'labels.urls': { expected: 'a list of http:// or https:// URLs of OLI label exports', hint: 'e.g. urls: [ "https://labels.example.org/oli.json" ]' },
  'labels.urls[]': { expected: `${URL_EXPECTED} of an OLI label export (CSV or JSON)`, hint: 'write the full URL, e.g. "https://labels.example.org/oli.json"' },
  projects: { expected: 'a mapping (dir, overlay)', hint: 'e.g. projects: { dir: ./projects, overlay: ./projects-overlay.yaml }' },
  'projects.dir': { expected: 'a path to a folder of OSS Directory project files (<name>.yaml)', hint: 'e.g. dir: ./projects (required when projects: is given)' },
  'projects.overlay': { expected: 'a path to the overlay YAML file, or null', hint: 'e.g. overlay: ./projects-overlay.yaml (logo_path, token_symbol, market_data_id, features per project)' },
  market_data: { expected: 'a mapping (ids, history_days)', hint: 'e.g. market_data: { ids: [ uniswap ], history_days: 365 }' },
  'market_data.ids': { expected: 'a list of CoinGecko coin ids', hint: 'e.g. ids: [ uniswap, aave ] (the project directory\'s ids are fetched anyway)' },
  'market_data.ids[]': { expected: 'a CoinGecko coin id (lower-case letters, digits, -)', hint: 'write the lower-case coin id from the coin page URL, e.g. uniswap, not the ticker UNI' },
  'market_data.history_days': { expected: 'a whole number of days (1 or more)', hint: 'e.g. history_days: 365: days of market data fetched for a token the first time' },
  external: { expected: 'a mapping (defillama_url, tvl_csv, app_revenue_csv)', hint: 'e.g. external: { defillama_url: https://api.llama.fi, tvl_csv: [ ./tvl.csv ] }' },
  'external.defillama_url': { expected: `${URL_EXPECTED}, or null to use no API for tvl and app_revenue`, hint: 'e.g. defillama_url: https://api.llama.fi (or a server answering the same paths)' },
  'external.tvl_csv': { expected: 'a list of CSV file paths', hint: 'e.g. tvl_csv: [ ./tvl.csv ] with lines date,origin_key,usd' },
  'external.tvl_csv[]': { expected: 'a path to an existing CSV file', hint: 'paths are relative to the config file\'s directory; check the file name' },
  'external.app_revenue_csv': { expected: 'a list of CSV file paths', hint: 'e.g. app_revenue_csv: [ ./app_revenue.csv ] with lines date,origin_key,usd' },
  'external.app_revenue_csv[]': { expected: 'a path to an existing CSV file', hint: 'paths are relative to the config file\'s directory; check the file name' },
  max_answer_mb: { expected: 'a mapping (rpc, prices, external, labels)', hint: 'e.g. max_answer_mb: { rpc: 64 } (MiB; what you leave out keeps its default)' },
  'max_answer_mb.rpc': answerMbRule('rpc: 128 if a chain\'s blocks with their receipts are larger than 64 MiB'),
  'max_answer_mb.prices': answerMbRule('prices: 32'),
  'max_answer_mb.external': answerMbRule('external: 128'),
  'max_answer_mb.labels': answerMbRule('labels: 128 for a larger label export'),
  chains: { expected: 'a list of chains', hint: 'write each chain as a list item: - origin_key: base' },
  'chains[]': {
    expected: 'a mapping with at least origin_key and rpc_urls',
    hint: 'write each chain as - origin_key: <key> followed by an indented rpc_urls: [ ... ]',
  },
  'chains[].origin_key': { expected: 'a key of lower-case letters, digits and _ (at most 64)', hint: originKeyHint },
  'chains[].name': { expected: 'a non-empty display name', hint: 'e.g. name: My Chain' },
  'chains[].name_short': { expected: 'a non-empty short display name', hint: 'e.g. name_short: MyChain' },
  'chains[].evm_chain_id': { expected: 'a positive integer (the EIP-155 chain id)', hint: 'write the id eth_chainId returns, in decimal, e.g. evm_chain_id: 8453' },
  'chains[].family': { expected: `one of ${CHAIN_FAMILIES.join(', ')}`, hint: familyHint },
  'chains[].gas_token': { expected: 'the price-source id of the gas token (lower-case letters, digits, -)', hint: gasTokenHint },
  'chains[].symbol': { expected: 'a ticker of 1 to 16 characters', hint: 'e.g. symbol: ETH or symbol: MNT' },
  'chains[].rpc_urls': {
    expected: 'a list of at least one http:// or https:// URL',
    hint: 'e.g. rpc_urls: [ "https://rpc.example.org" ]; put API keys in the environment: "https://node.example/${NODE_KEY}"',
  },
  'chains[].rpc_urls[]': {
    expected: `${URL_EXPECTED}, or { url, name }`,
    hint: 'chainlytics speaks JSON-RPC over HTTP(S); write the node\'s http(s) endpoint, e.g. "https://rpc.example.org" or { url: "https://rpc.example.org/${NODE_KEY}", name: provider }',
  },
  'chains[].rpc_urls[].url': {
    expected: URL_EXPECTED,
    hint: 'e.g. url: "https://node.example/${NODE_KEY}"',
  },
  'chains[].rpc_urls[].name': {
    expected: 'an endpoint name of 1-32 characters a-z 0-9 _ -',
    hint: 'e.g. name: alchemy (/healthz and the logs then say "<origin_key> alchemy" instead of "<origin_key> rpc#1")',
  },
  'chains[].start': {
    expected: 'exactly one of { block: N }, { date: YYYY-MM-DD } or { days_ago: N }',
    hint: 'e.g. start: { date: 2024-06-01 }, start: { block: 0 } or start: { days_ago: 14 }; keep only one key',
  },
  'chains[].start.days_ago': { expected: 'a whole number of days (0 = today, UTC)', hint: 'e.g. start: { days_ago: 14 } starts two weeks before the day chainlytics first runs' },
  'chains[].start.block': { expected: 'a block number (0 or more)', hint: 'e.g. start: { block: 0 } for genesis' },
  'chains[].start.date': { expected: DATE_EXPECTED, hint: 'e.g. start: { date: 2024-06-01 } (UTC day; ingestion starts at its first block)' },
  'chains[].finality_lag': { expected: 'a whole number of blocks (0 or more)', hint: 'e.g. finality_lag: 64; blocks this close to the head are re-checked for reorgs' },
  'chains[].flags': { expected: 'a mapping (fee_table, apps)', hint: 'e.g. flags: { fee_table: true, apps: true }' },
  'chains[].flags.fee_table': booleanHint('fee_table'),
  'chains[].flags.apps': booleanHint('apps'),
  'chains[].chain_type': { expected: `one of ${CHAIN_TYPES.join(', ')}`, hint: chainTypeHint },
  'chains[].bucket': { expected: 'a non-empty group name', hint: 'e.g. bucket: OP Stack (Layer 1, OP Stack, Arbitrum Orbit, ZK Stack, Other)' },
  'chains[].colors': { expected: 'a mapping { light: [colors], dark: [colors], darkTextOnBackground }', hint: 'e.g. colors: { light: ["#FF0420"], dark: ["#FF5A6E"] }' },
  'chains[].colors.light': { expected: 'a list of colors #RRGGBB', hint: 'e.g. light: ["#FF0420", "#C0031A"]' },
  'chains[].colors.dark': { expected: 'a list of colors #RRGGBB', hint: 'e.g. dark: ["#FF5A6E", "#FF8A98"]' },
  'chains[].colors.light[]': { expected: 'a color #RRGGBB', hint: 'quote it, e.g. "#FF0420" (an unquoted # starts a YAML comment)' },
  'chains[].colors.dark[]': { expected: 'a color #RRGGBB', hint: 'quote it, e.g. "#FF5A6E" (an unquoted # starts a YAML comment)' },
  'chains[].launch_date': { expected: `${DATE_EXPECTED}, or null`, hint: 'e.g. launch_date: 2023-08-09' },
  'chains[].archived_date': { expected: `${DATE_EXPECTED}, or null`, hint: 'the day the chain shut down, e.g. archived_date: 2025-06-30; null while it runs' },
  'chains[].website': { expected: `${URL_EXPECTED}, or null`, hint: 'e.g. website: https://example.org' },
  'chains[].block_explorers': { expected: 'a mapping of explorer name to URL', hint: 'e.g. block_explorers: { Blockscout: https://explorer.example.org }' },
  'chains[].block_explorers.*': { expected: URL_EXPECTED, hint: 'e.g. Etherscan: https://etherscan.io' },
  'chains[].events': { expected: 'a list of events', hint: 'e.g. events: [ { date: 2024-01-02, type: launch, title: Mainnet launch } ]' },
  'chains[].events[]': { expected: 'a mapping { date, type, title, short_title, description, source }', hint: 'date, type and title are required' },
  'chains[].events[].date': { expected: DATE_EXPECTED, hint: 'e.g. date: 2024-01-02' },
  'chains[].events[].type': { expected: 'a non-empty event type', hint: 'e.g. type: launch' },
  'chains[].events[].title': { expected: 'a non-empty title', hint: 'e.g. title: Mainnet launch' },
  'chains[].events[].short_title': { expected: 'a non-empty short title', hint: 'e.g. short_title: Launch (defaults to title)' },
  'chains[].events[].description': { expected: 'text', hint: 'quote text that contains a colon' },
  'chains[].events[].source': { expected: URL_EXPECTED, hint: 'link the announcement, e.g. source: https://blog.example.org/launch' },
  'chains[].stablecoins': { expected: 'a list of { symbol, address, decimals }', hint: 'e.g. stablecoins: [ { symbol: USDC, address: 0x…, decimals: 6 } ]' },
  'chains[].stablecoins[]': { expected: 'a mapping { symbol, address, decimals }', hint: 'all three keys are required' },
  'chains[].stablecoins[].symbol': { expected: 'a non-empty ticker', hint: 'e.g. symbol: USDC' },
  'chains[].stablecoins[].address': { expected: 'a 20-byte address 0x + 40 hex digits', hint: addressHint },
  'chains[].stablecoins[].peg': { expected: 'usd', hint: 'the value of one token: usd (the default and the only peg supported so far)' },
  'chains[].stablecoins[].decimals': { expected: 'an integer from 0 to 36', hint: 'the token\'s decimals(), e.g. 6 for USDC, 18 for DAI' },
  'chains[].settlement_addresses': { expected: 'a list of addresses', hint: 'e.g. settlement_addresses: [ 0x… ] (the chain\'s batch poster on Ethereum)' },
  'chains[].settlement_addresses[]': { expected: 'a 20-byte address 0x + 40 hex digits', hint: addressHint },
  'chains[].token': { expected: 'a mapping { market_data_id, total_supply } or null', hint: 'e.g. token: { market_data_id: mantle, total_supply: 6219316795 } (market_cap from the market-data source, fdv = price × total_supply)' },
  'chains[].token.market_data_id': { expected: 'a CoinGecko coin id', hint: 'the id in the URL of the coin\'s CoinGecko page, e.g. mantle' },
  'chains[].token.address': { expected: 'a 0x-prefixed 20-byte hex address', hint: "the token contract on this chain: fdv's supply is its totalSupply() of the day (eth_call), total_supply where that cannot be read" },
  'chains[].token.decimals': { expected: 'an integer from 0 to 36', hint: "the token contract's decimals(), default 18" },
  'chains[].token.total_supply': { expected: 'a positive number of whole tokens', hint: 'the maximum supply, for fdv; leave it out when the token has none (market_cap only)' },
  'chains[].defillama': { expected: "the chain's name in DefiLlama, or null", hint: 'e.g. defillama: OP Mainnet (as in https://api.llama.fi/v2/historicalChainTvl/OP%20Mainnet); null asks no tvl or app_revenue for the chain' },
  'chains[].settlement_chain': { expected: 'the origin_key of a configured chain, or null', hint: 'e.g. settlement_chain: ethereum (the default for L2s); the chain whose transactions carry the settlement_addresses' },
  ...CHAIN_PROFILE_RULES,
};

/** `chains[3].rpc_urls[0]` for the message; `chains[].rpc_urls[]` to look up the rule. */
export function keyPathText(path: readonly (string | number)[], listAsBrackets = false): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += listAsBrackets ? '[]' : `[${seg}]`;
    else out += out === '' ? seg : `.${seg}`;
  }
  return out;
}

export function ruleFor(path: readonly (string | number)[]): FieldRule | undefined {
  // Explorer names are free-form keys: every one shares the `*` rule.
  if (path[0] === 'chains' && path[2] === 'block_explorers' && path.length === 4) return FIELD_RULES['chains[].block_explorers.*'];
  // So are the names in links.bridges / socials / others.
  if (path[0] === 'chains' && path[2] === 'links' && path.length === 5) return FIELD_RULES['chains[].links.*.*'];
  return FIELD_RULES[keyPathText(path, true)];
}

export function hintText(rule: FieldRule, found: unknown): string {
  return typeof rule.hint === 'function' ? rule.hint(found) : rule.hint;
}

/** For a misspelt built-in origin_key: `did you mean base?`, or undefined. */
export function builtinSuggestion(originKey: string): string | undefined {
  return closestMatch(originKey, BUILTIN_CHAIN_KEYS);
}
