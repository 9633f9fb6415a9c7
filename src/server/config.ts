// The server's part of the configuration: validated once at start (DESIGN.md: "configuration is
// data") with messages that name the key and the fix.
import { z } from 'zod';

export interface ApiKeyEntry {
  /** Shown in logs and used as the rate-limit identity; never the key itself. */
  name: string;
  /** sha256 of the key, lower-case hex. The key itself is never stored. */
  sha256: string;
  per_minute: number;
}

export interface RouteRateLimit {
  /** Path prefix the limit applies to, e.g. "/v1/apps/details/". */
  prefix: string;
  per_minute: number;
  /** Policy name in the RateLimit headers; a token such as "apps". */
  name: string;
}

/** Which HTTP implementation serves the requests (docs/http.md, "Transports"). */
export type Transport = 'node' | 'uws';
export const TRANSPORTS: readonly Transport[] = ['node', 'uws'];

export interface ServerConfig {
  /** Root URL the service is reachable at, without "/v1" and without a trailing slash. */
  public_base_url: string;
  /**
   * Whether to take the client address from X-Forwarded-For: false (default) uses the socket
   * address; true trusts one proxy hop; a number n trusts n hops.
   */
  trust_proxy?: boolean | number;
  rate_limits: {
    /** Requests per minute per client on /v1/apps/details/ (interface.md 8); 0 disables. */
    apps_details_per_minute: number;
    /** Further limited prefixes. */
    routes?: RouteRateLimit[];
    /** Upper bound on tracked clients per route; the oldest are evicted first. */
    max_clients?: number;
  };
  api_keys: { require_for_apps: boolean; keys: ApiKeyEntry[] };
  /** One pino line per request on stdout (or the given logger). */
  access_log?: boolean;
  /** node:http (default) or uWebSockets.js; createHttpServer reads it when not told otherwise. */
  transport?: Transport;
}

export const APPS_DETAILS_PREFIX = '/v1/apps/details/';
export const DEFAULT_MAX_CLIENTS = 100_000;

const token = /^[a-z0-9_-]{1,32}$/;

export const serverConfigSchema = z.object({
  public_base_url: z
    .string()
    .url('must be an absolute URL such as https://api.example.org')
    .transform((s) => s.replace(/\/+$/, ''))
    .refine((s) => !s.endsWith('/v1'), 'give the root URL without the trailing /v1 (the server adds it)'),
  trust_proxy: z.union([z.boolean(), z.number().int().min(1).max(10)]).optional(),
  rate_limits: z
    .object({
      apps_details_per_minute: z.number().int().min(0).default(10),
      routes: z
        .array(
          z.object({
            prefix: z.string().regex(/^\/v1\/[a-z0-9_.\/-]*$/, 'must start with /v1/ and use only a-z 0-9 _ . - /'),
            per_minute: z.number().int().min(1),
            name: z.string().regex(token, 'must be 1-32 characters of a-z 0-9 _ -'),
          }),
        )
        .optional(),
      max_clients: z.number().int().min(100).optional(),
    })
    .default({ apps_details_per_minute: 10 }),
  api_keys: z
    .object({
      require_for_apps: z.boolean().default(false),
      keys: z
        .array(
          z.object({
            name: z.string().regex(token, 'must be 1-32 characters of a-z 0-9 _ -'),
            sha256: z
              .string()
              .regex(/^[0-9a-fA-F]{64}$/, 'must be the sha256 of the key as 64 hex digits (`chainlytics hash-key`), never the key')
              .transform((s) => s.toLowerCase()),
            per_minute: z.number().int().min(1),
          }),
        )
        .default([]),
    })
    .default({ require_for_apps: false, keys: [] }),
  access_log: z.boolean().optional(),
  transport: z.enum(['node', 'uws'], 'must be node (the default) or uws').optional(),
});

/** Validates and fills defaults; throws an Error whose message names the file, the key and the rule. */
export function parseServerConfig(input: unknown, source = 'server configuration'): ServerConfig {
  const result = serverConfigSchema.safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
    throw new Error(`invalid ${source}:\n${lines.join('\n')}`);
  }
  const cfg = result.data;
  if (cfg.api_keys.require_for_apps && cfg.api_keys.keys.length === 0) {
    throw new Error(`invalid ${source}:\n  api_keys.require_for_apps: is true but api_keys.keys is empty; add a key or set it to false`);
  }
  return cfg;
}
