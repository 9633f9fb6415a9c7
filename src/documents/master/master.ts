// master.json — /v1/master.json (CONTRACT.md section 6): the discovery document. Lists every
// configured chain and every catalog metric; `supported_metrics` / `supported_chains` name
// exactly the metric detail documents that exist in the same build.
import { DAY_MS, dayStart } from '../../clock.js';
import { formatUtc } from '../../metrics/calendar.js';
import { distinctCounts } from '../../metrics/read-facts.js';
import { blockspaceCategories } from '../../registry/categories.js';
import { MATURITY_LEVELS, MATURITY_VALUES } from '../../registry/maturity-levels.js';
import { sourcesFor } from '../../registry/sources.js';
import { CHAIN_TYPES } from '../../registry/types.js';
import type { ChainMetric, FeeMetric } from '../../metrics/definition.js';
import { appData } from '../apps/app-data.js';
import { DA_MASTER_SCHEMAS, daMaster } from '../data-availability/da-master.js';
import { APP_METRICS } from '../../metrics/catalog.js';
import { appMetricInfoSchemas, appMetricsJson, metricInfoProperties } from './master-app-metrics.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { chainEntries, chainOrder, defaultChains, ETHEREUM, type MasterChain } from './master-chains.js';
import { arrayOf, bool, date, documentPath, int, mapOf, obj, ref, str, strOrNull, type OpenApiSchema } from '../openapi-components.js';

export const MASTER_PATH = '/v1/master.json';
export const CURRENT_VERSION = 'v1';
/** Days of active addresses that rank the default chain lists. */
export const ACTIVITY_DAYS = 7;

export interface MasterInput {
  chains: readonly MasterChain[];
  metrics: readonly ChainMetric[];
  feeMetrics: readonly FeeMetric[];
  /** origin_key → metric_ids with a metric detail document; its keys are the chains listed. */
  supported: ReadonlyMap<string, readonly string[]>;
  /** origin_key → distinct active addresses over the last 7 complete days; absent = 0. */
  activity?: ReadonlyMap<string, number>;
  /** master.json `app_metrics` (master-app-metrics.ts); `{}` when absent. */
  appMetrics?: Record<string, unknown>;
  /** Chains with application data: `enable_contracts` and `tab_status.apps` (none when absent). */
  appChains?: readonly string[];
  /** Chains with a chain overview document: `tab_status.overview` (none when absent). */
  overviewChains?: readonly string[];
  /** Chains with a blockspace document: `tab_status.blockspace` (none when absent). */
  blockspaceChains?: readonly string[];
  /** master.json `da_layers` and `da_metrics` (CONTRACT.md 11.2); `{}` when absent. */
  daLayers?: Record<string, unknown>;
  daMetrics?: Record<string, unknown>;
  builtAt: number;
}

export function masterJson(input: MasterInput): unknown {
  const chains = chainEntries({ chains: input.chains, catalog: input.metrics, supported: input.supported, appChains: new Set(input.appChains ?? []), overviewChains: new Set(input.overviewChains ?? []),
    blockspaceChains: new Set(input.blockspaceChains ?? []),
  });
  const listed = Object.keys(chains);
  const { selection, sorting } = defaultChains(input.chains, listed, input.activity ?? new Map());
  const metrics: Record<string, unknown> = {};
  for (const m of input.metrics) {
    metrics[m.metric_id] = {
      name: m.name,
      icon: m.icon,
      description: m.description,
      category: m.category,
      fundamental: true,
      metric_keys: [...m.metric_keys],
      units: m.units,
      avg: m.avg,
      all_l2s_aggregate: m.all_l2s_aggregate,
      monthly_agg: m.monthly_agg,
      max_date_fill: false,
      ranking_bubble: m.ranking_bubble,
      ranking_landing: m.ranking_landing,
      log_default: false,
      url_path: m.url_path,
      hourly_available: m.hourly_available,
      source: [...m.source_names],
      metric_type: 'metrics',
      supported_chains: chainOrder(listed).filter((ok) => (input.supported.get(ok) ?? []).includes(m.metric_id)),
    };
  }
  const fee_metrics: Record<string, unknown> = {};
  for (const f of input.feeMetrics) {
    fee_metrics[f.metric] = {
      name: f.name,
      name_short: f.name_short,
      units: f.units,
      category: f.category,
      currency: f.currency,
      priority: f.priority,
      invert_normalization: f.invert_normalization,
    };
  }
  const ethereum = input.chains.find((c) => c.origin_key === ETHEREUM);
  return {
    current_version: CURRENT_VERSION,
    default_chain_selection: selection,
    default_chain_sorting: sorting,
    chains,
    // Every name a metric lists is also every name a metric detail's details.source uses.
    sources: sourcesFor([
      ...input.metrics.flatMap((m) => m.source_names),
      ...APP_METRICS.flatMap((m) => m.source_names),
      // The DA metric details' names, once they are published (11.2).
      ...Object.values(input.daMetrics ?? {}).flatMap((m) => (m as { source: string[] }).source),
    ]),
    custom_logos: {},
    da_layers: input.daLayers ?? {},
    metrics,
    da_metrics: input.daMetrics ?? {},
    app_metrics: input.appMetrics ?? {},
    fee_metrics,
    blockspace_categories: blockspaceCategories(),
    maturity_levels: MATURITY_LEVELS,
    composition_types: {},
    ethereum_events: (ethereum?.events ?? []).map((e) => ({
      date: e.date,
      type: e.type,
      title: e.title,
      short_title: e.short_title,
      description: e.description,
      source: e.source,
      show_in_chart: true,
    })),
    last_updated_utc: formatUtc(input.builtAt),
  };
}

/**
 * Distinct active addresses of each chain over the last ACTIVITY_DAYS complete days, exact, from
 * the daa address sets. Without a computed daa metric every chain counts 0 (ties: alphabetical).
 */
async function activity(ctx: BuildContext): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const daa = ctx.metrics.find((m) => m.metric_id === 'daa');
  if (!daa || daa.monthly_agg !== 'unique') return out;
  const last = dayStart(ctx.builtAt) - DAY_MS;
  const window: [number, number] = [last - (ACTIVITY_DAYS - 1) * DAY_MS, last];
  for (const { chain, status } of ctx.chains) {
    if (!status) continue;
    const [n] = await distinctCounts(ctx.store, chain.origin_key, daa.address_set.key, [window]);
    out.set(chain.origin_key, n ?? 0);
  }
  return out;
}

/** Chains where a directory project has a contract with facts (master.json order). */
async function chainsWithApps(ctx: BuildContext): Promise<string[]> {
  const data = await appData(ctx);
  return chainOrder(new Set((data?.inputs.contracts ?? []).filter((c) => c.active).map((c) => c.origin_key)));
}

/**
 * Runs after every builder that fills ctx.supported (kinds.ts order): it lists exactly those
 * origin_keys, the registry's chains and all_l2s alike.
 */
async function buildMaster(ctx: BuildContext): Promise<DocumentInput[]> {
  const appChains = await chainsWithApps(ctx);
  const json = masterJson({
    chains: ctx.chains.map((c) => c.chain),
    metrics: ctx.catalog,
    feeMetrics: ctx.feeMetrics,
    supported: ctx.supported,
    activity: await activity(ctx),
    appMetrics: appMetricsJson(APP_METRICS, appChains),
    appChains,
    overviewChains: [...ctx.overviews],
    blockspaceChains: [...(ctx.blockspace?.keys() ?? [])],
    ...(await daMaster(ctx)),
    builtAt: ctx.builtAt,
  });
  return [{ path: MASTER_PATH, json, freshness: 'daily' }];
}

const strMap = mapOf(str);
const nullable = (schema: OpenApiSchema): OpenApiSchema => ({ oneOf: [schema, { type: 'null' }] });

const schemas: Record<string, OpenApiSchema> = {
  Unit: obj(
    {
      currency: bool,
      prefix: strOrNull,
      suffix: strOrNull,
      decimals: int,
      decimals_tooltip: int,
      agg: bool,
      agg_tooltip: bool,
    },
    ['currency', 'decimals'],
  ),
  MetricInfo: obj(metricInfoProperties('metrics')),
  ChainInfo: obj({
    name: str,
    name_short: str,
    url_key: str,
    chain_type: { enum: [...CHAIN_TYPES, '-'], description: 'l1 for a layer 1, rollup for a chain posting its data to Ethereum, others for the rest; "-" for the all_l2s aggregate (CONTRACT.md 11.6).' },
    caip2: strOrNull,
    evm_chain_id: { type: ['integer', 'null'] },
    deployment: { enum: ['PROD', 'DEV'] },
    description: str,
    company: str,
    symbol: str,
    gas_token: str,
    bucket: str,
    ecosystem: { ...arrayOf(str), description: 'Always contains all-chains.' },
    colors: obj({ light: arrayOf(str), dark: arrayOf(str), darkTextOnBackground: bool }),
    logo: nullable(obj({ body: str, width: { type: 'number' }, height: { type: 'number' } })),
    technology: str,
    purpose: str,
    da_layer: strOrNull,
    maturity: { enum: [...MATURITY_VALUES], description: 'A key of maturity_levels, or NA (never null).' },
    launch_date: nullable(date),
    enable_contracts: bool,
    l2beat_stage: nullable(obj({ stage: str, hex: str })),
    l2beat_link: strOrNull,
    l2beat_id: strOrNull,
    raas: strOrNull,
    stack: obj({ label: str, url: str }),
    links: obj({
      website: strOrNull,
      twitter: strOrNull,
      github: strOrNull,
      docs: strOrNull,
      block_explorers: strMap,
      bridges: strMap,
      socials: strMap,
      others: strMap,
    }),
    website: strOrNull,
    twitter: strOrNull,
    block_explorer: strOrNull,
    block_explorers: strMap,
    rhino_listed: bool,
    rhino_naming: strOrNull,
    tab_status: mapOf({ enum: ['active', 'locked'] }, 'overview, fundamentals, economics, apps, blockspace, user_insights.'),
    excluded_metrics: arrayOf(str),
    similar_chains: { ...arrayOf(str), maxItems: 7 },
    supported_metrics: arrayOf(str),
  }),
  Master: obj({
    current_version: { const: 'v1' },
    default_chain_selection: { ...arrayOf(str), maxItems: 5 },
    default_chain_sorting: arrayOf(str),
    chains: mapOf(ref('ChainInfo'), 'Keyed by origin_key; ethereum first, then alphabetical; includes all_l2s when it has documents.'),
    sources: mapOf(obj({ name: str, url: str, description: str }), 'Keyed by the names metrics list in "source".'),
    custom_logos: { type: 'object' },
    da_layers: mapOf(ref('DaLayerInfo'), 'Keyed by data-availability layer (da_ethereum_blobs once it has blob data; {} before).'),
    metrics: mapOf(ref('MetricInfo'), 'Keyed by metric_id.'),
    da_metrics: mapOf(ref('DaMetricInfo'), 'Keyed by DA metric id; {} without blob data.'),
    app_metrics: mapOf(ref('AppMetricInfo'), 'Keyed by metric_id: the application metrics.'),
    fee_metrics: mapOf(
      obj(
        { name: str, name_short: str, units: mapOf(ref('Unit')), category: str, currency: bool, priority: int, invert_normalization: bool },
        ['name', 'priority', 'invert_normalization'],
      ),
    ),
    blockspace_categories: obj({
      main_categories: mapOf(str),
      sub_categories: mapOf(str),
      mapping: mapOf(arrayOf(str)),
    }),
    maturity_levels: mapOf(obj({ name: str, description: str, conditions: { type: 'object' } }), 'The levels a chain\'s maturity names, highest first.'),
    composition_types: { type: 'object' },
    ethereum_events: arrayOf(obj({ date, type: str, title: str, short_title: str, description: str, source: str, show_in_chart: bool })),
    last_updated_utc: ref('LastUpdatedUtc'),
  }),
  ...appMetricInfoSchemas,
  ...DA_MASTER_SCHEMAS,
};

export const master: DocumentKind<'master'> = {
  route: 'master',
  path: MASTER_PATH,
  matches: patternMatcher(MASTER_PATH),
  scope: MASTER_PATH,
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  discovery: true,
  description: 'Discovery: chains (with all_l2s), sources, metrics (with supported chains and hourly_available), fee metrics, categories.',
  openapi: {
    pathItem: documentPath({
      summary: 'Master',
      description: 'Discovery document: chains, metrics, app metrics, fee metrics, blockspace categories.',
      schema: 'Master',
    }),
    schemas,
  },
  build: buildMaster,
};
