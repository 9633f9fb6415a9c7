// /healthz, /metrics and the access log, over HTTP.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { Gauge } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { serverSettings } from '../../src/registry/config.js';
import { DocumentHolder } from '../../src/server/document-holder.js';
import type { HealthInfo } from '../../src/server/health.js';
import { createHttpServer } from '../../src/server/http-server.js';
import { BUILT_AT, fixtureSet } from './helpers/fixture-set.js';
import { json, request } from './helpers/http-client.js';
import { startServer, type TestServer } from './helpers/server.js';

describe('health, metrics and the access log', () => {
  describe('/healthz', () => {
    let srv: TestServer;
    let info: HealthInfo | (() => never);
    beforeAll(async () => {
      srv = await startServer(null, {}, () => (typeof info === 'function' ? info() : info));
    });
    afterAll(() => srv.close());

    const chain = (status: 'ok' | 'degraded') => ({
      origin_key: 'base',
      head_block: 1000,
      last_ingested_block: status === 'ok' ? 998 : 900,
      last_ingested_block_time: BUILT_AT,
      lag_seconds: status === 'ok' ? 4 : 1800,
      status,
    });

    it('503 with Retry-After before the first set, with the chains the callback reports', async () => {
      info = { chains: [chain('ok')] };
      const r = await request(srv.base, '/healthz');
      expect(r.status).toBe(503);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.headers['cache-control']).toBe('no-store');
      const body = json(r) as { status: string; document_set: { loaded: boolean }; chains: unknown[] };
      expect(body.status).toBe('not_ready');
      expect(body.document_set.loaded).toBe(false);
      expect(body.chains).toEqual([chain('ok')]);
    });

    it('200 ok once serving, with the set age measured on the injected clock', async () => {
      const set = fixtureSet();
      srv.holder.swap(set);
      const body = json(await request(srv.base, '/healthz')) as Record<string, unknown>;
      expect(body).toMatchObject({
        status: 'ok',
        now: srv.clock.now(),
        document_set: { loaded: true, built_at: set.builtAt, age_seconds: (srv.clock.now() - set.builtAt) / 1000, documents: set.entries.size },
      });
    });

    it('degraded (still 200) when a chain lags or the callback fails', async () => {
      info = { chains: [chain('ok'), { ...chain('degraded'), origin_key: 'optimism' }], last_build_at: BUILT_AT };
      const r = await request(srv.base, '/healthz');
      expect(r.status).toBe(200);
      expect((json(r) as { status: string }).status).toBe('degraded');
      info = () => {
        throw new Error('store is locked');
      };
      const f = await request(srv.base, '/healthz');
      expect(f.status).toBe(200);
      expect(json(f)).toMatchObject({ status: 'degraded', error: 'health callback failed: store is locked' });
    });
  });

  describe('/metrics', () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startServer(fixtureSet());
    });
    afterAll(() => srv.close());

    const sample = (text: string, series: string): number => {
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line === undefined ? NaN : Number(line.slice(series.length + 1));
    };

    it('counts responses by route class and status, and reports the set', async () => {
      for (let i = 0; i < 3; i++) await request(srv.base, '/v1/fees/table.json', { headers: { 'Accept-Encoding': 'gzip' } });
      await request(srv.base, '/v1/chains/nosuch/overview.json');
      await request(srv.base, '/v1/Bad');
      await request(srv.base, '/v1/master.json', { method: 'POST' });
      // The lead registers its own collectors on the same registry.
      new Gauge({ name: 'chainlytics_ingest_lag_seconds', help: 'test gauge', registers: [srv.app.metrics.registry] }).set(7);

      const r = await request(srv.base, '/metrics');
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toContain('text/plain');
      const text = r.body.toString();
      expect(sample(text, 'chainlytics_http_requests_total{route="fee_table",status="200"}')).toBe(3);
      expect(sample(text, 'chainlytics_http_requests_total{route="chain_overview",status="404"}')).toBe(1);
      expect(sample(text, 'chainlytics_http_requests_total{route="invalid",status="400"}')).toBe(1);
      expect(sample(text, 'chainlytics_http_requests_total{route="other",status="405"}')).toBe(1);
      expect(sample(text, 'chainlytics_http_request_duration_seconds_count{route="fee_table"}')).toBe(3);
      expect(sample(text, 'chainlytics_http_request_duration_seconds_bucket{le="+Inf",route="fee_table"}')).toBe(3);
      expect(sample(text, 'chainlytics_http_request_duration_seconds_bucket{le="0.25",route="fee_table"}')).toBe(3);
      expect(sample(text, 'chainlytics_http_request_duration_seconds_sum{route="fee_table"}')).toBeGreaterThan(0);
      expect(text).toContain('# TYPE chainlytics_http_request_duration_seconds histogram');
      expect(text).toContain('# TYPE chainlytics_http_requests_total counter');
      expect(sample(text, 'chainlytics_document_set_age_seconds')).toBe(120);
      expect(sample(text, 'chainlytics_documents')).toBe(srv.holder.current()!.entries.size);
      expect(sample(text, 'chainlytics_ingest_lag_seconds')).toBe(7);
    });
  });

  describe('access log', () => {
    it('writes one JSON line per request when enabled, nothing when not', async () => {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _enc, cb) {
          lines.push(...chunk.toString().split('\n').filter(Boolean));
          cb();
        },
      });
      const logger = pino(sink);
      const start = async (access_log: boolean) => {
        const app = createHttpServer({
          holder: new DocumentHolder(fixtureSet()),
          clock: new FixedClock(BUILT_AT),
          config: serverSettings({ public_base_url: 'https://api.example.org', access_log }),
          logger,
        });
        return { app, base: await app.listen(0) };
      };

      const off = await start(false);
      await request(off.base, '/v1/master.json');
      await off.app.close();
      expect(lines).toEqual([]);

      const on = await start(true);
      try {
        const ok = await request(on.base, '/v1/fees/table.json', { headers: { 'Accept-Encoding': 'br' } });
        await request(on.base, '/v1/nothing.json', { method: 'HEAD' });
        expect(lines).toHaveLength(2);
        const [a, b] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
        expect(a).toMatchObject({ method: 'GET', path: '/v1/fees/table.json', status: 200, bytes: ok.body.length, encoding: 'br' });
        expect(typeof a.ms).toBe('number');
        expect(b).toMatchObject({ method: 'HEAD', path: '/v1/nothing.json', status: 404, bytes: 0 });
      } finally {
        await on.app.close();
      }
    });
  });
});
