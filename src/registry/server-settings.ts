// The `server:` section, defined once: the names it accepts, the file schema, the defaults and
// the resolved ServerSettings the HTTP server runs with. The CLI (through loadConfig), the server
// tests and the bench (through serverSettings() in config.ts) all go through this one path, so
// the rules the tests exercise are the rules production runs. What each key expects and how to
// fix it, in the operator's words, is in config-hints.ts; checks across keys in config-checks.ts.
import { z } from 'zod';
import { isHttpUrl } from './http-url.js';

/**
 * Why `server.transport: uws` (and `serve --transport uws`) is refused, and what to do instead;
 * shared by the config hint and the CLI so both say the same.
 */
export const UWS_REMOVED =
  'the uws transport was removed (uWebSockets.js has no maintained npm build for Node 22 and 24); node:http is the only HTTP stack. ' +
  'Past its rate, serve the exported files (chainlytics build --out DIR) from nginx or a CDN: docs/http.md, "Past node:http"';

/** The route `rate_limits.apps_details_per_minute` limits (interface.md 8). */
export const APPS_DETAILS_PREFIX = '/v1/apps/details/';

export const SERVER_DEFAULTS = {
  port: 8080,
  host: '0.0.0.0',
  trust_proxy: false,
  access_log: true,
  apps_details_per_minute: 10,
  api_key_per_minute: 600,
  /** Tracked clients per limited route when rate_limits.max_clients is not given. */
  max_clients: 100_000,
  /** connections: (docs/http.md, "Connection limits"). */
  max_open: 4096,
  max_queued_responses: 16,
  write_stall_seconds: 20,
  header_timeout_seconds: 10,
  request_timeout_seconds: 30,
  first_head_timeout_seconds: 10,
  /** max_open_per_address when not given: this share of max_open (rounded up). */
  per_address_share: 1 / 4,
  /** query_cache_mb: the flat exports' filtered answers kept (server/row-query-answers.ts). */
  query_cache_mb: 64,
} as const;

/** Names that appear in RateLimit headers and logs: the server's token syntax. */
export const LIMIT_NAME_RE = /^[a-z0-9_-]{1,32}$/;
export const ROUTE_PREFIX_RE = /^\/v1\/[a-z0-9_./-]*$/;
export const SHA256_HEX_RE = /^[0-9a-fA-F]{64}$/;

const text = z.string().trim().min(1);
const wholeAtLeast = (min: number) => z.number().int().min(min);
// A section written as `rate_limits:` with nothing under it is null in YAML; read it as "all defaults".
const section = <T extends z.ZodType>(schema: T) => schema.nullish();

const routeLimitSchema = z.strictObject({
  prefix: z.string().regex(ROUTE_PREFIX_RE),
  per_minute: wholeAtLeast(1),
  name: z.string().regex(LIMIT_NAME_RE),
});

const apiKeySchema = z.strictObject({
  name: z.string().regex(LIMIT_NAME_RE),
  sha256: z.string().regex(SHA256_HEX_RE),
  per_minute: wholeAtLeast(1).optional(),
});

/** `server:` as the operator writes it; every key optional (SERVER_DEFAULTS fill the gaps). */
export const serverSectionSchema = z.strictObject({
  port: z.number().int().min(1).max(65535).optional(),
  host: text.optional(),
  public_base_url: z.string().refine(isHttpUrl).optional(),
  // true trusts one proxy hop; a number n trusts n hops of X-Forwarded-For.
  trust_proxy: z.union([z.boolean(), z.number().int().min(1).max(10)]).optional(),
  access_log: z.boolean().optional(),
  query_cache_mb: z.number().min(0).max(65_536).optional(),
  // Accepted so a file written when there were two HTTP stacks still loads; nothing reads it.
  // Any other value (uws) is a config error carrying UWS_REMOVED.
  transport: z.literal('node').optional(),
  rate_limits: section(
    z.strictObject({
      apps_details_per_minute: wholeAtLeast(0).optional(),
      routes: z.array(routeLimitSchema).optional(),
      max_clients: wholeAtLeast(100).optional(),
    }),
  ),
  connections: section(
    z.strictObject({
      max_open: wholeAtLeast(1).optional(),
      max_queued_responses: wholeAtLeast(1).optional(),
      write_stall_seconds: z.number().min(0.1).max(3600).optional(),
      header_timeout_seconds: z.number().min(0.1).max(3600).optional(),
      request_timeout_seconds: z.number().min(0.1).max(3600).optional(),
      first_head_timeout_seconds: z.number().min(0.1).max(3600).optional(),
      max_open_per_address: wholeAtLeast(1).optional(),
    }),
  ),
  api_keys: section(
    z.strictObject({
      require_for_apps: z.boolean().optional(),
      keys: z.array(apiKeySchema).optional(),
    }),
  ),
});

export type ServerSection = z.output<typeof serverSectionSchema>;
export type ServerSectionInput = z.input<typeof serverSectionSchema>;

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

/** The resolved `server:` section: what createHttpServer takes. */
export interface ServerSettings {
  port: number;
  host: string;
  /** No trailing slash, no /v1; used in X-Data-Source and, when given, OpenAPI `servers`. */
  public_base_url: string;
  /** The file set public_base_url; false: the local default above, which only this machine can use. */
  public_base_url_given: boolean;
  /** Client address from X-Forwarded-For: true = one proxy hop, n = n hops, false = socket. */
  trust_proxy: boolean | number;
  access_log: boolean;
  /**
   * Bytes the answers to incremental pulls (since, chains) may hold together, their compressed
   * variants included; 0 keeps none (each is made again when asked).
   */
  query_cache_bytes: number;
  rate_limits: {
    /** 0 disables the limit. */
    apps_details_per_minute: number;
    routes: RouteRateLimit[];
    /** Bound on tracked clients per route; absent = SERVER_DEFAULTS.max_clients. */
    max_clients?: number;
  };
  /** What one client may hold of the server (docs/http.md, "Connection limits"). */
  connections: ConnectionLimits;
  api_keys: { require_for_apps: boolean; keys: ApiKeyConfig[] };
}

export interface ConnectionLimits {
  /**
   * Open connections. At the cap, a new connection takes the place of an idle one (silent
   * first, then keep-alive, oldest first); when none is idle its request gets 503 and it closes.
   */
  max_open: number;
  /**
   * Open connections of one client address (an IPv6 client by its /64; client-address.ts),
   * evicting that address's own idle ones first. Not applied with trust_proxy, where every
   * connection comes from the proxy.
   */
  max_open_per_address: number;
  /** From accept to a complete first request head; a connection that misses it is closed. */
  first_head_timeout_seconds: number;
  /** Answered requests of one connection whose responses the kernel has not yet taken. */
  max_queued_responses: number;
  /** A connection whose pending writes make no progress this long is destroyed. */
  write_stall_seconds: number;
  /** Whole request head within this many seconds of its first byte, else 408. */
  header_timeout_seconds: number;
  /** Whole request within this many seconds, else 408. */
  request_timeout_seconds: number;
}

/**
 * The URL to publish (OpenAPI `servers`, the exported docs page): public_base_url when the file
 * sets it, else null, since the local default is wrong for every other client (relative then).
 */
export function publishedBaseUrl(s: Pick<ServerSettings, 'public_base_url' | 'public_base_url_given'>): string | null {
  return s.public_base_url_given ? s.public_base_url : null;
}

/** public_base_url when the file gives none: where a local client reaches the port. */
export function defaultPublicBaseUrl(port: number): string {
  return `http://localhost:${port}`;
}

/** Fills defaults into a validated section; `portOverride` is PORT from the environment. */
export function resolveServerSettings(section: ServerSection | null | undefined, portOverride?: number): ServerSettings {
  const s = section ?? {};
  const port = portOverride ?? s.port ?? SERVER_DEFAULTS.port;
  const maxOpen = s.connections?.max_open ?? SERVER_DEFAULTS.max_open;
  return {
    port,
    host: s.host ?? SERVER_DEFAULTS.host,
    public_base_url: (s.public_base_url ?? defaultPublicBaseUrl(port)).replace(/\/+$/, ''),
    public_base_url_given: s.public_base_url !== undefined,
    trust_proxy: s.trust_proxy ?? SERVER_DEFAULTS.trust_proxy,
    access_log: s.access_log ?? SERVER_DEFAULTS.access_log,
    query_cache_bytes: Math.floor((s.query_cache_mb ?? SERVER_DEFAULTS.query_cache_mb) * 1024 * 1024),
    rate_limits: {
      apps_details_per_minute: s.rate_limits?.apps_details_per_minute ?? SERVER_DEFAULTS.apps_details_per_minute,
      routes: s.rate_limits?.routes ?? [],
      ...(s.rate_limits?.max_clients !== undefined ? { max_clients: s.rate_limits.max_clients } : {}),
    },
    connections: {
      max_open: maxOpen,
      max_open_per_address: s.connections?.max_open_per_address ?? Math.ceil(maxOpen * SERVER_DEFAULTS.per_address_share),
      first_head_timeout_seconds: s.connections?.first_head_timeout_seconds ?? SERVER_DEFAULTS.first_head_timeout_seconds,
      max_queued_responses: s.connections?.max_queued_responses ?? SERVER_DEFAULTS.max_queued_responses,
      write_stall_seconds: s.connections?.write_stall_seconds ?? SERVER_DEFAULTS.write_stall_seconds,
      header_timeout_seconds: s.connections?.header_timeout_seconds ?? SERVER_DEFAULTS.header_timeout_seconds,
      request_timeout_seconds: s.connections?.request_timeout_seconds ?? SERVER_DEFAULTS.request_timeout_seconds,
    },
    api_keys: {
      require_for_apps: s.api_keys?.require_for_apps ?? false,
      keys: (s.api_keys?.keys ?? []).map((k) => ({
        name: k.name,
        sha256: k.sha256.toLowerCase(),
        per_minute: k.per_minute ?? SERVER_DEFAULTS.api_key_per_minute,
      })),
    },
  };
}
