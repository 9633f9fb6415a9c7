// The OpenAPI description is valid OpenAPI 3.1, covers every document and error of the contract,
// and its schemas hold the documents and error bodies the server actually sends.
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterJson } from '../../src/documents/master/master.js';
import { metricDetailJson } from '../../src/documents/metric-detail/metric-detail.js';
import type { SeriesRow } from '../../src/metrics/series.js';
import { BUILTIN_CHAINS } from '../../src/registry/builtin-chains.js';
import { CHAIN_METRICS, FEE_METRICS, chainMetric } from '../../src/metrics/catalog.js';
import { openApiDocument, openApiSpec } from '../../src/documents/openapi.js';
import { serverSettings } from '../../src/registry/config.js';
import { publishedBaseUrl } from '../../src/registry/server-settings.js';
import { fixtureInputs, fixtureSet } from './helpers/fixture-set.js';
import { json, request } from './helpers/http-client.js';
import { checkSchema } from './helpers/mini-schema.js';
import { startServer, type TestServer } from './helpers/server.js';

const BASE = 'https://api.example.org';
type Spec = { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };

describe('openApiDocument', () => {
  it('is valid OpenAPI 3.1 (@readme/openapi-parser)', async () => {
    const result = await validate(structuredClone(openApiSpec(BASE)) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
    expect(result.specification).toBe('OpenAPI');
  });

  it('is a DocumentInput at /v1/openapi.json naming the public base URL', () => {
    const d = openApiDocument(BASE);
    expect(d.path).toBe('/v1/openapi.json');
    expect((d.json as { servers: { url: string }[] }).servers[0].url).toBe('https://api.example.org/v1');
  });

  it('describes every document of the contract and every error code', () => {
    const spec = openApiSpec(BASE) as unknown as Spec;
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/metrics/chains/{origin_key}/{metric_id}.json',
        '/fees/table.json',
        '/chains/{origin_key}/overview.json',
        '/chains/all/streaks_today.json',
        '/chains/blockspace/{origin_key}.json',
        '/blockspace/overview.json',
        '/apps/details/{owner_project}.json',
        '/labels/projects_filtered.json',
        '/labels/projects.json',
        '/apps/app_overview_{window}.json',
        '/master.json',
        '/fees/linechart.json',
      ]),
    );
    const codes = (spec.components.schemas.ErrorBody as { properties: { error: { properties: { code: { enum: string[] } } } } }).properties.error.properties.code.enum;
    expect([...codes].sort()).toEqual(['bad_request', 'method_not_allowed', 'not_found', 'not_ready', 'rate_limited', 'unauthorized']);
    const apps = (spec.paths['/apps/details/{owner_project}.json'] as { get: { responses: Record<string, unknown> } }).get.responses;
    expect(Object.keys(apps).sort()).toEqual(['200', '304', '400', '401', '404', '429', '503']);
  });
});

describe('schemas against served bytes', () => {
  let srv: TestServer;
  const spec = openApiSpec(BASE) as unknown as Spec & Record<string, unknown>;
  const schemaOf = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  beforeAll(async () => {
    srv = await startServer(fixtureSet(), { rate_limits: { apps_details_per_minute: 2 } });
  });
  afterAll(() => srv.close());

  it('every fixture document conforms to the schema of its path', async () => {
    const schemaFor = (path: string): string | null => {
      if (path.startsWith('/v1/metrics/chains/') || path.startsWith('/v1/metrics/data_availability/')) return 'MetricDetail';
      if (path === '/v1/da_overview.json') return 'DaOverview';
      if (path === '/v1/da_timeseries.json') return 'DaTimeseries';
      if (path === '/v1/fees/table.json') return 'FeeTable';
      if (path === '/v1/fees/linechart.json') return 'FeeLineChart';
      if (path === '/v1/chains/all/streaks_today.json') return 'StreaksToday';
      if (path === '/v1/landing_page.json') return 'LandingPage';
      if (path === '/v1/landing-events/apps-data.json') return 'LandingEventsApps';
      if (path === '/v1/ecosystem/overview.json') return 'EcosystemOverview';
      if (path === '/v1/economics.json') return 'Economics';
      if (path === '/v1/provenance.json') return 'Provenance';
      if (path.startsWith('/v1/chains/blockspace/')) return 'BlockspaceChain';
      if (path === '/v1/blockspace/overview.json') return 'BlockspaceOverview';
      if (path === '/v1/blockspace/category_comparison/index.json') return 'CategoryComparisonIndex';
      if (path.startsWith('/v1/blockspace/category_comparison/')) return 'CategoryComparison';
      if (path.startsWith('/v1/chains/')) return 'ChainOverview';
      if (path.startsWith('/v1/apps/details/')) return 'AppDetails';
      if (path.startsWith('/v1/apps/app_overview_')) return 'AppOverview';
      if (path === '/v1/labels/projects_filtered.json') return 'ProjectsFiltered';
      if (path === '/v1/labels/projects.json') return 'Projects';
      if (path === '/v1/master.json') return 'Master';
      if (path.startsWith('/v1/export/') && path.endsWith('.json')) return 'ExportRows';
      if (path === '/v1/fundamentals.json' || path === '/v1/fundamentals_full.json' || path === '/v1/fundamentals_7d.json') return 'ExportRows';
      return null;
    };
    let checked = 0;
    for (const doc of fixtureInputs()) {
      const name = schemaFor(doc.path);
      if (name === null || name === 'AppDetails') continue; // rate limited: fetched below
      const r = await request(srv.base, doc.path);
      expect(checkSchema(json(r), schemaOf(name), spec), doc.path).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  it('the real builders\' master.json and metric details conform (money and plain metrics)', () => {
    const builtAt = Date.UTC(2026, 0, 31, 14, 0, 0);
    const master = masterJson({
      chains: BUILTIN_CHAINS,
      metrics: CHAIN_METRICS,
      feeMetrics: FEE_METRICS,
      supported: new Map([[BUILTIN_CHAINS[0].origin_key, ['txcount', 'fees']]]),
      builtAt,
    });
    expect(checkSchema(master, schemaOf('Master'), spec)).toEqual([]);
    const day0 = Date.UTC(2025, 9, 1);
    for (const id of ['txcount', 'fees']) {
      const metric = chainMetric(id)!;
      const width = metric.columns.length;
      const daily = Array.from({ length: 100 }, (_, i) => [day0 + i * 86_400_000, ...Array.from({ length: width }, (_, c) => 1000 + i * (c + 1))] as SeriesRow);
      const hourly = Array.from({ length: 48 }, (_, i) => [builtAt - (48 - i) * 3_600_000, ...Array.from({ length: width }, () => i)] as SeriesRow);
      expect(checkSchema(metricDetailJson(metric, daily, hourly, builtAt), schemaOf('MetricDetail'), spec), id).toEqual([]);
    }
  });

  it('rejects documents that break the contract (the checker is not vacuous)', () => {
    const bad = { chain_data: { base: { hourly: { tps: { types: ['unix', 'value', 'normalized'], data: [['1700000000000', 1, 0]] } } } } };
    expect(checkSchema(bad, schemaOf('FeeTable'), spec).join('\n')).toMatch(/chain_data\.base\.hourly: missing "txcosts_median"/);
    expect(checkSchema(bad, schemaOf('FeeTable'), spec).join('\n')).toMatch(/data\[0\]\[0\]: expected integer/);
    expect(checkSchema({ error: { status: 404, code: 'gone', message: 'x', hint: 'y' } }, schemaOf('ErrorBody'), spec)).toHaveLength(1);
  });

  it('every error body the server sends conforms to ErrorBody', async () => {
    const replies = [
      await request(srv.base, '/v1/../x'),
      await request(srv.base, '/v1/nothing.json'),
      await request(srv.base, '/v1/master.json', { method: 'DELETE' }),
      await request(srv.base, '/v1/apps/details/uniswap.json'),
      await request(srv.base, '/v1/apps/details/aave.json'),
      await request(srv.base, '/v1/apps/details/uniswap.json'),
    ];
    expect(replies.map((r) => r.status)).toEqual([400, 404, 405, 200, 200, 429]);
    expect(checkSchema(json(replies[3]), schemaOf('AppDetails'), spec)).toEqual([]);
    expect(checkSchema(json(replies[4]), schemaOf('AppDetails'), spec)).toEqual([]);
    for (const r of [replies[0], replies[1], replies[2], replies[5]]) expect(checkSchema(json(r), schemaOf('ErrorBody'), spec)).toEqual([]);
    const health = await request(srv.base, '/healthz');
    expect(checkSchema(json(health), schemaOf('Health'), spec)).toEqual([]);
  });
});

describe('openApiDocument without a configured public URL', () => {
  it('names relative servers (/v1, and / for /healthz), still valid OpenAPI 3.1', async () => {
    const spec = openApiSpec(null) as { servers: { url: string }[]; paths: Record<string, { servers?: { url: string }[] }> };
    expect(spec.servers).toEqual([{ url: '/v1' }]);
    expect(spec.paths['/healthz'].servers).toEqual([{ url: '/' }]);
    const result = await validate(structuredClone(spec) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    // Resolved against where a client fetched it, the relative server is the /v1 of that host.
    expect(new URL(spec.servers[0].url, 'https://data.example.org/v1/openapi.json').href).toBe('https://data.example.org/v1');
  });

  it('is what a config without server.public_base_url publishes; a configured one is published as given', () => {
    expect(publishedBaseUrl(serverSettings({}))).toBeNull();
    expect(serverSettings({}).public_base_url).toBe('http://localhost:8080'); // still the local default for X-Data-Source
    expect(publishedBaseUrl(serverSettings({ public_base_url: 'https://data.example.org/' }))).toBe('https://data.example.org');
  });
});

describe('/llms.txt', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(fixtureSet());
  });
  afterAll(() => srv.close());

  type Served = { servers?: unknown; get?: { summary?: string; parameters?: Array<{ $ref: string }> } };
  const endpointLines = (text: string) => {
    const section = text.slice(text.indexOf('\n## Endpoints\n'), text.indexOf('\n## ', text.indexOf('\n## Endpoints\n') + 1));
    return [...section.matchAll(/^- `([^`]+)`: (.*)$/gm)].map((m) => ({ path: m[1]!, text: m[2]! }));
  };

  it('is served as text/plain and lists exactly the paths of the served openapi.json, each with its summary and query parameters', async () => {
    const r = await request(srv.base, '/llms.txt');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(r.headers.etag).toMatch(/^"/);
    const text = r.body.toString('utf8');
    expect(text.startsWith('# chainlytics\n\n> ')).toBe(true);
    const spec = json(await request(srv.base, '/v1/openapi.json')) as { paths: Record<string, Served>; components: { parameters: Record<string, { name: string; in: string }> } };
    // An OpenAPI path is under the /v1 server unless its path item names its own server (/healthz).
    const fromSpec = Object.entries(spec.paths).map(([k, item]) => (item.servers ? k : `/v1${k}`));
    const lines = endpointLines(text);
    expect(lines.map((l) => l.path)).toEqual(fromSpec);
    for (const [k, item] of Object.entries(spec.paths)) {
      const line = lines.find((l) => l.path === (item.servers ? k : `/v1${k}`))!;
      expect(line.text.startsWith(`${item.get!.summary!}.`), k).toBe(true);
      const query = (item.get!.parameters ?? []).map((p) => spec.components.parameters[p.$ref.split('/').pop()!]!).filter((p) => p.in === 'query');
      if (query.length > 0) expect(line.text, k).toContain(`Query: ${query.map((p) => p.name).join(', ')}.`);
      else expect(line.text, k).not.toContain('Query:');
    }
    expect(lines.find((l) => l.path === '/v1/fundamentals_full.csv')!.text).toContain('Query: since, chains.');
    // Every path and query parameter the description declares is explained.
    for (const p of Object.values(spec.components.parameters)) if (p.in === 'path' || p.in === 'query') expect(text).toContain(`- \`${p.name}\` (${p.in}): `);
    // Discovery and limits, from the same words the 404 hints and the description use.
    expect(text).toContain('/v1/master.json');
    expect(text).toContain('/v1/labels/projects_filtered.json');
    expect(text).toContain('Rate limits: /apps/details/ allows 10 requests per minute');
    expect(text).toContain('https://api.example.org/v1/openapi.json');
  });
});
