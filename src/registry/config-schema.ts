// The shape of chainlytics.yaml as the operator writes it (every key optional where a default
// exists). Checks that need more than one value at a time (duplicates, keys required only for
// chains that are not built in, ${VAR} in rpc_urls) live in config-checks.ts.
import { z } from 'zod';
import { chainProfileShape } from './chain-profile-schema.js';
import { ENGINE_NAMES } from './engines.js';
import { isHttpUrl } from './http-url.js';
import { liveSectionSchema } from './live-settings.js';
import { serverSectionSchema } from './server-settings.js';
import { CLICKHOUSE_NAME_RE } from './store-settings.js';
import { CHAIN_FAMILIES, CHAIN_TYPES } from './types.js';

export const ORIGIN_KEY_RE = /^[a-z0-9_]+$/;
export const ORIGIN_KEY_MAX = 64;
export const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
export const ENV_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const HEX_COLOR_RE = /^#[0-9a-fA-F]{6}$/;
/** Price-source asset ids are CoinGecko coin ids: lower case, digits and dashes. */
export const GAS_TOKEN_RE = /^[a-z0-9][a-z0-9-]*$/;
/** An rpc_urls entry's name: what /healthz and the logs call the endpoint. */
export const RPC_NAME_RE = /^[a-z0-9_-]{1,32}$/;

/** `YYYY-MM-DD` naming a day that exists (2024-02-30 does not). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const text = z.string().trim().min(1);
const date = z.string().refine(isCalendarDate);
const httpUrl = z.string().refine(isHttpUrl);
const address = z.string().regex(ADDRESS_RE);
const wholeAtLeast = (min: number) => z.number().int().min(min);
/** An answer cap in MiB (max_answer_mb). */
export const MAX_ANSWER_MB_LIMIT = 500;
const answerMb = wholeAtLeast(1).max(MAX_ANSWER_MB_LIMIT);
// A section written as `server:` with nothing under it is null in YAML; read it as "all defaults".
const section = <T extends z.ZodType>(schema: T) => schema.nullish();

/** One curated chain event (the chain overview publishes them as authored); built-in events pass it too. */
export const eventSchema = z.strictObject({
  date,
  type: text,
  title: text,
  short_title: text.optional(),
  description: z.string().optional(),
  source: httpUrl.optional(),
});

const stablecoinSchema = z.strictObject({
  symbol: text,
  address,
  decimals: z.number().int().min(0).max(36),
  peg: z.enum(['usd']).optional(),
});

// `days_ago` is resolved to a date when the config is loaded, so a shared example file never
// goes stale; downstream only ever sees { block } or { date }.
const startSchema = z
  .strictObject({ block: wholeAtLeast(0).optional(), date: date.optional(), days_ago: wholeAtLeast(0).optional() })
  .refine((s) => [s.block, s.date, s.days_ago].filter((v) => v !== undefined).length === 1);

export const chainEntrySchema = z.strictObject({
  origin_key: z.string().max(ORIGIN_KEY_MAX).regex(ORIGIN_KEY_RE),
  name: text.optional(),
  name_short: text.optional(),
  evm_chain_id: wholeAtLeast(1).optional(),
  family: z.enum(CHAIN_FAMILIES as [string, ...string[]]).optional(),
  gas_token: z
    .string()
    .regex(GAS_TOKEN_RE)
    .refine((v) => v !== 'eth' && v !== 'ether')
    .optional(),
  symbol: text.max(16).optional(),
  // Entries are checked as URLs after ${VAR} substitution (config-checks.ts). The mapping form
  // names the endpoint in /healthz and logs instead of "<origin_key> rpc#<n>".
  rpc_urls: z.array(z.union([text, z.strictObject({ url: text, name: z.string().regex(RPC_NAME_RE).optional() })])).min(1),
  start: startSchema.optional(),
  finality_lag: wholeAtLeast(0).optional(),
  flags: section(z.strictObject({ fee_table: z.boolean().optional(), apps: z.boolean().optional() })),
  chain_type: z.enum(CHAIN_TYPES).optional(),
  bucket: text.optional(),
  colors: z
    .strictObject({
      light: z.array(z.string().regex(HEX_COLOR_RE)).min(1),
      dark: z.array(z.string().regex(HEX_COLOR_RE)).min(1),
      darkTextOnBackground: z.boolean().optional(),
    })
    .optional(),
  launch_date: date.nullable().optional(),
  archived_date: date.nullable().optional(),
  website: httpUrl.nullable().optional(),
  block_explorers: z.record(z.string(), httpUrl).optional(),
  events: z.array(eventSchema).optional(),
  stablecoins: z.array(stablecoinSchema).optional(),
  settlement_addresses: z.array(address).optional(),
  settlement_chain: z.string().max(ORIGIN_KEY_MAX).regex(ORIGIN_KEY_RE).nullable().optional(),
  token: z
    .strictObject({ market_data_id: text, total_supply: z.number().positive().finite().optional(), address: address.optional(), decimals: z.number().int().min(0).max(36).optional() })
    .nullable()
    .optional(),
  defillama: text.nullable().optional(),
  ...chainProfileShape,
});

export const configFileSchema = z.strictObject({
  engine: z.enum(ENGINE_NAMES).optional(),
  // Where the data rests (docs/configuration.md, `store`): the engine and, for ClickHouse, how to
  // reach the cluster. Which keys an engine needs is checked in config-checks.ts (checkStore).
  store: section(
    z.strictObject({
      engine: z.enum(ENGINE_NAMES).optional(),
      url: httpUrl.optional(),
      database: z.string().regex(CLICKHOUSE_NAME_RE).optional(),
      cluster: z.string().regex(CLICKHOUSE_NAME_RE).optional(),
      user: text.optional(),
      password_env: z.string().regex(ENV_NAME_RE).nullable().optional(),
    }),
  ),
  data_dir: text.optional(),
  retention_days: wholeAtLeast(1).nullable().optional(),
  server: section(serverSectionSchema),
  // The live stream's limits (CONTRACT.md 12.8, docs/live.md).
  live: section(liveSectionSchema),
  prices: section(
    z.strictObject({
      coingecko_url: httpUrl.nullable().optional(),
      coingecko_api_key_env: z.string().regex(ENV_NAME_RE).nullable().optional(),
      csv: z.array(text).optional(),
    }),
  ),
  chains: z.array(chainEntrySchema).nullish(),
  // Application sources (docs/configuration.md): OLI label files or URLs, the project
  // directory and its overlay, extra market-data ids. Paths must exist (config-checks.ts).
  labels: section(z.strictObject({ files: z.array(text).optional(), urls: z.array(httpUrl).optional() })),
  projects: section(z.strictObject({ dir: text, overlay: text.nullable().optional() })),
  market_data: section(
    z.strictObject({
      ids: z.array(z.string().regex(GAS_TOKEN_RE)).optional(),
      history_days: wholeAtLeast(1).optional(),
    }),
  ),
  // The largest answer read from each kind of upstream, MiB (docs/configuration.md,
  // `max_answer_mb`). At most 500: a body becomes one JavaScript string, which holds ~512 MiB.
  max_answer_mb: section(
    z.strictObject({
      rpc: answerMb.optional(),
      prices: answerMb.optional(),
      external: answerMb.optional(),
      labels: answerMb.optional(),
    }),
  ),
  // tvl and app_revenue (docs/configuration.md): a DefiLlama-shaped API and/or CSV files.
  external: section(
    z.strictObject({
      defillama_url: httpUrl.nullable().optional(),
      tvl_csv: z.array(text).optional(),
      app_revenue_csv: z.array(text).optional(),
    }),
  ),
});

export type ConfigFile = z.output<typeof configFileSchema>;
export type ChainEntry = z.output<typeof chainEntrySchema>;

/**
 * The keys a mapping at `path` accepts (for "unknown key" messages), found by walking the
 * schema so the list can never drift from what is actually accepted.
 */
export function allowedKeysAt(path: readonly (string | number)[]): string[] {
  let schema: unknown = configFileSchema;
  for (const seg of path) {
    schema = unwrap(schema);
    const def = defOf(schema);
    if (def?.type === 'array' && typeof seg === 'number') schema = def.element;
    else if (def?.type === 'object' && typeof seg === 'string') schema = (def.shape as Record<string, unknown>)[seg];
    else return [];
  }
  const def = defOf(unwrap(schema));
  return def?.type === 'object' ? Object.keys(def.shape as Record<string, unknown>) : [];
}

interface LooseDef {
  type: string;
  innerType?: unknown;
  element?: unknown;
  shape?: unknown;
  in?: unknown;
}

function defOf(schema: unknown): LooseDef | undefined {
  return (schema as { _zod?: { def?: LooseDef } } | undefined)?._zod?.def;
}

function unwrap(schema: unknown): unknown {
  let s = schema;
  for (let def = defOf(s); def && (def.type === 'optional' || def.type === 'nullable' || def.type === 'pipe'); def = defOf(s)) {
    s = def.type === 'pipe' ? def.in : def.innerType;
  }
  return s;
}
