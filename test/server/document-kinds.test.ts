// Every declared document kind is wired everywhere it must be: openapi.json carries its path item
// and schemas, the /docs page lists it, the server classifies its paths and answers a missing
// document with the kind's own 404 text, and its documents carry the declared Cache-Control.
// A kind added to src/documents/kinds.ts but missed by one of these fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentSet } from '../../src/documents/document-set.js';
import { DOCUMENT_KINDS, kindOfPath } from '../../src/documents/kinds.js';
import { openApiSpec } from '../../src/documents/openapi.js';
import { docsPageHtml } from '../../src/server/docs-page.js';
import { loadNginxTemplate, renderNginxConfig } from '../../src/server/nginx-config.js';
import { BUILT_AT, fixtureInputs, fixtureSet } from './helpers/fixture-set.js';
import { json, request } from './helpers/http-client.js';
import { startServer, type TestServer } from './helpers/server.js';

const BASE = 'https://api.example.org';
const HINT_MASTER = 'Chains are the keys of "chains" in /v1/master.json; each chain lists its metric_ids in "supported_metrics".';
const HINT_PROJECTS = 'Valid owner_project values are the first column of /v1/labels/projects_filtered.json.';
const HINT_ANY =
  'The documents are described in /v1/openapi.json; chains and metrics are listed in /v1/master.json, projects in /v1/labels/projects_filtered.json.';

const HINT_EXPORT = 'Metric ids are the keys of "metrics" in /v1/master.json; a metric has an export when a chain lists it in "supported_metrics".';

/** A path of the kind's pattern whose keys name nothing. */
const missingPath = (pattern: string): string => pattern.replace(/\{[a-z_]+\}/g, 'no-such-key');

describe('document kinds (src/documents/kinds.ts)', () => {
  it('lists every kind of the contract once, in the order openapi.json and the build use', () => {
    expect(DOCUMENT_KINDS.map((k) => [k.route, k.path, k.freshness, typeof k.build])).toEqual([
      ['metric_detail', '/v1/metrics/chains/{origin_key}/{metric_id}.json', 'by metric', 'function'],
      ['fee_table', '/v1/fees/table.json', 'hourly', 'function'],
      ['blockspace_chain', '/v1/chains/blockspace/{origin_key}.json', 'daily', 'function'],
      ['blockspace_overview', '/v1/blockspace/overview.json', 'daily', 'function'],
      ['category_comparison', '/v1/blockspace/category_comparison/index.json', 'daily', 'function'],
      ['category_comparison', '/v1/blockspace/category_comparison/{main_category}.json', 'daily', 'function'],
      ['chain_overview', '/v1/chains/{origin_key}/overview.json', 'daily', 'function'],
      ['streaks_today', '/v1/chains/all/streaks_today.json', 'hourly', 'function'],
      ['app_details', '/v1/apps/details/{owner_project}.json', 'daily', 'function'],
      ['projects', '/v1/labels/projects_filtered.json', 'daily', 'function'],
      ['projects', '/v1/labels/projects.json', 'daily', 'function'],
      ['app_overview', '/v1/apps/app_overview_{window}.json', 'daily', 'function'],
      ['da_overview', '/v1/da_overview.json', 'daily', 'function'],
      ['da_timeseries', '/v1/da_timeseries.json', 'daily', 'function'],
      ['da_metric_detail', '/v1/metrics/data_availability/{da_layer}/{da_metric}.json', 'daily', 'function'],
      ['master', '/v1/master.json', 'daily', 'function'],
      ['export', '/v1/export/{metric_id}.json', 'daily', 'function'],
      ['export', '/v1/export/{metric_id}.csv', 'daily', 'function'],
      ['export', '/v1/export/{metric_id}.parquet', 'daily', 'function'],
      ['fundamentals', '/v1/fundamentals.json', 'daily', 'function'],
      ['fundamentals', '/v1/fundamentals.csv', 'daily', 'function'],
      ['fundamentals', '/v1/fundamentals_7d.json', 'daily', 'function'],
      ['fundamentals', '/v1/fundamentals_full.json', 'daily', 'function'],
      ['fundamentals', '/v1/fundamentals_full.csv', 'daily', 'function'],
      ['fundamentals', '/v1/fundamentals_full.parquet', 'daily', 'function'],
      ['fee_linechart', '/v1/fees/linechart.json', 'hourly', 'function'],
      ['landing_page', '/v1/landing_page.json', 'daily', 'function'],
      ['landing_events_apps', '/v1/landing-events/apps-data.json', 'daily', 'function'],
      ['ecosystem_overview', '/v1/ecosystem/overview.json', 'daily', 'function'],
      ['economics', '/v1/economics.json', 'daily', 'function'],
      ['provenance', '/v1/provenance.json', 'hourly', 'function'],
      ['openapi', '/v1/openapi.json', 'daily', 'undefined'],
    ]);
  });

  it('matchers accept their own pattern filled with keys and nothing else', () => {
    for (const kind of DOCUMENT_KINDS) {
      const path = missingPath(kind.path);
      expect(kind.matches(path), path).toBe(true);
      expect(kindOfPath(path), path).toBe(kind);
      for (const other of DOCUMENT_KINDS) if (other !== kind) expect(other.matches(path), `${other.route} vs ${path}`).toBe(false);
    }
    const [metricDetail] = DOCUMENT_KINDS;
    expect(metricDetail.matches('/v1/metrics/chains/base/txcount.json')).toBe(true);
    expect(metricDetail.matches('/v1/metrics/chains/base/txcount')).toBe(false);
    expect(metricDetail.matches('/v1/metrics/chains/base/x/txcount.json')).toBe(false);
    expect(metricDetail.matches('/v1/metrics/chains/base/txcount.jsonx')).toBe(false);
  });

  it('openapi.json has each kind\'s path item and schemas, between the shared schemas and the errors', () => {
    const spec = openApiSpec(BASE) as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    for (const kind of DOCUMENT_KINDS) {
      expect(spec.paths[kind.path.replace(/^\/v1/, '')], kind.path).toEqual(kind.openapi.pathItem);
      for (const [name, schema] of Object.entries(kind.openapi.schemas ?? {})) expect(spec.components.schemas[name], name).toEqual(schema);
    }
    expect(Object.keys(spec.paths)).toEqual([
      '/metrics/chains/{origin_key}/{metric_id}.json',
      '/fees/table.json',
      '/chains/blockspace/{origin_key}.json',
      '/blockspace/overview.json',
      '/blockspace/category_comparison/index.json',
      '/blockspace/category_comparison/{main_category}.json',
      '/chains/{origin_key}/overview.json',
      '/chains/all/streaks_today.json',
      '/apps/details/{owner_project}.json',
      '/labels/projects_filtered.json',
      '/labels/projects.json',
      '/apps/app_overview_{window}.json',
      '/da_overview.json',
      '/da_timeseries.json',
      '/metrics/data_availability/{da_layer}/{da_metric}.json',
      '/master.json',
      '/export/{metric_id}.json',
      '/export/{metric_id}.csv',
      '/export/{metric_id}.parquet',
      '/fundamentals.json',
      '/fundamentals.csv',
      '/fundamentals_7d.json',
      '/fundamentals_full.json',
      '/fundamentals_full.csv',
      '/fundamentals_full.parquet',
      '/fees/linechart.json',
      '/landing_page.json',
      '/landing-events/apps-data.json',
      '/ecosystem/overview.json',
      '/economics.json',
      '/provenance.json',
      '/openapi.json',
      '/healthz',
    ]);
    const names = Object.keys(spec.components.schemas);
    expect(names.slice(0, 8)).toEqual(['UnixMs', 'Value', 'LastUpdatedUtc', 'TypedTable', 'TimeSeries', 'ValueList', 'Changes', 'MetricDetail']);
    expect(names.slice(-2)).toEqual(['ErrorBody', 'Health']);
  });

  it('the /docs page lists each kind with its description, the discovery document first', () => {
    const html = docsPageHtml(BASE);
    const escaped = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    for (const kind of DOCUMENT_KINDS) {
      expect(html, kind.path).toContain(`<code>${escaped(kind.path)}</code>`);
      expect(html, kind.path).toContain(`<td>${escaped(kind.description)}</td>`);
    }
    const order = [...html.matchAll(/<code>(\/[^<]*)<\/code><\/a>?<\/td>|<td><code>(\/[^<]*)<\/code><\/td>/g)].map((m) => m[1] ?? m[2]);
    expect(order[0]).toBe('/v1/master.json');
    expect(order.slice(-2)).toEqual(['/healthz', '/metrics']);
  });
});

describe('the nginx template', () => {
  const opts = { root: '/srv/export', listen: '80', publicBaseUrl: BASE };
  it('gets each kind\'s own 404 body, and is refused without a location for such a kind\'s folder', () => {
    const conf = renderNginxConfig(loadNginxTemplate(), opts);
    expect(conf).toContain(
      String.raw`return 404 '{"error":{"status":404,"code":"not_found","message":"No overview document for this chain.","hint":"Chains are the keys of \\"chains\\" in /v1/master.json; each chain lists its metric_ids in \\"supported_metrics\\"."}}';`,
    );
    const without = loadNginxTemplate().replace('location /v1/chains/ {', 'location /v1/chainz/ {');
    expect(() => renderNginxConfig(without, opts)).toThrow('document kind chain_overview has its own 404 text but no "location /v1/chains/" block');
  });
});

describe('the server answers for every kind', () => {
  let empty: TestServer;
  let full: TestServer;
  beforeAll(async () => {
    // A built set without documents: every document path is a 404, but the server is ready.
    empty = await startServer(buildDocumentSet([], BUILT_AT), { rate_limits: { apps_details_per_minute: 1000 } });
    full = await startServer(fixtureSet(), { rate_limits: { apps_details_per_minute: 1000 } });
  });
  afterAll(async () => {
    await empty?.close();
    await full?.close();
  });

  it('a missing document of each kind gets that kind\'s 404 text (openapi.json is always served)', async () => {
    for (const kind of DOCUMENT_KINDS) {
      const path = missingPath(kind.path);
      const r = await request(empty.base, path);
      if (kind.route === 'openapi') {
        expect(r.status, path).toBe(200);
        continue;
      }
      expect(r.status, path).toBe(404);
      expect(json(r), path).toEqual({ error: { status: 404, code: 'not_found', message: kind.notFound.message, hint: kind.notFound.hint } });
    }
  });

  it.each([
    ['/v1/metrics/chains/no-such-key/txcount.json', 'No metric detail document for this chain and metric.', HINT_MASTER],
    ['/v1/metrics/chains/base', 'No metric detail document for this chain and metric.', HINT_MASTER],
    ['/v1/chains/no-such-key/overview.json', 'No overview document for this chain.', HINT_MASTER],
    ['/v1/chains/base/other.json', 'No overview document for this chain.', HINT_MASTER],
    ['/v1/chains/blockspace/no-such-key.json', 'No blockspace document for this chain.', HINT_MASTER],
    ['/v1/chains/blockspace/base/x.json', 'No blockspace document for this chain.', HINT_MASTER],
    ['/v1/blockspace/chains.json', 'No document at this path.', HINT_ANY],
    ['/v1/blockspace/category_comparison/no-such-key.json', 'No document at this path.', HINT_ANY],
    ['/v1/apps/details/no-such-key.json', 'No application detail document for this owner_project.', HINT_PROJECTS],
    ['/v1/export/no-such-metric.json', 'No export for this metric.', HINT_EXPORT],
    ['/v1/export/txcount.xlsx', 'No export for this metric.', HINT_EXPORT],
    ['/v1/fundamentals.tsv', 'No document at this path.', HINT_ANY],
    ['/v1/fees/table2.json', 'No document at this path.', HINT_ANY],
    ['/v1/apps/app_overview_2d.json', 'No document at this path.', HINT_ANY],
    ['/v1/labels/nothing.json', 'No document at this path.', HINT_ANY],
    ['/v1/master.json/', 'No document at this path.', HINT_ANY],
    ['/v1/nothing.json', 'No document at this path.', HINT_ANY],
  ])('GET %s: 404 "%s"', async (path, message, hint) => {
    const r = await request(full.base, path);
    expect(r.status).toBe(404);
    expect(r.headers['cache-control']).toBe('public, max-age=60');
    expect(json(r)).toEqual({ error: { status: 404, code: 'not_found', message, hint } });
  });

  it('every document carries the Cache-Control of its kind\'s freshness', async () => {
    const maxAge = { hourly: 60, daily: 300 } as const;
    const seen = new Set<string>();
    for (const doc of fixtureInputs()) {
      const kind = kindOfPath(doc.path);
      expect(kind, doc.path).toBeDefined();
      seen.add(kind!.route);
      if (kind!.freshness !== 'by metric') expect(doc.freshness, doc.path).toBe(kind!.freshness);
      const r = await request(full.base, doc.path);
      expect(r.status, doc.path).toBe(200);
      expect(r.headers['cache-control'], doc.path).toBe(`public, max-age=${maxAge[doc.freshness]}, stale-while-revalidate=60, stale-if-error=86400`);
    }
    expect([...seen].sort()).toEqual(['app_details', 'app_overview', 'blockspace_chain', 'blockspace_overview', 'category_comparison', 'chain_overview', 'da_metric_detail', 'da_overview', 'da_timeseries', 'economics', 'ecosystem_overview', 'export', 'fee_linechart', 'fee_table', 'fundamentals', 'landing_events_apps', 'landing_page', 'master', 'metric_detail', 'openapi', 'projects', 'provenance', 'streaks_today']);
  });

  it('requests are labelled with their kind\'s route class in /metrics', async () => {
    await request(full.base, '/v1/fees/table.json');
    await request(full.base, '/v1/labels/projects.json');
    await request(full.base, '/v1/chains/no-such-key/overview.json');
    const text = (await request(full.base, '/metrics')).body.toString('utf8');
    expect(text).toMatch(/chainlytics_http_requests_total\{route="fee_table",status="200"\} \d+/);
    expect(text).toMatch(/chainlytics_http_requests_total\{route="projects",status="200"\} \d+/);
    expect(text).toMatch(/chainlytics_http_requests_total\{route="chain_overview",status="404"\} \d+/);
  });
});
