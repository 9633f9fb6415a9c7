// RFC 9112 edges (issue 8, "Minor HTTP conformance"), as raw requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_AT, fixtureSet } from './helpers/fixture-set.js';
import { parseResponses, rawExchange } from './helpers/http-client.js';
import { startServer, type TestServer } from './helpers/server.js';

describe('RFC 9112 edges', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(fixtureSet());
  });
  afterAll(() => srv.close());

  const one = async (raw: string) => {
    const bytes = await rawExchange(srv.base, raw, 500);
    return bytes.length === 0 ? null : parseResponses(bytes)[0];
  };
  const errorStatus = (r: { body: Buffer }) => (JSON.parse(r.body.toString()) as { error: { status: number } }).error.status;

  it('two Host headers → 400 with the JSON body', async () => {
    const r = await one('GET /v1/master.json HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n');
    expect(r?.status).toBe(400);
    expect(errorStatus(r!)).toBe(400);
  });

  it.each(['OPTIONS', 'POST'])('%s without Host on HTTP/1.1 → 400', async (method) => {
    const r = await one(`${method} /v1/master.json HTTP/1.1\r\nContent-Length: 0\r\n\r\n`);
    expect(r?.status).toBe(400);
    expect(errorStatus(r!)).toBe(400);
  });

  it('a request line without an HTTP version is refused: 400 and close', async () => {
    const r = await one('GET /v1/master.json\r\nHost: a\r\n\r\n');
    expect(r?.status).toBe(400);
    expect(r?.headers.get('connection')).toBe('close');
  });

  it('a 100 KB target → 414, not 431', async () => {
    const r = await one(`GET /v1/${'a'.repeat(100_000)} HTTP/1.1\r\nHost: a\r\n\r\n`);
    expect(r?.status).toBe(414);
    expect(errorStatus(r!)).toBe(414);
  });

  it('If-Modified-Since in the future → 200, not 304', async () => {
    const future = new Date(srv.clock.now() + 86_400_000).toUTCString();
    const r = await one(`GET /v1/master.json HTTP/1.1\r\nHost: a\r\nIf-Modified-Since: ${future}\r\n\r\n`);
    expect(r?.status).toBe(200);
    const past = await one(`GET /v1/master.json HTTP/1.1\r\nHost: a\r\nIf-Modified-Since: ${new Date(BUILT_AT).toUTCString()}\r\n\r\n`);
    expect(past?.status).toBe(304);
  });
});
