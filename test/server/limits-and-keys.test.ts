// Rate limits, RateLimit headers and API keys on /v1/apps/details/ (CONTRACT.md section 7), over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../src/server/api-keys.js';
import { fixtureSet } from './helpers/fixture-set.js';
import { json, request, type Reply } from './helpers/http-client.js';
import { startServer, type TestServer } from './helpers/server.js';

const APP = '/v1/apps/details/uniswap.json';
const DATA_SOURCE = 'chainlytics (https://api.example.org/v1)';

function errorCode(r: Reply): string {
  return (json(r) as { error: { code: string } }).error.code;
}

describe('rate limits and API keys', () => {
  describe('default limit: 10 requests per minute per client address', () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startServer(fixtureSet());
    });
    afterAll(() => srv.close());

    it('counts down in RateLimit, answers the 11th with 429 + Retry-After, resets after the window', async () => {
      for (let i = 0; i < 10; i++) {
        // 404s on the route count too, so probing for project names is limited like fetching them.
        const r = await request(srv.base, i % 3 === 2 ? '/v1/apps/details/nosuch.json' : APP);
        expect(r.status).toBe(i % 3 === 2 ? 404 : 200);
        expect(r.headers['ratelimit-policy']).toBe('"apps";q=10;w=60');
        expect(r.headers.ratelimit).toBe(`"apps";r=${9 - i};t=60`);
        expect(r.headers['x-data-source']).toBe(DATA_SOURCE);
      }
      srv.clock.advance(20_000);
      const limited = await request(srv.base, APP);
      expect(limited.status).toBe(429);
      expect(errorCode(limited)).toBe('rate_limited');
      expect(limited.headers['retry-after']).toBe('40');
      expect(limited.headers.ratelimit).toBe('"apps";r=0;t=40');
      expect(limited.headers['ratelimit-policy']).toBe('"apps";q=10;w=60');
      expect(limited.headers['x-data-source']).toBe(DATA_SOURCE);
      expect(limited.headers['access-control-allow-origin']).toBe('*');
      expect(limited.headers['cache-control']).toBe('no-store');
      // HEAD and 304-conditional requests are requests too.
      expect((await request(srv.base, APP, { method: 'HEAD' })).status).toBe(429);

      // Other routes are not limited and carry no RateLimit headers.
      for (let i = 0; i < 15; i++) {
        const r = await request(srv.base, '/v1/master.json');
        expect(r.status).toBe(200);
        expect(r.headers.ratelimit).toBeUndefined();
      }

      srv.clock.advance(40_000);
      const again = await request(srv.base, APP);
      expect(again.status).toBe(200);
      expect(again.headers.ratelimit).toBe('"apps";r=9;t=60');
    });
  });

  describe('trust_proxy', () => {
    let direct: TestServer;
    let proxied: TestServer;
    beforeAll(async () => {
      direct = await startServer(fixtureSet(), { rate_limits: { apps_details_per_minute: 2 } });
      proxied = await startServer(fixtureSet(), { rate_limits: { apps_details_per_minute: 2 }, trust_proxy: true });
    });
    afterAll(async () => {
      await direct.close();
      await proxied.close();
    });

    it('ignores X-Forwarded-For by default: one socket address, one quota', async () => {
      const statuses = [];
      for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        statuses.push((await request(direct.base, APP, { headers: { 'X-Forwarded-For': ip } })).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    });

    it('with trust_proxy, the address the proxy appended is the client', async () => {
      const get = async (xff: string): Promise<number> => (await request(proxied.base, APP, { headers: { 'X-Forwarded-For': xff } })).status;
      expect([await get('203.0.113.1'), await get('203.0.113.1'), await get('203.0.113.1')]).toEqual([200, 200, 429]);
      // A different client behind the same proxy has its own quota...
      expect(await get('203.0.113.2')).toBe(200);
      // ...and a client cannot escape by prepending addresses: only the last entry counts.
      expect(await get('198.51.100.7, 203.0.113.1')).toBe(429);
    });

    it('IPv6 clients share a quota per /64; an IPv4-mapped address is its IPv4 address', async () => {
      const get = async (xff: string): Promise<number> => (await request(proxied.base, APP, { headers: { 'X-Forwarded-For': xff } })).status;
      // Two addresses of one /64 (one host's privacy addresses): one quota between them.
      expect([await get('2001:db8:0:7::1'), await get('2001:db8:0:7:ffff::9'), await get('[2001:db8:0:7::2]')]).toEqual([200, 200, 429]);
      // The next /64 is another client.
      expect(await get('2001:db8:0:8::1')).toBe(200);
      // ::ffff:198.51.100.20 is the IPv4 client 198.51.100.20, whichever way it is written.
      expect([await get('198.51.100.20'), await get('::ffff:198.51.100.20'), await get('::ffff:c633:6414')]).toEqual([200, 200, 429]);
    });
  });

  describe('API keys', () => {
    const KEY = 'ck_live_0123456789abcdef';
    const keys = { keys: [{ name: 'acme', sha256: hashApiKey(KEY), per_minute: 3 }] };

    describe('required for apps', () => {
      let srv: TestServer;
      beforeAll(async () => {
        srv = await startServer(fixtureSet(), { api_keys: { require_for_apps: true, ...keys } });
      });
      afterAll(() => srv.close());

      it('401 without a key, with WWW-Authenticate and a JSON body', async () => {
        const r = await request(srv.base, APP);
        expect(r.status).toBe(401);
        expect(errorCode(r)).toBe('unauthorized');
        expect(r.headers['www-authenticate']).toBe('Bearer realm="chainlytics"');
        expect(r.headers['x-data-source']).toBe(DATA_SOURCE);
        expect(r.headers['access-control-allow-origin']).toBe('*');
      });

      it('401 invalid_token with a wrong key, by either header', async () => {
        for (const headers of [{ Authorization: 'Bearer nope' }, { 'X-API-Key': `${KEY}x` }] as Record<string, string>[]) {
          const r = await request(srv.base, APP, { headers });
          expect(r.status).toBe(401);
          expect(r.headers['www-authenticate']).toContain('error="invalid_token"');
        }
      });

      it('a valid key gets the document and its own quota, by either header', async () => {
        const a = await request(srv.base, APP, { headers: { Authorization: `Bearer ${KEY}` } });
        expect(a.status).toBe(200);
        expect(a.headers['ratelimit-policy']).toBe('"apps";q=3;w=60');
        expect(a.headers.ratelimit).toBe('"apps";r=2;t=60');
        const b = await request(srv.base, APP, { headers: { 'X-API-Key': KEY } });
        expect(b.status).toBe(200);
        expect(b.headers.ratelimit).toBe('"apps";r=1;t=60');
        expect((await request(srv.base, APP, { headers: { authorization: `bearer ${KEY}` } })).status).toBe(200);
        const over = await request(srv.base, APP, { headers: { 'X-API-Key': KEY } });
        expect(over.status).toBe(429);
        expect(over.headers['retry-after']).toBe('60');
      });

      it('other routes need no key', async () => {
        expect((await request(srv.base, '/v1/fees/table.json')).status).toBe(200);
      });

      it('unauthenticated attempts count against the address, so key guessing is limited', async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 12; i++) statuses.push((await request(srv.base, APP, { headers: { 'X-API-Key': `guess-${i}` } })).status);
        expect(statuses.slice(0, 7).every((s) => s === 401)).toBe(true); // 3 of 10 used by the earlier 401 tests
        expect(statuses.slice(7)).toEqual([429, 429, 429, 429, 429]);
      });
    });

    describe('optional (default)', () => {
      let srv: TestServer;
      beforeAll(async () => {
        srv = await startServer(fixtureSet(), { api_keys: { require_for_apps: false, ...keys } });
      });
      afterAll(() => srv.close());

      it('no key: the address quota; a valid key: the key quota', async () => {
        const anon = await request(srv.base, APP);
        expect(anon.status).toBe(200);
        expect(anon.headers['ratelimit-policy']).toBe('"apps";q=10;w=60');
        const keyed = await request(srv.base, APP, { headers: { Authorization: `Bearer ${KEY}` } });
        expect(keyed.status).toBe(200);
        expect(keyed.headers['ratelimit-policy']).toBe('"apps";q=3;w=60');
      });
    });
  });

  describe('configurable route limits', () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startServer(fixtureSet(), { rate_limits: { apps_details_per_minute: 10, routes: [{ prefix: '/v1/metrics/', per_minute: 2, name: 'metrics' }] } });
    });
    afterAll(() => srv.close());

    it('limits the configured prefix with its own policy', async () => {
      const p = '/v1/metrics/chains/base/txcount.json';
      const replies = [await request(srv.base, p), await request(srv.base, p), await request(srv.base, p)];
      expect(replies.map((r) => r.status)).toEqual([200, 200, 429]);
      expect(replies[0].headers['ratelimit-policy']).toBe('"metrics";q=2;w=60');
      expect(replies[2].headers['x-data-source']).toBeUndefined();
      expect((await request(srv.base, '/v1/fees/table.json')).headers.ratelimit).toBeUndefined();
    });
  });
});
