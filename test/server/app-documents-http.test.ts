// The server's rules for the application routes (CONTRACT.md section 7) hold for really built
// application documents: app details carry X-Data-Source and the IETF
// RateLimit headers (10 per minute per client), a project outside the filtered list is a 404
// naming projects_filtered.json, an API key is optional unless the operator requires one, and
// the project lists are neither limited nor attributed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import { HINT_PROJECTS } from '../../src/documents/document-kind.js';
import { buildDocumentSet, buildDocumentSetAsync, type DocumentInput, type DocumentSet } from '../../src/documents/document-set.js';
import { variantEtag } from '../../src/server/prepared-set.js';
import { openApiDocument } from '../../src/documents/openapi.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { hashApiKey } from '../../src/server/api-keys.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, GWEI, makeChain } from '../metrics/chain-fixture.js';
import { json, request } from './helpers/http-client.js';
import { startServer, type TestServer } from './helpers/server.js';

const D0 = Date.UTC(2026, 0, 28);
const DAY = 86_400_000;
const NOW = D0 + 3 * DAY + 3_600_000;
const CONTRACT = addr(0xc0de);
const DATA_SOURCE = 'chainlytics (https://api.example.org/v1)';
const KEY = 'app-documents-test-key';
let set: DocumentSet;

beforeAll(async () => {
  const chain = makeChain('alpha');
  const store = await DuckDbStore.open({ path: ':memory:' });
  try {
    await store.writePrices([0, 1, 2].map((i) => ({ asset: 'ethereum', granularity: 'daily' as const, period_ms: D0 + i * DAY, usd: 3000 })));
    await new ChainWriter(store, chain).write([
      { time: (D0 + 3_600_000) / 1000, txs: [{ from: addr(1), to: CONTRACT, gasUsed: 100_000n, gasPrice: GWEI, inputEmpty: false }] },
      { time: (D0 + 3 * DAY) / 1000 },
    ]);
    await computeFacts(store, [chain], new FixedClock(NOW), { logger: createLogger('silent') });
    const label = { origin_key: 'alpha', contract_name: 'C', usage_category: 'dex', verified: true };
    await store.replaceLabels([{ ...label, address: CONTRACT, owner_project: 'busy' }, { ...label, address: addr(0xd00d), owner_project: 'idle' }]);
    const project = { description: null, main_github: null, twitter: null, website: null, logo_path: null, token_symbol: null, market_data_id: null, features: [] };
    await store.replaceProjects([{ ...project, owner_project: 'busy', display_name: 'Busy' }, { ...project, owner_project: 'idle', display_name: 'Idle' }]);
    const { inputs } = await buildAllDocuments(store, [chain], new FixedClock(NOW), { logger: createLogger('silent') });
    set = buildDocumentSet([...inputs, openApiDocument('https://api.example.org')], NOW);
  } finally {
    await store.close();
  }
});

describe('application documents', () => {
  describe('defaults', () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startServer(set);
    });
    afterAll(() => srv.close());

    it('app details: attribution, RateLimit headers, 404 with the projects hint, 429 after 10', async () => {
      const ok = await request(srv.base, '/v1/apps/details/busy.json');
      expect(ok.status).toBe(200);
      expect(Object.keys(json(ok) as object)).toEqual(['last_updated_utc', 'metrics', 'kpi_cards', 'first_seen', 'chains_by_size', 'contracts_table']);
      expect(ok.headers['x-data-source']).toBe(DATA_SOURCE);
      expect(ok.headers['ratelimit-policy']).toBe('"apps";q=10;w=60');
      expect(ok.headers.ratelimit).toBe('"apps";r=9;t=60');
      // Labeled but never called: in projects.json, not in the filtered list, no details.
      const idle = await request(srv.base, '/v1/apps/details/idle.json');
      expect(idle.status).toBe(404);
      expect((json(idle) as { error: { hint: string } }).error.hint).toBe(HINT_PROJECTS);
      expect(idle.headers['x-data-source']).toBe(DATA_SOURCE);
      for (let i = 0; i < 8; i++) expect((await request(srv.base, '/v1/apps/details/busy.json')).status).toBe(200);
      const limited = await request(srv.base, '/v1/apps/details/busy.json');
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBe('60');
    });

    it('the project lists are served without a limit or attribution', async () => {
      const filtered = await request(srv.base, '/v1/labels/projects_filtered.json');
      expect(filtered.status).toBe(200);
      expect(filtered.headers.ratelimit).toBeUndefined();
      expect((json(filtered) as { data: { data: unknown[][] } }).data.data.map((r) => r[0])).toEqual(['busy']);
      const all = await request(srv.base, '/v1/labels/projects.json');
      expect((json(all) as { data: { data: unknown[][] } }).data.data.map((r) => r[0])).toEqual(['busy', 'idle']);
    });
  });

  describe('an operator that requires an API key', () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startServer(set, { api_keys: { require_for_apps: true, keys: [{ name: 'acme', sha256: hashApiKey(KEY), per_minute: 3 }] } });
    });
    afterAll(() => srv.close());

    it('401 without a key, the document and the key\'s own limit with it', async () => {
      expect((await request(srv.base, '/v1/apps/details/busy.json')).status).toBe(401);
      const r = await request(srv.base, '/v1/apps/details/busy.json', { headers: { authorization: `Bearer ${KEY}` } });
      expect(r.status).toBe(200);
      expect(r.headers['ratelimit-policy']).toContain('q=3');
      expect((await request(srv.base, '/v1/labels/projects_filtered.json')).status).toBe(200);
    });
  });
});

describe('an application detail compressed on first request (lazy variants)', () => {
  const PATH = '/v1/apps/details/busy.json';
  let srv: TestServer;
  let lazy: DocumentSet;
  beforeAll(async () => {
    // The same bytes as `set`'s, every one of them lazy; `set` compressed them at build time.
    const inputs: DocumentInput[] = [...set.entries.values()].filter((e) => e.path.startsWith('/v1/apps/')).map((e) => ({ path: e.path, freshness: e.freshness, json: null, bytes: () => Buffer.from(e.body) }));
    lazy = await buildDocumentSetAsync(inputs, NOW, { lazyAbove: 1 });
    srv = await startServer(lazy, { rate_limits: { apps_details_per_minute: 0 } });
  });
  afterAll(() => srv?.close());

  it('answers 304 to a variant ETag without compressing, then each encoding with the build-time bytes, headers and ETag', async () => {
    const eager = set.entries.get(PATH)!;
    expect(lazy.entries.get(PATH)!.lazy).toBeDefined();
    const nm = await request(srv.base, PATH, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': variantEtag(eager.etag, 'br') } });
    expect(nm.status).toBe(304);
    expect(nm.headers.etag).toBe(variantEtag(eager.etag, 'br'));
    expect(lazy.variants!.made).toBe(0);
    const head = await request(srv.base, PATH, { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(eager.gzip.length), 0]);
    for (const [enc, bytes] of [['br', eager.br], ['gzip', eager.gzip], ['identity', eager.body]] as const) {
      const r = await request(srv.base, PATH, { headers: { 'Accept-Encoding': enc } });
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBe(enc === 'identity' ? undefined : enc);
      expect(r.headers.etag).toBe(variantEtag(eager.etag, enc));
      expect(r.headers['content-length']).toBe(String(bytes.length));
      expect(r.headers['x-data-source']).toBe(DATA_SOURCE);
      expect(r.body.equals(bytes)).toBe(true);
    }
    // gzip made by HEAD, br by the first GET; the second br request reads the kept bytes.
    expect(lazy.variants!.made).toBe(2);
    expect((await request(srv.base, PATH, { headers: { 'Accept-Encoding': 'br' } })).body.equals(eager.br)).toBe(true);
    expect(lazy.variants!.made).toBe(2);
  });
});
