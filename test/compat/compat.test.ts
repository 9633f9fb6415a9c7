// Compatibility suite (issue 9): clients written for the reference service read our documents
// unchanged. The whole document set is built once from a small devnet (all six chains, 40 days,
// fixed seed and clock) through the real pipeline, with the devnet's application files (labels,
// project directory, token market data) through the real importers, served by a real server on an
// ephemeral port, and every assertion below goes over HTTP against the field lists of CONTRACT.md
// sections 0, 1, 2, 3, 4, 5, 6, 8, 9, 10 (10.1 to 10.6) and 11 (11.1 to 11.6) as written out in
// ./contract-fields.ts.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSet } from '../../src/documents/document-set.js';
import { sharedDevnetDocuments, type SharedDevnetDocuments } from '../helpers/devnet-documents.js';
import { request } from '../server/helpers/http-client.js';
import { startServer, type TestServer } from '../server/helpers/server.js';
import {
  ALL_L2S,
  BLOCKSPACE_ALL_L2S_TOP_CONTRACTS,
  BLOCKSPACE_CHAIN_TIMEFRAMES,
  BLOCKSPACE_CHAIN_TOP,
  BLOCKSPACE_CHAIN_TOP_CONTRACTS,
  BLOCKSPACE_CONTRACT_COLUMNS,
  BLOCKSPACE_DAILY,
  BLOCKSPACE_OVERVIEW_PATH,
  BLOCKSPACE_OVERVIEW_TIMEFRAMES,
  BLOCKSPACE_SHARES,
  BLOCKSPACE_TOTALS,
  BLOCKSPACE_VALUES,
  blockspacePath,
  BLOCKSPACE_COLUMNS,
  ECOSYSTEM_APPS_COLUMNS,
  HIGHLIGHT_FIELDS,
  HIGHLIGHT_TYPES,
  LIFETIME_FIELDS,
  LIFETIME_KEYS,
  OVERVIEW_DATA,
  OVERVIEW_EVENT_FIELDS,
  RANKING_FIELDS,
  STREAK_FIELDS,
  STREAK_KEYS,
  STREAKS_TODAY_KEYS,
  STREAKS_TODAY_PATH,
  APP_OVERVIEW_COLUMNS,
  APP_OVERVIEW_WINDOWS,
  appOverviewPath,
  APP_DETAILS_TOP,
  APP_HOURLY_DAYS,
  APP_METRIC_FIELDS,
  APP_METRICS,
  APP_WINDOWS,
  CHAIN_FIELDS,
  checkMixedTable,
  CONTRACTS_TABLE_COLUMNS,
  KPI_CARD_KEYS,
  PROJECTS_COLUMNS,
  PROJECTS_FILTERED_COLUMNS,
  TOKEN_KEY,
  CHANGES_KEYS,
  checkKeysInOrder,
  checkKind,
  checkTypedTable,
  CSV_HEADER,
  DATE,
  DAY_MS,
  DETAIL_TIMESERIES,
  EVENT_FIELDS,
  EXPORT_ROW_KEYS,
  FEE_METRIC_FIELDS,
  FEE_METRICS,
  FEE_ROWS,
  HOUR_MS,
  isNumOrNull,
  isObject,
  LAST_UPDATED,
  LINKS_FIELDS,
  MARKET_METRICS,
  MASTER_TOP,
  METRIC_FIELDS,
  SUMMARY_KEYS,
  TAB_STATUS_KEYS,
  UNIT_FIELDS,
  valueColumns,
  type ExportRow,
  type Granularity,
  type Problems,
  COUNT_LAYER2S_TYPES,
  ECOSYSTEM_DATA,
  ECOSYSTEM_PATH,
  ECOSYSTEM_SERIES,
  ECOSYSTEM_SIDES,
  isPeriodStart,
  LANDING_AGGREGATE_FIELDS,
  LANDING_CHAIN_FIELDS,
  LANDING_DATA,
  LANDING_L2_METRICS,
  LANDING_MOVER_COLUMNS,
  LANDING_PATH,
  LANDING_RANK_FIELDS,
  LANDING_SERIES_FIELDS,
  MEET_L2_FIELDS,
} from './contract-fields.js';
import { FEE_LINECHART_COLUMNS, FEE_LINECHART_EXCLUDED, FEE_LINECHART_PAGE_ORDER, FEE_LINECHART_PATH, FEE_LINECHART_TIMEFRAMES } from './contract-fields.js';
import { CHAIN_TYPES, L2_CHAIN_TYPES, MATURITY_LEVEL_FIELDS, MATURITY_LEVEL_KEYS, MATURITY_NONE } from './contract-fields.js';
import {
  APPS_BY_CHAIN_KEYS,
  APPS_TOTAL_TYPES,
  CROSS_CHAIN,
  CROSS_CHAIN_COLOR,
  LANDING_EVENTS_APPS_DATA,
  LANDING_EVENTS_APPS_PATH,
  REGISTERED_COUNT_SUFFIX,
  type LandingEventsApps,
} from './contract-fields.js';
import {
  CATEGORY_COMPARISON_DAILY,
  CATEGORY_COMPARISON_INDEX_PATH,
  CATEGORY_COMPARISON_MAIN_NODE,
  CATEGORY_COMPARISON_ROLLING_ROWS,
  CATEGORY_COMPARISON_SUB_NODE,
  CATEGORY_COMPARISON_TOP,
  CATEGORY_COMPARISON_TOP_PER_SUB_CHAIN,
  CATEGORY_COMPARISON_VALUES,
  CATEGORY_COMPARISON_WINDOWS,
  categoryComparisonPath,
  ECONOMICS_ALL_L2S,
  ECONOMICS_CAROUSEL,
  ECONOMICS_CAROUSEL_COSTS,
  ECONOMICS_CAROUSEL_DAYS,
  ECONOMICS_CAROUSEL_FIELDS,
  ECONOMICS_DA_LABELS,
  ECONOMICS_DATA,
  ECONOMICS_MONEY_TYPES,
  ECONOMICS_PATH,
  ECONOMICS_SERIES,
  ECONOMICS_SERIES_TYPES,
  ECONOMICS_W,
  ECONOMICS_WINDOWS,
  type Economics,
  type EconomicsWindow,
  DA_BREAKDOWN_KEYS,
  DA_CHART_CONSUMERS,
  DA_CHAINS_COLUMNS,
  DA_CONSUMER_COLUMNS,
  DA_CONSUMER_MIN_BYTES,
  DA_FIXED_PARAMS,
  DA_LAYER_FIELDS,
  DA_LAYER_KEY,
  DA_LAYER_METRIC_KEYS,
  DA_METRICS_SPEC,
  DA_OVERVIEW_ALL_DA,
  DA_OVERVIEW_PATH,
  DA_TIMESERIES_COLUMNS,
  DA_TIMESERIES_PATH,
  DA_TOP_CONSUMERS,
  DA_TOTALS_KEYS,
  DA_WINDOWS,
  daMetricPath,
} from './contract-fields.js';

const SEED = 11;
const HISTORY_DAYS = 40;
const TX_PER_DAY = 40;
const LIVE_SINCE = Date.UTC(2025, 4, 7, 13); // a Wednesday
const NOW = LIVE_SINCE + 17 * 60_000;
const LAST_DAY = Math.floor(NOW / DAY_MS) * DAY_MS - DAY_MS; // last complete UTC day
const LAST_HOUR = Math.floor(NOW / HOUR_MS) * HOUR_MS - HOUR_MS; // last complete hour
const REFERENCE_KEYS = ['ethereum', 'optimism', 'base', 'arbitrum'];
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Table = { types: string[]; data: Array<Array<number | null>> };
type Detail = {
  last_updated_utc: string;
  details: {
    metric_id: string;
    metric_name: string;
    source: string[];
    timeseries: Record<string, Table | null>;
    changes: Record<string, Record<string, unknown>>;
    summary: Record<string, { types: string[]; data: unknown[] }>;
  };
};
type Master = Record<string, unknown> & {
  chains: Record<string, Record<string, any>>;
  metrics: Record<string, Record<string, any>>;
  app_metrics: Record<string, Record<string, any>>;
  fee_metrics: Record<string, Record<string, any>>;
  sources: Record<string, Record<string, unknown>>;
  da_layers: Record<string, unknown>;
  default_chain_selection: string[];
  default_chain_sorting: string[];
  ethereum_events: Array<Record<string, unknown>>;
};
type FeeTable = { chain_data: Record<string, { hourly: Record<string, Table> }> };

let built: SharedDevnetDocuments;
let set: DocumentSet;
let server: TestServer;
// Everything fetched over HTTP, once.
const docs = new Map<string, { status: number; type: string; text: string }>();
let master: Master;
let fee: FeeTable;
const APP_DETAILS_PREFIX = '/v1/apps/details/';
/** The X-Data-Source header of every app details response fetched above. */
const dataSources = new Map<string, string | undefined>();
const detailPath = (k: string, m: string) => `/v1/metrics/chains/${k}/${m}.json`;
const detail = (k: string, m: string): Detail => JSON.parse(docs.get(detailPath(k, m))!.text) as Detail;
const jsonOf = <T>(path: string): T => JSON.parse(docs.get(path)!.text) as T;

beforeAll(async () => {
  built = await sharedDevnetDocuments({ seed: SEED, historyDays: HISTORY_DAYS, txPerDay: TX_PER_DAY, historyBlockInterval: 3600, liveSinceMs: LIVE_SINCE, nowMs: NOW, publicBaseUrl: 'https://api.example.org' });
  set = built.set;
  // This suite reads every document once, dozens of app details among them, from one address:
  // the app details limit is raised (not removed, so its headers are still sent). The limit of
  // 10 per minute itself is tested in test/server/app-documents-http.test.ts.
  server = await startServer(set, { rate_limits: { apps_details_per_minute: 1000 } });
  // Every document the server publishes, fetched as a client would.
  for (const path of set.entries.keys()) {
    const r = await request(server.base, path);
    docs.set(path, { status: r.status, type: String(r.headers['content-type']), text: r.body.toString('utf8') });
    if (path.startsWith(APP_DETAILS_PREFIX)) dataSources.set(path, r.headers['x-data-source'] as string | undefined);
  }
  master = jsonOf<Master>('/v1/master.json');
  fee = jsonOf<FeeTable>('/v1/fees/table.json');
});

afterAll(async () => {
  await server?.close();
  await built?.close();
});

const expectNone = (p: Problems) => expect(p.slice(0, 40), `${p.length} problem(s)`).toEqual([]);
const metricDetailPaths = () => [...docs.keys()].filter((p) => p.startsWith('/v1/metrics/chains/'));
const parseDetailPath = (p: string) => {
  const m = /^\/v1\/metrics\/chains\/([a-z0-9_]+)\/([a-z0-9_]+)\.json$/.exec(p);
  return m ? { key: m[1]!, metric: m[2]! } : null;
};
const isMoney = (metricId: string) => {
  const units = master.metrics[metricId]?.units as Record<string, unknown> | undefined;
  return units !== undefined && 'usd' in units && 'eth' in units;
};
const l2Keys = () =>
  Object.keys(master.chains).filter((k) => k !== ALL_L2S && master.chains[k]!.deployment === 'PROD' && (L2_CHAIN_TYPES as readonly string[]).includes(master.chains[k]!.chain_type));

describe('section 0: every published document', () => {
  it('is served 200 with its media type; JSON documents carry only finite numbers or null', () => {
    const p: Problems = [];
    expect(docs.size).toBeGreaterThan(50);
    for (const [path, d] of docs) {
      if (d.status !== 200) p.push(`${path}: status ${d.status}`);
      const csv = path.endsWith('.csv');
      const parquet = path.endsWith('.parquet');
      const want = csv ? 'text/csv; charset=utf-8' : parquet ? 'application/vnd.apache.parquet' : 'application/json; charset=utf-8';
      if (d.type !== want) p.push(`${path}: Content-Type ${d.type}`);
      if (csv || parquet) continue;
      // JSON cannot carry NaN or Infinity; a number written as a string is what to look for.
      const walk = (v: unknown, at: string): void => {
        if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}[${i}]`));
        else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(x, `${at}.${k}`);
        else if (typeof v === 'number' && !Number.isFinite(v)) p.push(`${path} ${at}: ${v}`);
      };
      walk(JSON.parse(d.text), '');
    }
    expectNone(p);
  });

  it('every published path is one the contract describes (none left unchecked by this suite)', () => {
    const known = [
      /^\/v1\/master\.json$/,
      /^\/v1\/fees\/table\.json$/,
      /^\/v1\/openapi\.json$/,
      /^\/v1\/metrics\/chains\/[a-z0-9_]+\/[a-z0-9_]+\.json$/,
      /^\/v1\/export\/[a-z0-9_]+\.(json|csv|parquet)$/,
      /^\/v1\/fundamentals(_full)?\.(json|csv)$/,
      /^\/v1\/fundamentals_full\.parquet$/,
      /^\/v1\/fundamentals_7d\.json$/,
      /^\/v1\/labels\/projects(_filtered)?\.json$/,
      /^\/v1\/apps\/details\/[a-z0-9_.-]+\.json$/,
      /^\/v1\/chains\/[a-z0-9_]+\/overview\.json$/,
      /^\/v1\/chains\/all\/streaks_today\.json$/,
      /^\/v1\/apps\/app_overview_(1d|7d|30d|90d|365d|max)\.json$/,
      /^\/v1\/fees\/linechart\.json$/,
      /^\/v1\/landing_page\.json$/,
      /^\/v1\/ecosystem\/overview\.json$/,
      /^\/v1\/chains\/blockspace\/[a-z0-9_]+\.json$/,
      /^\/v1\/blockspace\/overview\.json$/,
      /^\/v1\/landing-events\/apps-data\.json$/,
      /^\/v1\/blockspace\/category_comparison\/[a-z_]+\.json$/,
      /^\/v1\/economics\.json$/,
      /^\/v1\/da_(overview|timeseries)\.json$/,
      /^\/v1\/metrics\/data_availability\/[a-z0-9_]+\/[a-z0-9_]+\.json$/,
      /^\/v1\/provenance\.json$/,
    ];
    expect([...docs.keys()].filter((p) => !known.some((r) => r.test(p)))).toEqual([]);
  });
});

type MixedTable = { types: string[]; data: unknown[][] };
type ProjectList = { last_updated_utc: string; data: MixedTable };
const FILTERED = '/v1/labels/projects_filtered.json';
const PROJECTS = '/v1/labels/projects.json';
const appDetailsPaths = () => [...docs.keys()].filter((p) => p.startsWith(APP_DETAILS_PREFIX));
const filteredOwners = () => jsonOf<ProjectList>(FILTERED).data.data.map((r) => r[0] as string);

describe('section 5: the project lists', () => {
  it('projects_filtered.json: every column with the contract type, txcount descending, RANK(), active_on per chain', () => {
    const p: Problems = [];
    const doc = jsonOf<ProjectList>(FILTERED);
    checkKeysInOrder(p, 'projects_filtered', doc, ['last_updated_utc', 'data']);
    expect(doc.last_updated_utc).toMatch(LAST_UPDATED);
    checkMixedTable(p, 'projects_filtered.data', doc.data, PROJECTS_FILTERED_COLUMNS);
    expectNone(p);
    const rows = doc.data.data;
    expect(rows.length).toBeGreaterThan(2);
    const col = (name: string) => PROJECTS_FILTERED_COLUMNS.findIndex(([c]) => c === name);
    const tx = rows.map((r) => r[col('txcount')] as number);
    for (let i = 1; i < tx.length; i++) if (tx[i]! > tx[i - 1]!) p.push(`row ${i}: txcount ${tx[i]} after ${tx[i - 1]} (descending)`);
    rows.forEach((r, i) => {
      const at = `projects_filtered row ${i} (${String(r[0])})`;
      // SQL RANK() over txcount descending: ties share a rank, the next rank skips.
      const rank = 1 + tx.filter((t) => t > tx[i]!).length;
      if (r[col('ecosystem_rank')] !== rank) p.push(`${at}: ecosystem_rank ${String(r[col('ecosystem_rank')])}, RANK() ${rank}`);
      const activeOn = r[col('active_on')] as Record<string, unknown>;
      for (const [ok, n] of Object.entries(activeOn)) {
        if (!(ok in master.chains) || ok === ALL_L2S) p.push(`${at}: active_on.${ok} is not a chain of master.json`);
        if (typeof n !== 'number' || !(n > 0)) p.push(`${at}: active_on.${ok} = ${String(n)} (txcount > 0)`);
      }
      const sum = Object.values(activeOn).reduce((a: number, n) => a + (n as number), 0);
      if (sum !== tx[i]) p.push(`${at}: active_on sums to ${sum}, txcount ${tx[i]}`);
      checkDirectoryCells(p, at, r, PROJECTS_FILTERED_COLUMNS);
      for (const f of r[col('features')] as unknown[]) if (typeof f !== 'string') p.push(`${at}: features holds ${JSON.stringify(f)}`);
    });
    expectNone(p);
  });

  it('projects.json: the directory columns then the categories, every project of the filtered list among them', () => {
    const p: Problems = [];
    const doc = jsonOf<ProjectList>(PROJECTS);
    checkKeysInOrder(p, 'projects', doc, ['last_updated_utc', 'data']);
    expect(doc.last_updated_utc).toMatch(LAST_UPDATED);
    checkMixedTable(p, 'projects.data', doc.data, PROJECTS_COLUMNS);
    doc.data.data.forEach((r, i) => checkDirectoryCells(p, `projects row ${i} (${String(r[0])})`, r, PROJECTS_COLUMNS));
    expectNone(p);
    const owners = doc.data.data.map((r) => r[0] as string);
    expect(new Set(owners).size).toBe(owners.length);
    for (const o of filteredOwners()) expect(owners, o).toContain(o);
    // The devnet has directory projects without activity: the full list is longer.
    expect(owners.length).toBeGreaterThan(filteredOwners().length);
  });
});

/** Section 5's forms of the directory and category cells of a project row. */
function checkDirectoryCells(p: Problems, at: string, r: unknown[], columns: ReadonlyArray<[string, unknown]>): void {
  const cell = (name: string) => r[columns.findIndex(([c]) => c === name)];
  const str = (name: string, re: RegExp, what: string) => {
    const v = cell(name);
    if (typeof v === 'string' && !re.test(v)) p.push(`${at}: ${name} ${JSON.stringify(v)} is not ${what}`);
  };
  str('main_github', /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)?$/, 'org or org/repo');
  str('twitter', /^[A-Za-z0-9_]+$/, 'a handle');
  str('website', /^https?:\/\/\S+$/, 'a URL');
  str('logo_path', /^[^/\s]+$/, 'a file name');
  const symbol = cell('token_symbol');
  if (typeof symbol === 'string' && symbol !== symbol.toUpperCase()) p.push(`${at}: token_symbol ${symbol} is not upper case`);
  const subs = cell('sub_categories') as unknown[];
  for (const s of subs) if (typeof s !== 'string') p.push(`${at}: sub_categories holds ${JSON.stringify(s)}`);
  // Without activity in 365 days: null, null and [].
  if ((cell('sub_category') === null) !== (subs.length === 0) || (cell('sub_category') === null) !== (cell('main_category') === null))
    p.push(`${at}: sub_category ${JSON.stringify(cell('sub_category'))}, main_category ${JSON.stringify(cell('main_category'))}, sub_categories ${JSON.stringify(subs)}`);
}

describe('section 4: application detail documents', () => {
  it('exist for exactly the projects of the filtered list; any other project is a 404 with the JSON error', async () => {
    const owners = filteredOwners();
    expect(appDetailsPaths().sort()).toEqual(owners.map((o) => `${APP_DETAILS_PREFIX}${o}.json`).sort());
    const others = jsonOf<ProjectList>(PROJECTS).data.data.map((r) => r[0] as string).filter((o) => !owners.includes(o));
    expect(others.length).toBeGreaterThan(0);
    for (const o of [...others, 'no-such-project']) {
      const path = `${APP_DETAILS_PREFIX}${o}.json`;
      const r = await request(server.base, path);
      expect(r.status, path).toBe(404);
      expect(String(r.headers['content-type']), path).toBe('application/json; charset=utf-8');
      const body = JSON.parse(r.body.toString('utf8')) as { error: Record<string, unknown> };
      expect(body.error, path).toMatchObject({ status: 404, code: 'not_found' });
      expect(typeof body.error.message, path).toBe('string');
      expect(String(body.error.hint), path).toContain('projects_filtered.json');
    }
  });

  it('every response carries X-Data-Source naming the service and its public base URL', () => {
    expect(dataSources.size).toBe(appDetailsPaths().length);
    for (const [path, v] of dataSources) {
      expect(v, path).toBeTypeOf('string');
      expect(v, path).toContain('https://api.example.org');
    }
  });

  it('every field path a client reads is present with the contract type', () => {
    const p: Problems = [];
    const paths = appDetailsPaths();
    expect(paths.length).toBeGreaterThanOrEqual(2);
    const firstHour = LAST_HOUR - (APP_HOURLY_DAYS * 24 - 1) * HOUR_MS;
    for (const path of paths) {
      const d = jsonOf<Record<string, any>>(path);
      const at = path.slice(APP_DETAILS_PREFIX.length);
      checkKeysInOrder(p, at, d, APP_DETAILS_TOP);
      if (typeof d.last_updated_utc !== 'string' || !LAST_UPDATED.test(d.last_updated_utc)) p.push(`${at}.last_updated_utc: ${d.last_updated_utc}`);
      for (const k of ['metrics', 'kpi_cards', 'first_seen', 'contracts_table']) checkKind(p, at, d, k, 'object');
      checkKind(p, at, d, 'chains_by_size', 'array');
      if (!isObject(d.metrics)) continue;
      if (JSON.stringify(Object.keys(d.metrics)) !== JSON.stringify(Object.keys(APP_METRICS))) p.push(`${at}.metrics: keys ${Object.keys(d.metrics).join(',')}`);
      for (const [id, spec] of Object.entries(APP_METRICS)) {
        const mAt = `${at}.metrics.${id}`;
        if (!isObject(d.metrics[id])) {
          p.push(`${mAt}: not an object`);
          continue;
        }
        const m = d.metrics[id] as Record<string, any>;
        for (const [f, kinds] of APP_METRIC_FIELDS) checkKind(p, mAt, m, f, ...kinds);
        const cols = valueColumns(spec.money);
        const keys = Object.keys(m.over_time ?? {});
        for (const k of keys) {
          if (spec.token ? k !== TOKEN_KEY : !(k in master.chains) || k === ALL_L2S) p.push(`${mAt}.over_time.${k}: not ${spec.token ? TOKEN_KEY : 'a chain of master.json'}`);
          const o = m.over_time[k];
          const tAt = `${mAt}.over_time.${k}`;
          // Series end with the last complete day and hour; success_rate omits periods without
          // transactions, so only its bounds are checked.
          const filled = id !== 'success_rate';
          if (checkTypedTable(p, `${tAt}.daily`, o?.daily, { types: ['unix', ...cols], granularity: 'daily' })) {
            const last = o.daily.data[o.daily.data.length - 1]?.[0];
            if (last !== undefined && (filled ? last !== LAST_DAY : last > LAST_DAY)) p.push(`${tAt}.daily: ends ${last}, yesterday ${LAST_DAY}`);
          }
          if (!spec.token && checkTypedTable(p, `${tAt}.hourly`, o?.hourly, { types: ['unix', ...cols], granularity: 'hourly' })) {
            const hours = o.hourly.data.map((r: unknown[]) => r[0] as number);
            const last = hours[hours.length - 1];
            if (filled ? last !== LAST_HOUR : last !== undefined && last > LAST_HOUR) p.push(`${tAt}.hourly: ends ${last}, last complete hour ${LAST_HOUR}`);
            if (hours.some((h: number) => h < firstHour)) p.push(`${tAt}.hourly: starts ${hours[0]}, before the last ${APP_HOURLY_DAYS} days`);
          }
          if (id === 'success_rate') for (const r of o?.daily?.data ?? []) if (typeof r[1] === 'number' && (r[1] < 0 || r[1] > 1)) p.push(`${tAt}.daily: rate ${r[1]} outside 0..1`);
        }
        const agg = m.aggregated;
        if (!isObject(agg)) continue;
        if (JSON.stringify(agg.types) !== JSON.stringify(cols)) p.push(`${mAt}.aggregated.types: ${JSON.stringify(agg.types)}`);
        if (!isObject(agg.data)) {
          p.push(`${mAt}.aggregated.data: not an object`);
          continue;
        }
        if (JSON.stringify(Object.keys(agg.data).sort()) !== JSON.stringify([...keys].sort())) p.push(`${mAt}.aggregated.data: keys ${Object.keys(agg.data).join(',')}, over_time ${keys.join(',')}`);
        for (const [k, w] of Object.entries(agg.data)) {
          if (JSON.stringify(Object.keys(w as object)) !== JSON.stringify(APP_WINDOWS)) p.push(`${mAt}.aggregated.data.${k}: windows ${Object.keys(w as object).join(',')}`);
          for (const [name, v] of Object.entries(w as object))
            if (!Array.isArray(v) || v.length !== cols.length || !v.every(isNumOrNull)) p.push(`${mAt}.aggregated.data.${k}.${name}: ${JSON.stringify(v)}`);
        }
      }
      if (isObject(d.kpi_cards)) {
        for (const [id, card] of Object.entries(d.kpi_cards)) {
          const cAt = `${at}.kpi_cards.${id}`;
          const spec = APP_METRICS[id as keyof typeof APP_METRICS];
          if (!spec) {
            p.push(`${cAt}: not an application metric`);
            continue;
          }
          const cols = valueColumns(spec.money);
          checkKeysInOrder(p, cAt, card, KPI_CARD_KEYS);
          if (!isObject(card)) continue;
          checkTypedTable(p, `${cAt}.sparkline`, card.sparkline, { types: ['unix', ...cols], granularity: 'daily' });
          for (const k of ['current_values', 'wow_change']) {
            const v = card[k] as Record<string, unknown> | undefined;
            if (!isObject(v) || JSON.stringify(v.types) !== JSON.stringify(cols) || !Array.isArray(v.data) || v.data.length !== cols.length || !v.data.every(isNumOrNull))
              p.push(`${cAt}.${k}: ${JSON.stringify(v)}`);
          }
        }
      }
      if (isObject(d.first_seen)) {
        const seen = Object.entries(d.first_seen);
        for (const [k, v] of seen) if (typeof v !== 'string' || !DATE.test(v)) p.push(`${at}.first_seen.${k}: ${JSON.stringify(v)}`);
        const dates = seen.map(([, v]) => String(v));
        if (JSON.stringify(dates) !== JSON.stringify([...dates].sort())) p.push(`${at}.first_seen: not ascending by date`);
        const active = Object.keys((d.metrics as Record<string, any>).txcount?.over_time ?? {}).sort();
        if (JSON.stringify(seen.map(([k]) => k).sort()) !== JSON.stringify(active)) p.push(`${at}.first_seen: keys ${seen.map(([k]) => k).join(',')}, active ${active.join(',')}`);
        if (Array.isArray(d.chains_by_size) && JSON.stringify([...d.chains_by_size].sort()) !== JSON.stringify(active)) p.push(`${at}.chains_by_size: ${JSON.stringify(d.chains_by_size)}`);
      }
      if (isObject(d.contracts_table)) {
        if (JSON.stringify(Object.keys(d.contracts_table)) !== JSON.stringify(APP_WINDOWS)) p.push(`${at}.contracts_table: windows ${Object.keys(d.contracts_table).join(',')}`);
        for (const [w, t] of Object.entries(d.contracts_table)) {
          const tAt = `${at}.contracts_table.${w}`;
          if (!checkMixedTable(p, tAt, t, CONTRACTS_TABLE_COLUMNS)) continue;
          const eth = t.data.map((r) => (typeof r[7] === 'number' ? r[7] : -Infinity));
          for (let i = 1; i < eth.length; i++) if (eth[i]! > eth[i - 1]!) p.push(`${tAt}.data[${i}]: fees_paid_eth not descending`);
          for (const r of t.data) {
            const a = r[0];
            if (typeof a === 'string' && (!/^0x[0-9a-fA-F]{40}$/.test(a) || getAddress(a) !== a)) p.push(`${tAt}: address ${a} is not EIP-55 checksummed`);
            if (typeof r[4] === 'string' && !(r[4] in master.chains)) p.push(`${tAt}: origin_key ${r[4]} is not a chain of master.json`);
          }
        }
      }
    }
    expectNone(p);
  });

  it('master.json: enable_contracts and the apps tab on exactly the chains with application data', () => {
    const withApps = master.app_metrics.txcount!.supported_chains as string[];
    expect(withApps.length).toBeGreaterThan(0);
    for (const [k, c] of Object.entries(master.chains)) {
      const has = withApps.includes(k);
      expect([c.enable_contracts, c.tab_status.apps], k).toEqual([has, has ? 'active' : 'locked']);
    }
  });

  it('master.json: the apps tab is active on exactly the chains some application detail document has data for', () => {
    const withData = new Set(appDetailsPaths().flatMap((path) => Object.keys(jsonOf<{ first_seen: Record<string, string> }>(path).first_seen)));
    expect(withData.size).toBeGreaterThan(0);
    for (const [k, c] of Object.entries(master.chains)) expect(c.tab_status.apps, k).toBe(withData.has(k) ? 'active' : 'locked');
  });

  it('master.json: the economics tab is active on exactly the chains with a fees, rent_paid or profit document', () => {
    for (const [k, c] of Object.entries(master.chains)) {
      const has = ['fees', 'rent_paid', 'profit'].some((m) => docs.has(detailPath(k, m)));
      expect(c.tab_status.economics, k).toBe(has ? 'active' : 'locked');
    }
  });

  it('master.json: the overview tab is active on exactly the chains with an overview document', () => {
    let active = 0;
    for (const [k, c] of Object.entries(master.chains)) {
      const has = set.entries.has(`/v1/chains/${k}/overview.json`);
      expect(c.tab_status.overview, k).toBe(has ? 'active' : 'locked');
      if (has) active++;
    }
    // The devnet's chains all have data, so the rule is exercised on both sides (all_l2s has none).
    expect(active).toBeGreaterThan(0);
    expect(master.chains.all_l2s!.tab_status.overview).toBe('locked');
  });
});

describe('section 1: metric detail documents', () => {
  it('every field path a client reads is present with the contract type', () => {
    const p: Problems = [];
    const paths = metricDetailPaths();
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) {
      const { key, metric } = parseDetailPath(path)!;
      const d = detail(key, metric);
      const cat = master.metrics[metric];
      if (!cat) {
        p.push(`${path}: metric ${metric} not in master.json metrics`);
        continue;
      }
      const cols = valueColumns(isMoney(metric));
      if (typeof d.last_updated_utc !== 'string' || !LAST_UPDATED.test(d.last_updated_utc)) p.push(`${path}.last_updated_utc: ${d.last_updated_utc}`);
      if (!isObject(d.details)) {
        p.push(`${path}.details: missing`);
        continue;
      }
      checkKeysInOrder(p, `${path}.details`, d.details, ['metric_id', 'metric_name', 'source', 'timeseries', 'changes', 'summary']);
      if (d.details.metric_id !== metric) p.push(`${path}.details.metric_id: ${d.details.metric_id}`);
      if (typeof d.details.metric_name !== 'string' || d.details.metric_name === '') p.push(`${path}.details.metric_name`);
      if (!Array.isArray(d.details.source) || d.details.source.some((s) => typeof s !== 'string')) p.push(`${path}.details.source: not an array of names`);
      const ts = d.details.timeseries;
      const at = `${path}.details.timeseries`;
      for (const g of ['daily', 'weekly', 'monthly', 'quarterly'] as const) {
        checkTypedTable(p, `${at}.${g}`, ts[g], { types: ['unix', ...cols], granularity: g as Granularity, order: 'asc' });
      }
      // daily: the whole history up to yesterday, first row a non-zero day.
      const daily = ts.daily as Table;
      if (daily?.data?.length) {
        if (daily.data.at(-1)![0] !== LAST_DAY) p.push(`${at}.daily: last row ${daily.data.at(-1)![0]}, last complete day ${LAST_DAY}`);
        if (daily.data[0]!.slice(1).every((v) => v === 0 || v === null)) p.push(`${at}.daily: first row ${JSON.stringify(daily.data[0])} is not a non-zero day`);
        // weekly/monthly/quarterly include the current, partial period as the last row.
        for (const g of ['weekly', 'monthly', 'quarterly'] as const) {
          const last = (ts[g] as Table | undefined)?.data?.at(-1)?.[0];
          if (typeof last === 'number' && !(last <= LAST_DAY && LAST_DAY - last < 92 * DAY_MS)) p.push(`${at}.${g}: last row ${last} is not the period of the last day`);
        }
      } else p.push(`${at}.daily: empty (a chain without data has no document)`);
      if (!('daily_7d_rolling' in ts)) p.push(`${at}.daily_7d_rolling: missing`);
      else if (cat.avg === false) {
        if (ts.daily_7d_rolling !== null) p.push(`${at}.daily_7d_rolling: must be null (avg false)`);
      } else if (checkTypedTable(p, `${at}.daily_7d_rolling`, ts.daily_7d_rolling, { types: ['unix', ...cols], granularity: 'daily', order: 'asc' })) {
        const r = ts.daily_7d_rolling!;
        if (daily?.data?.length >= 7 && r.data[0]?.[0] !== daily.data[6]![0]) p.push(`${at}.daily_7d_rolling: starts at ${r.data[0]?.[0]}, not the 7th day`);
      }
      if (cat.hourly_available === true) {
        if (checkTypedTable(p, `${at}.hourly`, ts.hourly, { types: ['unix', ...cols], granularity: 'hourly', order: 'asc' })) {
          const h = ts.hourly!.data;
          if (h.at(-1)?.[0] !== LAST_HOUR) p.push(`${at}.hourly: last row ${h.at(-1)?.[0]}, last complete hour ${LAST_HOUR}`);
          if (h.length > 14 * 24) p.push(`${at}.hourly: ${h.length} rows, more than 14 days`);
        }
      } else if ('hourly' in ts) p.push(`${at}.hourly: present though hourly_available is false`);
      const extra = Object.keys(ts).filter((k) => !(DETAIL_TIMESERIES as readonly string[]).includes(k) && k !== 'hourly');
      if (extra.length) p.push(`${at}: unexpected series ${extra.join(',')}`);
      // changes
      const ch = d.details.changes;
      const wantChanges = cat.hourly_available ? ['daily', 'weekly', 'monthly', 'hourly'] : ['daily', 'weekly', 'monthly'];
      if (!isObject(ch)) p.push(`${path}.details.changes: missing`);
      else {
        if (JSON.stringify(Object.keys(ch).sort()) !== JSON.stringify([...wantChanges].sort())) p.push(`${path}.details.changes: keys ${Object.keys(ch).join(',')}`);
        for (const g of wantChanges) {
          const c = ch[g];
          if (!isObject(c)) continue;
          const cat2 = `${path}.details.changes.${g}`;
          if (JSON.stringify(c.types) !== JSON.stringify(cols)) p.push(`${cat2}.types: ${JSON.stringify(c.types)}`);
          for (const w of CHANGES_KEYS[g as keyof typeof CHANGES_KEYS]) {
            const v = c[w];
            if (!Array.isArray(v) || v.length !== cols.length) {
              p.push(`${cat2}.${w}: ${JSON.stringify(v)}`);
              continue;
            }
            for (const x of v) {
              if (x === null) continue;
              if (typeof x !== 'number' || !Number.isFinite(x) || x > 99.99 || Math.round(x * 1e4) / 1e4 !== x) p.push(`${cat2}.${w}: ${x} is not a fraction rounded to 4 decimals, capped at 99.99`);
            }
          }
        }
      }
      // summary
      const su = d.details.summary;
      if (!isObject(su)) p.push(`${path}.details.summary: missing`);
      else
        for (const w of SUMMARY_KEYS) {
          const s = su[w];
          if (!isObject(s) || JSON.stringify(s.types) !== JSON.stringify(cols) || !Array.isArray(s.data) || s.data.length !== cols.length || s.data.some((x) => x !== null && (typeof x !== 'number' || !Number.isFinite(x)))) {
            p.push(`${path}.details.summary.${w}: ${JSON.stringify(s)}`);
          }
        }
      if (!cat.hourly_available && isObject(su) && isObject(su.last_1h) && (su.last_1h.data as unknown[]).some((x) => x !== null)) p.push(`${path}.details.summary.last_1h: not null without an hourly series`);
    }
    expectNone(p);
  });
});

describe('section 2: the fee table', () => {
  it('has only chain_data; every chain has the six metrics with the contract columns, newest first', () => {
    const p: Problems = [];
    expect(Object.keys(fee)).toEqual(['chain_data']);
    expect(Object.keys(fee.chain_data).length).toBeGreaterThanOrEqual(6);
    for (const [k, c] of Object.entries(fee.chain_data)) {
      checkKeysInOrder(p, `chain_data.${k}`, c, ['hourly']);
      for (const [m, cols] of Object.entries(FEE_METRICS)) {
        const types: readonly string[] = cols;
        const at = `chain_data.${k}.hourly.${m}`;
        if (!checkTypedTable(p, at, c.hourly?.[m], { types, granularity: 'hourly', order: 'desc' })) continue;
        const t = c.hourly[m]!;
        const ni = types.indexOf('normalized');
        for (const [i, row] of t.data.entries()) {
          const n = row[ni];
          if (n !== null && (n < 0 || n > 1 || Math.round(n * 100) / 100 !== n)) p.push(`${at}.data[${i}]: normalized ${n}`);
          if (n !== null && row[1] === null) p.push(`${at}.data[${i}]: normalized without a value`);
          if (types.includes('value_usd') && row[2] !== null && Math.round(row[2]! * 1e4) / 1e4 !== row[2]) p.push(`${at}.data[${i}]: value_usd ${row[2]} not 4 decimals`);
        }
      }
      const extra = Object.keys(c.hourly ?? {}).filter((m) => !(m in FEE_METRICS));
      if (extra.length) p.push(`chain_data.${k}.hourly: unexpected ${extra.join(',')}`);
    }
    expectNone(p);
  });

  it('29 rows: the complete hours that started less than 30 hours before the build, the same hours for every chain', () => {
    const hours = (t: Table) => t.data.map((r) => r[0]);
    const want = Array.from({ length: FEE_ROWS }, (_, i) => LAST_HOUR - i * HOUR_MS);
    for (const [k, c] of Object.entries(fee.chain_data)) {
      for (const m of Object.keys(FEE_METRICS)) {
        const t = c.hourly[m]!;
        if (t.data.length === 0) continue; // a metric that cannot be computed for a chain
        expect(hours(t), `${k}.${m}`).toEqual(want);
        // What clients do: drop rows older than 30 hours, read the last row as current.
        const last = t.data.at(-1)![0]!;
        expect(NOW - last, `${k}.${m} last row age`).toBeLessThan(30 * HOUR_MS);
      }
      expect(c.hourly.txcosts_median!.data.length, `${k} txcosts_median`).toBe(FEE_ROWS);
    }
  });
});

describe('section 6: master.json', () => {
  it('top-level keys in contract order, with the contract types', () => {
    const p: Problems = [];
    expect(Object.keys(master)).toEqual([...MASTER_TOP]);
    expect(master.current_version).toBe('v1');
    for (const k of ['chains', 'sources', 'custom_logos', 'da_layers', 'metrics', 'da_metrics', 'app_metrics', 'fee_metrics', 'blockspace_categories', 'maturity_levels', 'composition_types']) checkKind(p, 'master', master, k, 'object');
    for (const k of ['default_chain_selection', 'default_chain_sorting', 'ethereum_events']) checkKind(p, 'master', master, k, 'array');
    expect(master.last_updated_utc).toMatch(LAST_UPDATED);
    expectNone(p);
  });

  it('chains: every key in order with the contract types, ethereum first then alphabetical, all_l2s included', () => {
    const p: Problems = [];
    const keys = Object.keys(master.chains);
    expect(keys[0]).toBe('ethereum');
    expect(keys.slice(1)).toEqual([...keys.slice(1)].sort());
    expect(keys).toContain(ALL_L2S);
    for (const [k, c] of Object.entries(master.chains)) {
      const at = `chains.${k}`;
      checkKeysInOrder(p, at, c, CHAIN_FIELDS.map(([f]) => f));
      for (const [f, kinds] of CHAIN_FIELDS) checkKind(p, at, c, f, ...kinds);
      if (c.url_key !== k.replaceAll('_', '-')) p.push(`${at}.url_key: ${c.url_key}`);
      if (![...CHAIN_TYPES, '-'].includes(c.chain_type)) p.push(`${at}.chain_type: ${c.chain_type}`);
      if (c.maturity !== MATURITY_NONE && !(c.maturity in (master.maturity_levels as object))) p.push(`${at}.maturity: ${JSON.stringify(c.maturity)} is neither NA nor a key of maturity_levels`);
      if (!['PROD', 'DEV'].includes(c.deployment)) p.push(`${at}.deployment: ${c.deployment}`);
      if (k !== ALL_L2S && c.caip2 !== `eip155:${c.evm_chain_id}`) p.push(`${at}.caip2: ${c.caip2} vs evm_chain_id ${c.evm_chain_id}`);
      if (!Array.isArray(c.ecosystem) || !c.ecosystem.includes('all-chains')) p.push(`${at}.ecosystem: ${JSON.stringify(c.ecosystem)} lacks all-chains`);
      const col = c.colors;
      if (!isObject(col) || !Array.isArray(col.light) || col.light.length !== 2 || !Array.isArray(col.dark) || col.dark.length !== 2 || typeof col.darkTextOnBackground !== 'boolean')
        p.push(`${at}.colors: ${JSON.stringify(col)}`);
      if (c.logo !== null && !(isObject(c.logo) && 'body' in c.logo && 'width' in c.logo && 'height' in c.logo)) p.push(`${at}.logo: ${JSON.stringify(c.logo)}`);
      if (typeof c.launch_date === 'string' && !DATE.test(c.launch_date)) p.push(`${at}.launch_date: ${c.launch_date}`);
      if (c.l2beat_stage !== null && !(isObject(c.l2beat_stage) && 'stage' in c.l2beat_stage && 'hex' in c.l2beat_stage)) p.push(`${at}.l2beat_stage`);
      if (!isObject(c.stack) || typeof c.stack.label !== 'string' || typeof c.stack.url !== 'string') p.push(`${at}.stack: ${JSON.stringify(c.stack)} (label and url strings, never null)`);
      if (isObject(c.links)) {
        checkKeysInOrder(p, `${at}.links`, c.links, LINKS_FIELDS.map(([f]) => f));
        for (const [f, kinds] of LINKS_FIELDS) checkKind(p, `${at}.links`, c.links, f, ...kinds);
      }
      const explorers = Object.values((c.block_explorers ?? {}) as Record<string, string>);
      if (explorers.length > 0 && c.block_explorer !== explorers[0]) p.push(`${at}.block_explorer: ${c.block_explorer}, first explorer ${explorers[0]}`);
      if (c.rhino_listed !== false) p.push(`${at}.rhino_listed`);
      if (isObject(c.tab_status)) {
        checkKeysInOrder(p, `${at}.tab_status`, c.tab_status, TAB_STATUS_KEYS);
        for (const [t, v] of Object.entries(c.tab_status)) if (v !== 'active' && v !== 'locked') p.push(`${at}.tab_status.${t}: ${String(v)}`);
      }
      if (Array.isArray(c.similar_chains)) {
        if (c.similar_chains.length > 7) p.push(`${at}.similar_chains: more than 7`);
        for (const s of c.similar_chains) if (master.chains[s]?.bucket !== c.bucket) p.push(`${at}.similar_chains: ${s} not in bucket ${c.bucket}`);
      }
    }
    const agg = master.chains[ALL_L2S]!;
    expect({ name: agg.name, chain_type: agg.chain_type, bucket: agg.bucket, deployment: agg.deployment }).toEqual({ name: 'All L2s', chain_type: '-', bucket: '-', deployment: 'PROD' });
    expectNone(p);
  });

  it('metrics, app_metrics, fee_metrics, blockspace_categories, ethereum_events, sources: every key with the contract types', () => {
    const p: Problems = [];
    const metric = (group: 'metrics' | 'app_metrics', id: string, m: Record<string, any>) => {
      const at = `${group}.${id}`;
      const fields = group === 'metrics' ? METRIC_FIELDS.map(([f]) => f) : [...METRIC_FIELDS.map(([f]) => f), 'chain_specific', 'toggles'];
      checkKeysInOrder(p, at, m, fields);
      for (const [f, kinds] of METRIC_FIELDS) checkKind(p, at, m, f, ...kinds);
      if (!/^metrics-[a-z0-9]+$/.test(m.icon)) p.push(`${at}.icon: ${m.icon}`);
      if (m.fundamental !== true) p.push(`${at}.fundamental: ${m.fundamental}`);
      if (!['sum', 'unique', 'weighted_mean'].includes(m.all_l2s_aggregate)) p.push(`${at}.all_l2s_aggregate: ${m.all_l2s_aggregate}`);
      if (!['sum', 'avg', 'unique'].includes(m.monthly_agg)) p.push(`${at}.monthly_agg: ${m.monthly_agg}`);
      if (m.max_date_fill !== false || m.log_default !== false) p.push(`${at}: max_date_fill and log_default are false`);
      if (typeof m.url_path !== 'string' || !m.url_path.startsWith('/fundamentals/')) p.push(`${at}.url_path: ${m.url_path}`);
      if (m.metric_type !== group) p.push(`${at}.metric_type: ${m.metric_type}`);
      if (isObject(m.units)) {
        const uk = Object.keys(m.units);
        if (!(JSON.stringify(uk) === '["usd","eth"]' || JSON.stringify(uk) === '["value"]')) p.push(`${at}.units: keys ${uk.join(',')} (usd then eth, or value)`);
        for (const [u, spec] of Object.entries(m.units)) {
          if (!isObject(spec)) p.push(`${at}.units.${u}: not an object`);
          else for (const [f, kinds] of UNIT_FIELDS) checkKind(p, `${at}.units.${u}`, spec, f, ...kinds);
        }
      }
      for (const s of (m.source ?? []) as string[]) if (!(s in master.sources)) p.push(`${at}.source: ${s} not a key of sources`);
      if (group === 'app_metrics') {
        checkKind(p, at, m, 'chain_specific', 'boolean');
        const want = m.chain_specific ? ['absolute', 'stacked', 'percentage'] : ['absolute'];
        if (JSON.stringify(m.toggles) !== JSON.stringify(want)) p.push(`${at}.toggles: ${JSON.stringify(m.toggles)}`);
      }
    };
    expect(Object.keys(master.metrics).length).toBeGreaterThan(5);
    for (const [id, m] of Object.entries(master.metrics)) metric('metrics', id, m);
    for (const [id, m] of Object.entries(master.app_metrics)) metric('app_metrics', id, m);
    expect(Object.keys(master.fee_metrics).sort()).toEqual(Object.keys(FEE_METRICS).sort());
    for (const [id, m] of Object.entries(master.fee_metrics)) {
      checkKeysInOrder(p, `fee_metrics.${id}`, m, FEE_METRIC_FIELDS.map(([f]) => f));
      for (const [f, kinds] of FEE_METRIC_FIELDS) checkKind(p, `fee_metrics.${id}`, m, f, ...kinds);
      if (m.invert_normalization !== (id === 'tps' || id === 'throughput')) p.push(`fee_metrics.${id}.invert_normalization: ${m.invert_normalization}`);
    }
    const bc = master.blockspace_categories as Record<string, unknown>;
    checkKeysInOrder(p, 'blockspace_categories', bc, ['main_categories', 'sub_categories', 'mapping']);
    for (const k of ['main_categories', 'sub_categories', 'mapping']) checkKind(p, 'blockspace_categories', bc, k, 'object');
    for (const [i, e] of master.ethereum_events.entries()) {
      checkKeysInOrder(p, `ethereum_events[${i}]`, e, EVENT_FIELDS.map(([f]) => f));
      for (const [f, kinds] of EVENT_FIELDS) checkKind(p, `ethereum_events[${i}]`, e, f, ...kinds);
      if (typeof e.date === 'string' && !DATE.test(e.date)) p.push(`ethereum_events[${i}].date: ${e.date}`);
    }
    for (const [name, s] of Object.entries(master.sources)) {
      checkKeysInOrder(p, `sources.${name}`, s, ['name', 'url', 'description']);
      for (const f of ['name', 'url', 'description']) checkKind(p, `sources.${name}`, s, f, 'string');
    }
    // da_metrics is filled once the DA layer has blob data (11.2 amends section 6): checked there.
    for (const k of ['composition_types']) if (JSON.stringify(master[k]) !== '{}') p.push(`${k}: ${JSON.stringify(master[k]).slice(0, 80)}, contract {}`);
    expectNone(p);
  });

  it('default_chain_selection and default_chain_sorting name chains with documents, ethereum first', () => {
    expect(master.default_chain_selection.length).toBeGreaterThan(0);
    expect(master.default_chain_selection.length).toBeLessThanOrEqual(5);
    for (const k of master.default_chain_selection) expect(Object.keys(master.chains)).toContain(k);
    expect(master.default_chain_sorting[0]).toBe('ethereum');
    const prod = Object.keys(master.chains).filter((k) => k !== ALL_L2S && master.chains[k]!.deployment === 'PROD');
    expect([...master.default_chain_sorting].filter((k) => k !== ALL_L2S).sort()).toEqual(prod.sort());
  });

  it('every details.source name is a key of sources', () => {
    const missing = new Set<string>();
    for (const path of metricDetailPaths()) {
      const { key, metric } = parseDetailPath(path)!;
      for (const s of detail(key, metric).details.source) if (!(s in master.sources)) missing.add(`${s} (${path})`);
    }
    expect([...missing]).toEqual([]);
  });

  it('supported_metrics ⇔ metric detail documents, excluded_metrics is the rest, metrics[].supported_chains agrees', () => {
    const p: Problems = [];
    const published = new Map<string, Set<string>>();
    for (const path of metricDetailPaths()) {
      const { key, metric } = parseDetailPath(path)!;
      if (!published.has(key)) published.set(key, new Set());
      published.get(key)!.add(metric);
    }
    for (const key of published.keys()) if (!(key in master.chains)) p.push(`${key}: has documents but is not in master.json chains`);
    const catalog = Object.keys(master.metrics);
    for (const [k, c] of Object.entries(master.chains)) {
      const docsOf = published.get(k) ?? new Set<string>();
      const sup = c.supported_metrics as string[];
      for (const m of sup) if (!docsOf.has(m)) p.push(`chains.${k}.supported_metrics: ${m} has no document`);
      for (const m of docsOf) if (!sup.includes(m)) p.push(`chains.${k}.supported_metrics: lacks ${m}, which has a document`);
      const excl = c.excluded_metrics as string[];
      for (const m of catalog) if (sup.includes(m) === excl.includes(m)) p.push(`chains.${k}: ${m} must be in exactly one of supported_metrics and excluded_metrics`);
    }
    for (const [id, m] of Object.entries(master.metrics)) {
      const want = Object.keys(master.chains).filter((k) => published.get(k)?.has(id));
      if (JSON.stringify([...(m.supported_chains as string[])].sort()) !== JSON.stringify(want.sort())) p.push(`metrics.${id}.supported_chains: ${JSON.stringify(m.supported_chains)}, documents for ${JSON.stringify(want)}`);
    }
    expectNone(p);
  });
});

describe('section 11.4: the landing event "active apps"', () => {
  const apps = () => jsonOf<LandingEventsApps>(LANDING_EVENTS_APPS_PATH);

  it('every key; weekly rows of complete ISO weeks, unix = Monday 00:00 UTC in ms, ascending, integer counts', () => {
    const d = apps();
    expect(Object.keys(d)).toEqual(['data', 'last_updated_utc']);
    expect(d.last_updated_utc).toMatch(LAST_UPDATED);
    expect(Object.keys(d.data)).toEqual([...LANDING_EVENTS_APPS_DATA]);
    expect(Object.keys(d.data.apps_by_chain)).toEqual([...APPS_BY_CHAIN_KEYS]);
    expect(d.data.apps_by_category).toEqual({});
    expect(d.data.apps_total.weekly.types).toEqual([...APPS_TOTAL_TYPES]);
    const p: Problems = [];
    for (const [name, rows] of [
      ['apps_total.weekly', d.data.apps_total.weekly.values],
      ['apps_by_chain.timeseries', d.data.apps_by_chain.timeseries.values],
    ] as const) {
      rows.forEach((r, i) => {
        const at = `${name}.values[${i}]`;
        if (!isPeriodStart(r[0]!, 'weekly')) p.push(`${at}: ${r[0]} is not a Monday 00:00 UTC in ms`);
        if (i > 0 && r[0]! - rows[i - 1]![0]! !== 7 * DAY_MS) p.push(`${at}: not the week after row ${i - 1}`);
        // Complete weeks only: the week ends by the end of the last complete day.
        if (r[0]! + 7 * DAY_MS > LAST_DAY + DAY_MS) p.push(`${at}: the week of ${iso(r[0]!)} has not ended by ${iso(LAST_DAY)}`);
        for (const v of r.slice(1)) if (!Number.isInteger(v) || v < 0) p.push(`${at}: ${v} is not a count`);
      });
    }
    expectNone(p);
    // The devnet's applications are active every week: the last complete week is there.
    expect(d.data.apps_total.weekly.values.at(-1)![0]! + 7 * DAY_MS).toBeGreaterThan(LAST_DAY - 6 * DAY_MS);
    expect(d.data.apps_total.weekly.values.every((r) => r[1]! > 0)).toBe(true);
  });

  it('apps_by_chain: Cross-Chain first then origin_keys in order, names and colours aligned with the columns, each week counted once', () => {
    const d = apps().data;
    const keys = d.apps_by_chain.timeseries.types.slice(1).map((t) => {
      expect(t.endsWith(REGISTERED_COUNT_SUFFIX), t).toBe(true);
      return t.slice(0, -REGISTERED_COUNT_SUFFIX.length);
    });
    const chains = keys.filter((k) => k !== CROSS_CHAIN);
    expect(keys).toEqual([...(keys.includes(CROSS_CHAIN) ? [CROSS_CHAIN] : []), ...[...chains].sort()]);
    // The devnet's projects span several chains, and each chain carries applications of its own.
    expect(keys[0]).toBe(CROSS_CHAIN);
    for (const k of chains) expect(master.chains[k]?.enable_contracts, k).toBe(true);
    const legend = keys.map((k) => (k === CROSS_CHAIN ? [CROSS_CHAIN, CROSS_CHAIN_COLOR] : [master.chains[k]!.name_short, master.chains[k]!.colors.dark[0]]));
    expect(d.apps_by_chain.names).toEqual(legend.map(([n]) => n));
    expect(d.apps_by_chain.colors).toEqual(legend.map(([, c]) => c));
    expect(d.apps_by_chain.colors.every((c) => typeof c === 'string' && c.length > 0)).toBe(true);
    expect(d.apps_by_chain.timeseries.values.map((r) => r[0])).toEqual(d.apps_total.weekly.values.map((r) => r[0]));
    d.apps_by_chain.timeseries.values.forEach((r, i) => expect(r.slice(1).reduce((a, b) => a + b, 0), iso(r[0]!)).toBe(d.apps_total.weekly.values[i]![1]));
  });
});

describe('section 11.6: chain_type and maturity', () => {
  it('chain_type: ethereum l1, every other devnet chain rollup or others by its DA layer, all_l2s "-"', () => {
    const types = Object.fromEntries(Object.entries(master.chains).map(([k, c]) => [k, c.chain_type]));
    // The devnet's chains are the built-in ones: mantle keeps its data on EigenDA, the rest on Ethereum.
    expect(types).toEqual({ ethereum: 'l1', all_l2s: '-', arbitrum: 'rollup', base: 'rollup', linea: 'rollup', mantle: 'others', optimism: 'rollup' });
    // The same L2 universe as before the values changed: every chain but ethereum.
    expect(l2Keys().sort()).toEqual(['arbitrum', 'base', 'linea', 'mantle', 'optimism']);
  });

  it('maturity: a string on every chain, 10_foundational for ethereum, NA for the others and all_l2s', () => {
    const p: Problems = [];
    for (const [k, c] of Object.entries(master.chains)) {
      const want = k === 'ethereum' ? '10_foundational' : MATURITY_NONE;
      if (c.maturity !== want) p.push(`chains.${k}.maturity: ${JSON.stringify(c.maturity)}, expected ${want}`);
    }
    expectNone(p);
  });

  it("maturity_levels: the reference's six levels in its order, each {name, description, conditions}", () => {
    const p: Problems = [];
    const levels = master.maturity_levels as Record<string, Record<string, unknown>>;
    expect(Object.keys(levels)).toEqual([...MATURITY_LEVEL_KEYS]);
    for (const [k, l] of Object.entries(levels)) {
      checkKeysInOrder(p, `maturity_levels.${k}`, l, MATURITY_LEVEL_FIELDS.map(([f]) => f));
      for (const [f, kinds] of MATURITY_LEVEL_FIELDS) checkKind(p, `maturity_levels.${k}`, l, f, ...kinds);
    }
    expectNone(p);
  });
});

describe('section 8: all_l2s', () => {
  it('has a document for every chain metric the L2s publish except market metrics', () => {
    const want = new Set<string>();
    for (const k of l2Keys()) for (const m of master.chains[k]!.supported_metrics as string[]) if (!(MARKET_METRICS as readonly string[]).includes(m)) want.add(m);
    expect(l2Keys().length).toBeGreaterThanOrEqual(3);
    expect([...(master.chains[ALL_L2S]!.supported_metrics as string[])].sort()).toEqual([...want].sort());
    for (const m of want) expect(docs.get(detailPath(ALL_L2S, m))?.status, m).toBe(200);
  });

  it('daily txcount is the sum of the L2s; daa lies between the largest L2 and the sum', () => {
    const perDay = (k: string, m: string) => new Map(detail(k, m).details.timeseries.daily!.data.map((r) => [r[0]!, r[1] ?? 0]));
    const l2s = l2Keys().filter((k) => docs.has(detailPath(k, 'txcount')));
    const tx = perDay(ALL_L2S, 'txcount');
    const chainsTx = l2s.map((k) => perDay(k, 'txcount'));
    const days = new Set(chainsTx.flatMap((m) => [...m.keys()]));
    expect([...tx.keys()].sort()).toEqual([...days].sort());
    for (const d of days) expect(tx.get(d), iso(d)).toBe(chainsTx.reduce((s, m) => s + (m.get(d) ?? 0), 0));
    const daa = perDay(ALL_L2S, 'daa');
    const chainsDaa = l2s.filter((k) => docs.has(detailPath(k, 'daa'))).map((k) => perDay(k, 'daa'));
    expect(daa.size).toBeGreaterThan(HISTORY_DAYS / 2);
    let overlapSeen = false;
    for (const [d, v] of daa) {
      const vals = chainsDaa.map((m) => m.get(d) ?? 0);
      const sum = vals.reduce((a, b) => a + b, 0);
      expect(v, iso(d)).toBeLessThanOrEqual(sum);
      expect(v, iso(d)).toBeGreaterThanOrEqual(Math.max(...vals));
      if (v < sum) overlapSeen = true;
    }
    // The devnet shares addresses across chains, so the exact union is below the sum somewhere.
    expect(overlapSeen).toBe(true);
  });

  it('every other metric follows its all_l2s_aggregate: sums (to rounding) and weighted means within the L2s\' range', () => {
    const p: Problems = [];
    for (const m of master.chains[ALL_L2S]!.supported_metrics as string[]) {
      const how = master.metrics[m]!.all_l2s_aggregate as string;
      if (how === 'unique') continue; // daa, above
      const agg = detail(ALL_L2S, m).details.timeseries.daily!;
      const members = l2Keys().filter((k) => docs.has(detailPath(k, m))).map((k) => detail(k, m).details.timeseries.daily!);
      for (let col = 1; col < agg.types.length; col++) {
        for (const row of agg.data) {
          const vals = members.map((t) => t.data.find((r) => r[0] === row[0])?.[col]).filter((v): v is number => typeof v === 'number');
          const v = row[col];
          if (v === null || v === undefined || vals.length === 0) continue;
          const sum = vals.reduce((a, b) => a + b, 0);
          const tol = 1e-6 * Math.max(1, Math.abs(sum)) + 1e-4 * vals.length;
          const ok = how === 'sum' ? Math.abs(v - sum) <= tol : v >= Math.min(...vals) - tol && v <= Math.max(...vals) + tol;
          if (!ok) p.push(`all_l2s ${m} ${agg.types[col]} ${iso(row[0]!)}: ${v} (${how} of ${JSON.stringify(vals)})`);
        }
      }
    }
    expectNone(p);
  });
});

describe('section 9: flat exports', () => {
  const rowsOf = (path: string) => jsonOf<ExportRow[]>(path);
  const exportPaths = () => [...docs.keys()].filter((p) => /^\/v1\/export\/[a-z0-9_]+\.json$/.test(p));
  const columnOf = (metricId: string, metricKey: string) => (isMoney(metricId) ? (metricKey.endsWith('_eth') ? 'eth' : 'usd') : 'value');
  const sortKey = (r: ExportRow) => `${r.origin_key}\u0000${r.metric_key}\u0000${r.date}`;

  it('an export for every chain metric with documents; each row has the contract keys and types, ordered', () => {
    const p: Problems = [];
    const withDocs = Object.entries(master.metrics).filter(([, m]) => (m.supported_chains as string[]).some((k) => k !== ALL_L2S)).map(([id]) => id);
    expect(exportPaths().map((x) => x.slice('/v1/export/'.length, -5)).sort()).toEqual([...withDocs].sort());
    for (const path of [...exportPaths(), '/v1/fundamentals.json', '/v1/fundamentals_full.json']) {
      const rows = rowsOf(path);
      if (!Array.isArray(rows) || rows.length === 0) {
        p.push(`${path}: not a non-empty array`);
        continue;
      }
      rows.forEach((r, i) => {
        if (JSON.stringify(Object.keys(r)) !== JSON.stringify(EXPORT_ROW_KEYS)) p.push(`${path}[${i}]: keys ${Object.keys(r).join(',')}`);
        if (typeof r.metric_key !== 'string' || typeof r.origin_key !== 'string' || !DATE.test(r.date) || !(r.value === null || (typeof r.value === 'number' && Number.isFinite(r.value)))) p.push(`${path}[${i}]: ${JSON.stringify(r)}`);
        if (r.origin_key === ALL_L2S) p.push(`${path}[${i}]: all_l2s is not exported`);
        if (i > 0 && sortKey(rows[i - 1]!) >= sortKey(r)) p.push(`${path}[${i}]: not ordered by origin_key, metric_key, date`);
      });
    }
    expectNone(p);
  });

  it('every export row equals the metric detail value of the same chain, key and day, and covers its daily rows', () => {
    const p: Problems = [];
    for (const path of exportPaths()) {
      const id = path.slice('/v1/export/'.length, -5);
      const keys = master.metrics[id]!.metric_keys as string[];
      const seen = new Set<string>();
      for (const r of rowsOf(path)) {
        if (!keys.includes(r.metric_key)) p.push(`${path}: metric_key ${r.metric_key} not in metrics.${id}.metric_keys`);
        if (!docs.has(detailPath(r.origin_key, id))) {
          p.push(`${path}: ${r.origin_key} has no detail document`);
          continue;
        }
        const daily = detail(r.origin_key, id).details.timeseries.daily!;
        const col = daily.types.indexOf(columnOf(id, r.metric_key));
        const row = daily.data.find((x) => x[0] === Date.parse(`${r.date}T00:00:00Z`));
        if (!row) p.push(`${path}: ${r.origin_key} ${r.metric_key} ${r.date}: no daily row`);
        else if (row[col] !== r.value) p.push(`${path}: ${r.origin_key} ${r.metric_key} ${r.date}: ${r.value}, detail ${row[col]}`);
        seen.add(`${r.origin_key} ${r.metric_key} ${r.date}`);
      }
      // And the other way: every non-null daily value of every chain with a document is exported.
      for (const k of Object.keys(master.chains).filter((c) => c !== ALL_L2S && docs.has(detailPath(c, id)))) {
        const daily = detail(k, id).details.timeseries.daily!;
        for (const key of keys) {
          const col = daily.types.indexOf(columnOf(id, key));
          for (const row of daily.data) if (row[col] !== null && !seen.has(`${k} ${key} ${iso(row[0]!)}`)) p.push(`${path}: lacks ${k} ${key} ${iso(row[0]!)}`);
        }
      }
    }
    expectNone(p.slice(0, 40));
  });

  it('fundamentals_full is every export plus aa_last7d; fundamentals is its last 90 days without _eth keys', () => {
    const full = rowsOf('/v1/fundamentals_full.json');
    const exported = exportPaths().flatMap((x) => rowsOf(x));
    const notAa = full.filter((r) => r.metric_key !== 'aa_last7d');
    expect(notAa.map(sortKey).sort()).toEqual(exported.map(sortKey).sort());
    const byKey = new Map(exported.map((r) => [sortKey(r), r.value]));
    for (const r of notAa) expect(r.value, sortKey(r)).toBe(byKey.get(sortKey(r)));
    // aa_last7d: distinct addresses over 7 days, so at least that day's daa, at most the 7 days' sum.
    const aa = full.filter((r) => r.metric_key === 'aa_last7d');
    expect(aa.length).toBeGreaterThan(0);
    for (const r of aa) {
      const daily = detail(r.origin_key, 'daa').details.timeseries.daily!.data;
      const end = Date.parse(`${r.date}T00:00:00Z`);
      const week = daily.filter((x) => x[0]! > end - 7 * DAY_MS && x[0]! <= end).map((x) => x[1] ?? 0);
      const same = daily.find((x) => x[0] === end)?.[1] ?? 0;
      expect(r.value!, `${r.origin_key} ${r.date}`).toBeGreaterThanOrEqual(same);
      expect(r.value!, `${r.origin_key} ${r.date}`).toBeLessThanOrEqual(week.reduce((a, b) => a + b, 0));
    }
    const from = iso(LAST_DAY - 89 * DAY_MS);
    const want = full.filter((r) => !r.metric_key.endsWith('_eth') && r.date >= from && r.date <= iso(LAST_DAY));
    expect(rowsOf('/v1/fundamentals.json')).toEqual(want);
  });

  it('each CSV equals its JSON rows', () => {
    const csvPaths = [...docs.keys()].filter((x) => x.endsWith('.csv'));
    expect(csvPaths.length).toBe(exportPaths().length + 2);
    for (const path of csvPaths) {
      const text = docs.get(path)!.text;
      const lines = text.replace(/\r\n$/, '').split('\r\n');
      expect(lines[0], path).toBe(CSV_HEADER);
      const rows = lines.slice(1).map((l) => {
        const [metric_key, origin_key, date, value] = l.split(',');
        return { metric_key, origin_key, date, value: value === '' ? null : Number(value) };
      });
      expect(rows, path).toEqual(rowsOf(path.replace(/\.csv$/, '.json')));
    }
  });
});

const overviewPath = (k: string) => `/v1/chains/${k}/overview.json`;
const chainKeys = () => Object.keys(master.chains).filter((k) => k !== ALL_L2S);

describe('section 3: chain overview', () => {
  it('every chain of master.json with metric documents has an overview; unknown chains and all_l2s answer 404 with the hint', async () => {
    const withData = chainKeys().filter((k) => (master.chains[k]!.supported_metrics as string[]).length > 0);
    expect(withData.length).toBeGreaterThanOrEqual(REFERENCE_KEYS.length);
    for (const k of withData) expect(docs.get(overviewPath(k))?.status, k).toBe(200);
    expect([...docs.keys()].filter((p) => /^\/v1\/chains\/[a-z0-9_]+\/overview\.json$/.test(p)).sort()).toEqual(withData.map(overviewPath).sort());
    for (const path of [overviewPath('no_such_chain'), overviewPath(ALL_L2S)]) {
      const r = await request(server.base, path);
      expect(r.status, path).toBe(404);
      const body = JSON.parse(r.body.toString('utf8')) as { error: Record<string, unknown> };
      expect(body.error, path).toMatchObject({ status: 404, code: 'not_found' });
      expect(String(body.error.hint), path).toContain('master.json');
    }
  });

  it('every field path a client reads is present with the contract type', () => {
    const p: Problems = [];
    const ranked = Object.entries(master.metrics).filter(([, m]) => m.ranking_bubble === true).map(([id]) => id);
    expect(ranked.length).toBeGreaterThan(0);
    const owners = new Set(filteredOwners());
    for (const k of chainKeys().filter((c) => docs.has(overviewPath(c)))) {
      const d = jsonOf<Record<string, any>>(overviewPath(k));
      const at = k;
      checkKeysInOrder(p, at, d, ['last_updated_utc', 'data']);
      if (typeof d.last_updated_utc !== 'string' || !LAST_UPDATED.test(d.last_updated_utc)) p.push(`${at}.last_updated_utc: ${d.last_updated_utc}`);
      const o = d.data as Record<string, any>;
      checkKeysInOrder(p, `${at}.data`, o, OVERVIEW_DATA);
      if (o.chain_id !== k) p.push(`${at}.chain_id: ${o.chain_id}`);
      if (o.chain_name !== master.chains[k]!.name) p.push(`${at}.chain_name: ${o.chain_name}, master.json ${master.chains[k]!.name}`);
      // highlights: at most 4, one per metric, newest first, of the contract's types.
      checkKind(p, at, o, 'highlights', 'array');
      const hs = (o.highlights ?? []) as Array<Record<string, unknown>>;
      if (hs.length > 4) p.push(`${at}.highlights: ${hs.length} entries`);
      if (new Set(hs.map((h) => h.metric_id)).size !== hs.length) p.push(`${at}.highlights: two for one metric`);
      hs.forEach((h, i) => {
        for (const [f, kinds] of HIGHLIGHT_FIELDS) checkKind(p, `${at}.highlights[${i}]`, h, f, ...kinds);
        if (!(HIGHLIGHT_TYPES as readonly unknown[]).includes(h.type)) p.push(`${at}.highlights[${i}].type: ${String(h.type)}`);
        if (!DATE.test(String(h.date))) p.push(`${at}.highlights[${i}].date: ${String(h.date)}`);
        if (i > 0 && String(h.date) > String(hs[i - 1]!.date)) p.push(`${at}.highlights[${i}]: not newest first`);
        if (String(h.date) < iso(LAST_DAY - 6 * DAY_MS)) p.push(`${at}.highlights[${i}].date: ${String(h.date)} is older than the last 7 days`);
      });
      checkKind(p, at, o, 'events', 'array');
      ((o.events ?? []) as Array<Record<string, unknown>>).forEach((e, i) => {
        for (const [f, kinds] of OVERVIEW_EVENT_FIELDS) checkKind(p, `${at}.events[${i}]`, e, f, ...kinds);
      });
      // ranking: every ranked metric; kpi_cards: a card only next to a ranking entry, for every ranked metric with data.
      checkKind(p, at, o, 'ranking', 'object');
      checkKind(p, at, o, 'kpi_cards', 'object');
      const ranking = (o.ranking ?? {}) as Record<string, Record<string, unknown>>;
      const cards = (o.kpi_cards ?? {}) as Record<string, Record<string, unknown>>;
      if (JSON.stringify(Object.keys(ranking)) !== JSON.stringify(ranked)) p.push(`${at}.ranking: keys ${Object.keys(ranking).join(',')}, ranked metrics ${ranked.join(',')}`);
      for (const [id, r] of Object.entries(ranking)) {
        for (const [f, kinds] of RANKING_FIELDS) checkKind(p, `${at}.ranking.${id}`, r, f, ...kinds);
        if (r.rank === -1) {
          if (JSON.stringify(r) !== JSON.stringify({ rank: -1, out_of: -1, color_scale: 0, value: null, value_usd: null, value_eth: null })) p.push(`${at}.ranking.${id}: ${JSON.stringify(r)}`);
          continue;
        }
        if (!(Number(r.rank) >= 1 && Number(r.rank) <= Number(r.out_of))) p.push(`${at}.ranking.${id}: rank ${r.rank} of ${r.out_of}`);
        if (r.color_scale !== Math.round((Number(r.rank) / Number(r.out_of)) * 100) / 100) p.push(`${at}.ranking.${id}.color_scale: ${r.color_scale}`);
        const money = isMoney(id);
        if (money ? r.value !== null || typeof r.value_usd !== 'number' : typeof r.value !== 'number' || r.value_usd !== null) p.push(`${at}.ranking.${id}: value columns ${JSON.stringify(r)}`);
      }
      const supported = master.chains[k]!.supported_metrics as string[];
      for (const id of ranked.filter((m) => supported.includes(m))) if (!cards[id]) p.push(`${at}.kpi_cards: no card for ${id}, which has data`);
      for (const [id, card] of Object.entries(cards)) {
        if (!ranking[id]) p.push(`${at}.kpi_cards.${id}: no ranking entry`);
        checkKeysInOrder(p, `${at}.kpi_cards.${id}`, card, KPI_CARD_KEYS);
        const cols = valueColumns(isMoney(id));
        if (checkTypedTable(p, `${at}.kpi_cards.${id}.sparkline`, card.sparkline, { types: ['unix', ...cols], granularity: 'daily', order: 'asc' })) {
          const rows = (card.sparkline as { data: number[][] }).data;
          if (rows.length === 0 || rows.length > 60 || rows[rows.length - 1]![0] !== LAST_DAY) p.push(`${at}.kpi_cards.${id}.sparkline: ${rows.length} rows ending ${rows[rows.length - 1]?.[0]}`);
        }
        for (const part of ['current_values', 'wow_change']) {
          const v = card[part] as { types?: unknown; data?: unknown[] } | undefined;
          if (JSON.stringify(v?.types) !== JSON.stringify(cols) || !Array.isArray(v?.data) || v.data.length !== cols.length || !v.data.every(isNumOrNull)) p.push(`${at}.kpi_cards.${id}.${part}: ${JSON.stringify(v)}`);
        }
      }
      // achievements
      const a = o.achievements as Record<string, any> | undefined;
      checkKind(p, at, o, 'achievements', 'object');
      for (const [group, keys, fields] of [['streaks', STREAK_KEYS, STREAK_FIELDS], ['lifetime', LIFETIME_KEYS, LIFETIME_FIELDS]] as const) {
        for (const [metric, cols] of Object.entries(keys)) {
          for (const c of cols) {
            const v = a?.[group]?.[metric]?.[c];
            if (!isObject(v)) {
              p.push(`${at}.achievements.${group}.${metric}.${c}: missing`);
              continue;
            }
            for (const [f, kinds] of fields) checkKind(p, `${at}.achievements.${group}.${metric}.${c}`, v, f, ...kinds);
            if (group === 'lifetime' && !(Number(v.level) >= 0 && Number(v.level) <= 30)) p.push(`${at}.achievements.lifetime.${metric}.${c}.level: ${v.level}`);
          }
        }
      }
      // blockspace: typed table, txcount descending, shares summing to 100.
      if (checkMixedTable(p, `${at}.blockspace`, o.blockspace, [[BLOCKSPACE_COLUMNS[0], ['string']], [BLOCKSPACE_COLUMNS[1], ['number']], [BLOCKSPACE_COLUMNS[2], ['number']]])) {
        const rows = (o.blockspace as unknown as { data: Array<[string, number, number]> }).data;
        const categories = Object.keys((master.blockspace_categories as { main_categories: Record<string, string> }).main_categories);
        for (const r of rows) if (!categories.includes(r[0])) p.push(`${at}.blockspace: ${r[0]} is not a main category of master.json`);
        if (rows.some((r, i) => i > 0 && r[1] > rows[i - 1]![1])) p.push(`${at}.blockspace: not txcount descending`);
        const total = rows.reduce((x, r) => x + r[2], 0);
        if (rows.length > 0 && Math.abs(total - 100) > 0.05 * rows.length) p.push(`${at}.blockspace: shares sum to ${total}`);
      }
      // ecosystem: {} or active_apps and the apps table of valid owner_projects.
      const eco = o.ecosystem as Record<string, any>;
      const active = (eco?.active_apps ?? {}) as Record<string, unknown>;
      checkKind(p, at, o, 'ecosystem', 'object');
      if (isObject(eco) && Object.keys(eco).length > 0) {
        checkKeysInOrder(p, `${at}.ecosystem`, eco, ['active_apps', 'apps']);
        for (const w of ['7d', '30d']) checkKind(p, `${at}.ecosystem.active_apps`, active, w, 'number');
        if (checkMixedTable(p, `${at}.ecosystem.apps`, eco.apps, [[ECOSYSTEM_APPS_COLUMNS[0], ['string']], [ECOSYSTEM_APPS_COLUMNS[1], ['number']]])) {
          const rows = (eco.apps as unknown as { data: Array<[string, number]> }).data;
          if (rows.length !== active['7d']) p.push(`${at}.ecosystem: ${rows.length} apps, active_apps.7d ${String(active['7d'])}`);
          for (const r of rows) if (!owners.has(r[0])) p.push(`${at}.ecosystem.apps: ${r[0]} is not in projects_filtered.json`);
        }
      }
    }
    expectNone(p);
  });

  it('ecosystem is filled on exactly the chains master.json shows the apps tab for', () => {
    for (const k of chainKeys().filter((c) => docs.has(overviewPath(c)))) {
      const eco = jsonOf<{ data: { ecosystem: Record<string, unknown> } }>(overviewPath(k)).data.ecosystem;
      expect(Object.keys(eco).length > 0, k).toBe(master.chains[k]!.tab_status.apps === 'active');
    }
  });
});

describe('section 10.1: the application overview tables', () => {
  it('all six windows, every column with the contract type, every filtered project, chains of master.json', () => {
    const p: Problems = [];
    const owners = filteredOwners();
    for (const w of APP_OVERVIEW_WINDOWS) {
      const path = appOverviewPath(w);
      expect(docs.get(path)?.status, path).toBe(200);
      const doc = jsonOf<{ data: MixedTable; last_updated_utc: string }>(path);
      expect(Object.keys(doc), path).toEqual(['data', 'last_updated_utc']);
      expect(doc.last_updated_utc).toMatch(LAST_UPDATED);
      if (!checkMixedTable(p, `${path}.data`, doc.data, APP_OVERVIEW_COLUMNS)) continue;
      const seen = new Set<string>();
      for (const [i, r] of doc.data.data.entries()) {
        const at = `${path} row ${i} (${String(r[0])}, ${String(r[1])})`;
        seen.add(r[0] as string);
        if (!(String(r[1]) in master.chains) || r[1] === ALL_L2S) p.push(`${at}: origin_key is not a chain of master.json`);
        for (const c of [2, 7, 8, 9, 10]) if (!Number.isInteger(r[c]) || (r[c] as number) < 0) p.push(`${at}: ${APP_OVERVIEW_COLUMNS[c]![0]} ${String(r[c])} is not a count`);
        if (w === 'max' && [4, 6, 8, 10].some((c) => r[c] !== 0)) p.push(`${at}: a prev_* column of max is not 0`);
        if ((r[9] as number) > (r[7] as number)) p.push(`${at}: more senders than transactions`);
      }
      for (const o of owners) if (!seen.has(o)) p.push(`${path}: filtered project ${o} has no row`);
      for (const o of seen) if (!owners.includes(o)) p.push(`${path}: ${o} is not in the filtered list`);
    }
    expectNone(p);
  });
});

describe("section 10.6: today's running totals", () => {
  it('every chain with an overview has txcount and fees of today so far, with the contract types', () => {
    const d = jsonOf<{ data: Record<string, Record<string, Record<string, unknown>>>; last_updated_utc: string }>(STREAKS_TODAY_PATH);
    expect(Object.keys(d)).toEqual(['data', 'last_updated_utc']);
    expect(d.last_updated_utc).toMatch(LAST_UPDATED);
    expect(Object.keys(d.data).sort()).toEqual(chainKeys().filter((c) => docs.has(overviewPath(c))).sort());
    const p: Problems = [];
    for (const [k, entry] of Object.entries(d.data)) {
      for (const [metric, cols] of Object.entries(STREAKS_TODAY_KEYS)) for (const c of cols) checkKind(p, `${k}.${metric}`, entry[metric] ?? {}, c, 'number', 'null');
    }
    expectNone(p);
  });
});

describe('section 10.2: the fee line chart', () => {
  type Line = { chain_data: Record<string, Record<string, Record<string, { types: string[]; granularity: string; data: Array<Array<number | null>> }>>>; last_updated_utc: string };

  it('every fee-table chain but ethereum, each with the same six metrics × four timeframes, contract columns, complete buckets oldest first (11.5)', () => {
    const d = jsonOf<Line>(FEE_LINECHART_PATH);
    expect(Object.keys(d)).toEqual(['chain_data', 'last_updated_utc']);
    expect(d.last_updated_utc).toMatch(LAST_UPDATED);
    expect(Object.keys(d.chain_data).sort()).toEqual(Object.keys(fee.chain_data).filter((k) => k !== FEE_LINECHART_EXCLUDED).sort());
    const p: Problems = [];
    const newest = new Map<string, number>();
    for (const [k, c] of Object.entries(d.chain_data)) {
      if (JSON.stringify(Object.keys(c).sort()) !== JSON.stringify(Object.keys(FEE_LINECHART_COLUMNS).sort())) p.push(`chain_data.${k}: metrics ${Object.keys(c).join(',')}`);
      for (const [m, types] of Object.entries(FEE_LINECHART_COLUMNS)) {
        if (JSON.stringify(Object.keys(c[m] ?? {}).sort()) !== JSON.stringify(Object.keys(FEE_LINECHART_TIMEFRAMES).sort())) p.push(`chain_data.${k}.${m}: timeframes ${Object.keys(c[m] ?? {}).join(',')}`);
        for (const [tf, want] of Object.entries(FEE_LINECHART_TIMEFRAMES)) {
          const at = `chain_data.${k}.${m}.${tf}`;
          const t = c[m]?.[tf];
          if (!checkTypedTable(p, at, t, { types })) continue;
          checkKind(p, at, t as unknown as Record<string, unknown>, 'granularity', 'string');
          if (t.granularity !== want.granularity) p.push(`${at}.granularity: ${t.granularity}, contract ${want.granularity}`);
          if (t.data.length === 0) continue;
          if (t.data.length !== want.buckets && t.data.length > 0) {
            // Fewer buckets only when the history is shorter than the timeframe (the devnet's 180 days).
            if (NOW - t.data[0]![0]! > want.buckets * want.bucket_ms) p.push(`${at}: ${t.data.length} rows, contract ${want.buckets}`);
          }
          t.data.forEach((row, i) => {
            const u = row[0]!;
            if (u % want.bucket_ms !== 0) p.push(`${at}.data[${i}][0]: ${u} is not a ${want.granularity} bucket start`);
            if (i > 0 && u - t.data[i - 1]![0]! !== want.bucket_ms) p.push(`${at}.data[${i}]: not the bucket after row ${i - 1} (oldest first, no gaps)`);
            if (types.length === 3 && row[2] !== null && Math.round(row[2]! * 1e4) / 1e4 !== row[2]) p.push(`${at}.data[${i}]: value_usd ${row[2]} not 4 decimals`);
          });
          // The page reads the last row as the current value: the newest complete bucket.
          const end = t.data.at(-1)![0]! + want.bucket_ms;
          if (end > NOW) p.push(`${at}: the newest bucket ends after the build (${new Date(end).toISOString()})`);
          const key = `${m}.${tf}`;
          if (newest.has(key) && newest.get(key) !== t.data.at(-1)![0]) p.push(`${at}: newest bucket differs between chains`);
          newest.set(key, t.data.at(-1)![0]!);
        }
      }
    }
    expectNone(p);
  });

  it("11.5: the keys the reference page reads by position and by name: metrics in its order, timeframes 24hrs to 180d, optimism charted", () => {
    const d = jsonOf<Line>(FEE_LINECHART_PATH);
    for (const [k, c] of Object.entries(d.chain_data)) {
      expect(Object.keys(c), k).toEqual([...FEE_LINECHART_PAGE_ORDER]);
      for (const m of Object.keys(c)) expect(Object.keys(c[m]!), `${k}.${m}`).toEqual(Object.keys(FEE_LINECHART_TIMEFRAMES));
    }
    for (const m of FEE_LINECHART_PAGE_ORDER) expect(master.fee_metrics[m], m).toBeDefined();
    // optimism is a devnet chain: it has its rows, not the empty tables published when it is not charted.
    expect(d.chain_data.optimism!.txcosts_median!['7d']!.data.length).toBe(FEE_LINECHART_TIMEFRAMES['7d'].buckets);
  });
});

/** A fraction published with 4 decimals. */
const is4Decimals = (x: unknown): boolean => typeof x === 'number' && Math.round(x * 1e4) / 1e4 === x;

describe('section 10.3: the landing page', () => {
  type Landing = { data: Record<string, any>; last_updated_utc: string };
  const landing = () => jsonOf<Landing>(LANDING_PATH);

  it('every key in order with the contract types; table_visual holds every PROD chain with documents, ethereum included', () => {
    const d = landing();
    const p: Problems = [];
    checkKeysInOrder(p, 'landing', d, ['data', 'last_updated_utc']);
    expect(d.last_updated_utc).toMatch(LAST_UPDATED);
    checkKeysInOrder(p, 'data', d.data, LANDING_DATA);
    expect(Object.keys(d.data.metrics)).toEqual(['table_visual']);
    const table = d.data.metrics.table_visual as Record<string, Record<string, unknown>>;
    const prod = chainKeys().filter((k) => master.chains[k]!.deployment === 'PROD');
    expect(Object.keys(table).sort()).toEqual(prod.sort());
    expect(Object.keys(table)).toContain('ethereum');
    const owners = new Set(filteredOwners());
    for (const [k, entry] of Object.entries(table)) {
      for (const [f, kinds] of LANDING_CHAIN_FIELDS) checkKind(p, `table_visual.${k}`, entry, f, ...kinds);
      if (!Number.isInteger(entry.users) || (entry.users as number) <= 0) p.push(`${k}.users: ${String(entry.users)} is not a positive integer`);
      for (const f of ['user_share', 'cross_chain_activity']) if (!is4Decimals(entry[f]) || (entry[f] as number) < 0) p.push(`${k}.${f}: ${String(entry[f])}`);
      if ((entry.cross_chain_activity as number) > 1) p.push(`${k}.cross_chain_activity above 1`);
      const apps = entry.top_apps as unknown[];
      if (apps.length > 5 || apps.some((a) => typeof a !== 'string' || !owners.has(a))) p.push(`${k}.top_apps: ${JSON.stringify(apps)}`);
    }
    // user_share's denominator is every chain but ethereum: their shares add up to 1 (to rounding).
    const l2Share = Object.entries(table).reduce((n, [k, e]) => n + (k === 'ethereum' ? 0 : (e.user_share as number)), 0);
    expect(Math.abs(l2Share - 1)).toBeLessThan(1e-3);
    expectNone(p);
  });

  it('every chain carries the same ranking keys: the ranking_landing metrics of master.json, ranks as section 3', () => {
    const table = landing().data.metrics.table_visual as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
    const want = Object.keys(master.metrics).filter((m) => master.metrics[m]!.ranking_landing === true);
    expect(want.length).toBeGreaterThan(0);
    const p: Problems = [];
    const prod = Object.keys(table);
    for (const [k, entry] of Object.entries(table)) {
      for (const which of ['ranking', 'ranking_w_eth'] as const) {
        expect(Object.keys(entry[which]!), `${k}.${which}`).toEqual(want);
        for (const [m, r] of Object.entries(entry[which]!)) {
          const at = `${k}.${which}.${m}`;
          for (const [f, kinds] of LANDING_RANK_FIELDS) checkKind(p, at, r, f, ...kinds);
          const valueKeys = isMoney(m) ? ['value_usd', 'value_eth'] : ['value'];
          for (const f of valueKeys) checkKind(p, at, r, f, 'number', 'null');
          if (isMoney(m) && 'value' in r) p.push(`${at}: a money metric carries value`);
          if (r.rank === null) {
            if (r.out_of !== null || r.color_scale !== null) p.push(`${at}: rank null but out_of/color_scale set`);
            continue;
          }
          const outOf = r.out_of as number;
          const limit = which === 'ranking' ? prod.length - 1 : prod.length;
          if (!((r.rank as number) >= 1 && (r.rank as number) <= outOf && outOf <= limit)) p.push(`${at}: rank ${String(r.rank)} of ${outOf}`);
          if (r.color_scale !== Math.round(((r.rank as number) / outOf) * 100) / 100) p.push(`${at}: color_scale ${String(r.color_scale)}`);
        }
      }
      if (k === 'ethereum') for (const r of Object.values(entry.ranking!)) if (r.rank !== null) p.push('ethereum is ranked in `ranking` (without ethereum)');
    }
    expectNone(p);
  });

  it('all_l2s and ethereum: smoothed daily series of the listed metrics, each non-empty; top_contracts {}; gainers and losers typed', () => {
    const d = landing().data;
    const p: Problems = [];
    for (const [key, allowed] of [
      ['all_l2s', LANDING_L2_METRICS],
      ['ethereum', LANDING_L2_METRICS.filter((m) => m !== 'rent_paid')],
    ] as const) {
      const block = d[key] as Record<string, any>;
      for (const [f, kinds] of LANDING_AGGREGATE_FIELDS) checkKind(p, key, block, f, ...kinds);
      expect(block.chain_id).toBe(key);
      expect(Object.keys(block.metrics).length, key).toBeGreaterThan(0);
      for (const [m, series] of Object.entries(block.metrics as Record<string, Record<string, any>>)) {
        if (!(allowed as readonly string[]).includes(m)) p.push(`${key}.metrics.${m}: not a metric of the contract's list`);
        for (const [f, kinds] of LANDING_SERIES_FIELDS) checkKind(p, `${key}.${m}`, series, f, ...kinds);
        if (series.avg !== 'true') p.push(`${key}.${m}.avg: ${JSON.stringify(series.avg)}`);
        for (const s of series.source as unknown[]) if (typeof s !== 'string' || !(s in master.sources)) p.push(`${key}.${m}.source: ${String(s)}`);
        if (checkTypedTable(p, `${key}.${m}.daily`, series.daily, { types: ['unix', ...valueColumns(isMoney(m))], granularity: 'daily' }) && series.daily.data.length === 0) {
          p.push(`${key}.${m}.daily: empty`);
        }
      }
    }
    expect(d.all_l2s).toMatchObject({ chain_name: 'All L2s', symbol: '-' });
    expect(d.ethereum).toMatchObject({ chain_name: 'Ethereum (L1)', symbol: 'ETH' });
    expect(d.top_contracts).toEqual({});
    expect(Object.keys(d.top_applications)).toEqual(['gainers', 'losers']);
    for (const side of ['gainers', 'losers'] as const) checkMixedTable(p, side, d.top_applications[side], LANDING_MOVER_COLUMNS);
    expectNone(p);
  });
});

describe('section 10.4: the ecosystem overview', () => {
  type Eco = { data: Record<string, any>; last_updated_utc: string };
  const eco = () => jsonOf<Eco>(ECOSYSTEM_PATH);

  /** A `values` table: the types, rows as long as them, numbers or null, `unix` last at ascending period starts. */
  const checkValues = (p: Problems, at: string, t: any, types: readonly string[], g: 'daily' | 'monthly', cell: (v: unknown, j: number) => boolean) => {
    if (JSON.stringify(t?.daily?.types) !== JSON.stringify(types)) p.push(`${at}.daily.types: ${JSON.stringify(t?.daily?.types)}`);
    const rows = t?.daily?.values;
    if (!Array.isArray(rows)) return p.push(`${at}.daily.values: not an array`);
    if ('data' in t.daily) p.push(`${at}.daily: carries data (the contract names the rows values)`);
    let prev = -Infinity;
    rows.forEach((row: unknown[], i: number) => {
      if (!Array.isArray(row) || row.length !== types.length) return p.push(`${at}.values[${i}]: ${JSON.stringify(row)}`);
      const unix = row[row.length - 1];
      if (typeof unix !== 'number' || !isPeriodStart(unix, g) || unix <= prev) p.push(`${at}.values[${i}]: unix ${String(unix)} is not an ascending ${g} start`);
      prev = unix as number;
      row.slice(0, -1).forEach((v, j) => {
        if (!cell(v, j)) p.push(`${at}.values[${i}][${j}]: ${JSON.stringify(v)}`);
      });
    });
  };

  it('every key with the contract types; row arrays named values with unix last', () => {
    const d = eco();
    const p: Problems = [];
    checkKeysInOrder(p, 'ecosystem', d, ['data', 'last_updated_utc']);
    expect(d.last_updated_utc).toMatch(LAST_UPDATED);
    checkKeysInOrder(p, 'data', d.data, ECOSYSTEM_DATA);
    const named = (v: unknown) => v === null || (Array.isArray(v) && v.length > 0 && v.every((x) => isObject(x) && typeof x.name === 'string' && typeof x.origin_key === 'string'));
    checkValues(p, 'count_layer2s', d.data.count_layer2s, COUNT_LAYER2S_TYPES, 'monthly', (v, j) => (j === 0 ? Number.isInteger(v) : named(v)));
    expect(d.data.count_layer2s.daily.values.length).toBeGreaterThan(0);
    for (const [name, types] of Object.entries(ECOSYSTEM_SERIES)) {
      expect(Object.keys(d.data[name]), name).toEqual([...ECOSYSTEM_SIDES]);
      for (const side of ECOSYSTEM_SIDES) checkValues(p, `${name}.${side}`, d.data[name][side], types, 'daily', isNumOrNull);
    }
    expect(d.data.tps.layer_2s.daily.values.length).toBeGreaterThan(0);
    expectNone(p);
  });

  it('count_layer2s counts the L2s of master.json by their launch month', () => {
    const rows = eco().data.count_layer2s.daily.values as Array<[number, Array<{ origin_key: string }> | null, unknown, number]>;
    const launched = rows.flatMap((r) => r[1] ?? []).map((x) => x.origin_key);
    expect(launched.sort()).toEqual(l2Keys().sort());
    expect(rows[rows.length - 1]![0]).toBe(l2Keys().length);
    for (const r of rows) if (r[1]) for (const x of r[1]) expect(master.chains[x.origin_key]!.launch_date.slice(0, 7)).toBe(iso(r[3]).slice(0, 7));
  });

  it('meet_l2s: a card per PROD L2 with the contract types', () => {
    const meet = eco().data.meet_l2s as Record<string, Record<string, unknown>>;
    expect(Object.keys(meet).sort()).toEqual(l2Keys().sort());
    const p: Problems = [];
    for (const [k, card] of Object.entries(meet)) {
      for (const [f, kinds] of MEET_L2_FIELDS) checkKind(p, `meet_l2s.${k}`, card, f, ...kinds);
      if (!Number.isInteger(card.total_aa) || (card.total_aa as number) < ((card.yesterday_aa as number | null) ?? 0)) p.push(`${k}.total_aa: ${String(card.total_aa)}`);
      if ((card.top_apps as unknown[]).length > 5) p.push(`${k}.top_apps: more than 5`);
    }
    expectNone(p);
  });
});

type BlockspaceObject = Record<string, any>;
const mainCategories = () => Object.keys((master.blockspace_categories as { main_categories: Record<string, string> }).main_categories);

/**
 * One chain object of section 10.5: every main category of master.json in `daily` and in every
 * timeframe, typed values, shares as fractions summing to 1, contracts with the contract columns.
 */
function checkBlockspaceObject(p: Problems, at: string, o: BlockspaceObject, timeframes: readonly string[], opts: { dailyRows: boolean; topContracts: number }): void {
  checkKeysInOrder(p, at, o, BLOCKSPACE_CHAIN_TOP);
  checkKind(p, at, o, 'chain_name', 'string');
  const cats = mainCategories();
  if (JSON.stringify(o.daily?.types) !== JSON.stringify(BLOCKSPACE_DAILY)) p.push(`${at}.daily.types: ${JSON.stringify(o.daily?.types)}`);
  if (opts.dailyRows) {
    const perDay = new Map<number, number[]>();
    for (const c of cats) {
      if (!isObject(o.daily[c])) {
        p.push(`${at}.daily.${c}: missing`);
        continue;
      }
      checkTypedTable(p, `${at}.daily.${c}`, { types: o.daily.types, data: o.daily[c].data }, { types: BLOCKSPACE_DAILY, granularity: 'daily', order: 'asc' });
      for (const row of o.daily[c].data as number[][]) {
        const sums = perDay.get(row[0]!) ?? [0, 0];
        perDay.set(row[0]!, [sums[0]! + row[4]!, sums[1]! + row[7]!]);
      }
    }
    for (const [day, [eth, tx]] of perDay) if (Math.abs(eth! - 1) > 1e-9 || Math.abs(tx! - 1) > 1e-9) p.push(`${at}.daily ${iso(day)}: shares sum to ${eth}, ${tx}`);
  } else if (Object.keys(o.daily ?? {}).join() !== 'types') p.push(`${at}.daily: holds more than its types`);
  if (JSON.stringify(o.overview?.types) !== JSON.stringify(BLOCKSPACE_VALUES)) p.push(`${at}.overview.types: ${JSON.stringify(o.overview?.types)}`);
  if (JSON.stringify(o.totals?.types) !== JSON.stringify(BLOCKSPACE_TOTALS)) p.push(`${at}.totals.types: ${JSON.stringify(o.totals?.types)}`);
  checkKeysInOrder(p, `${at}.overview`, o.overview, ['types', ...timeframes]);
  checkKeysInOrder(p, `${at}.totals`, o.totals, ['types', ...timeframes]);
  for (const tf of timeframes) {
    const entry = o.overview?.[tf] ?? {};
    const total = o.totals?.[tf]?.data;
    if (!Array.isArray(total) || total.length !== 3 || !total.every(isNumOrNull)) p.push(`${at}.totals.${tf}.data: ${JSON.stringify(total)}`);
    const shareSums = [0, 0, 0];
    let txSum = 0;
    for (const c of cats) {
      const e = entry[c];
      if (!isObject(e)) {
        p.push(`${at}.overview.${tf}.${c}: missing`);
        continue;
      }
      if (Object.keys(e).length === 0) continue; // a category without transactions in the window
      const v = e.data as unknown[];
      if (!Array.isArray(v) || v.length !== 6 || !v.every(isNumOrNull)) {
        p.push(`${at}.overview.${tf}.${c}.data: ${JSON.stringify(v)}`);
        continue;
      }
      txSum += v[2] as number;
      BLOCKSPACE_SHARES.forEach((i, j) => {
        const x = v[i] as number | null;
        if (x !== null && (x < 0 || x > 1)) p.push(`${at}.overview.${tf}.${c}: share ${BLOCKSPACE_VALUES[i]} ${x} is not a fraction`);
        shareSums[j]! += x ?? 0;
      });
      if (opts.topContracts > 0) {
        if (checkMixedTable(p, `${at}.overview.${tf}.${c}.contracts`, e.contracts, BLOCKSPACE_CONTRACT_COLUMNS)) {
          if (e.contracts.data.length > opts.topContracts) p.push(`${at}.overview.${tf}.${c}.contracts: ${e.contracts.data.length} rows`);
          for (const row of e.contracts.data as unknown[][]) if (row[3] !== c) p.push(`${at}.overview.${tf}.${c}.contracts: a ${String(row[3])} contract`);
          const fees = (e.contracts.data as unknown[][]).map((r) => r[6] as number);
          if (fees.some((f, i) => i > 0 && f > fees[i - 1]!)) p.push(`${at}.overview.${tf}.${c}.contracts: not by fees descending`);
        }
      } else if ('contracts' in e) p.push(`${at}.overview.${tf}.${c}: contracts listed`);
    }
    if (Array.isArray(total) && txSum !== total[2]) p.push(`${at}.overview.${tf}: categories' txcount ${txSum} ≠ total ${String(total[2])}`);
    if (txSum > 0 && (Math.abs(shareSums[0]! - 1) > 1e-9 || Math.abs(shareSums[2]! - 1) > 1e-9)) p.push(`${at}.overview.${tf}: shares sum to ${shareSums.join(', ')}`);
  }
}

describe('section 10.5: blockspace', () => {
  const withBlockspace = () => chainKeys().filter((k) => docs.has(blockspacePath(k)));

  it('a document for exactly the chains master.json shows the blockspace tab for; unknown chains and all_l2s answer 404', async () => {
    expect(withBlockspace().length).toBeGreaterThan(1);
    for (const [k, c] of Object.entries(master.chains)) expect(c.tab_status.blockspace, k).toBe(docs.has(blockspacePath(k)) ? 'active' : 'locked');
    expect(master.chains.all_l2s!.tab_status.blockspace).toBe('locked');
    for (const k of ['nosuch', ALL_L2S]) {
      const r = await request(server.base, blockspacePath(k));
      expect(r.status, k).toBe(404);
      expect(JSON.parse(r.body.toString('utf8')).error.code).toBe('not_found');
    }
  });

  it('per chain: the chain object with every main category in daily and in every timeframe, typed, shares as fractions', () => {
    const p: Problems = [];
    for (const k of withBlockspace()) {
      const o = jsonOf<BlockspaceObject>(blockspacePath(k));
      expect(Object.keys(o), k).toEqual([...BLOCKSPACE_CHAIN_TOP]);
      expect(o.chain_name).toBe(master.chains[k]!.name);
      checkBlockspaceObject(p, k, o, BLOCKSPACE_CHAIN_TIMEFRAMES, { dailyRows: true, topContracts: BLOCKSPACE_CHAIN_TOP_CONTRACTS });
      // Daily rows end with the last complete day; the max window covers every daily row.
      const rows = mainCategories().flatMap((c) => o.daily[c].data as number[][]);
      expect(Math.max(...rows.map((r) => r[0]!)), k).toBe(LAST_DAY);
      expect(o.totals.max.data[2], k).toBe(rows.reduce((x, r) => x + r[3]!, 0));
    }
    expectNone(p);
  });

  it('overview: every chain with a document plus all_l2s; daily holds only its types; contracts only under all_l2s', () => {
    const d = jsonOf<{ data: { metric_id: string; chains: Record<string, BlockspaceObject> } }>(BLOCKSPACE_OVERVIEW_PATH);
    expect(d.data.metric_id).toBe('overview');
    expect(Object.keys(d.data.chains).sort()).toEqual([...withBlockspace(), ALL_L2S].sort());
    const p: Problems = [];
    for (const [k, o] of Object.entries(d.data.chains)) {
      const all = k === ALL_L2S;
      checkBlockspaceObject(p, k, o, BLOCKSPACE_OVERVIEW_TIMEFRAMES, { dailyRows: false, topContracts: all ? BLOCKSPACE_ALL_L2S_TOP_CONTRACTS : 0 });
    }
    expectNone(p);
    // all_l2s is the L2s' sum (section 8).
    const l2s = l2Keys().filter((k) => k in d.data.chains);
    for (const tf of BLOCKSPACE_OVERVIEW_TIMEFRAMES) {
      expect(d.data.chains[ALL_L2S]!.totals[tf].data[2], tf).toBe(l2s.reduce((x, k) => x + d.data.chains[k]!.totals[tf].data[2], 0));
    }
  });
});

describe('paths clients build from master.json and section 9', () => {
  it('unknown export metric, a market metric of all_l2s and an unknown chain answer 404 with the JSON error body', async () => {
    for (const path of ['/v1/export/no_such_metric.json', '/v1/export/no_such_metric.csv', detailPath(ALL_L2S, 'market_cap'), detailPath('no_such_chain', 'txcount')]) {
      const r = await request(server.base, path);
      expect(r.status, path).toBe(404);
      const body = JSON.parse(r.body.toString('utf8')) as { error: Record<string, unknown> };
      expect(body.error, path).toMatchObject({ status: 404, code: 'not_found' });
      expect(typeof body.error.message).toBe('string');
      expect(typeof body.error.hint).toBe('string');
    }
  });

  it('openapi.json and /docs list the flat exports and the all_l2s documents', async () => {
    const paths = Object.keys((jsonOf<{ paths: Record<string, unknown> }>('/v1/openapi.json')).paths);
    const flat = paths.join(' ');
    for (const p of ['/export/{metric_id}.json', '/export/{metric_id}.csv', '/fundamentals.json', '/fundamentals_full.json', '/fundamentals.csv', '/fundamentals_full.csv', '/metrics/chains/{origin_key}/{metric_id}.json', '/fees/table.json', '/master.json']) {
      expect(flat, p).toContain(p);
    }
    const html = (await request(server.base, '/docs')).body.toString('utf8');
    for (const p of ['/export/', 'fundamentals.json', 'fundamentals_full.json']) expect(html, p).toContain(p);
  });
});

describe('the devnet demo speaks the reference keys, and says it is simulated', () => {
  it('ethereum, optimism, base and arbitrum exist in master.json, the fee table and metric paths', () => {
    for (const k of REFERENCE_KEYS) {
      expect(master.chains[k], k).toBeDefined();
      expect(fee.chain_data[k], k).toBeDefined();
      expect(docs.get(detailPath(k, 'txcount'))?.status, k).toBe(200);
      expect(master.chains[k]!.description, k).toMatch(/simulated/i);
    }
    for (const [k, c] of Object.entries(master.chains)) if (k !== ALL_L2S) expect(c.description, k).toMatch(/simulated/i);
  });
});

describe('reads the reference clients make without checking', () => {
  it('the web frontend renders: ecosystem.includes, da_layers, the home table and active-apps chart, default_chain_selection.filter, sources[name], links.website, ethereum_events, stack.label', () => {
    // Written as the client code is, so a missing key throws the TypeError the client would.
    const rendered: unknown[] = [];
    for (const [k, c] of Object.entries(master.chains)) {
      rendered.push(c.ecosystem.includes('op-stack'), c.links.website, c.stack.label.toUpperCase(), c.colors.light[0], c.url_key.length);
      rendered.push(Object.keys(c.tab_status).length, c.supported_metrics.includes('txcount'), k);
    }
    for (const [name, layer] of Object.entries(master.da_layers)) rendered.push(name, layer);
    // The home table (11.6): chainType from chain_type, kept when l1, rollup or others; sorted on maturity.split.
    const home = Object.entries(master.chains).filter(([k, c]) => k !== ALL_L2S && ['l1', 'rollup', 'others'].includes(c.chain_type));
    rendered.push(home.map(([, c]) => (c.maturity !== 'NA' && c.maturity !== undefined ? parseInt(c.maturity.split('_')[0], 10) : undefined)));
    for (const [, c] of home) if (c.maturity !== 'NA') rendered.push((master.maturity_levels as Record<string, { name: string }>)[c.maturity]!.name.length);
    expect(home.length, 'home table rows').toBe(Object.keys(master.chains).length - 1);
    for (const e of master.ethereum_events.filter((e) => e.show_in_chart)) rendered.push(e.date, e.title);
    for (const path of metricDetailPaths()) {
      const { key, metric } = parseDetailPath(path)!;
      for (const s of detail(key, metric).details.source) rendered.push(master.sources[s]!.name, master.sources[s]!.url);
      rendered.push(master.metrics[metric]!.units[Object.keys(master.metrics[metric]!.units)[0]!].decimals);
    }
    // The home page's active-apps chart (11.4): one stacked series per column from 1, named and
    // coloured by position (F:components/home/LandingEventsChart.tsx).
    const events = jsonOf<LandingEventsApps>(LANDING_EVENTS_APPS_PATH).data.apps_by_chain;
    const palette = events.colors.filter((c) => typeof c === 'string' && c.length > 0);
    for (let i = 0; i < events.names.length; i++) rendered.push(events.names[i]!.length, palette[i % palette.length]!.length, events.timeseries.values.map((r) => [r[0], r[i + 1]]));
    // The fee page: chain_data["ethereum"] and the last row of each table as the current value.
    const eth = fee.chain_data.ethereum!.hourly;
    rendered.push(eth.txcosts_median!.data.at(-1)![2], master.fee_metrics.txcosts_median!.name);
    expect(rendered.length).toBeGreaterThan(0);
  });
});

describe('section 11.3: category comparison', () => {
  const blockspaceCategories = () => master.blockspace_categories as { main_categories: Record<string, string>; mapping: Record<string, string[]> };
  const prodChains = () => Object.keys(master.chains).filter((k) => k !== ALL_L2S && master.chains[k]!.deployment === 'PROD');
  const node = (main: string) => jsonOf<{ data: Record<string, any>; last_updated_utc: string }>(categoryComparisonPath(main)).data[main];

  /** `daily` and `daily_7d_rolling` of a node: types, chains of master.json, consecutive days to the last complete one, the trailing mean. */
  function checkSeries(p: Problems, at: string, n: Record<string, any>): void {
    for (const key of ['daily', 'daily_7d_rolling']) {
      if (!isObject(n[key])) {
        p.push(`${at}.${key}: missing`);
        continue;
      }
      if (JSON.stringify(n[key].types) !== JSON.stringify(CATEGORY_COMPARISON_DAILY)) p.push(`${at}.${key}.types: ${JSON.stringify(n[key].types)}`);
      for (const ok of Object.keys(n[key]).filter((k) => k !== 'types')) {
        if (!prodChains().includes(ok)) p.push(`${at}.${key}.${ok}: not a PROD chain of master.json`);
        checkTypedTable(p, `${at}.${key}.${ok}`, { types: CATEGORY_COMPARISON_DAILY, data: n[key][ok] }, { types: CATEGORY_COMPARISON_DAILY, granularity: 'daily', order: 'asc' });
      }
    }
    for (const ok of Object.keys(n.daily ?? {}).filter((k) => k !== 'types')) {
      const rows = n.daily[ok] as number[][];
      if (rows.length === 0 || rows.at(-1)![0] !== LAST_DAY) p.push(`${at}.daily.${ok}: does not end with ${iso(LAST_DAY)}`);
      rows.forEach((r, i) => i > 0 && r[0]! - rows[i - 1]![0]! !== DAY_MS && p.push(`${at}.daily.${ok}[${i}]: ${iso(r[0]!)} does not follow ${iso(rows[i - 1]![0]!)}`));
      if (!(rows[0]![3]! > 0)) p.push(`${at}.daily.${ok}: the first row has no transaction`);
      const rolling = (n.daily_7d_rolling?.[ok] ?? []) as number[][];
      const want = rows.slice(CATEGORY_COMPARISON_ROLLING_ROWS - 1).map((r, i) => [r[0]!, ...[1, 2, 3].map((c) => rows.slice(i, i + CATEGORY_COMPARISON_ROLLING_ROWS).reduce((a, x) => a + x[c]!, 0) / CATEGORY_COMPARISON_ROLLING_ROWS)]);
      if (rolling.length !== want.length) p.push(`${at}.daily_7d_rolling.${ok}: ${rolling.length} rows, ${want.length} expected`);
      rolling.forEach((r, i) => r.forEach((v, c) => Math.abs(v - want[i]![c]!) > 1e-9 * Math.max(1, Math.abs(want[i]![c]!)) && p.push(`${at}.daily_7d_rolling.${ok}[${i}][${c}]: ${v}, mean ${want[i]![c]}`)));
    }
  }

  /** `aggregated[w].data`: types, five values per chain, the window's figures of the chain's blockspace document (10.5). */
  function checkWindows(p: Problems, at: string, n: Record<string, any>, category: string, overviewKey: (ok: string, w: string) => number[] | undefined): void {
    checkKeysInOrder(p, `${at}.aggregated`, n.aggregated, CATEGORY_COMPARISON_WINDOWS);
    for (const w of CATEGORY_COMPARISON_WINDOWS) {
      const data = n.aggregated?.[w]?.data;
      if (!isObject(data) || JSON.stringify(data.types) !== JSON.stringify(CATEGORY_COMPARISON_VALUES)) {
        p.push(`${at}.aggregated.${w}.data.types: ${JSON.stringify((data as any)?.types)}`);
        continue;
      }
      for (const [ok, v] of Object.entries(data).filter(([k]) => k !== 'types') as Array<[string, number[]]>) {
        if (!Array.isArray(v) || v.length !== 5 || !v.every(isNumOrNull)) p.push(`${at}.aggregated.${w}.data.${ok}: ${JSON.stringify(v)}`);
        for (const i of [2, 4]) if (v[i] !== null && (v[i]! < 0 || v[i]! > 1)) p.push(`${at}.aggregated.${w}.data.${ok}: ${CATEGORY_COMPARISON_VALUES[i]} ${v[i]} is not a fraction`);
        const want = overviewKey(ok, w);
        // 10.5's order is eth, usd, txcount, share_eth, share_usd, share_tx; here eth, usd, share (ETH), txcount, share.
        if (want === undefined) p.push(`${at}.aggregated.${w}.data.${ok}: ${category} has nothing in ${ok}'s blockspace document`);
        else if (JSON.stringify(v) !== JSON.stringify([want[0], want[1], want[3], want[2], want[5]])) p.push(`${at}.aggregated.${w}.data.${ok}: ${JSON.stringify(v)}, blockspace ${JSON.stringify(want)}`);
      }
    }
  }

  it('index.json: every main category of master.json in order, each with its sub-category array', () => {
    const d = jsonOf<{ data: Record<string, { type: string; subcategories: string[] }>; last_updated_utc: string }>(CATEGORY_COMPARISON_INDEX_PATH);
    expect(Object.keys(d)).toEqual(['data', 'last_updated_utc']);
    expect(d.last_updated_utc).toMatch(LAST_UPDATED);
    const { main_categories, mapping } = blockspaceCategories();
    expect(Object.keys(d.data)).toEqual(Object.keys(main_categories));
    for (const [main, e] of Object.entries(d.data)) {
      expect(Object.keys(e), main).toEqual(['type', 'subcategories']);
      expect(e.type).toBe('main_category');
      expect(Array.isArray(e.subcategories), main).toBe(true);
      expect(e.subcategories, main).toEqual(mapping[main]!.filter((s) => e.subcategories.includes(s)));
      expect(e.subcategories, main).toEqual(node(main).subcategories.list);
    }
  });

  it('{main}.json for every main category, with every key of N and of each listed sub\'s S; an unknown category answers 404', async () => {
    const p: Problems = [];
    const { main_categories, mapping } = blockspaceCategories();
    const seen = new Set<string>();
    for (const main of Object.keys(main_categories)) {
      const path = categoryComparisonPath(main);
      if (docs.get(path)?.status !== 200) {
        p.push(`${path}: not published`);
        continue;
      }
      const d = jsonOf<{ data: Record<string, any>; last_updated_utc: string }>(path);
      checkKeysInOrder(p, path, d, ['data', 'last_updated_utc']);
      if (!LAST_UPDATED.test(d.last_updated_utc)) p.push(`${path}: last_updated_utc ${d.last_updated_utc}`);
      checkKeysInOrder(p, `${path}.data`, d.data, [main]);
      const n = d.data[main];
      checkKeysInOrder(p, main, n, CATEGORY_COMPARISON_MAIN_NODE);
      if (n.type !== 'main_category') p.push(`${main}.type: ${n.type}`);
      const list = n.subcategories?.list as string[];
      checkKeysInOrder(p, `${main}.subcategories`, n.subcategories, ['list', ...list]);
      if (JSON.stringify(list) !== JSON.stringify(mapping[main]!.filter((s) => list.includes(s)))) p.push(`${main}.subcategories.list: ${JSON.stringify(list)} is not a part of mapping.${main} in its order`);
      checkSeries(p, main, n);
      const own = (ok: string, w: string) => jsonOf<Record<string, any>>(blockspacePath(ok)).overview[w][main]?.data as number[] | undefined;
      checkWindows(p, main, n, main, own);
      for (const ok of Object.keys(n.daily).filter((k) => k !== 'types')) seen.add(ok);
      for (const sub of list) {
        const s = n.subcategories[sub];
        checkKeysInOrder(p, `${main}.${sub}`, s, CATEGORY_COMPARISON_SUB_NODE);
        if (s.type !== 'sub_category') p.push(`${main}.${sub}.type: ${s.type}`);
        checkSeries(p, `${main}.${sub}`, s);
        if (Object.keys(s.daily).length < 2) p.push(`${main}.${sub}: listed without any chain's daily rows`);
        for (const w of CATEGORY_COMPARISON_WINDOWS) checkKeysInOrder(p, `${main}.${sub}.aggregated.${w}`, s.aggregated?.[w], ['data']);
      }
      // A sub's window figures add up to its main category's.
      for (const w of CATEGORY_COMPARISON_WINDOWS) {
        for (const [ok, v] of Object.entries(n.aggregated[w].data).filter(([k]) => k !== 'types') as Array<[string, number[]]>) {
          const tx = list.reduce((a, sub) => a + ((n.subcategories[sub].aggregated[w].data[ok] as number[] | undefined)?.[3] ?? 0), 0);
          if (tx !== v[3]) p.push(`${main}.aggregated.${w}.${ok}: the subs' txcount ${tx} ≠ ${v[3]}`);
        }
      }
    }
    expectNone(p);
    // ethereum is compared too; all_l2s never is.
    expect(seen.has('ethereum')).toBe(true);
    expect(seen.has(ALL_L2S)).toBe(false);
    for (const path of [categoryComparisonPath('no_such_category'), '/v1/blockspace/category_comparison/']) {
      const r = await request(server.base, path);
      expect(r.status, path).toBe(404);
      expect(JSON.parse(r.body.toString('utf8')).error.code).toBe('not_found');
    }
  });

  it('contracts, on main nodes only: the contract columns, EIP-55 addresses, display names, the category, fees descending', () => {
    const p: Problems = [];
    const { main_categories, mapping } = blockspaceCategories();
    const names = new Set(jsonOf<ProjectList>(PROJECTS).data.data.map((r) => r[1] as string));
    let rows = 0;
    for (const main of Object.keys(main_categories)) {
      const n = node(main);
      for (const w of CATEGORY_COMPARISON_WINDOWS) {
        const at = `${main}.aggregated.${w}.contracts`;
        if (!checkMixedTable(p, at, n.aggregated[w].contracts, BLOCKSPACE_CONTRACT_COLUMNS)) continue;
        const data = n.aggregated[w].contracts.data as unknown[][];
        rows += data.length;
        // At most the top 50 plus 40 per (sub, chain) of the category.
        const groups = new Set(data.map((r) => `${r[4]} ${r[5]}`)).size;
        if (data.length > CATEGORY_COMPARISON_TOP + 2 * CATEGORY_COMPARISON_TOP_PER_SUB_CHAIN * groups) p.push(`${at}: ${data.length} rows`);
        data.forEach((r, i) => {
          if (r[0] !== getAddress(r[0] as string)) p.push(`${at}[${i}]: ${String(r[0])} is not EIP-55`);
          if (r[1] !== null && !names.has(r[1] as string)) p.push(`${at}[${i}]: project_name ${String(r[1])} is no display_name of projects.json`);
          if (r[3] !== main) p.push(`${at}[${i}]: main_category_key ${String(r[3])}`);
          if (!mapping[main]!.includes(r[4] as string)) p.push(`${at}[${i}]: sub_category_key ${String(r[4])} is not in mapping.${main}`);
          if (!prodChains().includes(r[5] as string)) p.push(`${at}[${i}]: chain ${String(r[5])}`);
          if (i > 0 && (r[6] as number) > (data[i - 1]![6] as number)) p.push(`${at}[${i}]: not by fees descending`);
        });
      }
      for (const sub of n.subcategories.list as string[]) for (const w of CATEGORY_COMPARISON_WINDOWS) if ('contracts' in n.subcategories[sub].aggregated[w]) p.push(`${main}.${sub}.aggregated.${w}: contracts listed`);
    }
    expectNone(p);
    expect(rows).toBeGreaterThan(0);
  });

  it('the page\'s unguarded reads: the selected category\'s daily or rolling rows per chain, the subs\' rows and window values by types.indexOf', () => {
    // Written as the client code is (CategoryMetrics.tsx), so a missing key throws the TypeError the client would.
    const index = jsonOf<{ data: Record<string, { subcategories: string[] }> }>(CATEGORY_COMPARISON_INDEX_PATH).data;
    const rendered: unknown[] = [];
    for (const [main, { subcategories }] of Object.entries(index)) {
      const data = { [main]: node(main) };
      for (const timespan of CATEGORY_COMPARISON_WINDOWS) {
        const dailyKey = ['180d', 'max'].includes(timespan) ? 'daily_7d_rolling' : 'daily';
        for (const chain of Object.keys(data[main]![dailyKey]).filter((k) => k !== 'types')) {
          rendered.push(data[main]![dailyKey][chain].length);
          for (const sub of subcategories) rendered.push(data[main]!.subcategories[sub][dailyKey][chain]);
        }
        for (const type of ['gas_fees_absolute_eth', 'gas_fees_absolute_usd', 'gas_fees_share', 'txcount_absolute', 'txcount_share']) {
          for (const sub of subcategories) {
            const chains = data[main]!.subcategories[sub]?.aggregated?.[timespan]?.data;
            const i = chains.types.indexOf(type);
            expect(i, type).toBeGreaterThanOrEqual(0);
            for (const chain of Object.keys(chains).filter((k) => k !== 'types')) rendered.push(chains[chain][i]);
          }
        }
        for (const r of data[main]!.aggregated[timespan].contracts.data) rendered.push(r[0].length, r[5]);
      }
    }
    expect(rendered.length).toBeGreaterThan(0);
  });
});

describe('section 11.1: economics', () => {
  const econ = () => jsonOf<Economics>(ECONOMICS_PATH);
  const listed = () => Object.keys(econ().data.chain_breakdown).filter((k) => k !== 'totals');
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  const pairOk = (p: Problems, at: string, v: unknown) => {
    if (!Array.isArray(v) || v.length !== 2 || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) p.push(`${at}: ${JSON.stringify(v)} is not [usd, eth]`);
  };
  /** W: every key, types, totals as pairs or singles, and the arithmetic between them. */
  const checkWindow = (p: Problems, at: string, w: EconomicsWindow, split: boolean) => {
    checkKeysInOrder(p, at, w, ECONOMICS_W);
    for (const k of ['revenue', 'costs', 'profit'] as const) {
      if (JSON.stringify(w[k].types) !== JSON.stringify(ECONOMICS_MONEY_TYPES)) p.push(`${at}.${k}.types: ${JSON.stringify(w[k].types)}`);
      pairOk(p, `${at}.${k}.total`, w[k].total);
    }
    checkKeysInOrder(p, `${at}.costs`, w.costs, split ? ['types', 'total', 'costs_l1', 'costs_blobs'] : ['types', 'total']);
    if (split) {
      pairOk(p, `${at}.costs.costs_l1`, w.costs.costs_l1);
      pairOk(p, `${at}.costs.costs_blobs`, w.costs.costs_blobs);
      for (const i of [0, 1]) if (!close(w.costs.costs_l1![i]! + w.costs.costs_blobs![i]!, w.costs.total[i])) p.push(`${at}.costs: costs_l1 + costs_blobs ≠ total`);
    }
    for (const i of [0, 1]) if (!close(w.profit.total[i], w.revenue.total[i] - w.costs.total[i])) p.push(`${at}.profit: not revenue − costs`);
    if (JSON.stringify(w.profit_margin.types) !== '["percentage"]' || w.profit_margin.total.length !== 1) p.push(`${at}.profit_margin: ${JSON.stringify(w.profit_margin)}`);
    const [rev, profit] = [w.revenue.total[1], w.profit.total[1]];
    const margin = rev === 0 ? 0 : Math.min(1, profit / rev);
    if (!close(w.profit_margin.total[0], margin)) p.push(`${at}.profit_margin: ${w.profit_margin.total[0]}, by the rule ${margin}`);
    if (JSON.stringify(w.size.types) !== '["bytes"]' || w.size.total.length !== 1 || !Number.isInteger(w.size.total[0]) || w.size.total[0] < 0) p.push(`${at}.size: ${JSON.stringify(w.size)}`);
  };

  it('every key; da_charts is {}; published daily like the other documents', () => {
    const d = econ();
    expect(Object.keys(d)).toEqual(['data', 'last_updated_utc']);
    expect(d.last_updated_utc).toMatch(LAST_UPDATED);
    expect(Object.keys(d.data)).toEqual([...ECONOMICS_DATA]);
    expect(d.data.da_charts).toEqual({});
    expect(Object.keys(d.data.all_l2s)).toEqual([...ECONOMICS_ALL_L2S]);
    expect(d.data.all_l2s.chain_id).toBe(ALL_L2S);
  });

  it('lists exactly the PROD Ethereum-DA L2s with rent, each with a da_layer the page recognises', () => {
    const want = l2Keys().filter((k) => {
      const da = master.chains[k]!.da_layer as string | null;
      if (k === 'ethereum' || da === null || !(da.includes('blobs') || da.includes('calldata'))) return false;
      const rent = docs.has(detailPath(k, 'rent_paid')) ? detail(k, 'rent_paid').details.timeseries.daily! : null;
      return rent !== null && rent.data.some((r) => (r[2] ?? 0) > 0);
    });
    expect(want.length).toBeGreaterThan(0);
    expect(listed()).toEqual([...want].sort());
    expect(Object.keys(econ().data.chain_breakdown).at(-1)).toBe('totals');
    for (const k of listed()) {
      expect(master.chains[k]!.deployment).toBe('PROD');
      expect(ECONOMICS_DA_LABELS.some((l) => (master.chains[k]!.da_layer as string).includes(l)), k).toBe(true);
    }
  });

  it('each chain: the seven windows then daily and monthly; W figures add up; longer windows hold at least the shorter ones', () => {
    const p: Problems = [];
    const breakdown = econ().data.chain_breakdown;
    for (const k of listed()) {
      const c = breakdown[k]!;
      checkKeysInOrder(p, k, c, [...ECONOMICS_WINDOWS, 'daily', 'monthly']);
      ECONOMICS_WINDOWS.forEach((w, i) => {
        checkWindow(p, `${k}.${w}`, c[w], true);
        const prev = i > 0 ? c[ECONOMICS_WINDOWS[i - 1]!] : null;
        if (prev && (c[w].revenue.total[1] < prev.revenue.total[1] || c[w].costs.total[1] < prev.costs.total[1] || c[w].size.total[0] < prev.size.total[0])) p.push(`${k}.${w}: less than ${ECONOMICS_WINDOWS[i - 1]}`);
      });
    }
    const totals = breakdown.totals;
    checkKeysInOrder(p, 'totals', totals, ECONOMICS_WINDOWS);
    for (const w of ECONOMICS_WINDOWS) {
      checkWindow(p, `totals.${w}`, totals[w], false);
      for (const i of [0, 1]) {
        for (const f of ['revenue', 'costs'] as const) {
          const sum = listed().reduce((a, k) => a + breakdown[k]![w][f].total[i]!, 0);
          if (!close(totals[w][f].total[i]!, sum)) p.push(`totals.${w}.${f}: ${totals[w][f].total[i]}, the chains sum to ${sum}`);
        }
      }
      const size = listed().reduce((a, k) => a + breakdown[k]![w].size.total[0], 0);
      if (totals[w].size.total[0] !== size) p.push(`totals.${w}.size: ${totals[w].size.total[0]}, the chains sum to ${size}`);
    }
    expectNone(p);
  });

  it('daily: from the first day with rent to the last complete day, the same days in all three, equal to the fees and rent_paid documents; monthly: their calendar sums', () => {
    const p: Problems = [];
    for (const k of listed()) {
      const c = econ().data.chain_breakdown[k]!;
      checkKeysInOrder(p, `${k}.daily`, c.daily, ECONOMICS_SERIES);
      checkKeysInOrder(p, `${k}.monthly`, c.monthly, ECONOMICS_SERIES);
      for (const s of ECONOMICS_SERIES) {
        checkTypedTable(p, `${k}.daily.${s}`, c.daily[s], { types: ECONOMICS_SERIES_TYPES, granularity: 'daily' });
        checkTypedTable(p, `${k}.monthly.${s}`, c.monthly[s], { types: ECONOMICS_SERIES_TYPES, granularity: 'monthly' });
      }
      const days = c.daily.revenue.data.map((r) => r[0]);
      if (days.length === 0) {
        p.push(`${k}.daily: empty`);
        continue;
      }
      for (const s of ['costs', 'profit'] as const) if (JSON.stringify(c.daily[s].data.map((r) => r[0])) !== JSON.stringify(days)) p.push(`${k}.daily.${s}: other days than revenue`);
      days.forEach((d, i) => i > 0 && d - days[i - 1]! !== DAY_MS && p.push(`${k}.daily: ${iso(d)} does not follow ${iso(days[i - 1]!)}`));
      if (days.at(-1) !== LAST_DAY) p.push(`${k}.daily: ends ${iso(days.at(-1)!)}, not ${iso(LAST_DAY)}`);
      if (!(c.daily.costs.data[0]![2] > 0)) p.push(`${k}.daily: the first day has no rent`);
      // Revenue is the fees document's daily value, costs the rent_paid document's (0 where it has none).
      const byDay = (m: string) => new Map(detail(k, m).details.timeseries.daily!.data.map((r) => [r[0]!, r]));
      const [fees, rent] = [byDay('fees'), byDay('rent_paid')];
      c.daily.revenue.data.forEach(([d, usd, eth], i) => {
        const f = fees.get(d) ?? [d, 0, 0];
        const r = rent.get(d) ?? [d, 0, 0];
        if (!close(usd, f[1] ?? 0) || !close(eth, f[2] ?? 0)) p.push(`${k}.daily.revenue ${iso(d)}: [${usd}, ${eth}], fees.json has [${f[1]}, ${f[2]}]`);
        const cost = c.daily.costs.data[i]!;
        if (!close(cost[1], r[1] ?? 0) || !close(cost[2], r[2] ?? 0)) p.push(`${k}.daily.costs ${iso(d)}: [${cost[1]}, ${cost[2]}], rent_paid.json has [${r[1]}, ${r[2]}]`);
        const profit = c.daily.profit.data[i]!;
        if (!close(profit[2], eth - cost[2])) p.push(`${k}.daily.profit ${iso(d)}: not revenue − costs`);
      });
      const max = c.max;
      const sum = (s: 'revenue' | 'costs', j: 1 | 2) => c.daily[s].data.reduce((a, r) => a + r[j], 0);
      if (!close(max.revenue.total[1], sum('revenue', 2)) || !close(max.costs.total[0], sum('costs', 1))) p.push(`${k}.max: not the sum of the daily rows`);
      for (const s of ECONOMICS_SERIES) {
        const months = new Map<number, [number, number]>();
        for (const [d, usd, eth] of c.daily[s].data) {
          const m = Date.UTC(new Date(d).getUTCFullYear(), new Date(d).getUTCMonth(), 1);
          const acc = months.get(m) ?? [0, 0];
          months.set(m, [acc[0] + usd, acc[1] + eth]);
        }
        const want = [...months].map(([m, [usd, eth]]) => [m, usd, eth]);
        const got = c.monthly[s].data;
        if (got.length !== want.length || got.some((r, i) => r[0] !== want[i]![0] || !close(r[1], want[i]![1]!) || !close(r[2], want[i]![2]!))) p.push(`${k}.monthly.${s}: not the calendar sums of the daily rows`);
      }
    }
    expectNone(p);
  });

  it('all_l2s.metrics: fees, costs {costs_l1, costs_blobs}, profit only; names and sources from master; 720 days to the last complete day; monthly sums', () => {
    const m = econ().data.all_l2s.metrics;
    expect(Object.keys(m)).toEqual([...ECONOMICS_CAROUSEL]);
    expect(Object.keys(m.costs)).toEqual([...ECONOMICS_CAROUSEL_COSTS]);
    const leaves = { fees: m.fees, costs_l1: m.costs.costs_l1, costs_blobs: m.costs.costs_blobs, profit: m.profit };
    expect([leaves.fees.metric_name, leaves.costs_l1.metric_name, leaves.costs_blobs.metric_name, leaves.profit.metric_name]).toEqual([
      master.metrics.fees!.name,
      'L1 Costs',
      'Blobs',
      master.metrics.profit!.name,
    ]);
    expect(leaves.fees.source).toEqual(master.metrics.fees!.source);
    expect(leaves.profit.source).toEqual(master.metrics.profit!.source);
    const p: Problems = [];
    const first = LAST_DAY - (ECONOMICS_CAROUSEL_DAYS - 1) * DAY_MS;
    for (const [name, l] of Object.entries(leaves)) {
      checkKeysInOrder(p, name, l, ECONOMICS_CAROUSEL_FIELDS);
      if (l.avg !== 'true') p.push(`${name}.avg: ${JSON.stringify(l.avg)}`);
      for (const s of l.source) if (!(s in master.sources)) p.push(`${name}.source: ${s} is not in master.sources`);
      checkTypedTable(p, `${name}.daily`, l.daily, { types: ECONOMICS_SERIES_TYPES, granularity: 'daily' });
      checkTypedTable(p, `${name}.monthly`, l.monthly, { types: ECONOMICS_SERIES_TYPES, granularity: 'monthly' });
      const days = l.daily.data.map((r) => r[0]);
      if (days.length !== ECONOMICS_CAROUSEL_DAYS || days[0] !== first || days.at(-1) !== LAST_DAY) p.push(`${name}.daily: ${days.length} rows ${iso(days[0]!)}..${iso(days.at(-1)!)}`);
      const monthSum = l.monthly.data.reduce((a, r) => a + r[2], 0);
      const daySum = l.daily.data.reduce((a, r) => a + r[2], 0);
      if (!close(monthSum, daySum)) p.push(`${name}.monthly: sums to ${monthSum}, the days to ${daySum}`);
      if (l.monthly.data[0]![0] !== Date.UTC(new Date(first).getUTCFullYear(), new Date(first).getUTCMonth(), 1)) p.push(`${name}.monthly: does not start with the month of ${iso(first)}`);
    }
    // Each day sums the listed chains' daily rows (fees = revenue, costs_l1 + costs_blobs = costs).
    const breakdown = econ().data.chain_breakdown;
    const sumOn = (s: 'revenue' | 'costs', d: number) => listed().reduce((a, k) => a + (breakdown[k]!.daily[s].data.find((r) => r[0] === d)?.[2] ?? 0), 0);
    leaves.fees.daily.data.forEach(([d, , eth], i) => {
      if (!close(eth, sumOn('revenue', d))) p.push(`fees.daily ${iso(d)}: ${eth}, the chains sum to ${sumOn('revenue', d)}`);
      const costs = leaves.costs_l1.daily.data[i]![2] + leaves.costs_blobs.daily.data[i]![2];
      if (!close(costs, sumOn('costs', d))) p.push(`costs.daily ${iso(d)}: ${costs}, the chains sum to ${sumOn('costs', d)}`);
    });
    expectNone(p);
  });
});
describe('section 11.2: data availability', () => {
  type Pair = { types: string[]; total: number[] };
  const overview = () => jsonOf<any>(DA_OVERVIEW_PATH).data;
  const layers = () => Object.keys(master.da_layers);

  it('master.json: da_layers.da_ethereum_blobs and the five da_metrics with the section 6 keys and the contract values', () => {
    const p: Problems = [];
    expect(layers()).toEqual([DA_LAYER_KEY]);
    const layer = master.da_layers[DA_LAYER_KEY] as Record<string, unknown>;
    for (const [k, kinds] of DA_LAYER_FIELDS) checkKind(p, `da_layers.${DA_LAYER_KEY}`, layer, k, ...kinds);
    const da = (master as Record<string, any>).da_metrics as Record<string, Record<string, any>>;
    expect(Object.keys(da).sort()).toEqual(Object.keys(DA_METRICS_SPEC).sort());
    for (const [id, spec] of Object.entries(DA_METRICS_SPEC)) {
      for (const [k, kinds] of METRIC_FIELDS) checkKind(p, `da_metrics.${id}`, da[id]!, k, ...kinds);
      expect(da[id], id).toMatchObject({ metric_keys: [...spec.metric_keys], icon: spec.icon, monthly_agg: spec.monthly_agg, hourly_available: false, supported_chains: [DA_LAYER_KEY] });
      expect(Object.keys(da[id]!.units).sort(), id).toEqual(spec.money ? ['eth', 'usd'] : ['value']);
    }
    expect(da.blob_producers!.name).toBe('DA Consumers');
    expect(da.data_posted!.units.value.suffix).toBe('GB');
    expect(da.blob_count!.units.value.decimals).toBe(0);
    expectNone(p);
  });

  it('da_overview: every key; the layer series daily (full history) and monthly; top 5 consumers per window in bytes', () => {
    const p: Problems = [];
    const d = overview();
    checkKeysInOrder(p, 'da_overview.data.all_da', d.all_da, [...DA_OVERVIEW_ALL_DA]);
    expect(d.all_da.da_id).toBe('all_da');
    expect(Object.keys(d.all_da.metrics)).toEqual(['fees_paid', 'data_posted']);
    for (const [metric, types] of [['fees_paid', ['unix', 'usd', 'eth']], ['data_posted', ['unix', 'value']]] as const) {
      expect(Object.keys(d.all_da.metrics[metric])).toEqual(layers());
      for (const k of layers()) {
        const m = d.all_da.metrics[metric][k];
        checkKeysInOrder(p, `all_da.metrics.${metric}.${k}`, m, [...DA_LAYER_METRIC_KEYS]);
        checkTypedTable(p, `all_da.metrics.${metric}.${k}.daily`, m.daily, { types, granularity: 'daily' });
        checkTypedTable(p, `all_da.metrics.${metric}.${k}.monthly`, m.monthly, { types, granularity: 'monthly' });
        // The x-range is read from the first and last rows unguarded: never empty, ending yesterday.
        expect(m.daily.data.length, `${metric} ${k}`).toBeGreaterThan(0);
        expect(m.daily.data.at(-1)[0]).toBe(LAST_DAY);
      }
    }
    expect(Object.keys(d.all_da.top_da_consumers)).toEqual([...DA_WINDOWS]);
    for (const w of DA_WINDOWS) {
      const t = d.all_da.top_da_consumers[w];
      expect(t.types, w).toEqual([...DA_CONSUMER_COLUMNS]);
      expect(t.data.length, w).toBeLessThanOrEqual(DA_TOP_CONSUMERS);
      expect(new Set(t.data.map((r: unknown[]) => r[0])).size, w).toBe(t.data.length);
      for (const r of t.data) {
        if (typeof r[0] !== 'string' || typeof r[1] !== 'string' || typeof r[3] !== 'string' || !Number.isInteger(r[4])) p.push(`top_da_consumers.${w}: ${JSON.stringify(r)}`);
        if (!layers().includes(r[2])) p.push(`top_da_consumers.${w}: layer ${r[2]} not in da_layers`);
        if (!(r[3] in master.chains)) p.push(`top_da_consumers.${w}: ${r[3]} is not a chain of master.json`);
      }
    }
    expect(d.all_da.top_da_consumers.max.data.length).toBeGreaterThan(0);
    expectNone(p);
  });

  it('da_breakdown: every key a da_layers key or totals; per window fees, size, fees_per_mb, consumers over 0.1 GiB, fixed_params, the pie with others', () => {
    const p: Problems = [];
    const b = overview().da_breakdown;
    expect(Object.keys(b)).toEqual([...layers(), 'totals']);
    const pairOk = (at: string, x: Pair, types: string[], n: number) => {
      if (JSON.stringify(x?.types) !== JSON.stringify(types) || !Array.isArray(x.total) || x.total.length !== n || !x.total.every(isNumOrNull)) p.push(`${at}: ${JSON.stringify(x)}`);
    };
    for (const w of DA_WINDOWS) {
      const layer = b[DA_LAYER_KEY][w];
      checkKeysInOrder(p, `da_breakdown.${w}`, layer, [...DA_BREAKDOWN_KEYS]);
      pairOk(`${w}.fees`, layer.fees, ['usd', 'eth'], 2);
      pairOk(`${w}.size`, layer.size, ['bytes'], 1);
      pairOk(`${w}.fees_per_mb`, layer.fees_per_mb, ['usd', 'eth'], 2);
      if (layer.size.total[0] > 0) expect(Math.abs(layer.fees_per_mb.total[1] - layer.fees.total[1] / (layer.size.total[0] / 1024 ** 2))).toBeLessThan(1e-9 * Math.abs(layer.fees_per_mb.total[1]) + 1e-300);
      expect(layer.da_consumers.count).toBe(layer.da_consumers.chains.values.length);
      expect(layer.da_consumers.chains.types).toEqual([...DA_CHAINS_COLUMNS]);
      // The same list in every window.
      expect(layer.da_consumers, w).toEqual(b[DA_LAYER_KEY].max.da_consumers);
      expect(Object.keys(layer.fixed_params)).toEqual([...DA_FIXED_PARAMS]);
      for (const k of DA_FIXED_PARAMS) if (typeof layer.fixed_params[k] !== 'string') p.push(`${w}.fixed_params.${k}: not a string`);
      expect(new URL(layer.fixed_params.l2beat_risk).protocol).toBe('https:');
      const chart = layer.da_consumer_chart;
      expect(chart.types).toEqual([...DA_CONSUMER_COLUMNS]);
      expect(chart.data.length).toBeLessThanOrEqual(DA_CHART_CONSUMERS + 1);
      const others = chart.data.at(-1);
      expect(others.slice(0, 4)).toEqual(['others', 'Others', null, null]);
      expect(chart.data.reduce((s: number, r: number[]) => s + r[4]!, 0), w).toBe(layer.size.total[0]);
      checkKeysInOrder(p, `totals.${w}`, b.totals[w], [...DA_TOTALS_KEYS]);
    }
    // Consumers over 0.1 GiB, by lifetime bytes (the max window's top list says how much each posted).
    const lifetime = new Map(overview().all_da.top_da_consumers.max.data.map((r: any[]) => [r[0], r[4]]));
    const listed = b[DA_LAYER_KEY].max.da_consumers.chains.values.map((r: string[]) => r[0]);
    for (const k of listed) if (lifetime.has(k)) expect(lifetime.get(k)).toBeGreaterThanOrEqual(DA_CONSUMER_MIN_BYTES);
    expectNone(p);
  });

  it('da_timeseries: per layer and window the top 7 and others, rows named values with unix last, ascending period starts', () => {
    const p: Problems = [];
    const t = jsonOf<any>(DA_TIMESERIES_PATH).data.da_layers;
    expect(Object.keys(t)).toEqual(layers());
    for (const w of DA_WINDOWS) {
      const consumers = t[DA_LAYER_KEY][w].da_consumers;
      const keys = Object.keys(consumers);
      expect(keys.at(-1), w).toBe('others');
      expect(keys.length, w).toBeLessThanOrEqual(DA_CHART_CONSUMERS + 1);
      for (const k of keys) {
        for (const g of ['daily', 'monthly'] as const) {
          const s = consumers[k][g];
          expect(s.types).toEqual([...DA_TIMESERIES_COLUMNS]);
          let prev = -Infinity;
          for (const r of s.values) {
            if (r[0] !== k || typeof r[1] !== 'string' || (k === 'others' ? r[2] !== null : r[2] !== k) || !Number.isInteger(r[3])) p.push(`${w}.${k}.${g}: ${JSON.stringify(r)}`);
            if (!isPeriodStart(r[4], g) || r[4] <= prev) p.push(`${w}.${k}.${g}: unix ${r[4]} after ${prev}`);
            prev = r[4];
          }
        }
      }
    }
    expectNone(p);
  });

  it('metric details: one per DA metric of the layer, section 1 keys without hourly; any other layer is a 404', async () => {
    const p: Problems = [];
    for (const [id, spec] of Object.entries(DA_METRICS_SPEC)) {
      const path = daMetricPath(DA_LAYER_KEY, id);
      const d = jsonOf<Detail>(path);
      checkKeysInOrder(p, path, d.details, ['metric_id', 'metric_name', 'source', 'timeseries', 'changes', 'summary']);
      expect(d.details.metric_id).toBe(id);
      expect(Object.keys(d.details.timeseries)).toEqual([...DETAIL_TIMESERIES]);
      expect(Object.keys(d.details.changes)).toEqual(['daily', 'weekly', 'monthly']);
      const cols = valueColumns(spec.money);
      for (const g of ['daily', 'weekly', 'monthly', 'quarterly'] as const) checkTypedTable(p, `${path}.${g}`, d.details.timeseries[g], { types: ['unix', ...cols], granularity: g });
      expect(d.details.timeseries.daily!.data.at(-1)![0]).toBe(LAST_DAY);
      for (const s of d.details.source) expect(master.sources[s], s).toBeDefined();
    }
    expect([...docs.keys()].filter((k) => k.startsWith('/v1/metrics/data_availability/')).length).toBe(Object.keys(DA_METRICS_SPEC).length);
    expect((await request(server.base, daMetricPath('da_celestia', 'fees_paid'))).status).toBe(404);
    expectNone(p);
  });

  it('the reference page reads every da_breakdown layer in da_layers unguarded, and fees_paid by position', () => {
    const rendered: unknown[] = [];
    const all = master.da_layers as Record<string, { url_key: string; name: string; colors: { dark: string[] } }>;
    for (const k of Object.keys(overview().da_breakdown).filter((k) => k !== 'totals')) rendered.push(all[k]!.url_key.replaceAll('-', '_'), all[k]!.colors.dark[0]!.length, all[k]!.name.length);
    for (const [k, m] of Object.entries(overview().all_da.metrics.fees_paid) as Array<[string, any]>) {
      const i = m.daily.types.indexOf('usd');
      rendered.push(k, m.daily.data[m.daily.data.length - 1][0], m.daily.data[0][0], m.daily.data[0][i]);
    }
    expect(rendered.length).toBeGreaterThan(0);
  });
});

// Section 13 adds keys for clients that look for them; a client of the reference must see the
// same keys it reads today, in the same order, and nothing else new.
describe('section 13: provenance is additive', () => {
  const CONTRACT_DETAIL_KEYS = ['metric_id', 'metric_name', 'source', 'timeseries', 'changes', 'summary'];
  const CHAIN_PROVENANCE = ['first_block', 'last_block', 'last_block_time', 'finalized_through_block', 'complete_days_through', 'sources'];

  it('a chain metric detail adds only details.provenance, after summary; all_l2s adds only details.chains', () => {
    const p: Problems = [];
    for (const path of metricDetailPaths()) {
      const { key } = parseDetailPath(path)!;
      const d = JSON.parse(docs.get(path)!.text) as Record<string, unknown> & { details: Record<string, unknown> };
      if (JSON.stringify(Object.keys(d)) !== JSON.stringify(['last_updated_utc', 'details'])) p.push(`${path}: top keys ${Object.keys(d).join(',')}`);
      const added = key === ALL_L2S ? 'chains' : 'provenance';
      if (JSON.stringify(Object.keys(d.details)) !== JSON.stringify([...CONTRACT_DETAIL_KEYS, added])) p.push(`${path}.details: keys ${Object.keys(d.details).join(',')}`);
      if (key === ALL_L2S) {
        const chains = d.details.chains as string[];
        // Exactly the L2s with a document of this metric (section 8's members).
        const want = l2Keys().filter((k) => docs.has(path.replace(`/${ALL_L2S}/`, `/${k}/`)));
        // Configuration order, which master.json's chains need not follow: compared as sets.
        if (JSON.stringify([...chains].sort()) !== JSON.stringify([...want].sort())) p.push(`${path}.details.chains: ${JSON.stringify(chains)}, members ${JSON.stringify(want)}`);
        continue;
      }
      const pr = d.details.provenance as Record<string, unknown>;
      if (JSON.stringify(Object.keys(pr ?? {})) !== JSON.stringify(CHAIN_PROVENANCE)) p.push(`${path}.details.provenance: keys ${Object.keys(pr ?? {}).join(',')}`);
      else {
        const [first, last, fin] = [pr.first_block, pr.last_block, pr.finalized_through_block] as number[];
        if (!(Number.isInteger(first) && first <= last! && fin! <= last!)) p.push(`${path}.details.provenance: blocks ${first}, ${last}, ${fin}`);
        if (!LAST_UPDATED.test(String(pr.last_block_time))) p.push(`${path}.details.provenance.last_block_time: ${String(pr.last_block_time)}`);
        const daily = (d.details.timeseries as Record<string, Table>).daily!.data;
        if (pr.complete_days_through !== iso(daily.at(-1)![0]!)) p.push(`${path}.details.provenance.complete_days_through: ${String(pr.complete_days_through)}, last daily row ${iso(daily.at(-1)![0]!)}`);
        if (JSON.stringify(pr.sources) !== JSON.stringify(d.details.source)) p.push(`${path}.details.provenance.sources: ${JSON.stringify(pr.sources)}`);
      }
    }
    expectNone(p);
  });

  it('master.json, the fee table, the exports and the fundamentals keep their shapes; /provenance.json names their chains', () => {
    expect(Object.keys(master)).toEqual([...MASTER_TOP]);
    expect(Object.keys(fee)).toEqual(['chain_data']);
    const prov = jsonOf<{ last_updated_utc: string; chains: Record<string, unknown>; aggregates: Record<string, string[]> }>('/v1/provenance.json');
    expect(Object.keys(prov)).toEqual(['last_updated_utc', 'chains', 'aggregates']);
    expect(Object.keys(prov.chains).sort()).toEqual(chainKeys().sort());
    expect([...prov.aggregates['/v1/fees/table.json']!].sort()).toEqual(Object.keys(fee.chain_data).sort());
    const flat = [...docs.keys()].filter((k) => /^\/v1\/(export\/[a-z0-9_]+|fundamentals(_full|_7d)?)\.(json|csv|parquet)$/.test(k));
    expect(flat.length).toBeGreaterThan(4);
    for (const path of flat) {
      if (!path.endsWith('.json')) continue;
      const rows = jsonOf<ExportRow[]>(path);
      expect(Array.isArray(rows), path).toBe(true);
      const inRows = new Set(rows.map((r) => r.origin_key));
      expect([...prov.aggregates[path]!].sort(), path).toEqual(chainKeys().filter((k) => inRows.has(k)).sort());
      // The CSV and Parquet files of the same rows name the same chains.
      for (const sibling of ['.csv', '.parquet'].map((ext) => path.replace(/\.json$/, ext)).filter((p) => docs.has(p))) {
        expect(prov.aggregates[sibling], sibling).toEqual(prov.aggregates[path]);
      }
    }
    // Every flat file is named: the 7-day fundamentals and the Parquet files too.
    for (const path of flat) expect(prov.aggregates[path], path).toBeDefined();
  });
});

// Issue 26, incremental pulls: since and chains on the metric exports and fundamentals_full, answered
// by the real server from the published rows of this set. Every expectation is the published
// document filtered here, in the test, and written out again here (CSV lines included).
describe('incremental pulls of the flat exports (since, chains)', () => {
  type PullRow = { metric_key: string; origin_key: string; date: string; value: number | null };
  const PULLABLE = ['/v1/export/txcount.json', '/v1/export/txcount.csv', '/v1/export/fees.json', '/v1/fundamentals_full.json', '/v1/fundamentals_full.csv'];
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const publishedRows = (path: string): PullRow[] => JSON.parse(set.entries.get(path.replace(/\.csv$/, '.json'))!.body.toString('utf8')) as PullRow[];
  const expectedBody = (path: string, rows: PullRow[]): string =>
    path.endsWith('.csv')
      ? ['metric_key,origin_key,date,value', ...rows.map((r) => `${r.metric_key},${r.origin_key},${r.date},${r.value === null ? '' : String(r.value)}`)].map((l) => `${l}\r\n`).join('')
      : JSON.stringify(rows);
  const chainKeys = () => Object.keys(master.chains).filter((k) => k !== ALL_L2S);
  const errorOf = (r: { body: Buffer }) => (JSON.parse(r.body.toString('utf8')) as { error: { status: number; code: string; message: string; hint: string } }).error;

  it('answers the published rows filtered by since and chains, in JSON and CSV, with the published media type', async () => {
    const chains = chainKeys();
    expect(chains.length).toBeGreaterThanOrEqual(3);
    const since = iso(LAST_DAY - 9 * DAY_MS);
    const picked = [chains[2]!, chains[0]!];
    for (const path of PULLABLE) {
      const all = publishedRows(path);
      const cases: Array<[query: string, keep: (r: PullRow) => boolean]> = [
        [`since=${since}`, (r) => r.date >= since],
        [`chains=${picked.join(',')}`, (r) => picked.includes(r.origin_key)],
        [`since=${since}&chains=${picked.join(',')}`, (r) => r.date >= since && picked.includes(r.origin_key)],
      ];
      for (const [query, keep] of cases) {
        const want = all.filter(keep);
        expect(want.length, `${path}?${query}`).toBeGreaterThan(0);
        expect(want.length, `${path}?${query}`).toBeLessThan(all.length);
        const r = await request(server.base, `${path}?${query}`);
        expect(r.status, `${path}?${query}`).toBe(200);
        expect(r.body.toString('utf8'), `${path}?${query}`).toBe(expectedBody(path, want));
        expect(r.headers['content-type']).toBe(set.entries.get(path)!.contentType);
        expect(r.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=60, stale-if-error=86400');
        expect(r.headers.etag).not.toBe(set.entries.get(path)!.etag);
      }
    }
  });

  it('without since or chains (none, or only other parameters) answers the published bytes and ETag; the other flat exports ignore them', async () => {
    const targets: Array<[path: string, suffixes: string[]]> = [
      ...PULLABLE.map((p): [string, string[]] => [p, ['', '?_=1700000000']]),
      ...['/v1/fundamentals.json', '/v1/fundamentals_7d.json', '/v1/export/txcount.parquet', '/v1/fundamentals_full.parquet'].map((p): [string, string[]] => [p, ['', `?since=${iso(LAST_DAY)}&chains=nosuch`]]),
    ];
    for (const [path, suffixes] of targets) {
      const entry = set.entries.get(path)!;
      for (const suffix of suffixes) {
        const r = await request(server.base, `${path}${suffix}`);
        expect(r.status, `${path}${suffix}`).toBe(200);
        expect(r.body.equals(entry.body), `${path}${suffix}`).toBe(true);
        expect(r.headers.etag).toBe(entry.etag);
      }
    }
  });

  it('one selection is one answer however it is written: chain order and repeats do not matter', async () => {
    const [a, b] = chainKeys();
    const first = await request(server.base, `/v1/export/txcount.json?chains=${a},${b}`);
    const again = await request(server.base, `/v1/export/txcount.json?chains=${b},${a},${b}`);
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it.each([
    ['since=2025-02-30', 'since'],
    ['since=20250101', 'since'],
    ['since=2025-1-01', 'since'],
    ['since=', 'since'],
    ['since', 'since'],
    ['since=2025-01-01&since=2025-01-02', 'since'],
    ['chains=nosuch', 'chains'],
    ['chains=all_l2s', 'chains'],
    ['chains=', 'chains'],
    ['chains=%2C', 'chains'],
    ['since=2025-01-01&chains=a&chains=b', 'chains'],
  ])('?%s is a 400 naming the parameter %s, in the error body of section 7', async (query, param) => {
    for (const path of ['/v1/export/txcount.json', '/v1/fundamentals_full.csv']) {
      const r = await request(server.base, `${path}?${query}`);
      expect(r.status, `${path}?${query}`).toBe(400);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      const e = errorOf(r);
      expect([e.status, e.code]).toEqual([400, 'bad_request']);
      expect(e.message).toContain(`"${param}"`);
      expect(e.hint).toContain('since=YYYY-MM-DD');
    }
  });

  it('an unknown chain is not repeated back unless it looks like a key; a chain with no rows is an empty answer', async () => {
    const r = await request(server.base, '/v1/export/txcount.json?chains=%3Cscript%3E');
    expect(r.status).toBe(400);
    expect(errorOf(r).message).not.toContain('script');
    const none = await request(server.base, `/v1/export/txcount.json?since=${iso(LAST_DAY + DAY_MS)}`);
    expect([none.status, none.body.toString('utf8')]).toEqual([200, '[]']);
  });

  it('has its own ETags: 304 on revalidation, gzip and br variants of the same bytes', async () => {
    const path = `/v1/fundamentals_full.csv?since=${iso(LAST_DAY - 3 * DAY_MS)}`;
    const plain = await request(server.base, path);
    expect(plain.status).toBe(200);
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const revalidated = await request(server.base, path, { headers: { 'If-None-Match': etag } });
    expect([revalidated.status, revalidated.body.length, revalidated.headers.etag]).toEqual([304, 0, etag]);
    const gz = await request(server.base, path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    const br = await request(server.base, path, { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(new Set([etag, gz.headers.etag, br.headers.etag]).size).toBe(3);
    const gz304 = await request(server.base, path, { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': String(gz.headers.etag) } });
    expect(gz304.status).toBe(304);
    // Another selection's tag does not match.
    const other = await request(server.base, `/v1/fundamentals_full.csv?since=${iso(LAST_DAY - 4 * DAY_MS)}`, { headers: { 'If-None-Match': etag } });
    expect(other.status).toBe(200);
    const head = await request(server.base, path, { method: 'HEAD' });
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(plain.body.length), 0]);
  });

  it('keeps answers within the configured byte budget however many distinct pulls a client makes', async () => {
    const budget = 64 * 1024;
    const small = await startServer(set, { query_cache_mb: budget / (1024 * 1024) });
    try {
      const answers = small.app.rowAnswers;
      expect(answers.maxBytes).toBe(budget);
      const chains = chainKeys();
      let requests = 0;
      let peak = 0;
      const ask = async (path: string, encoding?: string) => {
        const r = await request(small.base, path, encoding ? { headers: { 'Accept-Encoding': encoding } } : {});
        expect(r.status, path).toBe(200);
        requests++;
        peak = Math.max(peak, answers.heldBytes());
        expect(answers.heldBytes(), path).toBeLessThanOrEqual(budget);
      };
      // Every day of the history, alone and with each chain, over two exports and three encodings:
      // several hundred distinct answers, many times the budget together.
      for (let d = 0; d < HISTORY_DAYS; d++) {
        const since = iso(LAST_DAY - d * DAY_MS);
        await ask(`/v1/export/txcount.json?since=${since}`, 'gzip');
        await ask(`/v1/export/txcount.csv?since=${since}`, 'br');
        for (const c of chains) await ask(`/v1/export/fees.json?since=${since}&chains=${c}`, d % 2 === 0 ? 'br, gzip' : undefined);
      }
      expect(answers.made).toBeGreaterThanOrEqual(requests / 2);
      expect(peak).toBeGreaterThan(budget / 2); // the budget was reached, and held
      expect(answers.size).toBeGreaterThan(0);
      // A kept answer is answered again without being made again.
      const last = `/v1/export/fees.json?since=${iso(LAST_DAY - (HISTORY_DAYS - 1) * DAY_MS)}&chains=${chains.at(-1)}`;
      const made = answers.made;
      await ask(last);
      expect(answers.made).toBe(made);
      // An answer larger than the budget is served and not kept: asked twice, made twice.
      const big = `/v1/fundamentals_full.json?chains=${chains.slice(1).join(',')}`;
      const before = answers.made;
      await ask(big);
      await ask(big);
      expect(answers.made).toBe(before + 2);
      const bigBody = await request(small.base, big);
      expect(bigBody.body.length).toBeGreaterThan(budget);
    } finally {
      await small.close();
    }
  });

  it('/metrics reports the pull cache: bytes and entries of N distinct pulls, then hits and misses, and stays bounded past the cap', async () => {
    const budget = 64 * 1024;
    const small = await startServer(set, { query_cache_mb: budget / (1024 * 1024) });
    try {
      const scrape = async (): Promise<Record<string, number>> => {
        const text = (await request(small.base, '/metrics')).body.toString('utf8');
        const names = ['bytes', 'entries', 'hits_total', 'misses_total'];
        return Object.fromEntries(names.map((n) => [n, Number(new RegExp(`^chainlytics_query_cache_${n} (\\S+)$`, 'm').exec(text)?.[1])]));
      };
      expect(await scrape()).toEqual({ bytes: 0, entries: 0, hits_total: 0, misses_total: 0 });
      // N distinct small pulls without Accept-Encoding: no compressed variant is made, so the
      // cache holds exactly the bodies the client received.
      const [a, b] = chainKeys();
      const pulls = [0, 1, 2].flatMap((d) => [a, b].map((c) => `/v1/export/txcount.json?since=${iso(LAST_DAY - d * DAY_MS)}&chains=${c}`));
      let bodies = 0;
      for (const p of pulls) {
        const r = await request(small.base, p);
        expect(r.status, p).toBe(200);
        bodies += r.body.length;
      }
      expect(bodies).toBeLessThan(budget / 2);
      expect(await scrape()).toEqual({ bytes: bodies, entries: pulls.length, hits_total: 0, misses_total: pulls.length });
      // The same pulls again are hits: nothing is made, nothing more is held.
      for (const p of pulls) await request(small.base, p);
      expect(await scrape()).toEqual({ bytes: bodies, entries: pulls.length, hits_total: pulls.length, misses_total: pulls.length });
      // Every day alone, over the whole history, twice the cache's share of bodies together: it stays under its cap.
      let flood = 0;
      for (let d = 0; d < HISTORY_DAYS; d++) flood += (await request(small.base, `/v1/export/txcount.json?since=${iso(LAST_DAY - d * DAY_MS)}`)).body.length;
      expect(flood).toBeGreaterThan(budget);
      const after = await scrape();
      expect(after.misses_total).toBe(pulls.length + HISTORY_DAYS);
      expect(after.bytes).toBeGreaterThan(bodies);
      expect(after.bytes).toBeLessThanOrEqual(budget);
      expect(after.entries).toBeLessThan(pulls.length + HISTORY_DAYS);
    } finally {
      await small.close();
    }
  });
});
