// The access log of a real server (ephemeral port): a key sent in the query
// string is refused and must not be written; a valid key in a header is logged as its holder's
// name, never as the key.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { serverSettings } from '../../src/registry/config.js';
import { hashApiKey } from '../../src/server/api-keys.js';
import { DocumentHolder } from '../../src/server/document-holder.js';
import { createHttpServer } from '../../src/server/http-server.js';
import { loggedPath } from '../../src/server/logged-path.js';
import { BUILT_AT, fixtureSet } from './helpers/fixture-set.js';
import { request } from './helpers/http-client.js';

const KEY = 'sk_live_Qx7wq9ZP2mN4';
const OTHER = 'tok-8f3e2a91c';

describe('loggedPath', () => {
  it.each([
    ['/v1/master.json', '/v1/master.json'],
    ['/v1/a.json?api_key=abc', '/v1/a.json?api_key=[redacted]'],
    ['/v1/a.json?x=1&APIKEY=abc&y=2', '/v1/a.json?x=1&APIKEY=[redacted]&y=2'],
    ['/v1/a.json?key=a&token=b&access_token=c&auth=d&password=e&secret=f&signature=g&X-Amz-Signature=h', '/v1/a.json?key=[redacted]&token=[redacted]&access_token=[redacted]&auth=[redacted]&password=[redacted]&secret=[redacted]&signature=[redacted]&X-Amz-Signature=[redacted]'],
    ['/v1/a.json?api%5Fkey=abc&Api-Key=d', '/v1/a.json?api%5Fkey=[redacted]&Api-Key=[redacted]'],
    ['/v1/a.json?page=2&sort=asc', '/v1/a.json?page=2&sort=asc'],
    ['/v1/a.json?sig=abc', '/v1/a.json?sig=[redacted]'],
  ])('%s → %s', (target, logged) => {
    expect(loggedPath(target)).toBe(logged);
  });
});

describe('access log', () => {
  it('redacts credential query parameters and names the key holder instead of the key', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        cb();
      },
    });
    const app = createHttpServer({
      holder: new DocumentHolder(fixtureSet()),
      clock: new FixedClock(BUILT_AT),
      config: serverSettings({
        public_base_url: 'https://api.example.org',
        access_log: true,
        api_keys: { require_for_apps: true, keys: [{ name: 'acme', sha256: hashApiKey(KEY), per_minute: 100 }] },
      }),
      logger: pino(sink),
    });
    const base = await app.listen(0, '127.0.0.1');
    try {
      const inQuery = await request(base, `/v1/apps/details/x.json?api_key=${KEY}&ApiKey=${OTHER}&token=${OTHER}&page=2`);
      expect(inQuery.status).toBe(401);
      const inHeader = await request(base, '/v1/apps/details/x.json', { headers: { 'X-API-Key': KEY } });
      expect(inHeader.status).not.toBe(401);
      const bearer = await request(base, `/v1/master.json?access_token=${OTHER}`, { headers: { Authorization: `Bearer ${KEY}` } });
      expect(bearer.status).toBe(200);

      expect(lines).toHaveLength(3);
      const [a, b, c] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(a).toMatchObject({ path: '/v1/apps/details/x.json?api_key=[redacted]&ApiKey=[redacted]&token=[redacted]&page=2', status: 401 });
      expect(a.key).toBeUndefined();
      expect(b).toMatchObject({ path: '/v1/apps/details/x.json', key: 'acme' });
      // master.json is no limited route: the key is not looked at, so no holder is named.
      expect(c).toMatchObject({ path: '/v1/master.json?access_token=[redacted]', status: 200 });
      for (const l of lines) {
        expect(l).not.toContain(KEY);
        expect(l).not.toContain(OTHER);
      }
    } finally {
      await app.close();
    }
  });
});
